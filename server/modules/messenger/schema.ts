/** The messenger's tables of issue 27 (migration 0076_unlocks, ADR 083). Times epoch ms. */

/** A message its sender paid to boost (MESSAGE_BOOST), once per message. */
export interface MessengerBoostsTable {
  message_id: number;
  sender_id: number;
  /** The ledger operation that paid it. */
  operation_id: number;
  /** The ledger operation's idempotency key: a retry of the paying request is answered with its payment. */
  payment_key: string;
  created_at: number;
}

// Joins the database's type by declaration merging (ADR 067).
declare module "../../db/schema/index" {
  interface Database {
    messenger_boosts: MessengerBoostsTable;
  }
}
