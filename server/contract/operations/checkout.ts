/** The checkout's operations (issue 26; spec section 7 "membership and payment"; ADR 062, 067, 074). */
import { promoCodeCheckSchema } from "../checkout-promo-code";
import {
  checkoutCustomerSchema,
  checkoutGoodsSchema,
  checkoutHistoryQuerySchema,
  checkoutOffersQuerySchema,
  checkoutOrderQuerySchema,
  checkoutPaymentSchema,
  checkoutPaySchema,
  checkoutPromoQuerySchema,
  checkoutStartSchema,
  checkoutVatSchema,
} from "../checkout";
import { defineOperation } from "../operation";

export const checkoutOps = {
  offers: defineOperation({ method: "get", path: "/api/v2/payment/offers", query: checkoutOffersQuerySchema, response: "CheckoutOffers" }),
  start: defineOperation({ method: "post", path: "/api/v2/payment/orders", body: checkoutStartSchema, response: "CheckoutOrder" }),
  order: defineOperation({ method: "get", path: "/api/v2/payment/orders/:ref", response: "CheckoutOrder" }),
  goods: defineOperation({
    method: "post",
    path: "/api/v2/payment/orders/:ref/goods",
    body: checkoutGoodsSchema,
    response: "CheckoutOrder",
  }),
  customer: defineOperation({
    method: "post",
    path: "/api/v2/payment/orders/:ref/customer",
    body: checkoutCustomerSchema,
    response: "CheckoutOrder",
  }),
  payment: defineOperation({
    method: "post",
    path: "/api/v2/payment/orders/:ref/payment",
    body: checkoutPaymentSchema,
    response: "CheckoutOrder",
  }),
  vat: defineOperation({ method: "post", path: "/api/v2/payment/orders/:ref/vat", body: checkoutVatSchema, response: "CheckoutOrder" }),
  pay: defineOperation({ method: "post", path: "/api/v2/payment/pay", body: checkoutPaySchema, response: "CheckoutPayStart" }),
  inquiry: defineOperation({
    method: "get",
    path: "/api/v2/payment/inquiry",
    query: checkoutOrderQuerySchema,
    response: "CheckoutPayingState",
  }),
  verifyPromo: defineOperation({
    method: "get",
    path: "/api/v2/payment/verify-promotion-code",
    query: checkoutPromoQuerySchema,
    response: "CheckoutPromoVerification",
  }),
  /** promo/code (issue 32 item 6): a code checked by a guest or a member before an offer is chosen. */
  /** The member's active offers (issue 32 item 8). */
  promos: defineOperation({ method: "get", path: "/api/v2/user/promos", response: "MemberPromos" }),
  promoCode: defineOperation({
    method: "get",
    path: "/api/v2/payment/promo-code",
    query: promoCodeCheckSchema,
    response: "PromoCodeCheck",
  }),
  userInfo: defineOperation({ method: "get", path: "/api/v2/payment/user-info", response: "CheckoutUserInfo" }),
  history: defineOperation({
    method: "get",
    path: "/api/v2/payment/history",
    query: checkoutHistoryQuerySchema,
    response: "CheckoutHistory",
  }),
  vatCountries: defineOperation({ method: "get", path: "/api/v2/payment/vat-countries", response: "CheckoutVatCountries" }),
};
