/** The rebill link's operations (spec "rebill info and pay"; ADR 062, 078). */
import { defineOperation } from "../operation";
import { rebillPaySchema } from "../renewals";
import "../renewals";

export const renewalsOps = {
  info: defineOperation({ method: "get", path: "/api/v2/paywall/rebill/:token", response: "RebillInfo" }),
  pay: defineOperation({ method: "post", path: "/api/v2/paywall/rebill/:token/pay", body: rebillPaySchema, response: "RebillPayment" }),
};
