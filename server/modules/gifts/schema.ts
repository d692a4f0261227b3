/** The gifts module's tables (migration 0072_gifts, ADR 085); they join Database by declaration merging (ADR 067). */
import type { Generated } from "kysely";
import type { GiftStatus } from "../../contract/gifts";

export interface GiftsTable {
  id: Generated<number>;
  /** `gift:<client key>`, the ledger operation's key too. */
  idempotency_key: string;
  sender_id: number;
  receiver_id: number;
  amount: number;
  message: string;
  status: GiftStatus;
  operation_id: number | null;
  returned_at: number | null;
  created_at: number;
}

export interface GiftMembershipChoicesTable {
  buyer_id: number;
  recipient_id: number;
  chosen_at: number;
}

declare module "../../db/schema/index" {
  interface Database {
    gifts: GiftsTable;
    gift_membership_choices: GiftMembershipChoicesTable;
  }
}
