/** The tips' operations in the spec's wallets group (issue 27 item 3, ADR 062, 082): tip, tip-amount, can-tip-media. */
import { defineOperation } from "../operation";
import { tipAmountQuerySchema, tipSchema } from "../tips";

export const tipsOps = {
  tip: defineOperation({ method: "post", path: "/api/v2/wallets/tip", body: tipSchema, response: "TipAnswer" }),
  /** A tip's state by the client's key while its answer is awaited (the script's poll): the viewer's own tips only. */
  tipStatus: defineOperation({ method: "get", path: "/api/v2/wallets/tip/:key", response: "TipAnswer" }),
  tipAmount: defineOperation({ method: "get", path: "/api/v2/wallets/tip-amount", query: tipAmountQuerySchema, response: "TipAmount" }),
  canTipMedia: defineOperation({ method: "get", path: "/api/v2/wallets/can-tip-media/:id", response: "CanTipMedia" }),
};
