/**
 * The checkout's pages (issue 26): the steps of /buy (goods, customer data, payment info, VAT info — one plain form
 * each, what was typed kept after a refusal), /buy/confirm (the summary directly above "zahlungspflichtig
 * bestellen", § 312j BGB). /buy/status, the one hydrated checkout page, is a module of its own (CheckoutStatusPage.tsx).
 */
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CHECKOUT_STEPS, type CheckoutStep, type Goods } from "#server/contract/billing";
import { BILLING_COUNTRY_CODES } from "#server/contract/checkout";
import { LANGUAGE_TAGS, type Language } from "#server/contract/locales";
import type { CheckoutOffersData, CheckoutOrderData } from "~/api/checkout.server";
import { DollarTermsNote } from "~/features/wallet/DollarTermsNote";
import { Field, FormErrors } from "~/components/Field";
import { CheckboxField, SelectField } from "~/components/FieldControls";
import { ErrorLine } from "~/components/form/ErrorLine";
import { errorsBesides, inputText, type FormReply } from "~/components/form/reply";
import { useLang, useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";
import * as css from "./checkout.css";
import { formatEuro, useGoodsTitle } from "./checkout-text";

/** The steps on one page with JavaScript, a plain file (ADR 065, ADR 089): app/scripts/checkout.ts. */
export const CHECKOUT_SCRIPT = "/scripts/checkout.js";

function formatRate(bp: number, lang: Language): string {
  return new Intl.NumberFormat(LANGUAGE_TAGS[lang], { maximumFractionDigits: 2 }).format(bp / 100);
}

/** The billing address on one line (the done customer step, the overview). */
function customerLine(customer: CheckoutOrderData["customer"]): string {
  if (!customer) return "";
  return [customer.name, customer.company, customer.street, `${customer.postalCode} ${customer.city}`, customer.country]
    .filter(Boolean)
    .join(", ");
}

/** What is being bought and its price as the server last computed it. */
function OrderSummary({ order }: { order: CheckoutOrderData }) {
  const { t } = useTranslation("checkout");
  const lang = useLang();
  const title = useGoodsTitle();
  return (
    <section className={css.summary} aria-label={t("checkout.summary_label")} data-testid="checkout-summary">
      <div className={css.summaryLine}>
        <strong>{title(order)}</strong>
        <strong data-testid="checkout-total">{formatEuro(order.grossCents, lang)}</strong>
      </div>
      {order.discountCents > 0 ? (
        <div className={`${css.summaryLine} ${ui.muted}`}>
          <span>{t("checkout.discount", { code: order.promoCode ?? "" })}</span>
          <span>−{formatEuro(order.discountCents, lang)}</span>
        </div>
      ) : null}
    </section>
  );
}

function hidden(name: string, value: string) {
  return <input type="hidden" name={name} value={value} />;
}

/** A promo code brought from promo/code: each offer's price with it, or why it does not apply (the API's key). */
export interface BroughtPromo {
  code: string;
  prices: Record<string, number>;
  error: string | null;
}

function GoodsStep({
  offers,
  order,
  sku,
  reply,
  goods,
  promo = null,
}: {
  promo?: BroughtPromo | null;
  offers: CheckoutOffersData;
  order: CheckoutOrderData | null;
  sku: string | null;
  reply: FormReply;
  goods: Goods;
}) {
  const { t, i18n } = useTranslation("checkout");
  const lang = useLang();
  const title = useGoodsTitle();
  const chosen = inputText(reply, "sku") || order?.sku || sku || offers.offers[0]?.sku || "";
  const skuError = reply.fieldErrors.sku?.[0];
  const promoError = reply.fieldErrors.promo_code?.[0] ?? (reply.fieldErrors.sku ? undefined : (promo?.error ?? undefined));
  return (
    <Form method="post" className={ui.stack} data-checkout-step="goods">
      {order ? hidden("order", order.ref) : hidden("goods", goods)}
      <fieldset className={css.fieldset} aria-describedby="field-sku-error">
        <legend className={ui.label}>{t("checkout.choose_offer")}</legend>
        {offers.offers.length === 0 ? <p className={ui.muted}>{t("checkout.no_offers")}</p> : null}
        {offers.offers.map((offer) => (
          <label key={offer.sku} className={css.choice}>
            <input className={ui.choiceControl} type="radio" name="sku" value={offer.sku} defaultChecked={offer.sku === chosen} required />
            <span className={css.choiceText}>
              <strong>{title({ goods: offers.goods, titleKey: offer.titleKey, months: offer.months, sku: offer.sku })}</strong>
              <span className={ui.muted}>{offer.renewable ? t("checkout.renews_short") : t("checkout.once_short")}</span>
            </span>
            {promo && promo.prices[offer.sku] !== undefined && promo.prices[offer.sku]! < offer.grossCents ? (
              <span className={css.choiceText} data-testid="promo-price">
                <s className={ui.muted}>{formatEuro(offer.grossCents, lang)}</s>
                <strong>{formatEuro(promo.prices[offer.sku]!, lang)}</strong>
              </span>
            ) : (
              <strong>{formatEuro(offer.grossCents, lang)}</strong>
            )}
          </label>
        ))}
        <ErrorLine
          id="field-sku-error"
          name="sku"
          message={skuError ? translateMessage(t, skuError, undefined, i18n.language) : undefined}
        />
      </fieldset>
      <Field
        name="promo_code"
        label={t("checkout.promo_code")}
        hint={t("checkout.promo_hint")}
        autoComplete="off"
        maxLength={32}
        defaultValue={inputText(reply, "promo_code") || order?.promoCode || promo?.code || ""}
        errors={promoError ? [promoError] : []}
      />
      <button className={ui.button} type="submit" name="intent" value={order ? "goods" : "start"}>
        {t("checkout.next")}
      </button>
    </Form>
  );
}

function countryOptions(lang: Language) {
  const names = new Intl.DisplayNames([LANGUAGE_TAGS[lang]], { type: "region" });
  return BILLING_COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) =>
    a.label.localeCompare(b.label, LANGUAGE_TAGS[lang]),
  );
}

function CustomerStep({ order, reply }: { order: CheckoutOrderData; reply: FormReply }) {
  const { t } = useTranslation("checkout");
  const lang = useLang();
  const kept = (name: "name" | "company" | "street" | "postal_code" | "city" | "country" | "email") => {
    if (reply.intent === "customer") return inputText(reply, name);
    const saved = order.customer;
    if (!saved) return "";
    const key = name === "postal_code" ? "postalCode" : name;
    return (saved as Record<string, string | null>)[key] ?? "";
  };
  const errors = (name: string) => reply.fieldErrors[name] ?? [];
  return (
    <Form method="post" className={ui.stack} data-checkout-step="customer">
      {hidden("order", order.ref)}
      <Field
        name="name"
        label={`${t("checkout.name")} *`}
        autoComplete="name"
        defaultValue={kept("name")}
        errors={errors("name")}
        required
        maxLength={120}
      />
      <Field
        name="company"
        label={t("checkout.company")}
        autoComplete="organization"
        defaultValue={kept("company")}
        errors={errors("company")}
        maxLength={120}
      />
      <Field
        name="street"
        label={`${t("checkout.street")} *`}
        autoComplete="street-address"
        defaultValue={kept("street")}
        errors={errors("street")}
        required
        maxLength={120}
      />
      <div className={css.twoColumns}>
        <Field
          name="postal_code"
          label={`${t("checkout.postal_code")} *`}
          autoComplete="postal-code"
          defaultValue={kept("postal_code")}
          errors={errors("postal_code")}
          required
          maxLength={16}
        />
        <Field
          name="city"
          label={`${t("checkout.city")} *`}
          autoComplete="address-level2"
          defaultValue={kept("city")}
          errors={errors("city")}
          required
          maxLength={80}
        />
      </div>
      <SelectField
        name="country"
        label={`${t("checkout.country")} *`}
        options={countryOptions(lang)}
        defaultValue={kept("country") || "DE"}
        errors={errors("country")}
        required
      />
      <Field
        name="email"
        type="email"
        label={`${t("checkout.email")} *`}
        hint={t("checkout.email_hint")}
        autoComplete="email"
        defaultValue={kept("email")}
        errors={errors("email")}
        required
        maxLength={190}
      />
      <button className={ui.button} type="submit" name="intent" value="customer">
        {t("checkout.next")}
      </button>
    </Form>
  );
}

function PaymentStep({ order, reply }: { order: CheckoutOrderData; reply: FormReply }) {
  const { t, i18n } = useTranslation("checkout");
  const chosen = (reply.intent === "payment" ? inputText(reply, "method") : order.method) || order.methods[0] || "";
  const methodError = reply.fieldErrors.method?.[0];
  return (
    <Form method="post" className={ui.stack} data-checkout-step="payment">
      {hidden("order", order.ref)}
      <fieldset className={css.fieldset} aria-describedby="field-method-error">
        <legend className={ui.label}>{t("checkout.method")}</legend>
        {order.methods.length === 0 ? <p className={ui.alert}>{t("checkout.no_methods")}</p> : null}
        {order.methods.map((method) => (
          <label key={method} className={css.choice}>
            <input className={ui.choiceControl} type="radio" name="method" value={method} defaultChecked={method === chosen} required />
            <span className={css.choiceText}>
              <strong>{t(`checkout.methods.${method}`)}</strong>
              <span className={ui.muted}>{t(`checkout.methods_hint.${method}`)}</span>
            </span>
          </label>
        ))}
        <ErrorLine
          id="field-method-error"
          name="method"
          message={methodError ? translateMessage(t, methodError, undefined, i18n.language) : undefined}
        />
      </fieldset>
      {order.methods.includes("DD") ? (
        <fieldset className={css.fieldset}>
          <legend className={ui.label}>{t("checkout.dd_title")}</legend>
          <Field
            name="iban"
            label={t("checkout.iban")}
            hint={t("checkout.iban_hint")}
            autoComplete="off"
            inputMode="text"
            maxLength={42}
            defaultValue={reply.intent === "payment" ? inputText(reply, "iban") : ""}
            errors={reply.fieldErrors.iban ?? []}
          />
          <Field
            name="holder"
            label={t("checkout.holder")}
            hint={t("checkout.holder_hint")}
            autoComplete="name"
            maxLength={70}
            defaultValue={reply.intent === "payment" ? inputText(reply, "holder") : ""}
            errors={reply.fieldErrors.holder ?? []}
          />
        </fieldset>
      ) : null}
      <button className={ui.button} type="submit" name="intent" value="payment" disabled={order.methods.length === 0}>
        {t("checkout.next")}
      </button>
    </Form>
  );
}

function VatStep({ order, reply }: { order: CheckoutOrderData; reply: FormReply }) {
  const { t } = useTranslation("checkout");
  return (
    <Form method="post" className={ui.stack} data-checkout-step="vat">
      {hidden("order", order.ref)}
      <p className={ui.muted}>{t("checkout.vat_intro")}</p>
      <Field
        name="vat_id"
        label={t("checkout.vat_id")}
        hint={t("checkout.vat_id_hint")}
        autoComplete="off"
        maxLength={20}
        defaultValue={reply.intent === "vat" ? inputText(reply, "vat_id") : (order.vatId ?? "")}
        errors={reply.fieldErrors.vat_id ?? []}
      />
      <button className={ui.button} type="submit" name="intent" value="vat">
        {t("checkout.to_confirm")}
      </button>
    </Form>
  );
}

const SHOWN_FIELDS = [
  "sku",
  "promo_code",
  "name",
  "company",
  "street",
  "postal_code",
  "city",
  "country",
  "email",
  "method",
  "iban",
  "holder",
  "vat_id",
];

/** One line for a step that is done: what it holds now (the page's "change" link opens it again). */
function useStepSummary() {
  const { t } = useTranslation("checkout");
  const lang = useLang();
  const title = useGoodsTitle();
  return (step: CheckoutStep, order: CheckoutOrderData): string => {
    if (step === "goods") return order.promoCode ? `${title(order)} · ${order.promoCode}` : title(order);
    if (step === "customer") return customerLine(order.customer);
    if (step === "payment")
      return order.method ? `${t(`checkout.methods.${order.method}`)}${order.ibanLast4 ? ` (IBAN …${order.ibanLast4})` : ""}` : "";
    const vat = order.reverseCharge
      ? t("checkout.reverse_charge")
      : t("checkout.vat", { rate: formatRate(order.vatRateBp, lang), country: order.vatCountry });
    return order.vatId ? `${order.vatId} · ${vat}` : vat;
  };
}

/**
 * The four steps as one list, with and without JavaScript (ADR 089): a done step is a line with what it holds and
 * "change", the current one is open with its form, a later one is its heading. Without JavaScript each form posts and
 * the next page is this list one step on; with it the plain script swaps the list in place.
 */
export function CheckoutStepPage({
  step,
  order,
  offers,
  goods,
  sku,
  reply,
  promo = null,
}: {
  step: CheckoutStep;
  order: CheckoutOrderData | null;
  offers: CheckoutOffersData | null;
  goods: Goods;
  sku: string | null;
  reply: FormReply;
  promo?: BroughtPromo | null;
}) {
  const { t } = useTranslation("checkout");
  const to = useLocalePath();
  const summary = useStepSummary();
  const done = order ? CHECKOUT_STEPS.indexOf(order.step) : -1;
  return (
    <main className={ui.narrow} data-checkout="steps">
      <div className={ui.stack}>
        <h1 className={css.title}>{t("checkout.title")}</h1>
        {order ? <OrderSummary order={order} /> : null}
        <FormErrors errors={errorsBesides(reply, SHOWN_FIELDS)} />
        <ol className={css.stepList} aria-label={t("checkout.steps_label")}>
          {CHECKOUT_STEPS.map((item, index) => {
            const label = t(`checkout.step.${item}`);
            const state = item === step ? "current" : order && index <= done ? "done" : "later";
            return (
              <li
                key={item}
                className={css.stepItem}
                data-step={item}
                data-state={state}
                aria-current={state === "current" ? "step" : undefined}
              >
                <div className={css.stepHead}>
                  <span className={css.stepNumber} aria-hidden="true">
                    {index + 1}
                  </span>
                  <h2
                    id={`checkout-step-${item}`}
                    className={css.stepHeading}
                    // The script moves the focus here when this step opens without a new page.
                    tabIndex={state === "current" ? -1 : undefined}
                    data-checkout-focus={state === "current" ? "" : undefined}
                  >
                    {label}
                  </h2>
                </div>
                {state === "done" && order ? (
                  <p className={css.stepDone}>
                    <span className={css.stepDoneText}>{summary(item, order)}</span>
                    <Link className={css.changeLink} to={to(`buy?order=${order.ref}&step=${item}`)} data-checkout-nav="">
                      {t("checkout.change")}
                      <span className="visually-hidden">: {label}</span>
                    </Link>
                  </p>
                ) : null}
                {state === "current" && item === "goods" && offers ? (
                  <GoodsStep offers={offers} order={order} sku={sku} reply={reply} goods={goods} promo={promo} />
                ) : null}
                {state === "current" && item === "customer" && order ? <CustomerStep order={order} reply={reply} /> : null}
                {state === "current" && item === "payment" && order ? <PaymentStep order={order} reply={reply} /> : null}
                {state === "current" && item === "vat" && order ? <VatStep order={order} reply={reply} /> : null}
              </li>
            );
          })}
        </ol>
      </div>
      <script src={CHECKOUT_SCRIPT} defer />
    </main>
  );
}

/** buy/confirm: everything that binds, directly above the button (§ 312j BGB), then "zahlungspflichtig bestellen". */
export function CheckoutConfirmPage({ order, reply }: { order: CheckoutOrderData; reply: FormReply }) {
  const { t } = useTranslation("checkout");
  const lang = useLang();
  const to = useLocalePath();
  const title = useGoodsTitle();
  const customer = order.customer;
  const consentError = reply.fieldErrors.digital_consent ?? [];
  return (
    <main className={ui.narrow} data-checkout="confirm">
      <div className={ui.stack}>
        <h1 className={css.title} tabIndex={-1} data-checkout-focus="">
          {t("checkout.confirm_title")}
        </h1>
        <FormErrors errors={errorsBesides(reply, ["digital_consent"])} />
        <dl className={css.facts}>
          <dt>{t("checkout.customer")}</dt>
          <dd>
            {customerLine(customer)}{" "}
            <Link to={to(`buy?order=${order.ref}&step=customer`)} data-checkout-nav="">
              {t("checkout.change")}
            </Link>
          </dd>
          <dt>{t("checkout.method")}</dt>
          <dd>
            {order.method ? t(`checkout.methods.${order.method}`) : ""}
            {order.ibanLast4 ? ` (IBAN …${order.ibanLast4})` : ""}{" "}
            <Link to={to(`buy?order=${order.ref}&step=payment`)} data-checkout-nav="">
              {t("checkout.change")}
            </Link>
          </dd>
          {order.vatId ? (
            <>
              <dt>{t("checkout.vat_id")}</dt>
              <dd>{order.vatId}</dd>
            </>
          ) : null}
        </dl>
        <Form method="post" className={`${ui.card} ${ui.stack}`} data-testid="checkout-confirm">
          {hidden("order", order.ref)}
          {hidden("sku", order.sku)}
          {hidden("total_cents", String(order.grossCents))}
          <h2 className={css.stepTitle}>{title(order)}</h2>
          <dl className={css.priceTable}>
            {order.months > 0 ? (
              <>
                <dt>{t("checkout.term")}</dt>
                <dd>{t("checkout.term_months", { count: order.months })}</dd>
              </>
            ) : null}
            {order.discountCents > 0 ? (
              <>
                <dt>{t("checkout.list_price")}</dt>
                <dd>{formatEuro(order.listGrossCents, lang)}</dd>
                <dt>{t("checkout.discount", { code: order.promoCode ?? "" })}</dt>
                <dd>−{formatEuro(order.discountCents, lang)}</dd>
              </>
            ) : null}
            <dt>{t("checkout.net")}</dt>
            <dd>{formatEuro(order.netCents, lang)}</dd>
            <dt>
              {order.reverseCharge
                ? t("checkout.reverse_charge")
                : t("checkout.vat", { rate: formatRate(order.vatRateBp, lang), country: order.vatCountry })}
            </dt>
            <dd>{formatEuro(order.vatCents, lang)}</dd>
            <dt className={css.total}>{t("checkout.total")}</dt>
            <dd className={css.total} data-testid="confirm-total">
              {formatEuro(order.grossCents, lang)}
            </dd>
          </dl>
          <p data-testid="confirm-terms">
            {order.renewable && order.goods === "fans"
              ? t("checkout.fans_renewal_terms", { price: formatEuro(order.grossCents, lang) })
              : order.renewable
                ? t("checkout.renewal_terms", {
                    count: order.months,
                    price: formatEuro(order.grossCents, lang),
                    // After the first term a longer plan renews monthly at its monthly share (§ 309 Nr. 9 BGB; ADR 076, 078).
                    monthly: formatEuro(Math.round(order.grossCents / Math.max(order.months, 1)), lang),
                  })
                : order.months > 0
                  ? t("checkout.no_renewal", { count: order.months })
                  : t("checkout.one_off")}
          </p>
          {order.digitalContent ? (
            <CheckboxField name="digital_consent" label={t("checkout.digital_consent")} errors={consentError} />
          ) : null}
          {order.goods === "dollar" ? <DollarTermsNote /> : null}
          <button className={`${ui.button} ${css.payButton}`} type="submit" data-testid="pay-button">
            {t("checkout.pay_button")}
          </button>
          <p className={ui.muted}>{t("checkout.pay_note")}</p>
        </Form>
      </div>
      <script src={CHECKOUT_SCRIPT} defer />
    </main>
  );
}
