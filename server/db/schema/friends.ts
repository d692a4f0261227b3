/** Friend links (migration 0031, ADR 037). Times are epoch milliseconds (UTC). */
import type { Generated } from "kysely";
import type { FriendLinkStatus } from "../../contract/friends";

export interface FriendLinksTable {
  id: Generated<number>;
  sender_id: number;
  receiver_id: number;
  /** "low:high" of the two ids: one link per pair. */
  pair_key: string;
  status: FriendLinkStatus;
  /** Set while pending; the receiver's key. */
  accept_key: string | null;
  /** Set while pending; the sender cancels and the receiver rejects with it. */
  deny_key: string | null;
  requested_at: number;
  answered_at: number | null;
}
