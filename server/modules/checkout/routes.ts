import type { ModuleContext } from "../../api/module-context";
import { fail } from "../../api/errors";
import { ok } from "../../api/router";
import { CHECKOUT_ERRORS, CHECKOUT_HISTORY_PAGE_SIZE } from "../../contract/checkout";
import { checkoutOps } from "../../contract/operations/checkout";
import { ipCountryOf } from "../../integrations/ip-country";
import {
  chooseGoods,
  confirmOrder,
  inquire,
  listOffers,
  orderHistory,
  readOrder,
  saveCustomer,
  savePayment,
  saveVat,
  startOrder,
  checkPromoCodeAhead,
  memberPromos,
  userInfo,
  vatCountryList,
  verifyPromotion,
} from "./service";

/** An order's ref in the path: anything but a plausible public id names no order (404 before a lookup). */
function refOf(raw: string | undefined): string {
  if (!raw || !/^[A-Za-z0-9_-]{8,64}$/.test(raw)) throw fail.notFound(CHECKOUT_ERRORS.orderNotFound);
  return raw;
}

const OWNER = "Only the buyer's own orders: another member's ref answers 404 like an unknown one.";
const PRICE = "The price comes from the good's handler (quote) at every step; no amount is taken from the request.";

/** The checkout (issue 26 items 2 and 3; spec section 7 "membership and payment"; ADR 074). Every answer is private. */
export function registerCheckout({ v2 }: ModuleContext): void {
  const tag = "payment";
  v2.add(
    checkoutOps.offers,
    {
      tag,
      auth: "required",
      summary: "The offers of a good this buyer may choose at the goods step, with their gross prices (German VAT).",
      statuses: [400, 401],
    },
    async (c, { query, user }) => {
      c.header("Cache-Control", "private, no-store");
      return ok(c, await listOffers(c.get("deps"), user!.id, query.goods));
    },
  );
  v2.add(
    checkoutOps.start,
    {
      tag,
      auth: "required",
      summary: `Step 1 (select goods): a new open order of one good by sku, an optional promo code verified. ${PRICE}`,
      statuses: [400, 401],
    },
    async (c, { body, user }) => ok(c, await startOrder(c.get("deps"), user!.id, body, c.get("lang")), { status: 201 }),
  );
  v2.add(
    checkoutOps.order,
    { tag, auth: "required", summary: `An order with its steps and the server's amounts. ${OWNER}`, statuses: [401, 404] },
    async (c, { user }) => {
      c.header("Cache-Control", "private, no-store");
      return ok(c, await readOrder(c.get("deps"), user!.id, refOf(c.req.param("ref"))));
    },
  );
  v2.add(
    checkoutOps.goods,
    {
      tag,
      auth: "required",
      summary: `Step 1 again on an open order: another sku of the same good, a promo code added or removed. ${PRICE} ${OWNER}`,
      statuses: [400, 401, 404, 409],
    },
    async (c, { body, user }) => ok(c, await chooseGoods(c.get("deps"), user!.id, refOf(c.req.param("ref")), body)),
  );
  v2.add(
    checkoutOps.customer,
    {
      tag,
      auth: "required",
      summary: `Step 2 (customer data): name, company, address, country, e-mail. ${OWNER}`,
      statuses: [400, 401, 404, 409],
    },
    async (c, { body, user }) => {
      const deps = c.get("deps");
      // The trusted client address (app.ts: the socket's, or X-Forwarded-For only from the web tier or behind TRUST_PROXY).
      const ipCountry = await ipCountryOf(deps.config.ipCountryDb, c.get("clientIp"), (err) =>
        deps.log.error({ err }, "checkout: the IP country database could not be read"),
      );
      return ok(c, await saveCustomer(deps, user!.id, refOf(c.req.param("ref")), body, ipCountry));
    },
  );
  v2.add(
    checkoutOps.payment,
    {
      tag,
      auth: "required",
      summary: `Step 3 (payment info): a method offered now; DD needs a valid IBAN (ibantools) and the holder's exact name. ${OWNER}`,
      statuses: [400, 401, 404, 409],
    },
    async (c, { body, user }) => ok(c, await savePayment(c.get("deps"), user!.id, refOf(c.req.param("ref")), body)),
  );
  v2.add(
    checkoutOps.vat,
    {
      tag,
      auth: "required",
      summary: `Step 4 (VAT info): an optional EU VAT ID (format by jsvat; VIES later), then the VAT decision. ${OWNER}`,
      statuses: [400, 401, 404, 409],
    },
    async (c, { body, user }) => ok(c, await saveVat(c.get("deps"), user!.id, refOf(c.req.param("ref")), body)),
  );
  v2.add(
    checkoutOps.pay,
    {
      tag,
      auth: "required",
      summary: `buy/confirm: the order, its sku and the total the buyer saw; the server recomputes them (a difference: 409 exception.checkout.price_changed, nothing charged), digital content needs digital_consent, then open → paying once (a second press: 409), the promo code reserved, and the provider's page or instructions answered. ${OWNER}`,
      statuses: [400, 401, 404, 409],
    },
    async (c, { body, user }) => ok(c, await confirmOrder(c.get("deps"), user!.id, body)),
  );
  v2.add(
    checkoutOps.inquiry,
    {
      tag,
      auth: "required",
      summary: `The paying state of an order: paying code (nothing 0, failed -1, success 1, paying 2), status, the poll interval. ${OWNER}`,
      statuses: [400, 401, 404],
    },
    async (c, { query, user }) => {
      c.header("Cache-Control", "private, no-store");
      return ok(c, await inquire(c.get("deps"), user!.id, query.order));
    },
  );
  v2.add(
    checkoutOps.verifyPromo,
    {
      tag,
      auth: "required",
      summary:
        "Verifies a promo code for an offer and this buyer (validity, goods, total and per-member limits as they stand) and answers the discount.",
      statuses: [400, 401],
    },
    async (c, { query, user }) => ok(c, await verifyPromotion(c.get("deps"), user!.id, query)),
  );
  v2.add(
    checkoutOps.promos,
    {
      tag: "user",
      auth: "required",
      summary:
        "The member's active offers now: plus from the cheapest membership offer they may buy (euro cents) while they have no plus, and rise-up (dollars) for an escort or business whose rise-up is not running; each with the page below /{lang}/ where it is taken. Only the caller's own.",
      statuses: [401],
    },
    async (c, { user }) => {
      c.header("Cache-Control", "private, no-store");
      return ok(c, await memberPromos(c.get("deps"), user!.id));
    },
  );
  v2.add(
    checkoutOps.promoCode,
    {
      tag,
      auth: "optional",
      summary:
        "promo/code: checks a promo code before an offer is chosen, through the checkout's verification (active, validity window, total limit; for a member also their own limit), and names the good it applies to (membership for a code valid on every good). Errors at code: validation.checkout.promo_unknown, promo_expired, promo_exhausted, promo_used. Look-ups per address are limited (429).",
      statuses: [400, 429],
    },
    async (c, { query, user }) => {
      c.header("Cache-Control", "private, no-store");
      return ok(c, await checkPromoCodeAhead(c.get("deps"), user?.id ?? null, query.code, c.get("clientIp")));
    },
  );
  v2.add(
    checkoutOps.userInfo,
    {
      tag,
      auth: "required",
      summary: "What the checkout knows of the buyer: billing details, VAT ID, membership, an unfinished order.",
      statuses: [401],
    },
    async (c, { user }) => {
      c.header("Cache-Control", "private, no-store");
      return ok(c, await userInfo(c.get("deps"), user!.id));
    },
  );
  v2.add(
    checkoutOps.history,
    { tag, auth: "required", summary: `The member's orders, newest first, ${CHECKOUT_HISTORY_PAGE_SIZE} a page.`, statuses: [400, 401] },
    async (c, { query, user }) => {
      c.header("Cache-Control", "private, no-store");
      return ok(c, await orderHistory(c.get("deps"), user!.id, query.page));
    },
  );
  v2.add(
    checkoutOps.vatCountries,
    {
      tag,
      auth: "required",
      summary: "The EU member states and the consumer VAT rate (basis points) each is charged today.",
      statuses: [401],
    },
    async (c) => ok(c, vatCountryList(c.get("deps"))),
  );
}
