/**
 * The fake payment provider (issue 26, ADR 075): the embedded default for card (CC) and open banking (OB). It behaves
 * like the hosted-form providers the product will use — the buyer is sent to its own payment page, it tells the
 * product what happened by a signed postback, then sends the buyer back — so the whole path, signatures and replays
 * included, runs offline, by hand and in tests.
 *
 * Its page (/fake-provider/pay/{ref}) is server-rendered HTML without JavaScript, clearly marked as a test, with the
 * outcomes success, failure and pending, and for a paid order chargeback and refund from the same address later.
 * It keeps no state: the payment request travels in the page's address, signed with the fake provider's key, so
 * nobody can change the amount or the postback URL on the way.
 */
import { Hono } from "hono";
import { createHmac, randomBytes } from "node:crypto";
import type { AppConfig } from "../../config";
import { PAYMENT_METHODS, PAYMENT_OUTCOMES, type PaymentMethod, type PaymentOutcome } from "../../contract/billing";
import { escapeHtml } from "../../lib/html";
import { fakeButtonStyle, fakePageLayout, fakePageResponse } from "../fake-provider-page";
import { safeEqual } from "../../lib/crypto";
import { originVerdict, ownOrigins } from "../../security/same-origin";
import type { IncomingPostback, PaymentEvent, PaymentProvider, PaymentRequest, PaymentStart } from "./port";
import { signPayload, verifyPayload } from "./signature";

export const FAKE_PROVIDER_NAME = "fake";
/** Where the fake provider's page answers (outside /api: it plays a third party's site). */
export const FAKE_PROVIDER_PATH = "/fake-provider";
/** The postback header carrying `t=<seconds>,v1=<hex>`. */
export const FAKE_SIGNATURE_HEADER = "x-fake-signature";
/** A page address stays usable this long: chargebacks and refunds come weeks after the payment. */
const PAGE_VALID_MS = 180 * 24 * 3600 * 1000;
/** A stored token whose text ends so makes the fake's renewal charges fail (renewal tests and benchmarks). */
export const FAKE_FAILING_TOKEN_SUFFIX = "_fail";

/** What the page's address carries, signed. */
interface FakePayment {
  ref: string;
  amount: number;
  currency: string;
  method: PaymentMethod;
  desc: string;
  lang: string;
  ret: string;
  notify: string;
  /** The provider's reference of this payment attempt: its transaction id in every message about it. */
  pr: string;
  iat: number;
}

/** The body of a postback (JSON), signed whole. */
export interface FakePostbackBody {
  txn_id: string;
  order_ref: string;
  outcome: PaymentOutcome;
  amount_cents: number;
  currency: string;
  method: PaymentMethod | null;
  payment_country: string | null;
  rebill_token: string | null;
}

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64url");
const unb64 = (text: string) => Buffer.from(text, "base64url").toString("utf8");
const pageSignature = (secret: string, data: string) => createHmac("sha256", secret).update(`page.${data}`).digest("base64url");

/**
 * The charges of stored tokens this process made, by order ref: the fake's memory for idempotent charges and its
 * status query (a real provider keeps this on its side). Bounded: the oldest are forgotten first.
 */
const fakeCharges = new Map<string, PaymentEvent>();
const FAKE_CHARGES_KEPT = 100_000;

function rememberCharge(event: PaymentEvent): void {
  fakeCharges.set(event.orderRef, event);
  if (fakeCharges.size > FAKE_CHARGES_KEPT) fakeCharges.delete(fakeCharges.keys().next().value!);
}

export function createFakeProvider(config: Pick<AppConfig, "publicUrl" | "payments">, now: () => number): PaymentProvider {
  const { secret } = config.payments.fake;
  return {
    name: FAKE_PROVIDER_NAME,
    methods: ["CC", "OB"],
    async start(request: PaymentRequest): Promise<PaymentStart> {
      const payment: FakePayment = {
        ref: request.orderRef,
        amount: request.amountCents,
        currency: request.currency,
        method: request.method,
        desc: request.description,
        lang: request.language,
        ret: request.returnUrl,
        notify: request.notifyUrl,
        pr: `fk_${randomBytes(12).toString("hex")}`,
        iat: now(),
      };
      const data = b64(JSON.stringify(payment));
      const query = new URLSearchParams({ d: data, s: pageSignature(secret, data) });
      const url = `${config.publicUrl}${FAKE_PROVIDER_PATH}/pay/${encodeURIComponent(request.orderRef)}?${query.toString()}`;
      return { kind: "redirect", url, providerReference: payment.pr };
    },
    async charge(request) {
      // A second charge under the same order ref is the first one again (a provider's idempotency by the merchant's
      // reference): it answers the same transaction and charges nothing more.
      const earlier = fakeCharges.get(request.orderRef);
      if (earlier) return { accepted: earlier.outcome === "success", providerReference: earlier.providerTxnId, event: earlier };
      // A stored token answers at once, as a provider's server API does; its event settles like a postback.
      const providerReference = `fkc_${randomBytes(12).toString("hex")}`;
      const fails = request.token.endsWith(FAKE_FAILING_TOKEN_SUFFIX);
      const event: PaymentEvent = {
        provider: FAKE_PROVIDER_NAME,
        providerTxnId: providerReference,
        orderRef: request.orderRef,
        outcome: fails ? "failure" : "success",
        amountCents: request.amountCents,
        method: request.method,
        paymentCountry: null,
        rebillToken: request.token,
      };
      rememberCharge(event);
      return { accepted: !fails, providerReference, event };
    },
    async chargeStatus(orderRef) {
      return fakeCharges.get(orderRef) ?? "none";
    },
    async refund(request) {
      // The fake sends the money back at once; the refund's own id lets a later postback about it be recognised.
      return { accepted: request.amountCents > 0, providerTxnId: `${request.providerReference}:refund:${randomBytes(6).toString("hex")}` };
    },
    verifyPostback(postback: IncomingPostback): PaymentEvent | null {
      const verdict = verifyPayload(
        secret,
        postback.body,
        postback.headers[FAKE_SIGNATURE_HEADER],
        now(),
        config.payments.postbackToleranceSeconds,
      );
      if (verdict !== "ok") return null;
      return eventOf(postback.body);
    },
  };
}

/** A signed body as the event it describes, or null when its fields are not what the fake sends. */
function eventOf(body: string): PaymentEvent | null {
  let parsed: Partial<FakePostbackBody>;
  try {
    parsed = JSON.parse(body) as Partial<FakePostbackBody>;
  } catch {
    return null;
  }
  if (typeof parsed !== "object" || parsed === null) return null;
  const { txn_id, order_ref, outcome, amount_cents, method } = parsed;
  if (typeof txn_id !== "string" || txn_id.length === 0 || txn_id.length > 200) return null;
  if (typeof order_ref !== "string" || order_ref.length === 0 || order_ref.length > 100) return null;
  if (!(PAYMENT_OUTCOMES as readonly unknown[]).includes(outcome)) return null;
  if (!Number.isSafeInteger(amount_cents) || (amount_cents as number) < 0) return null;
  if (method !== null && method !== undefined && !(PAYMENT_METHODS as readonly unknown[]).includes(method)) return null;
  const country = typeof parsed.payment_country === "string" && /^[A-Z]{2}$/.test(parsed.payment_country) ? parsed.payment_country : null;
  return {
    provider: FAKE_PROVIDER_NAME,
    providerTxnId: txn_id,
    orderRef: order_ref,
    outcome: outcome as PaymentOutcome,
    amountCents: amount_cents as number,
    method: (method ?? null) as PaymentMethod | null,
    paymentCountry: country,
    rebillToken: typeof parsed.rebill_token === "string" ? parsed.rebill_token : null,
    raw: parsed,
  };
}

/** Signs a postback body as the fake provider does (its page, and tests that play the provider). */
export function signFakePostback(config: Pick<AppConfig, "payments">, body: string, nowMs: number): Record<string, string> {
  return {
    "content-type": "application/json",
    [FAKE_SIGNATURE_HEADER]: signPayload(config.payments.fake.secret, body, Math.floor(nowMs / 1000)),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The page

type PageLanguage = "de" | "en" | "es" | "pl";
type PageTexts = Record<
  | "title"
  | "banner"
  | "intro"
  | "amount"
  | "order"
  | "method"
  | "success"
  | "failure"
  | "pending"
  | "later"
  | "laterIntro"
  | "chargeback"
  | "refund"
  | "refundAmount"
  | "invalid"
  | "refused"
  | "sent"
  | "back",
  string
>;
const TEXTS: Record<PageLanguage, PageTexts> = {
  de: {
    title: "Test-Zahlungsanbieter",
    banner: "TESTANBIETER – hier fließt kein echtes Geld.",
    intro: "Wähle, was mit dieser Zahlung passieren soll. Der Anbieter meldet es signiert an Velora und schickt dich zurück.",
    amount: "Betrag",
    order: "Bestellung",
    method: "Zahlart",
    success: "Zahlung erfolgreich",
    failure: "Zahlung fehlgeschlagen",
    pending: "Zahlung ausstehend",
    later: "Nach der Zahlung",
    laterIntro: "Für eine bezahlte Bestellung: Rückbuchung durch die Bank oder Erstattung durch den Anbieter.",
    chargeback: "Rückbuchung (Chargeback)",
    refund: "Erstatten",
    refundAmount: "Erstattungsbetrag in Euro",
    invalid: "Dieser Zahlungslink ist ungültig oder abgelaufen.",
    refused: "Velora hat die Meldung nicht angenommen",
    sent: "Gemeldet",
    back: "Zurück zu Velora",
  },
  en: {
    title: "Test payment provider",
    banner: "TEST PROVIDER – no real money moves here.",
    intro: "Choose what should happen to this payment. The provider reports it, signed, to Velora and sends you back.",
    amount: "Amount",
    order: "Order",
    method: "Method",
    success: "Payment succeeds",
    failure: "Payment fails",
    pending: "Payment pending",
    later: "After the payment",
    laterIntro: "For a paid order: a chargeback by the bank or a refund by the provider.",
    chargeback: "Chargeback",
    refund: "Refund",
    refundAmount: "Refund amount in euros",
    invalid: "This payment link is invalid or has expired.",
    refused: "Velora did not accept the message",
    sent: "Reported",
    back: "Back to Velora",
  },
  es: {
    title: "Proveedor de pago de prueba",
    banner: "PROVEEDOR DE PRUEBA – aquí no se mueve dinero real.",
    intro: "Elige qué debe pasar con este pago. El proveedor lo comunica firmado a Velora y te devuelve.",
    amount: "Importe",
    order: "Pedido",
    method: "Método",
    success: "Pago correcto",
    failure: "Pago fallido",
    pending: "Pago pendiente",
    later: "Después del pago",
    laterIntro: "Para un pedido pagado: una devolución bancaria (chargeback) o un reembolso del proveedor.",
    chargeback: "Devolución bancaria (chargeback)",
    refund: "Reembolsar",
    refundAmount: "Importe del reembolso en euros",
    invalid: "Este enlace de pago no es válido o ha caducado.",
    refused: "Velora no aceptó el mensaje",
    sent: "Comunicado",
    back: "Volver a Velora",
  },
  pl: {
    title: "Testowy dostawca płatności",
    banner: "DOSTAWCA TESTOWY – tu nie płyną prawdziwe pieniądze.",
    intro: "Wybierz, co ma się stać z tą płatnością. Dostawca zgłosi to Velorze z podpisem i odeśle cię z powrotem.",
    amount: "Kwota",
    order: "Zamówienie",
    method: "Metoda",
    success: "Płatność udana",
    failure: "Płatność nieudana",
    pending: "Płatność oczekująca",
    later: "Po płatności",
    laterIntro: "Dla opłaconego zamówienia: obciążenie zwrotne przez bank lub zwrot przez dostawcę.",
    chargeback: "Obciążenie zwrotne (chargeback)",
    refund: "Zwróć",
    refundAmount: "Kwota zwrotu w euro",
    invalid: "Ten link do płatności jest nieprawidłowy lub wygasł.",
    refused: "Velora nie przyjęła komunikatu",
    sent: "Zgłoszono",
    back: "Wróć do Velory",
  },
};
const languageOf = (lang: string | undefined): PageLanguage => (lang === "en" || lang === "es" || lang === "pl" ? lang : "de");

export interface FakePageOptions {
  config: Pick<AppConfig, "publicUrl" | "payments">;
  now: () => number;
  /** Delivers a postback: in this process when it is our own API, else over the network. */
  send: (request: Request) => Promise<Response>;
}

/** The fake provider's page, mounted at FAKE_PROVIDER_PATH; only where config.payments.fake.enabled (ADR 075). */
export function fakeProviderPage({ config, now, send }: FakePageOptions): Hono {
  const app = new Hono();
  const secret = config.payments.fake.secret;
  const isOwn = ownOrigins(config.publicUrl);

  const paymentOf = (ref: string, d: string | undefined, s: string | undefined): FakePayment | null => {
    if (!d || !s || d.length > 8000 || !safeEqual(pageSignature(secret, d), s)) return null;
    try {
      const payment = JSON.parse(unb64(d)) as FakePayment;
      if (payment.ref !== ref || now() - payment.iat > PAGE_VALID_MS) return null;
      return payment;
    } catch {
      return null;
    }
  };

  app.get("/pay/:ref", (c) => {
    const payment = paymentOf(c.req.param("ref"), c.req.query("d"), c.req.query("s"));
    if (!payment) return fakePageResponse(invalidPage(languageOf(c.req.query("lang"))), 404);
    return fakePageResponse(paymentPage(payment, c.req.query("d") as string, c.req.query("s") as string, c.req.query("sent") ?? null));
  });

  app.post("/pay/:ref", async (c) => {
    // The page's own buttons only: a form on another site cannot report outcomes in a visitor's browser.
    if (originVerdict(c.req.raw, isOwn) !== "same-origin") return fakePageResponse(invalidPage("de"), 403);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : undefined);
    const d = field("d");
    const s = field("s");
    const payment = paymentOf(c.req.param("ref"), d, s);
    const outcome = field("outcome") as PaymentOutcome | undefined;
    if (!payment || !outcome || !(PAYMENT_OUTCOMES as readonly string[]).includes(outcome)) return fakePageResponse(invalidPage("de"), 400);
    const t = TEXTS[languageOf(payment.lang)];
    let amount = payment.amount;
    let txnId = payment.pr;
    if (outcome === "refund") {
      const euros = Number((field("amount") ?? "").replace(",", "."));
      amount = Number.isFinite(euros) && euros > 0 ? Math.min(payment.amount, Math.round(euros * 100)) : payment.amount;
      txnId = `${payment.pr}:refund:${randomBytes(6).toString("hex")}`;
    }
    const body: FakePostbackBody = {
      txn_id: txnId,
      order_ref: payment.ref,
      outcome,
      amount_cents: amount,
      currency: payment.currency,
      method: payment.method,
      payment_country: "DE",
      rebill_token: outcome === "success" ? `fktok_${payment.pr}` : null,
    };
    const text = JSON.stringify(body);
    const answer = await send(
      new Request(payment.notify, { method: "POST", headers: signFakePostback(config, text, now()), body: text }),
    ).catch(() => null);
    if (!answer || !answer.ok) {
      const page = `<h1 style="font-size:1.3rem">${escapeHtml(t.refused)}</h1><p>HTTP ${answer?.status ?? "—"}</p>`;
      return fakePageResponse(fakePageLayout(t, page), 502);
    }
    if (outcome === "chargeback" || outcome === "refund") {
      // Later events leave the buyer on this page, where the next one can be chosen.
      const back = new URLSearchParams({ d: d as string, s: s as string, sent: outcome });
      return c.redirect(`${FAKE_PROVIDER_PATH}/pay/${encodeURIComponent(payment.ref)}?${back.toString()}`, 303);
    }
    // The return address shows the paying state and grants nothing: access follows the postback alone.
    return /^https?:\/\//.test(payment.ret) ? c.redirect(payment.ret, 303) : c.redirect(config.publicUrl, 303);
  });

  return app;
}

function outcomeForm(
  payment: FakePayment,
  d: string,
  s: string,
  outcome: PaymentOutcome,
  label: string,
  color: string,
  extra = "",
): string {
  return `<form method="post" action="${FAKE_PROVIDER_PATH}/pay/${encodeURIComponent(payment.ref)}" style="margin:0">
<input type="hidden" name="d" value="${escapeHtml(d)}"><input type="hidden" name="s" value="${escapeHtml(s)}"><input type="hidden" name="outcome" value="${outcome}">
${extra}<button type="submit" style="${fakeButtonStyle(color)}">${escapeHtml(label)}</button></form>`;
}

function paymentPage(payment: FakePayment, d: string, s: string, sent: string | null): string {
  const lang = languageOf(payment.lang);
  const t = TEXTS[lang];
  const money = new Intl.NumberFormat(lang, { style: "currency", currency: payment.currency || "EUR" }).format(payment.amount / 100);
  const refundDefault = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, useGrouping: false }).format(payment.amount / 100);
  const notice = sent
    ? `<p role="status" style="background:#dcfce7;padding:8px 12px;border-radius:6px">${escapeHtml(t.sent)}: ${escapeHtml(sent)}</p>`
    : "";
  const content = `<h1 style="font-size:1.4rem;margin:8px 0">${escapeHtml(t.title)}</h1>${notice}
<dl style="display:grid;grid-template-columns:auto 1fr;gap:4px 12px;background:#fff;padding:12px;border-radius:8px">
<dt>${escapeHtml(t.amount)}</dt><dd style="margin:0;font-weight:700">${escapeHtml(money)}</dd>
<dt>${escapeHtml(t.order)}</dt><dd style="margin:0;word-break:break-all">${escapeHtml(payment.desc)}</dd>
<dt>${escapeHtml(t.method)}</dt><dd style="margin:0">${escapeHtml(payment.method)}</dd></dl>
<p>${escapeHtml(t.intro)}</p>
${outcomeForm(payment, d, s, "success", t.success, "#15803d")}
${outcomeForm(payment, d, s, "failure", t.failure, "#b91c1c")}
${outcomeForm(payment, d, s, "pending", t.pending, "#1d4ed8")}
<h2 style="font-size:1.1rem;margin-top:24px">${escapeHtml(t.later)}</h2><p>${escapeHtml(t.laterIntro)}</p>
${outcomeForm(payment, d, s, "chargeback", t.chargeback, "#52525b")}
${outcomeForm(
  payment,
  d,
  s,
  "refund",
  t.refund,
  "#52525b",
  `<label for="fake-refund-amount" style="display:block;margin-top:8px">${escapeHtml(t.refundAmount)}</label><input id="fake-refund-amount" name="amount" inputmode="decimal" value="${refundDefault}" style="display:block;width:100%;box-sizing:border-box;min-height:44px;font-size:1rem;padding:8px;border:1px solid #a1a1aa;border-radius:6px">`,
)}`;
  return fakePageLayout(t, content, lang);
}

function invalidPage(lang: PageLanguage): string {
  const t = TEXTS[lang];
  return fakePageLayout(t, `<h1 style="font-size:1.3rem">${escapeHtml(t.invalid)}</h1>`, lang);
}
