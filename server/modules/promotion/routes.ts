import { fail } from "../../api/errors";
import type { ModuleContext } from "../../api/module-context";
import { ok } from "../../api/router";
import { promotionOps } from "../../contract/operations/promotion";
import { PRICES } from "../../contract/prices";
import { RISE_UP_HOURS } from "../../contract/wallet";
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
