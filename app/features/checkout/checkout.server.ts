/**
 * The checkout's pages (issue 26 items 2 and 3; ADR 074): /{lang}/buy (the four steps, one form post each),
 * /{lang}/buy/confirm (the summary and "zahlungspflichtig bestellen") and /{lang}/buy/status (the paying state).
 * Every rule is the API's: these read the order, relay the forms and redirect.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { CHECKOUT_STEPS, GOODS, type CheckoutStep, type Goods } from "#server/contract/billing";
import {
  checkoutCustomerSchema,
  checkoutGoodsSchema,
  checkoutPaymentSchema,
  checkoutPaySchema,
  checkoutStartSchema,
  checkoutVatSchema,
  orderRefField,
} from "#server/contract/checkout";
import {
  chooseCheckoutGoods,
  fetchCheckoutOffers,
  fetchCheckoutOrder,
  payCheckoutOrder,
  saveCheckoutCustomer,
  saveCheckoutPayment,
  saveCheckoutVat,
  startCheckoutOrder,
  verifyCheckoutPromo,
  type CheckoutOffersData,
  type CheckoutOrderData,
} from "~/api/checkout.server";
import { promoCodeCheckSchema } from "#server/contract/checkout-promo-code";
import { createApiClient, type ApiClient } from "~/api/client.server";
import { requireViewer } from "~/api/viewer.server";
import { intentVariant } from "~/components/form/schema";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { clearDollarReturn, dollarReturnOf, rememberDollarReturn } from "./dollar-return.server";

const withOrder = <E extends v.ObjectEntries>(entries: E) => v.object({ ...entries, order: orderRefField }, "validation.required");

/** The step forms of /buy: a new order (start) or one of the four steps of an open one. */
export const checkoutFormSchema = intentVariant({
  start: checkoutStartSchema,
  goods: withOrder(checkoutGoodsSchema.entries),
  customer: withOrder(checkoutCustomerSchema.entries),
  payment: withOrder(checkoutPaymentSchema.entries),
  vat: withOrder(checkoutVatSchema.entries),
});

const STEP_FIELDS: Record<string, readonly string[]> = {
  start: ["sku", "promo_code", "goods"],
  goods: ["sku", "promo_code"],
  customer: ["name", "company", "street", "postal_code", "city", "country", "email"],
  payment: ["method", "iban", "holder"],
  vat: ["vat_id"],
};

const buyPath = (lang: string, query: Record<string, string>) => `/${lang}/buy?${new URLSearchParams(query).toString()}`;
export const confirmPath = (lang: string, ref: string) => `/${lang}/buy/confirm?order=${encodeURIComponent(ref)}`;
export const statusPath = (lang: string, ref: string) => `/${lang}/buy/status?order=${encodeURIComponent(ref)}`;

/** Where an order goes on from: the status page once it left `open`, confirm when every step is done, else its next step. */
function nextPlace(lang: string, order: CheckoutOrderData): string {
  if (order.status !== "open") return statusPath(lang, order.ref);
  return order.nextStep ? buyPath(lang, { order: order.ref, step: order.nextStep }) : confirmPath(lang, order.ref);
}

/** The buyer's own order by the `order` query, or the page's 404 (another member's ref looks like none). */
async function orderOf(api: ApiClient, url: URL): Promise<CheckoutOrderData> {
  const ref = url.searchParams.get("order") ?? "";
  if (!v.is(orderRefField, ref)) throw new Response(null, { status: 404, headers: PRIVATE_HEADERS });
  const order = await fetchCheckoutOrder(api, ref);
  if (!order.ok)
    throw new Response(null, { status: order.status === 404 ? 404 : order.status >= 500 ? 503 : order.status, headers: PRIVATE_HEADERS });
  return order.data;
}

/**
 * A promo code brought along (`promo`, from promo/code, issue 32 item 6): the checkout's own verification per offer, so
 * the goods step shows each offer's price with the discount and the code filled in; a refusal is shown at the field.
 */
async function promoOffer(api: ApiClient, url: URL, goods: Goods, offers: CheckoutOffersData) {
  const parsed = v.safeParse(promoCodeCheckSchema, { code: url.searchParams.get("promo") ?? "" });
  if (!parsed.success) return null;
  const code = parsed.output.code;
  const checks = await Promise.all(offers.offers.map((offer) => verifyCheckoutPromo(api, { code, goods, sku: offer.sku })));
  const prices: Record<string, number> = {};
  let error: string | null = null;
  checks.forEach((check, index) => {
    if (check.ok) prices[offers.offers[index]!.sku] = check.data.grossCents;
    else error ??= check.errors[0]?.key ?? null;
  });
  return { code, prices, error: Object.keys(prices).length > 0 ? null : error };
}

export async function loadCheckout({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const lang = params.lang ?? "de";
  const api = createApiClient({ request, context });
  const url = new URL(request.url);
  const t = await i18nServer.getFixedT(request);
  if (!url.searchParams.get("order")) {
    const goodsParam = url.searchParams.get("goods") ?? "membership";
    const goods: Goods = (GOODS as readonly string[]).includes(goodsParam) ? (goodsParam as Goods) : "membership";
    const offers = await fetchCheckoutOffers(api, goods);
    if (!offers.ok) throw new Response(null, { status: offers.status >= 500 ? 503 : 404, headers: PRIVATE_HEADERS });
    const headers = new Headers(PRIVATE_HEADERS);
    const comeBack = goods === "dollar" ? rememberDollarReturn(url, lang) : null;
    if (comeBack) headers.append("Set-Cookie", comeBack);
    return data(
      {
        title: t("checkout.title"),
        step: "goods" as CheckoutStep,
        order: null,
        offers: offers.data,
        goods,
        sku: url.searchParams.get("sku"),
        promo: await promoOffer(api, url, goods, offers.data),
      },
      { headers },
    );
  }
  const order = await orderOf(api, url);
  if (order.status !== "open") throw redirect(statusPath(lang, order.ref), { headers: PRIVATE_HEADERS });
  const asked = url.searchParams.get("step") as CheckoutStep | null;
  // A step may be shown again once reached; a later one than the next is the next one.
  const reachable = CHECKOUT_STEPS.indexOf(order.step) + 1;
  const step = asked && CHECKOUT_STEPS.includes(asked) && CHECKOUT_STEPS.indexOf(asked) <= reachable ? asked : order.nextStep;
  if (!step) throw redirect(confirmPath(lang, order.ref), { headers: PRIVATE_HEADERS });
  const offers = step === "goods" ? await fetchCheckoutOffers(api, order.goods) : null;
  return data(
    { title: t("checkout.title"), step, order, offers: offers?.ok ? offers.data : null, goods: order.goods, sku: order.sku, promo: null },
    { headers: PRIVATE_HEADERS },
  );
}

const answer = (lastResult: SubmissionResult<string[]>, status: number) => data({ lastResult }, { status, headers: PRIVATE_HEADERS });

export async function submitCheckout({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = params.lang ?? "de";
  const submission = await parseForm(request, checkoutFormSchema);
  if (submission.status !== "success") return answer(submission.reply(), 400);
  const api = createApiClient({ request, context });
  const form = submission.value;
  const { intent, ...fields } = form;
  const result =
    intent === "start"
      ? await startCheckoutOrder(api, fields as v.InferOutput<typeof checkoutStartSchema>)
      : await (async () => {
          const { order, ...body } = fields as { order: string } & Record<string, unknown>;
          if (intent === "goods") return chooseCheckoutGoods(api, order, body as v.InferOutput<typeof checkoutGoodsSchema>);
          if (intent === "customer") return saveCheckoutCustomer(api, order, body as v.InferOutput<typeof checkoutCustomerSchema>);
          if (intent === "payment") return saveCheckoutPayment(api, order, body as v.InferOutput<typeof checkoutPaymentSchema>);
          return saveCheckoutVat(api, order, body as v.InferOutput<typeof checkoutVatSchema>);
        })();
  if (!result.ok) {
    if (result.status === 404) throw new Response(null, { status: 404, headers: PRIVATE_HEADERS });
    return answer(replyWithApiErrors(submission, result.errors, STEP_FIELDS[intent]), result.status === 409 ? 409 : 400);
  }
  throw redirect(nextPlace(lang, result.data), { headers: PRIVATE_HEADERS });
}

export async function loadConfirm({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const lang = params.lang ?? "de";
  const order = await orderOf(createApiClient({ request, context }), new URL(request.url));
  if (order.status !== "open" || order.nextStep) throw redirect(nextPlace(lang, order), { headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("checkout.confirm_title"), order }, { headers: PRIVATE_HEADERS });
}

export async function submitConfirm({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = params.lang ?? "de";
  const submission = await parseForm(request, checkoutPaySchema);
  if (submission.status !== "success") return answer(submission.reply(), 400);
  const result = await payCheckoutOrder(createApiClient({ request, context }), submission.value);
  if (result.ok) {
    // The provider's hosted page, or our status page with the instructions (bank transfer, direct debit).
    throw redirect(result.data.redirectUrl ?? statusPath(lang, result.data.ref), { headers: PRIVATE_HEADERS });
  }
  if (result.status === 404) throw new Response(null, { status: 404, headers: PRIVATE_HEADERS });
  // Pressed twice, or already paying in another tab: the status page says how it stands.
  if (result.errors.some((e) => e.key === "exception.checkout.not_open"))
    throw redirect(statusPath(lang, submission.value.order), { headers: PRIVATE_HEADERS });
  return answer(replyWithApiErrors(submission, result.errors, ["digital_consent"]), result.status === 409 ? 409 : 400);
}

export async function loadStatus({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const order = await orderOf(createApiClient({ request, context }), new URL(request.url));
  const t = await i18nServer.getFixedT(request);
  // Dollars bought on the way to a purchase: the paid order's page leads back to it, once (ADR 097).
  const headers = new Headers(PRIVATE_HEADERS);
  const paidDollars = order.goods === "dollar" && order.payingCode === 1;
  const returnTo = paidDollars ? dollarReturnOf(request, params.lang ?? "de") : null;
  if (returnTo) headers.append("Set-Cookie", clearDollarReturn());
  return data({ title: t("checkout.status_title"), order, returnTo }, { headers });
}
