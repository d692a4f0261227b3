/** The messenger (migration 0035, ADR 043). Times are epoch milliseconds (UTC), booleans 0/1 integers. */
import type { Generated } from "kysely";

export interface MessengerThreadsTable {
  id: Generated<number>;
  /** "low:high" of the two member ids: one thread per pair. */
  pair_key: string;
  /** Who sent the first message. */
  starter_id: number;
  other_id: number;
  last_message_id: number | null;
  /** The member who said "no thanks" (action type 2); the other cannot write until they write again. */
  no_thanks_by: number | null;
  created_at: number;
}

export interface MessengerThreadMembersTable {
  thread_id: number;
  member_id: number;
  partner_id: number;
  /** inbox | requests (a first contact the member's filter held back) | declined (a request they declined). */
  folder: Generated<string>;
  /** The filter outcome that sent the thread to requests. */
  request_reason: string | null;
  hidden: Generated<number>;
  /** Messages up to this id are deleted for this member. */
  deleted_up_to: Generated<number>;
  last_read_id: Generated<number>;
  unread_count: Generated<number>;
  /** The newest message this member sees in the thread (0: none). */
  last_visible_id: Generated<number>;
  /** The list's order: when the member's view last got a message. */
  updated_at: number;
  /** When the last unread-message e-mail of this thread went to the member. */
  unread_mail_at: number | null;
}

export interface MessengerMessagesTable {
  id: Generated<number>;
  thread_id: number;
  sender_id: number;
  recipient_id: number;
  body: string;
  action_type: Generated<number>;
  photo_count: Generated<number>;
  /** The sender's idempotency key for this message (migration 0048, ADR 048); unique per sender, null without. */
  client_key: string | null;
  created_at: number;
  /** Set while the team has removed it on a report (migration 0099, ADR 112): the conversation shows a placeholder. */
  removed_at: number | null;
}

export interface MessengerPhotosTable {
  id: Generated<number>;
  message_id: number;
  thread_id: number;
  public_id: string;
  storage_key: string;
  width: number;
  height: number;
  variant_widths: string;
  bytes: number;
  position: number;
  created_at: number;
}

export interface MessengerFirstContactsTable {
  id: Generated<number>;
  sender_id: number;
  recipient_id: number;
  sender_plus: Generated<number>;
  created_at: number;
}
