/** Reports and notices (migration 0033, ADR 038). Times are epoch milliseconds (UTC), booleans 0/1 integers (ADR 003). */
import type { Generated } from "kysely";

export interface ReportsTable {
  id: Generated<number>;
  /** The reporting member; null for guests and after the reporter's account was deleted. */
  user_id: number | null;
  /** "u:<user id>" or "e:<lower-cased e-mail>" (null for an anonymous report): one open report per key and object. */
  reporter_key: string | null;
  reporter_name: string | null;
  reporter_email: string | null;
  /** contract/reports REPORT_OBJECT_KINDS. */
  object_kind: string;
  object_id: number | null;
  url: string | null;
  /** "<kind>:<id>" or "page:<url>". */
  object_ref: string;
  /** 1 when the object was found when filed. */
  object_checked: Generated<number>;
  target_user_id: number | null;
  /** contract/reports REPORT_TYPES key. */
  type: string;
  priority: number;
  text: string | null;
  /** The reporter's language when filed (mails to guests). */
  language: string;
  state: Generated<string>;
  created_at: number;
  outcome: string | null;
  statement: string | null;
  decided_by: number | null;
  decided_at: number | null;
  /** A guest's confirmation link (migration 0059, ADR 059): SHA-256 of its token while unused, and its expiry. */
  email_token_hash: string | null;
  email_token_expires_at: number | null;
  /** When the guest confirmed `reporter_email`: only then the receipt and the decision are mailed. */
  email_confirmed_at: number | null;
}
