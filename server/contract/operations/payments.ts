/** The payments group's operations (issue 26, ADR 062, 075). */
import { defineOperation } from "../operation";
import "../payments";

export const paymentsOps = {
  /** A provider's signed message (server to server): the raw body is the adapter's to read, so no body schema here. */
  postback: defineOperation({ method: "post", path: "/api/v2/payment/postback/:provider", response: "PaymentPostbackReceived" }),
};
