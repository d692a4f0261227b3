/** The checkout's endpoints (issue 26; spec section 7 "membership and payment"), as the web tier calls them. */
import type { Goods } from "#server/contract/billing";
import type {
  CheckoutCustomerInput,
  CheckoutPaymentInput,
  CheckoutPayInput,
  CheckoutStartInput,
  CheckoutVatInput,
} from "#server/contract/checkout";
import { checkoutOps } from "#server/contract/operations/checkout";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type CheckoutOffersData = DataOf<typeof checkoutOps.offers>;
export type CheckoutOrderData = DataOf<typeof checkoutOps.order>;
export type CheckoutPayStartData = DataOf<typeof checkoutOps.pay>;
export type CheckoutPayingStateData = DataOf<typeof checkoutOps.inquiry>;
export type PromoCodeCheckData = DataOf<typeof checkoutOps.promoCode>;
export type MemberPromosData = DataOf<typeof checkoutOps.promos>;

/** GET /user/promos: the member's active offers (plus, rise-up). */
export function fetchMemberPromos(api: ApiClient): Promise<ApiResult<MemberPromosData>> {
  return api.op(checkoutOps.promos, { handleErrors: true });
}
export type CheckoutPromoData = DataOf<typeof checkoutOps.verifyPromo>;

/** GET /payment/promo-code: a code checked before an offer is chosen (promo/code), as a guest or a member. */
export function checkPromoCode(api: ApiClient, code: string): Promise<ApiResult<PromoCodeCheckData>> {
  return api.op(checkoutOps.promoCode, { query: { code }, handleErrors: true });
}

/** GET /payment/verify-promotion-code: what a code takes off one offer for this buyer. */
export function verifyCheckoutPromo(
  api: ApiClient,
  query: { code: string; goods: Goods; sku: string },
): Promise<ApiResult<CheckoutPromoData>> {
  return api.op(checkoutOps.verifyPromo, { query, handleErrors: true });
}

/** GET /payment/offers: the goods step's list for this buyer. */
export function fetchCheckoutOffers(api: ApiClient, goods: Goods): Promise<ApiResult<CheckoutOffersData>> {
  return api.op(checkoutOps.offers, { query: { goods }, handleErrors: true });
}

/** POST /payment/orders: step 1 on a new order. */
export function startCheckoutOrder(api: ApiClient, body: CheckoutStartInput): Promise<ApiResult<CheckoutOrderData>> {
  return api.op(checkoutOps.start, { body, handleErrors: true });
}

/** GET /payment/orders/{ref}. */
export function fetchCheckoutOrder(api: ApiClient, ref: string): Promise<ApiResult<CheckoutOrderData>> {
  return api.op(checkoutOps.order, { params: { ref }, handleErrors: true });
}

/** POST /payment/orders/{ref}/goods: step 1 again. */
export function chooseCheckoutGoods(
  api: ApiClient,
  ref: string,
  body: { sku: string; promo_code?: string },
): Promise<ApiResult<CheckoutOrderData>> {
  return api.op(checkoutOps.goods, { params: { ref }, body, handleErrors: true });
}

/** POST /payment/orders/{ref}/customer: step 2. */
export function saveCheckoutCustomer(api: ApiClient, ref: string, body: CheckoutCustomerInput): Promise<ApiResult<CheckoutOrderData>> {
  return api.op(checkoutOps.customer, { params: { ref }, body, handleErrors: true });
}

/** POST /payment/orders/{ref}/payment: step 3. */
export function saveCheckoutPayment(api: ApiClient, ref: string, body: CheckoutPaymentInput): Promise<ApiResult<CheckoutOrderData>> {
  return api.op(checkoutOps.payment, { params: { ref }, body, handleErrors: true });
}

/** POST /payment/orders/{ref}/vat: step 4. */
export function saveCheckoutVat(api: ApiClient, ref: string, body: CheckoutVatInput): Promise<ApiResult<CheckoutOrderData>> {
  return api.op(checkoutOps.vat, { params: { ref }, body, handleErrors: true });
}

/** POST /payment/pay: buy/confirm's button. */
export function payCheckoutOrder(api: ApiClient, body: CheckoutPayInput): Promise<ApiResult<CheckoutPayStartData>> {
  return api.op(checkoutOps.pay, { body, handleErrors: true });
}

/** GET /payment/inquiry: the paying state. */
export function inquireCheckoutOrder(api: ApiClient, ref: string): Promise<ApiResult<CheckoutPayingStateData>> {
  return api.op(checkoutOps.inquiry, { query: { order: ref }, handleErrors: true });
}
