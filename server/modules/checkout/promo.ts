/**
 * Promo codes (issue 26): verified at the goods step, reserved for the order when it is confirmed (counted under a
 * lock against the total and per-member limits), released when the order fails or is cancelled.
 *
 * SKELETON (lead, session 16): the checkout helper implements it.
 */
import type { Transaction } from "kysely";
import type { Database } from "../../db/schema";

/** Frees an unpaid order's promo code reservation (settlement calls it when a payment fails or is cancelled). */
export async function releasePromoReservation(_trx: Transaction<Database>, _orderId: number): Promise<void> {
  throw new Error("checkout: releasePromoReservation is not built yet");
}
