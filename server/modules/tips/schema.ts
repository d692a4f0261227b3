/** The tips module's table (migration 0070, issue 27 item 3, ADR 082). Times epoch ms, amounts whole dollars. */
import type { Generated } from "kysely";
import type { TipTarget } from "../../contract/wallet";

/** A tip attempt's outcome as recorded: `succeeded` moved the dollars; `insufficient` moved nothing and counts for nothing. */
export const TIP_STATUSES = ["succeeded", "insufficient"] as const;
export type TipStatus = (typeof TIP_STATUSES)[number];

/**
 * One row per tip attempt under one idempotency key: what a retry answers, and what the monthly limit counts (the
 * succeeded rows of a payer's calendar month). Written in the transaction that posts the ledger operation, never updated.
 */
export interface TipsTable {
  id: Generated<number>;
  /** The ledger's key (`tip:<client key>`), unique: one key, one tip. */
  idempotency_key: string;
  payer_id: number;
  receiver_id: number;
  target_kind: TipTarget;
  /** The profile's owner's user id, the medium's id, the live stream's id. */
  target_id: number;
  amount: number;
  status: TipStatus;
  /** The ledger operation (null when nothing moved). */
  operation_id: number | null;
  /** The calendar month in Europe/Berlin, "YYYY-MM": the limit's period. */
  month: string;
  created_at: number;
}

declare module "../../db/schema/index" {
  interface Database {
    tips: TipsTable;
  }
}
