/**
 * The fake age-verification provider (issue 30 item 1, ADR 105): the embedded default. It behaves like the hosted
 * identification flows the product will use — the member is sent to its own page with our session reference, it tells
 * the product the outcome by a signed webhook (timestamp and nonce), then sends the member back — so the whole path,
 * forgery and replay included, runs offline, by hand and in tests.
 *
 * Its page (/fake-age-provider/identify/{ref}) is server-rendered HTML without JavaScript, clearly marked as a test,
 * with the outcomes "approve" (18 or older) and "decline". It keeps no state: the request travels in the page's
 * address, signed with the fake's key, so nobody can change the reference or the webhook address on the way.
 * Mounted only where config.ageVerification.fake.enabled (never in a real production start without
 * AGE_VERIFICATION_FAKE=1).
 */
import { Hono } from "hono";
import { createHmac, randomBytes } from "node:crypto";
import type { AppConfig } from "../../config";
import { safeEqual } from "../../lib/crypto";
import { escapeHtml } from "../../lib/html";
import { fakeButtonStyle, fakePageLayout, fakePageResponse } from "../fake-provider-page";
import { originVerdict, ownOrigins } from "../../security/same-origin";
import { AGE_SIGNATURE_HEADER } from "./hosted";
import { eventOfBody, type AgeVerificationProvider, type AgeWebhookBody, type IdentificationRequest } from "./port";
import { signWebhook, verifyWebhook } from "./signature";

export const FAKE_AGE_PROVIDER_NAME = "fake";
/** Where the fake's page answers (outside /api: it plays a third party's site). */
export const FAKE_AGE_PROVIDER_PATH = "/fake-age-provider";
/** A page address stays usable this long (a member who leaves the tab open and comes back). */
const PAGE_VALID_MS = 24 * 3600 * 1000;

type FakeConfig = Pick<AppConfig, "publicUrl" | "ageVerification">;

/** What the page's address carries, signed. */
interface FakeIdentification {
  ref: string;
  ret: string;
  notify: string;
  lang: string;
  iat: number;
}

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64url");
const unb64 = (text: string) => Buffer.from(text, "base64url").toString("utf8");
const pageSignature = (secret: string, data: string) => createHmac("sha256", secret).update(`page.${data}`).digest("base64url");

export function createFakeAgeProvider(config: FakeConfig, now: () => number): AgeVerificationProvider {
  const { secret } = config.ageVerification.fake;
  return {
    name: FAKE_AGE_PROVIDER_NAME,
    identificationUrl(request: IdentificationRequest): string {
      const page: FakeIdentification = {
        ref: request.reference,
        ret: request.returnUrl,
        notify: request.notifyUrl,
        lang: request.language,
        iat: now(),
      };
      const data = b64(JSON.stringify(page));
      const query = new URLSearchParams({ d: data, s: pageSignature(secret, data) });
      return `${config.publicUrl}${FAKE_AGE_PROVIDER_PATH}/identify/${encodeURIComponent(request.reference)}?${query.toString()}`;
    },
    verifyWebhook({ headers, body }) {
      const check = verifyWebhook(secret, body, headers[AGE_SIGNATURE_HEADER], now(), config.ageVerification.toleranceSeconds);
      if (!check.ok) return check;
      const event = eventOfBody(FAKE_AGE_PROVIDER_NAME, body, check.nonce);
      return event ? { ok: true, event } : { ok: false, verdict: "invalid_body" };
    },
  };
}

/** Signs a webhook body as the fake provider does (its page, and tests that play the provider). */
export function signFakeAgeWebhook(config: Pick<AppConfig, "ageVerification">, body: string, nowMs: number, nonce?: string) {
  return {
    "content-type": "application/json",
    [AGE_SIGNATURE_HEADER]: signWebhook(config.ageVerification.fake.secret, body, Math.floor(nowMs / 1000), nonce),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The page

type PageLanguage = "de" | "en" | "es" | "pl";
type PageTexts = Record<"title" | "banner" | "intro" | "approve" | "decline" | "invalid" | "refused", string>;
const TEXTS: Record<PageLanguage, PageTexts> = {
  de: {
    title: "Test-Altersverifikation",
    banner: "TESTANBIETER – hier wird niemand wirklich identifiziert.",
    intro:
      "Ein echter Anbieter würde dich jetzt identifizieren (Ausweis, Video oder eID). Wähle das Ergebnis. Der Anbieter meldet es signiert an Velora und schickt dich zurück.",
    approve: "Identifiziert, 18 oder älter",
    decline: "Ablehnen",
    invalid: "Dieser Link zur Altersverifikation ist ungültig oder abgelaufen.",
    refused: "Velora hat die Meldung nicht angenommen",
  },
  en: {
    title: "Test age verification",
    banner: "TEST PROVIDER – nobody is really identified here.",
    intro:
      "A real provider would identify you now (ID document, video or eID). Choose the outcome. The provider reports it, signed, to Velora and sends you back.",
    approve: "Identified, 18 or older",
    decline: "Decline",
    invalid: "This age verification link is invalid or has expired.",
    refused: "Velora did not accept the message",
  },
  es: {
    title: "Verificación de edad de prueba",
    banner: "PROVEEDOR DE PRUEBA – aquí no se identifica a nadie de verdad.",
    intro:
      "Un proveedor real te identificaría ahora (documento, vídeo o eID). Elige el resultado. El proveedor lo comunica firmado a Velora y te devuelve.",
    approve: "Identificado, 18 años o más",
    decline: "Rechazar",
    invalid: "Este enlace de verificación de edad no es válido o ha caducado.",
    refused: "Velora no aceptó el mensaje",
  },
  pl: {
    title: "Testowa weryfikacja wieku",
    banner: "DOSTAWCA TESTOWY – nikt nie jest tu naprawdę identyfikowany.",
    intro:
      "Prawdziwy dostawca zidentyfikowałby cię teraz (dokument, wideo lub eID). Wybierz wynik. Dostawca zgłosi go Velorze z podpisem i odeśle cię z powrotem.",
    approve: "Zidentyfikowano, 18 lat lub więcej",
    decline: "Odrzuć",
    invalid: "Ten link do weryfikacji wieku jest nieprawidłowy lub wygasł.",
    refused: "Velora nie przyjęła komunikatu",
  },
};
const languageOf = (lang: string | undefined): PageLanguage => (lang === "en" || lang === "es" || lang === "pl" ? lang : "de");

export interface FakeAgePageOptions {
  config: FakeConfig;
  now: () => number;
  /** Delivers a webhook: in this process when it is our own API, else over the network. */
  send: (request: Request) => Promise<Response>;
}

/** The fake provider's page, mounted at FAKE_AGE_PROVIDER_PATH; only where config.ageVerification.fake.enabled. */
export function fakeAgeProviderPage({ config, now, send }: FakeAgePageOptions): Hono {
  const app = new Hono();
  const secret = config.ageVerification.fake.secret;
  const isOwn = ownOrigins(config.publicUrl);

  const identificationOf = (ref: string, d: string | undefined, s: string | undefined): FakeIdentification | null => {
    if (!d || !s || d.length > 4000 || !safeEqual(pageSignature(secret, d), s)) return null;
    try {
      const page = JSON.parse(unb64(d)) as FakeIdentification;
      if (page.ref !== ref || now() - page.iat > PAGE_VALID_MS) return null;
      return page;
    } catch {
      return null;
    }
  };

  app.get("/identify/:ref", (c) => {
    const d = c.req.query("d");
    const s = c.req.query("s");
    const page = identificationOf(c.req.param("ref"), d, s);
    if (!page) return fakePageResponse(invalidPage(languageOf(c.req.query("lang"))), 404);
    return fakePageResponse(identificationPage(page, d as string, s as string));
  });

  app.post("/identify/:ref", async (c) => {
    // The page's own buttons only: a form on another site cannot report outcomes in a visitor's browser.
    if (originVerdict(c.req.raw, isOwn) !== "same-origin") return fakePageResponse(invalidPage("de"), 403);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : undefined);
    const page = identificationOf(c.req.param("ref"), field("d"), field("s"));
    const outcome = field("outcome");
    if (!page || (outcome !== "approve" && outcome !== "decline")) return fakePageResponse(invalidPage("de"), 400);
    const body: AgeWebhookBody = {
      reference: page.ref,
      outcome: outcome === "approve" ? "verified" : "declined",
      age_over_18: outcome === "approve",
      txn_id: `fkav_${randomBytes(12).toString("hex")}`,
    };
    const text = JSON.stringify(body);
    const answer = await send(
      new Request(page.notify, { method: "POST", headers: signFakeAgeWebhook(config, text, now()), body: text }),
    ).catch(() => null);
    if (!answer || !answer.ok) {
      const t = TEXTS[languageOf(page.lang)];
      return fakePageResponse(
        fakePageLayout(t, `<h1 style="font-size:1.3rem">${escapeHtml(t.refused)}</h1><p>HTTP ${answer?.status ?? "—"}</p>`),
        502,
      );
    }
    // The return address shows the state and grants nothing: access follows the webhook alone.
    return /^https?:\/\//.test(page.ret) ? c.redirect(page.ret, 303) : c.redirect(config.publicUrl, 303);
  });

  return app;
}

function outcomeForm(page: FakeIdentification, d: string, s: string, outcome: "approve" | "decline", label: string, color: string) {
  return `<form method="post" action="${FAKE_AGE_PROVIDER_PATH}/identify/${encodeURIComponent(page.ref)}" style="margin:0">
<input type="hidden" name="d" value="${escapeHtml(d)}"><input type="hidden" name="s" value="${escapeHtml(s)}"><input type="hidden" name="outcome" value="${outcome}">
<button type="submit" style="${fakeButtonStyle(color)}">${escapeHtml(label)}</button></form>`;
}

function identificationPage(page: FakeIdentification, d: string, s: string): string {
  const lang = languageOf(page.lang);
  const t = TEXTS[lang];
  const content = `<h1 style="font-size:1.4rem;margin:8px 0">${escapeHtml(t.title)}</h1>
<p>${escapeHtml(t.intro)}</p>
${outcomeForm(page, d, s, "approve", t.approve, "#15803d")}
${outcomeForm(page, d, s, "decline", t.decline, "#b91c1c")}`;
  return fakePageLayout(t, content, lang);
}

function invalidPage(lang: PageLanguage): string {
  const t = TEXTS[lang];
  return fakePageLayout(t, `<h1 style="font-size:1.3rem">${escapeHtml(t.invalid)}</h1>`, lang);
}
