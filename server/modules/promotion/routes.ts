import { fail } from "../../api/errors";
import type { ModuleContext } from "../../api/module-context";
import { ok } from "../../api/router";
import { promotionOps } from "../../contract/operations/promotion";
import { PRICES } from "../../contract/prices";
import { PROMOTION_REVIEW_REJECT_CODES } from "../../contract/promotion";
import { PROMOTION_PROFILE_DAYS, RISE_UP_HOURS } from "../../contract/wallet";
import { rowIdParam } from "../../api/params";
import { buyProfilePromotion, decideProfilePromotion, promotionReviewQueue } from "./profile";
import { buyRiseUp, promotionOf, promotionOverview } from "./service";

const PRIVATE = "private, no-store";

/** Rise-up and profile promotion (spec section 7 "rise_up and buy", "promotions"; ADR 084). */
export function registerPromotion({ v2 }: ModuleContext): void {
  v2.add(
    promotionOps.overview,
    {
      tag: "promotions",
      auth: "required",
      summary:
        "The signed-in member's promotion page: the rise-up's price and duration, the free rise-ups a running plus has left this calendar month, the running rise-up, how long ago the profile rose (band 0-24, 24-72, 72+ hours), the spendable balance and the latest promotions. Always the caller's own.",
      statuses: [401],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await promotionOverview(c.get("deps"), user!.id));
    },
  );
  v2.add(
    promotionOps.buyRiseUp,
    {
      tag: "promotions",
      auth: "required",
      summary: `Buys a rise-up of the caller's own profile (escorts and businesses; 403 exception.promotion.providers_only otherwise): first position in search and top escorts and no client contact limit for ${RISE_UP_HOURS} hours, at once. Free while a running plus has free rise-ups left this month, else ${PRICES.rise_up.amount} dollars (RISE_UP). Answers the promotion and its token operation: succeeded, insufficient (nothing moved) or failed (already_running, not_listed). The same answer on every retry with the key (replayed true).`,
      statuses: [400, 401, 403, 409],
    },
    async (c, { body, user }) => ok(c, await buyRiseUp(c.get("deps"), user!.id, body.key)),
  );
  v2.add(
    promotionOps.buyProfile,
    {
      tag: "promotions",
      auth: "required",
      summary: `Buys a promotion profile of the caller's own profile (escorts and businesses; 403 exception.promotion.providers_only otherwise): a headline and one of the caller's public photos in the promoted slot of the city's directory and the search's first page for ${PROMOTION_PROFILE_DAYS} days from the team's acceptance. Pays ${PRICES.promotion_profile.amount} dollars (PROMOTION_PROFILE) at once; the promotion is pending until the team decides, and a rejection refunds them (REFUND). Answers succeeded (pending), insufficient (nothing moved) or failed (already_running: one waits or runs; not_listed). 400 exception.promotion.photo_not_found at media_id for a photo that is not the caller's. The same answer on every retry with the key (replayed true).`,
      statuses: [400, 401, 403, 409],
    },
    async (c, { body, user }) => ok(c, await buyProfilePromotion(c.get("deps"), user!.id, body)),
  );
  v2.add(
    promotionOps.reviewQueue,
    {
      tag: "backoffice",
      auth: "required",
      staff: "queues.decide",
      summary:
        "The promotion profiles waiting for the team, oldest first, with headline, photo and whether the profile is listed. Team (10) and backend (9) accounts only: 403 exception.backoffice.staff_only for everyone else.",
      statuses: [400, 401, 403],
    },
    async (c, { query, user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await promotionReviewQueue(c.get("deps"), user!.id, query.page));
    },
  );
  v2.add(
    promotionOps.decide,
    {
      tag: "backoffice",
      auth: "required",
      staff: "queues.decide",
      summary: `Decides a pending promotion profile: accept (it runs ${PROMOTION_PROFILE_DAYS} days from now, code reviewed) or reject with a reason (${PROMOTION_REVIEW_REJECT_CODES.join(", ")}; the price goes back to the member's wallet as one REFUND). The member is notified. 404 exception.promotion.not_found, 409 exception.promotion.already_decided for a second decision (no second refund). Team and backend accounts only (403).`,
      statuses: [400, 401, 403, 404, 409],
      claim: { queue: "promotions", param: "id" },
    },
    async (c, { body, user }) =>
      ok(c, await decideProfilePromotion(c.get("deps"), user!.id, rowIdParam(c.req.param("id"), "exception.promotion.not_found"), body)),
  );
  v2.add(
    promotionOps.detail,
    {
      tag: "promotions",
      auth: "required",
      summary: "One of the caller's own promotions with its status and code; 404 for any other id.",
      statuses: [401, 404],
    },
    async (c, { user }) => {
      const id = Number(c.req.param("id"));
      if (!Number.isSafeInteger(id) || id <= 0) throw fail.notFound();
      c.header("Cache-Control", PRIVATE);
      return ok(c, await promotionOf(c.get("deps"), user!.id, id));
    },
  );
}
