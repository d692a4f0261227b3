/**
 * The checkout's rules (issue 26 items 2 and 3; ADR 074): an order of one good is created at the goods step and
 * filled in step by step (customer data, payment info, VAT info); at every step the server asks the good's handler
 * for the price again (`quote`) and recomputes discount and VAT, so the amounts on the row are always the server's.
 * buy/confirm moves the order from open to paying by a conditional update (a double submit starts one payment),
 * reserves its promo code and hands it to the payment port. Only a verified message settles it (payments module):
 * the return URL lands on the status page and grants nothing.
 */
import { extractIBAN, electronicFormatIBAN, isValidIBAN } from "ibantools";
import { checkVAT, countries as vatFormats } from "jsvat";
import type { Selectable } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  CHECKOUT_STEPS,
  PAYING_CODES,
  POST_PAYMENT_POLL_MS,
  BILLING_CURRENCY,
  type CheckoutStep,
  type Goods,
  type GoodsQuote,
  type LocationEvidence,
  type PaymentMethod,
  type VatDecision,
} from "../../contract/billing";
import {
  CHECKOUT_ERRORS,
  CHECKOUT_HISTORY_PAGE_SIZE,
  EU_COUNTRY_CODES,
  type CheckoutCustomer,
  type CheckoutCustomerInput,
  type CheckoutGoodsInput,
  type CheckoutHistory,
  type CheckoutOffers,
  type CheckoutOrder,
  type CheckoutPayingState,
  type CheckoutPayInput,
  type CheckoutPaymentInput,
  type CheckoutPayStart,
  type CheckoutPromoVerification,
  type CheckoutStartInput,
  type CheckoutUserInfo,
  type CheckoutVatCountries,
  type CheckoutVatInput,
} from "../../contract/checkout";
import { cashToCodeFits } from "../../contract/bank";
import { offeredMethods, providerFor } from "../../integrations/payments/registry";
import { randomToken } from "../../lib/crypto";
import { vatCountries, weighLocationEvidence } from "../../contract/vat";
import { decideVat, orderPaymentReference, queueVatCheck, vatIdConfirmedFor } from "../invoices/index";
import { discountOf, promoById, releasePromoReservation, reservePromoCode, verifyPromoCode, verifyPromoCodeAhead } from "./promo";
import { PROMO_CODE_LOOKUP_LIMIT, type MemberOffer, type MemberPromos, type PromoCodeCheck } from "../../contract/checkout-promo-code";
import { PRICES } from "../../contract/prices";
import { USER_TYPE } from "../../contract/users";
import { plusRunning } from "../access/index";
import { recordHit } from "../../lib/rate-limit";
import type { OrdersTable } from "./schema";

type OrderRow = Selectable<OrdersTable>;

/** The seller's home: the country a price "including VAT" is quoted for, and the buyer's until they name theirs. */
const HOME_COUNTRY = "DE";

function handlerOf(deps: ApiDeps, goods: Goods) {
  const handler = deps.features.goods.get(goods);
  if (!handler) throw fail.badRequest(CHECKOUT_ERRORS.goodsUnknown, "goods");
  return handler;
}

/** The good's offer for this buyer, from its handler (the only source of a price), or a field error at sku. */
async function quoteOf(deps: ApiDeps, userId: number, goods: Goods, sku: string): Promise<GoodsQuote> {
  const quote = await handlerOf(deps, goods).quote(deps, userId, sku);
  if (!quote || quote.goods !== goods) throw fail.badRequest(CHECKOUT_ERRORS.skuUnavailable, "sku");
  return quote;
}

/**
 * The methods the checkout may offer for a total now; none configured yet is an empty list, not an error. Cash to
 * code sells fixed voucher amounts only (ADR 079): it is offered for a total that equals one.
 */
function methodsOffered(deps: ApiDeps, grossCents: number): PaymentMethod[] {
  try {
    return offeredMethods(deps).filter((method) => method !== "CT" || cashToCodeFits(grossCents));
  } catch (error) {
    deps.log.warn({ err: error }, "checkout: no payment methods offered");
    return [];
  }
}

export interface Amounts {
  list_gross_cents: number;
  discount_cents: number;
  net_cents: number;
  vat_cents: number;
  gross_cents: number;
  vat_rate_bp: number;
  vat_country: string;
  reverse_charge: number;
}

/**
 * The order's amounts from the quote: the list price is gross with the home country's VAT; the promo discount comes
 * off it; the net is taken out at the home rate and the buyer's VAT (decideVat: their country's rate, or none under
 * reverse charge) put on again. Integer cents, rounded half up once per step.
 */
export function priceOrder(quote: Pick<GoodsQuote, "gross_cents">, discountCents: number, home: VatDecision, buyer: VatDecision): Amounts {
  const discounted = quote.gross_cents - discountCents;
  const net = Math.round((discounted * 10_000) / (10_000 + home.rate_bp));
  const rate = buyer.reverse_charge ? 0 : buyer.rate_bp;
  // A buyer taxed at the home rate pays exactly the quoted price (no rounding drift of a cent).
  const vat = rate === home.rate_bp && !buyer.reverse_charge ? discounted - net : Math.round((net * rate) / 10_000);
  return {
    list_gross_cents: quote.gross_cents,
    discount_cents: discountCents,
    net_cents: net,
    vat_cents: vat,
    gross_cents: net + vat,
    vat_rate_bp: rate,
    vat_country: buyer.country,
    reverse_charge: buyer.reverse_charge ? 1 : 0,
  };
}

function parseJson<T>(value: string | null): T | null {
  if (!value) return null;
  try {
    return JSON.parse(value) as T;
  } catch {
    return null;
  }
}

/** Quote, promo and VAT again for an order as it stands (every step; confirm compares with what the buyer saw). */
async function reprice(
  deps: ApiDeps,
  order: Pick<OrderRow, "user_id" | "goods" | "sku" | "promo_code_id" | "customer" | "vat_id" | "evidence">,
  sku = order.sku,
) {
  const quote = await quoteOf(deps, order.user_id, order.goods, sku);
  const promo = order.promo_code_id === null ? null : await promoById(deps.db, order.promo_code_id);
  const discount = promo ? discountOf(promo, quote.gross_cents) : 0;
  const at = deps.clock.now();
  const customer = parseJson<CheckoutCustomer>(order.customer);
  const home = decideVat({ country: HOME_COUNTRY, vatId: null, at });
  // The country two pieces of evidence agree on; the billing address alone until the payment step adds its own.
  const verdict = weighLocationEvidence({ ...evidenceOf(order), billing_country: customer?.country ?? null });
  const country = verdict.country ?? customer?.country ?? HOME_COUNTRY;
  // Reverse charge only once VIES confirmed the ID (invoices, ADR 077): until then the buyer pays VAT like a consumer.
  const vatIdConfirmed = await vatIdConfirmedFor(deps.db, order.user_id, order.vat_id);
  const buyer = decideVat({ country, vatId: order.vat_id, at, vatIdConfirmed });
  return { quote, amounts: priceOrder(quote, discount, home, buyer) };
}

function quoteColumns(quote: GoodsQuote) {
  return {
    sku: quote.sku,
    title_key: quote.title_key,
    digital_content: quote.digital_content ? 1 : 0,
    item_type: quote.item_type,
    months: quote.months,
    renewable: quote.renewable ? 1 : 0,
  };
}

function nextStep(step: CheckoutStep): CheckoutStep | null {
  return CHECKOUT_STEPS[CHECKOUT_STEPS.indexOf(step) + 1] ?? null;
}

function furthest(a: CheckoutStep, b: CheckoutStep): CheckoutStep {
  return CHECKOUT_STEPS.indexOf(a) >= CHECKOUT_STEPS.indexOf(b) ? a : b;
}

/** The buyer's own order by its public id; another member's (or none) answers 404 alike. */
async function ownOrder(deps: ApiDeps, userId: number, ref: string): Promise<OrderRow> {
  const row = await deps.db.selectFrom("orders").selectAll().where("public_id", "=", ref).where("user_id", "=", userId).executeTakeFirst();
  if (!row) throw fail.notFound(CHECKOUT_ERRORS.orderNotFound);
  return row;
}

function assertOpen(order: OrderRow): void {
  if (order.status !== "open") throw fail.conflict(CHECKOUT_ERRORS.notOpen);
}

/** A step may be taken once the one before it is done (the goods step always is: it created the order). */
function assertReached(order: OrderRow, step: CheckoutStep): void {
  if (CHECKOUT_STEPS.indexOf(order.step) < CHECKOUT_STEPS.indexOf(step) - 1) throw fail.conflict(CHECKOUT_ERRORS.stepMissing);
}

async function promoCodeText(deps: ApiDeps, id: number | null): Promise<string | null> {
  if (id === null) return null;
  return (await promoById(deps.db, id))?.code ?? null;
}

async function viewOf(deps: ApiDeps, order: OrderRow): Promise<CheckoutOrder> {
  return {
    ref: order.public_id,
    status: order.status,
    paying_code: order.paying_code,
    step: order.step,
    next_step: nextStep(order.step),
    goods: order.goods,
    sku: order.sku,
    title_key: order.title_key,
    months: order.months,
    renewable: order.renewable === 1,
    digital_content: order.digital_content === 1,
    list_gross_cents: order.list_gross_cents,
    discount_cents: order.discount_cents,
    promo_code: await promoCodeText(deps, order.promo_code_id),
    net_cents: order.net_cents,
    vat_cents: order.vat_cents,
    gross_cents: order.gross_cents,
    vat_rate_bp: order.vat_rate_bp,
    vat_country: order.vat_country,
    reverse_charge: order.reverse_charge === 1,
    method: order.method,
    iban_last4: order.bank_iban ? order.bank_iban.slice(-4) : null,
    payment_reference: orderPaymentReference(order),
    customer: parseJson<CheckoutCustomer>(order.customer),
    vat_id: order.vat_id,
    methods: methodsOffered(deps, order.gross_cents),
    created_at: Number(order.created_at),
    paid_at: order.paid_at === null ? null : Number(order.paid_at),
  };
}

async function reread(deps: ApiDeps, id: number): Promise<OrderRow> {
  return deps.db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

/** GET offers: what the goods step lists for this buyer. */
export async function listOffers(deps: ApiDeps, userId: number, goods: Goods): Promise<CheckoutOffers> {
  const quotes = await handlerOf(deps, goods).catalogue(deps, userId);
  return {
    goods,
    offers: quotes.map((q) => ({
      sku: q.sku,
      title_key: q.title_key,
      gross_cents: q.gross_cents,
      months: q.months,
      renewable: q.renewable,
      digital_content: q.digital_content,
    })),
  };
}

/** The member's billing details (the invoices module's table), as the customer step starts from them. */
async function billingInfoOf(deps: ApiDeps, userId: number) {
  return deps.db.selectFrom("billing_infos").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

/** Step 1: a new open order of one good at the server's price, prefilled with the member's billing details. */
export async function startOrder(deps: ApiDeps, userId: number, input: CheckoutStartInput, language: string): Promise<CheckoutOrder> {
  const promo = input.promo_code ? await verifyPromoCode(deps, userId, input.promo_code, input.goods) : null;
  const billing = await billingInfoOf(deps, userId);
  const customer: CheckoutCustomer | null = billing
    ? {
        name: billing.name,
        company: billing.company,
        street: billing.street,
        postal_code: billing.postal_code,
        city: billing.city,
        country: billing.country,
        email: billing.email,
      }
    : null;
  const draft = {
    user_id: userId,
    goods: input.goods,
    sku: input.sku,
    promo_code_id: promo?.id ?? null,
    // Prefilled, not yet confirmed by the buyer: the customer step saves what they send.
    customer: null,
    evidence: null,
    vat_id: billing?.vat_id ?? null,
  };
  const { quote, amounts } = await reprice(deps, { ...draft, customer: customer ? JSON.stringify(customer) : null });
  const now = deps.clock.now();
  const inserted = await deps.db
    .insertInto("orders")
    .values({
      public_id: randomToken(18),
      user_id: userId,
      kind: "normal",
      status: "open",
      paying_code: PAYING_CODES.nothing,
      step: "goods",
      goods: input.goods,
      ...quoteColumns(quote),
      method: null,
      currency: BILLING_CURRENCY,
      ...amounts,
      promo_code_id: promo?.id ?? null,
      customer: customer ? JSON.stringify(customer) : null,
      evidence: null,
      vat_id: draft.vat_id,
      bank_iban: null,
      bank_holder: null,
      language,
      digital_consent_at: null,
      membership_id: null,
      provider: null,
      provider_reference: null,
      created_at: now,
      updated_at: now,
      paid_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return viewOf(deps, await reread(deps, inserted.id));
}

export async function readOrder(deps: ApiDeps, userId: number, ref: string): Promise<CheckoutOrder> {
  return viewOf(deps, await ownOrder(deps, userId, ref));
}

/** Saves a step's columns and the repriced amounts, only while the order is still open (conditional update). */
async function saveStep(
  deps: ApiDeps,
  order: OrderRow,
  step: CheckoutStep,
  changes: Partial<OrderRow>,
  sku?: string,
): Promise<CheckoutOrder> {
  const next = { ...order, ...changes };
  const { quote, amounts } = await reprice(deps, next, sku);
  const updated = await deps.db
    .updateTable("orders")
    .set({ ...changes, ...quoteColumns(quote), ...amounts, step: furthest(order.step, step), updated_at: deps.clock.now() })
    .where("id", "=", order.id)
    .where("status", "=", "open")
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw fail.conflict(CHECKOUT_ERRORS.notOpen);
  return viewOf(deps, await reread(deps, order.id));
}

/** Step 1 again: another offer of the same good, a promo code added (verified) or removed. */
export async function chooseGoods(deps: ApiDeps, userId: number, ref: string, input: CheckoutGoodsInput): Promise<CheckoutOrder> {
  const order = await ownOrder(deps, userId, ref);
  assertOpen(order);
  const promo = input.promo_code ? await verifyPromoCode(deps, userId, input.promo_code, order.goods) : null;
  return saveStep(deps, order, "goods", { promo_code_id: promo?.id ?? null }, input.sku);
}

function evidenceOf(order: Pick<OrderRow, "evidence">): LocationEvidence {
  return parseJson<LocationEvidence>(order.evidence) ?? { billing_country: null, ip_country: null, payment_country: null };
}

/** Step 2: the buyer's name and billing address (the billing country is one piece of location evidence). */
export async function saveCustomer(
  deps: ApiDeps,
  userId: number,
  ref: string,
  input: CheckoutCustomerInput,
  ipCountry: string | null,
): Promise<CheckoutOrder> {
  const order = await ownOrder(deps, userId, ref);
  assertOpen(order);
  assertReached(order, "customer");
  const customer: CheckoutCustomer = {
    name: input.name,
    company: input.company ? input.company : null,
    street: input.street,
    postal_code: input.postal_code,
    city: input.city,
    country: input.country,
    email: input.email,
  };
  const evidence: LocationEvidence = { ...evidenceOf(order), billing_country: customer.country, ip_country: ipCountry };
  return saveStep(deps, order, "customer", { customer: JSON.stringify(customer), evidence: JSON.stringify(evidence) });
}

/** Step 3: a method the platform offers; for SEPA direct debit a valid IBAN and the holder's exact name. */
export async function savePayment(deps: ApiDeps, userId: number, ref: string, input: CheckoutPaymentInput): Promise<CheckoutOrder> {
  const order = await ownOrder(deps, userId, ref);
  assertOpen(order);
  assertReached(order, "payment");
  if (!methodsOffered(deps, order.gross_cents).includes(input.method)) throw fail.badRequest(CHECKOUT_ERRORS.methodUnavailable, "method");
  let bank: { bank_iban: string | null; bank_holder: string | null } = { bank_iban: null, bank_holder: null };
  const evidence = evidenceOf(order);
  if (input.method === "DD") {
    const iban = electronicFormatIBAN(input.iban ?? "") ?? "";
    if (!isValidIBAN(iban)) throw fail.badRequest(CHECKOUT_ERRORS.ibanInvalid, "iban");
    // The exact name as the bank knows it (EU Verification of Payee): kept as typed, only trimmed.
    if (!input.holder) throw fail.badRequest(CHECKOUT_ERRORS.holderRequired, "holder");
    bank = { bank_iban: iban, bank_holder: input.holder };
    evidence.payment_country = extractIBAN(iban).countryCode ?? null;
  } else {
    evidence.payment_country = null;
  }
  return saveStep(deps, order, "payment", { method: input.method, ...bank, evidence: JSON.stringify(evidence) });
}

/** A VAT ID's format (jsvat) and that it belongs to an EU state; the invoices module checks it with VIES later. */
function checkedVatId(raw: string): string {
  const compact = raw.replace(/[\s.-]/g, "").toUpperCase();
  const result = checkVAT(compact, vatFormats);
  if (!result.isValidFormat || !result.isValid) throw fail.badRequest(CHECKOUT_ERRORS.vatIdInvalid, "vat_id");
  const country = result.country?.isoCode.short ?? "";
  if (!EU_COUNTRY_CODES.includes(country === "EL" ? "GR" : country)) throw fail.badRequest(CHECKOUT_ERRORS.vatIdCountry, "vat_id");
  return compact;
}

/** Step 4: a business's VAT ID, or none; decideVat then says the rate (or reverse charge). */
export async function saveVat(deps: ApiDeps, userId: number, ref: string, input: CheckoutVatInput): Promise<CheckoutOrder> {
  const order = await ownOrder(deps, userId, ref);
  assertOpen(order);
  assertReached(order, "vat");
  const vatId = input.vat_id ? checkedVatId(input.vat_id) : null;
  // VIES is asked in the background (invoices' job); the checkout never waits for it.
  if (vatId && !(await vatIdConfirmedFor(deps.db, userId, vatId)))
    await deps.db.transaction().execute((trx) => queueVatCheck(trx, deps, userId, vatId));
  return saveStep(deps, order, "vat", { vat_id: vatId });
}

/**
 * buy/confirm (the spec's "pay"): every step done, the offer and total the buyer saw equal to the server's
 * recomputation (else 409 and the order shows the new amounts), the express consent for digital content; then
 * open → paying by a conditional update with the promo reserved in the same transaction, and the payment started.
 */
export async function confirmOrder(deps: ApiDeps, userId: number, input: CheckoutPayInput): Promise<CheckoutPayStart> {
  const order = await ownOrder(deps, userId, input.order);
  assertOpen(order);
  if (nextStep(order.step) !== null) throw fail.conflict(CHECKOUT_ERRORS.stepMissing);
  const { quote, amounts } = await reprice(deps, order);
  if (input.sku !== order.sku || input.total_cents !== amounts.gross_cents || amounts.gross_cents !== order.gross_cents) {
    // Show the buyer the server's amounts before they confirm again.
    await deps.db
      .updateTable("orders")
      .set({ ...quoteColumns(quote), ...amounts, updated_at: deps.clock.now() })
      .where("id", "=", order.id)
      .where("status", "=", "open")
      .execute();
    throw fail.conflict(CHECKOUT_ERRORS.priceChanged, "total_cents");
  }
  if (quote.digital_content && !input.digital_consent) throw fail.badRequest(CHECKOUT_ERRORS.consentRequired, "digital_consent");
  const method = order.method;
  const provider = method ? providerFor(deps, method) : null;
  if (!method || !provider || !methodsOffered(deps, order.gross_cents).includes(method))
    throw fail.badRequest(CHECKOUT_ERRORS.methodUnavailable, "method");
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable("orders")
      .set({
        status: "paying",
        paying_code: PAYING_CODES.paying,
        digital_consent_at: quote.digital_content ? now : null,
        provider: provider.name,
        updated_at: now,
      })
      .where("id", "=", order.id)
      .where("status", "=", "open")
      .executeTakeFirst();
    // A second press of the button (or a second tab) finds it paying already.
    if (Number(moved.numUpdatedRows) !== 1) throw fail.conflict(CHECKOUT_ERRORS.notOpen);
    if (order.promo_code_id !== null)
      await reservePromoCode(trx, deps, { id: order.id, user_id: userId, goods: order.goods, promo_code_id: order.promo_code_id });
  });
  const customer = parseJson<CheckoutCustomer>(order.customer);
  const base = deps.config.publicUrl;
  try {
    const started = await provider.start({
      orderRef: order.public_id,
      amountCents: amounts.gross_cents,
      currency: order.currency,
      method,
      description: `${deps.config.publicUrl.replace(/^https?:\/\//, "")} ${order.public_id}`,
      language: order.language,
      returnUrl: `${base}/${order.language}/buy/status?order=${encodeURIComponent(order.public_id)}`,
      notifyUrl: `${base}/api/v2/payment/postback/${encodeURIComponent(provider.name)}`,
      customer: { name: customer?.name ?? "", email: customer?.email ?? "", country: customer?.country ?? HOME_COUNTRY },
      ...(method === "DD" && order.bank_iban && order.bank_holder
        ? { bankAccount: { iban: order.bank_iban, holder: order.bank_holder } }
        : {}),
    });
    await deps.db
      .updateTable("orders")
      .set({ provider_reference: started.providerReference, updated_at: deps.clock.now() })
      .where("id", "=", order.id)
      .execute();
    return started.kind === "redirect"
      ? { ref: order.public_id, kind: "redirect", redirect_url: started.url, instructions: null }
      : { ref: order.public_id, kind: "instructions", redirect_url: null, instructions: started.instructions };
  } catch (error) {
    // The provider refused or was unreachable: the order fails and gives its promo code back.
    deps.log.error({ err: error, order: order.public_id }, "checkout: the payment could not be started");
    await deps.db.transaction().execute(async (trx) => {
      const failed = await trx
        .updateTable("orders")
        .set({ status: "failed", paying_code: PAYING_CODES.failed, updated_at: deps.clock.now() })
        .where("id", "=", order.id)
        .where("status", "=", "paying")
        .executeTakeFirst();
      if (Number(failed.numUpdatedRows) === 1) await releasePromoReservation(trx, order.id);
    });
    throw fail.conflict(CHECKOUT_ERRORS.providerFailed);
  }
}

/** inquiry: the paying code of the buyer's own order (the status page polls it). */
export async function inquire(deps: ApiDeps, userId: number, ref: string): Promise<CheckoutPayingState> {
  const order = await ownOrder(deps, userId, ref);
  return { ref: order.public_id, paying_code: order.paying_code, status: order.status, goods: order.goods, poll_ms: POST_PAYMENT_POLL_MS };
}

/** verify-promotion-code: the code's discount on this offer for this buyer, or a field error at promo_code. */
export async function verifyPromotion(
  deps: ApiDeps,
  userId: number,
  input: { code: string; goods: Goods; sku: string },
): Promise<CheckoutPromoVerification> {
  const quote = await quoteOf(deps, userId, input.goods, input.sku);
  const promo = await verifyPromoCode(deps, userId, input.code, input.goods);
  const discount = discountOf(promo, quote.gross_cents);
  return {
    code: promo.code,
    kind: promo.kind,
    value: promo.value,
    list_gross_cents: quote.gross_cents,
    discount_cents: discount,
    gross_cents: quote.gross_cents - discount,
  };
}

/**
 * GET /payment/promo-code (promo/code, issue 32 item 6): the checkout's verification before an offer is chosen, for a
 * guest (userId null) or a member; look-ups per address are limited, as codes are guessable words.
 */
export async function checkPromoCodeAhead(deps: ApiDeps, userId: number | null, code: string, clientIp: string): Promise<PromoCodeCheck> {
  const window = { bucket: `promo-lookup:${clientIp}`, ...PROMO_CODE_LOOKUP_LIMIT };
  if ((await recordHit(deps.db, deps.clock.now(), window)) > window.limit) throw fail.tooMany("exception.checkout.promo_too_many");
  const promo = await verifyPromoCodeAhead(deps, userId, code);
  return {
    code: promo.code,
    kind: promo.kind,
    value: promo.value,
    goods: promo.goods ?? "membership",
    any_goods: promo.goods === null,
    valid_until: promo.valid_until === null ? null : Number(promo.valid_until),
  };
}

/**
 * GET /user/promos: the member's active offers now — plus (from the cheapest of the membership's offers this member
 * may buy) while they have none, and rise-up for an escort or business whose rise-up is not running.
 */
export async function memberPromos(deps: ApiDeps, userId: number): Promise<MemberPromos> {
  const member = await deps.db
    .selectFrom("users")
    .leftJoin("profiles", "profiles.user_id", "users.id")
    .select(["users.user_type", "users.is_member", "users.member_until", "profiles.rise_up_until"])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  if (!member) throw fail.unauthorized();
  const now = deps.clock.now();
  const items: MemberOffer[] = [];
  if (!plusRunning(member, now)) {
    const offers = (await deps.features.goods.get("membership")?.catalogue(deps, userId)) ?? [];
    const cheapest = Math.min(...offers.map((offer) => offer.gross_cents));
    if (Number.isFinite(cheapest)) items.push({ kind: "plus", price: { amount: cheapest, currency: "EUR" }, path: "buy?goods=membership" });
  }
  const mayRise = member.user_type === USER_TYPE.escort || member.user_type === USER_TYPE.business;
  if (mayRise && !(member.rise_up_until !== null && Number(member.rise_up_until) > now))
    items.push({ kind: "rise_up", price: { amount: PRICES.rise_up.amount, currency: "dollar" }, path: "promotion" });
  return { items };
}

export async function userInfo(deps: ApiDeps, userId: number): Promise<CheckoutUserInfo> {
  const [billing, user, open] = await Promise.all([
    billingInfoOf(deps, userId),
    deps.db.selectFrom("users").select(["is_member", "member_until"]).where("id", "=", userId).executeTakeFirst(),
    deps.db
      .selectFrom("orders")
      .select("public_id")
      .where("user_id", "=", userId)
      .where("status", "in", ["open", "paying"])
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),
  ]);
  if (!user) throw fail.unauthorized();
  return {
    customer: billing
      ? {
          name: billing.name,
          company: billing.company,
          street: billing.street,
          postal_code: billing.postal_code,
          city: billing.city,
          country: billing.country,
          email: billing.email,
        }
      : null,
    vat_id: billing?.vat_id ?? null,
    is_member: user.is_member === 1,
    member_until: user.member_until === null ? null : Number(user.member_until),
    open_order: open?.public_id ?? null,
  };
}

/** history: the member's orders, newest first, CHECKOUT_HISTORY_PAGE_SIZE a page. */
export async function orderHistory(deps: ApiDeps, userId: number, page: number): Promise<CheckoutHistory> {
  const [rows, total] = await Promise.all([
    deps.db
      .selectFrom("orders")
      .select(["public_id", "goods", "sku", "title_key", "status", "paying_code", "gross_cents", "method", "created_at", "paid_at"])
      .where("user_id", "=", userId)
      .orderBy("id", "desc")
      .limit(CHECKOUT_HISTORY_PAGE_SIZE)
      .offset((page - 1) * CHECKOUT_HISTORY_PAGE_SIZE)
      .execute(),
    deps.db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirst(),
  ]);
  return {
    items: rows.map((row) => ({
      ref: row.public_id,
      goods: row.goods,
      sku: row.sku,
      title_key: row.title_key,
      status: row.status,
      paying_code: row.paying_code,
      gross_cents: row.gross_cents,
      method: row.method,
      created_at: Number(row.created_at),
      paid_at: row.paid_at === null ? null : Number(row.paid_at),
    })),
    page,
    page_size: CHECKOUT_HISTORY_PAGE_SIZE,
    total: Number(total?.n ?? 0),
  };
}

/**
 * vat-countries: the EU states and the consumer rate each is charged today (the invoices module's dated table).
 */
export function vatCountryList(deps: ApiDeps): CheckoutVatCountries {
  return { countries: vatCountries(deps.clock.now()) };
}
