/** The fans group's operations (issue 28 item 3, ADR 062, 094): tiers, the offer, subscriptions, subscribers. */
import { fanCardChoiceSchema, fanSubscribeSchema, fanTierSchema } from "../fans";
import { defineOperation } from "../operation";

export const fansOps = {
  offer: defineOperation({ method: "get", path: "/api/v2/fans/offer/:username", response: "FanOffer" }),
  subscribe: defineOperation({
    method: "post",
    path: "/api/v2/fans/subscriptions",
    body: fanSubscribeSchema,
    response: "FanSubscribeAnswer",
  }),
  /** Paying by card: remembers the tier; the checkout's fans good (goods=fans, sku fans-tier-<id>) offers it. */
  cardChoice: defineOperation({ method: "post", path: "/api/v2/fans/card-choice", body: fanCardChoiceSchema, response: "FanCardChoice" }),
  mine: defineOperation({ method: "get", path: "/api/v2/fans/subscriptions", response: "FanSubscriptionList" }),
  subscription: defineOperation({ method: "get", path: "/api/v2/fans/subscriptions/:id", response: "FanSubscriptionItem" }),
  /** Spec "Creator subscription: cancel": it ends when the paid period does (undo until then). */
  cancel: defineOperation({ method: "post", path: "/api/v2/fans/subscriptions/:id/cancel", response: "FanSubscriptionItem" }),
  /** Spec "Creator subscription: undo cancel": running again, renewing at the period's end. */
  undoCancel: defineOperation({ method: "post", path: "/api/v2/fans/subscriptions/:id/undo-cancel", response: "FanSubscriptionItem" }),
  tiers: defineOperation({ method: "get", path: "/api/v2/fans/tiers", response: "FanTierList" }),
  createTier: defineOperation({ method: "post", path: "/api/v2/fans/tiers", body: fanTierSchema, response: "FanTierList" }),
  updateTier: defineOperation({ method: "put", path: "/api/v2/fans/tiers/:id", body: fanTierSchema, response: "FanTierList" }),
  subscribers: defineOperation({ method: "get", path: "/api/v2/fans/subscribers", response: "FanSubscribers" }),
};
