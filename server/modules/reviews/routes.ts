import type { Context } from "hono";
import { fail } from "../../api/errors";
import type { ModuleContext } from "../../api/module-context";
import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import type { ApiEnv } from "../../api/types";
import {
  REVIEW_COMMENT_MAX,
  REVIEW_ERRORS,
  REVIEW_LIST_PAGE_SIZE,
  REVIEW_TEXT_MAX,
  REVIEW_UNLOCK,
  REVIEW_WINDOW_DAYS,
} from "../../contract/reviews";
import { PRICES } from "../../contract/prices";
import { INSUFFICIENT_DOLLARS_KEY } from "../../contract/wallet";
import { isValidProfileUsername } from "../../contract/validation";
import { reviewsOps } from "../../contract/operations/reviews";
import { viewerContext } from "../access/index";
import { PROFILE_NOT_FOUND } from "../profiles/index";
import { commentReview, dateReviews, linkedEscortReviews, receivedReviews, unlockInfo, unlockReviews, writeReview } from "./service";

const dateIdOf = (c: Context<ApiEnv>) => rowIdParam(c.req.param("date_id"), REVIEW_ERRORS.notFound);

const MEMBERS_ONLY =
  " Only the date's two members: any other id, a date of other members or an unknown one answers the same 404 exception.reviews.not_found.";

/** Date reviews (spec section 7 "reviews": user/{username}, {date_id}, {reviewId}/comment; ADR 047). */
export function registerReviews({ v2 }: ModuleContext): void {
  const base = { tag: "reviews", auth: "required" as const };
  v2.add(
    reviewsOps.received,
    {
      ...base,
      auth: "optional",
      summary: `The published reviews a member received, newest first, ${REVIEW_LIST_PAGE_SIZE} a page, with the averages per criterion of the member's party. Texts are open to the date's members and plus members; others get text null, text_locked true and the unlock price. 404 for profiles the reader may not see; 403 exception.reviews.hidden when the member hides their reviews (date_review_display).`,
      statuses: [400, 403, 404],
    },
    async (c, { query }) => {
      const username = c.req.param("username") ?? "";
      if (!isValidProfileUsername(username)) throw fail.notFound(PROFILE_NOT_FOUND);
      const viewer = await viewerContext(c.get("deps"), c.get("user"));
      c.header("Cache-Control", "private, no-store");
      return ok(c, await receivedReviews(c.get("deps"), username, viewer, query.page));
    },
  );
  v2.add(
    reviewsOps.linkedEscorts,
    {
      ...base,
      auth: "optional",
      summary: `A business's reviews tab: the published reviews of the escorts who accepted its link, newest first, ${REVIEW_LIST_PAGE_SIZE} a page, each naming the escort. An escort's reviews appear only where her own tab would show them to the reader (listed, not blocked, date_review_display); texts as on GET /reviews/user/{username}. 404 for profiles the reader may not see; 404 exception.business_reviews.not_a_business for profiles that are not a business's.`,
      statuses: [400, 404],
    },
    async (c, { query }) => {
      const username = c.req.param("username") ?? "";
      if (!isValidProfileUsername(username)) throw fail.notFound(PROFILE_NOT_FOUND);
      const viewer = await viewerContext(c.get("deps"), c.get("user"));
      c.header("Cache-Control", "private, no-store");
      return ok(c, await linkedEscortReviews(c.get("deps"), username, viewer, query.page));
    },
  );
  v2.add(
    reviewsOps.ofDate,
    {
      ...base,
      summary: `A date's two reviews as one of its members sees them: their own, and the other's only once both wrote or the ${REVIEW_WINDOW_DAYS}-day window after the date's end closed (blind reveal).${MEMBERS_ONLY}`,
      statuses: [401, 404],
    },
    async (c, { user }) => ok(c, await dateReviews(c.get("deps"), user!.id, dateIdOf(c))),
  );
  v2.add(
    reviewsOps.post,
    {
      ...base,
      summary: `The member's one review of the other member of an accepted date, within ${REVIEW_WINDOW_DAYS} days after its end: a rating 1–5 for each criterion of the reviewed party (person or business), the three yes/no questions, punctuality and a text (at most ${REVIEW_TEXT_MAX} characters, ProstSchG filter). 400 at the field; 409 not_accepted, not_yet, window_closed, already_reviewed.${MEMBERS_ONLY}`,
      statuses: [400, 401, 404, 409],
    },
    async (c, { user, body }) => ok(c, await writeReview(c.get("deps"), user!.id, dateIdOf(c), body)),
  );
  v2.add(
    reviewsOps.comment,
    {
      ...base,
      summary: `The reviewed member's one answer to a published review (at most ${REVIEW_COMMENT_MAX} characters, ProstSchG filter). 409 comment_not_allowed while the review is blind, already_commented. Anyone but the reviewed member: 404 exception.reviews.not_found.`,
      statuses: [400, 401, 404, 409],
    },
    async (c, { user, body }) =>
      ok(c, await commentReview(c.get("deps"), user!.id, rowIdParam(c.req.param("review_id"), REVIEW_ERRORS.notFound), body)),
  );
  v2.add(
    reviewsOps.unlockInfo,
    {
      ...base,
      summary: `What reading a date's published review texts costs the reader: the product ${REVIEW_UNLOCK.product}, ${PRICES[REVIEW_UNLOCK.product].amount} ${PRICES[REVIEW_UNLOCK.product].currency} (whole dollars), paid by the reader; free for the date's members and plus members, and after a paid unlock (unlocked true); payable true (ADR 083). 404 for dates without published reviews the reader may see.`,
      statuses: [401, 404],
    },
    async (c, { user }) => ok(c, await unlockInfo(c.get("deps"), await viewerContext(c.get("deps"), user), dateIdOf(c))),
  );
  v2.add(
    reviewsOps.unlock,
    {
      ...base,
      summary: `Unlocks a date's review texts for the reader (ADR 083): pays ${REVIEW_UNLOCK.product} (${PRICES[REVIEW_UNLOCK.product].amount} dollar, CONSUME, reference date:<id>) and records the unlock in one transaction. Body { key }: the idempotency key; a retry answers the first payment. A date the reader unlocked before answers unlocked with payment null (nothing paid again); 402 ${INSUFFICIENT_DOLLARS_KEY} (params price, balance) when the wallet does not cover it; 409 unlock_not_needed for readers who read them for free; 404 like GET.`,
      statuses: [200, 400, 401, 402, 404, 409],
    },
    async (c, { user, body }) => ok(c, await unlockReviews(c.get("deps"), await viewerContext(c.get("deps"), user), dateIdOf(c), body.key)),
  );
}
