import { rowIdParam } from "../../api/params";
import type { ModuleContext } from "../../api/module-context";
import { ok } from "../../api/router";
import { FAN_ERRORS } from "../../contract/fans";
import { fansOps } from "../../contract/operations/fans";
import { chooseCardTier } from "./goods";
import {
  cancelSubscription,
  createTier,
  fanOffer,
  fanSubscribers,
  listTiers,
  mySubscriptions,
  subscribeWithDollars,
  subscriptionDetail,
  undoCancelSubscription,
  updateTier,
} from "./service";

const PRIVATE = "private, no-store";
const idOf = (raw: string | undefined) => rowIdParam(raw, FAN_ERRORS.notFound);
const NOT_MINE = " Another member's subscription answers 404 exception.fans.not_found, like an unknown id.";

/** Fan subscriptions (issue 28 item 3, ADR 094): the creator's tiers, the offer, subscribing, cancel and undo, subscribers. */
export function registerFans({ v2 }: ModuleContext): void {
  const base = { tag: "fans", auth: "required" } as const;
  v2.add(
    fansOps.offer,
    {
      tag: "fans",
      auth: "optional",
      summary:
        "A creator's fan offer: the active tiers (name, monthly price in dollars, benefits), the viewer's live subscription to the creator, whether the viewer may subscribe, and their balance. 404 for unknown names, profiles the viewer may not see, and members who are no escort or business.",
      statuses: [404],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await fanOffer(c.get("deps"), user?.id ?? null, c.req.param("username") ?? ""));
    },
  );
  v2.add(
    fansOps.subscribe,
    {
      ...base,
      summary:
        "Subscribes to a tier with dollars: the first month is charged at once (a CONSUME into the creator's pending earnings, key fans:<subscription>:1) and the subscription renews monthly until cancelled. A second request while the subscription to this tier lives answers it again (replayed, nothing charged). 400 oneself, 402 exception.wallet.insufficient (params price, balance; nothing moved), 403 staff or a member who is no creator, 404 unknown or inactive tier or a creator the caller may not see, 409 a live subscription to the creator already.",
      statuses: [400, 401, 402, 403, 404, 409],
    },
    async (c, { body, user }) => ok(c, await subscribeWithDollars(c.get("deps"), user!.id, body.tier_id)),
  );
  v2.add(
    fansOps.cardChoice,
    {
      ...base,
      summary:
        "Paying by card: remembers the tier, checked as subscribing checks it, and answers the checkout's sku (fans-tier-<id>) and price in euro cents; the checkout's goods fans then offers this month. 400 oneself, 403 staff or no creator, 404 unknown or inactive tier, 409 a live subscription to the creator that is not a card one of this tier.",
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { body, user }) => ok(c, await chooseCardTier(c.get("deps"), user!.id, body.tier_id)),
  );
  v2.add(
    fansOps.mine,
    { ...base, summary: "The caller's fan subscriptions: live ones first, then the last ended ones.", statuses: [401] },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await mySubscriptions(c.get("deps"), user!.id));
    },
  );
  v2.add(
    fansOps.subscription,
    { ...base, summary: `One of the caller's fan subscriptions.${NOT_MINE}`, statuses: [401, 404] },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await subscriptionDetail(c.get("deps"), user!.id, idOf(c.req.param("id"))));
    },
  );
  v2.add(
    fansOps.cancel,
    {
      ...base,
      summary: `Cancels a running subscription: status 4 (cancel); the fans-only media stay open until paid_until, then it ends without a charge. 409 exception.fans.not_running when it is not running.${NOT_MINE}`,
      statuses: [401, 404, 409],
    },
    async (c, { user }) => ok(c, await cancelSubscription(c.get("deps"), user!.id, idOf(c.req.param("id")))),
  );
  v2.add(
    fansOps.undoCancel,
    {
      ...base,
      summary: `Undoes a cancel while the paid period lasts: status 3 (running) again, renewing at paid_until. 409 exception.fans.not_cancelled otherwise.${NOT_MINE}`,
      statuses: [401, 404, 409],
    },
    async (c, { user }) => ok(c, await undoCancelSubscription(c.get("deps"), user!.id, idOf(c.req.param("id")))),
  );
  v2.add(
    fansOps.tiers,
    {
      ...base,
      summary: "The caller's own tiers, inactive ones too, with the limits. 403 for members who are no escort or business.",
      statuses: [401, 403],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await listTiers(c.get("deps"), user!.id));
    },
  );
  v2.add(
    fansOps.createTier,
    {
      ...base,
      summary:
        "Adds a tier (name, monthly price of 1 to 100 dollars, benefits). 400 for a field out of its limits, 403 for members who are no creator, 409 exception.fans.tiers_full at three tiers (params max).",
      statuses: [400, 401, 403, 409],
    },
    async (c, { body, user }) => ok(c, await createTier(c.get("deps"), user!.id, body)),
  );
  v2.add(
    fansOps.updateTier,
    {
      ...base,
      summary:
        "Changes one of the caller's tiers. A new price applies to new subscriptions; running ones renew at their own price. is_active false hides it from new subscribers. Another creator's tier answers 404.",
      statuses: [400, 401, 403, 404],
    },
    async (c, { body, user }) => ok(c, await updateTier(c.get("deps"), user!.id, idOf(c.req.param("id")), body)),
  );
  v2.add(
    fansOps.subscribers,
    {
      ...base,
      summary:
        "The caller's live subscribers (newest first), the counts by status, and the fan earnings per calendar month (Europe/Berlin) of the last 12 months. 403 for members who are no creator.",
      statuses: [401, 403],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await fanSubscribers(c.get("deps"), user!.id));
    },
  );
}
