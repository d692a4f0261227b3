/** The reviews' table of issue 27 (migration 0076_unlocks in the messenger module, ADR 083). Times epoch ms. */
import type { Generated } from "kysely";

/** A date whose review texts a reader paid to read (review_unlock), once per reader and date. */
export interface ReviewUnlocksTable {
  id: Generated<number>;
  reader_id: number;
  date_id: number;
  /** The ledger operation that paid it. */
  operation_id: number;
  /** The ledger operation's idempotency key: a retry of the paying request is answered with its payment. */
  payment_key: string;
  created_at: number;
}

// Joins the database's type by declaration merging (ADR 067).
declare module "../../db/schema/index" {
  interface Database {
    review_unlocks: ReviewUnlocksTable;
  }
}
