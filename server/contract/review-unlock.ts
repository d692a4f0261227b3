/**
 * Paying for a date's review texts (issue 27, ADR 083): the request and its answer, apart from contract/reviews.ts,
 * which responses.ts reaches through the business reviews: a body merged into ResponseBodies from there would tie
 * the three into one import loop.
 */
import * as v from "valibot";
import type { ReviewUnlockInfo } from "./reviews";
import { moneyKeySchema, type TokenOperationAnswer } from "./wallet";

/** POST /reviews/{date_id}/unlock (ADR 083): the request's idempotency key (contract/wallet moneyKeySchema). */
export const reviewUnlockBodySchema = v.object({ key: moneyKeySchema }, "validation.invalid");

/**
 * POST /reviews/{date_id}/unlock: the texts are unlocked. `payment` is the review_unlock (CONSUME) operation under the
 * request's key, the same on a retry; null when the reader had unlocked this date before (nothing paid again).
 */
export interface ReviewUnlockResult extends ReviewUnlockInfo {
  payment: TokenOperationAnswer | null;
}

export interface ReviewUnlockBodies {
  ReviewUnlockResult: ReviewUnlockResult;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends ReviewUnlockBodies {}
}
