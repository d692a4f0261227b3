/** Date requests (migration 0046, ADR 046). Times are epoch milliseconds (UTC). */
import type { Generated } from "kysely";
import type { CheckinContactKind, DateEventKind, DatePlaceType } from "../../contract/dates";

export interface DatesTable {
  id: Generated<number>;
  sender_id: number;
  receiver_id: number;
  /** "low:high" of the two ids while the request waits for an answer; null afterwards (one open request per pair). */
  open_pair_key: string | null;
  /** Spec section 3: 0 request, 1 accept, -1 receiver reschedule, -2 reject, -3 cancel, -5 sender reschedule. */
  status: number;
  /** The member who must answer now; null once nobody has to. */
  awaiting_id: number | null;
  starts_at: number;
  duration_minutes: number;
  place_type: DatePlaceType;
  address: Generated<string>;
  /** In whole units of `currency`, from the receiver's price list when sent. */
  price: number;
  currency: Generated<string>;
  message: Generated<string>;
  /** Set when the expiry job cancelled the unanswered request (status -3). */
  expired_at: number | null;
  cancelled_by: number | null;
  /** Grows on every change; answers update only the version they were given for. */
  version: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface DateEventsTable {
  id: Generated<number>;
  date_id: number;
  kind: DateEventKind;
  /** Null for the system (expiry). */
  actor_id: number | null;
  /** JSON of the kind's details (e.g. the proposed time of a reschedule), or null. */
  payload: string | null;
  created_at: number;
}

/** The escort's safety check-in (issue 13 item 7): never read by anything the client can reach. */
export interface DateCheckinsTable {
  date_id: number;
  escort_id: number;
  due_at: number;
  contact_kind: CheckinContactKind;
  contact: string;
  checked_in_at: number | null;
  alerted_at: number | null;
  created_at: number;
  updated_at: number;
}
