/**
 * The embedded cash-to-code voucher page (ADR 079): a stand-in for the provider's hosted page, in the shape of the
 * real flow (redirect → voucher → signed postback → back to the shop). It exists only while no CASHTOCODE_URL is
 * configured and never in a real production start, and says on its face that no real money moves. Plain HTML and
 * one form: it works without JavaScript.
 */
import { isLanguage, type Language } from "../../contract/locales";
import { escapeHtml } from "../../lib/html";
import { formatEuros } from "./mails";

const WORDS: Record<Language, Record<"title" | "test" | "intro" | "code" | "paid" | "cancel" | "gone", string>> = {
  de: {
    title: "Bar bezahlen mit Cash-to-Code",
    test: "Testseite: Hier bewegt sich kein echtes Geld.",
    intro: "Zeige diesen Code an einer Kasse einer Partnerfiliale und zahle {amount} in bar.",
    code: "Dein Gutscheincode",
    paid: "Ich habe bar bezahlt",
    cancel: "Abbrechen",
    gone: "Dieser Gutschein ist nicht mehr gültig.",
  },
  en: {
    title: "Pay cash with Cash-to-Code",
    test: "Test page: no real money moves here.",
    intro: "Show this code at the till of a partner shop and pay {amount} in cash.",
    code: "Your voucher code",
    paid: "I have paid in cash",
    cancel: "Cancel",
    gone: "This voucher is no longer valid.",
  },
  es: {
    title: "Pagar en efectivo con Cash-to-Code",
    test: "Página de prueba: aquí no se mueve dinero real.",
    intro: "Muestra este código en la caja de una tienda asociada y paga {amount} en efectivo.",
    code: "Tu código de cupón",
    paid: "He pagado en efectivo",
    cancel: "Cancelar",
    gone: "Este cupón ya no es válido.",
  },
  pl: {
    title: "Płać gotówką przez Cash-to-Code",
    test: "Strona testowa: nie są tu przesyłane prawdziwe pieniądze.",
    intro: "Pokaż ten kod przy kasie sklepu partnerskiego i zapłać {amount} gotówką.",
    code: "Twój kod kuponu",
    paid: "Zapłaciłem(-am) gotówką",
    cancel: "Anuluj",
    gone: "Ten kupon nie jest już ważny.",
  },
};

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;background:#f4f1ec;color:#1d1b19}
main{max-width:28rem;margin:0 auto;padding:1.25rem}
.test{background:#fff3c4;border:1px solid #e0c65c;padding:.75rem;border-radius:.5rem;font-weight:600}
.code{font-size:1.6rem;letter-spacing:.15em;font-weight:700;background:#fff;border:2px dashed #8a7f72;padding:1rem;text-align:center;border-radius:.5rem;word-break:break-all}
form{display:flex;flex-direction:column;gap:.75rem;margin-top:1.25rem}
button{min-height:48px;font-size:1rem;border-radius:.5rem;border:1px solid #5b4f43;background:#fff;color:#1d1b19}
button[value=paid]{background:#2e6b3f;border-color:#2e6b3f;color:#fff;font-weight:600}`;

function page(language: Language, title: string, body: string): string {
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** A readable voucher code for the order (the real provider prints its own). */
export function voucherCode(orderRef: string): string {
  const compact = orderRef
    .replace(/[^A-Za-z0-9]/g, "")
    .toUpperCase()
    .slice(0, 12)
    .padEnd(12, "0");
  return compact.replace(/(.{4})(?=.)/g, "$1-");
}

export function voucherPageHtml(input: { language: string; amountCents: number; orderRef: string; action: string }): string {
  const language = isLanguage(input.language) ? input.language : "de";
  const words = WORDS[language];
  const amount = formatEuros(input.amountCents, language);
  return page(
    language,
    words.title,
    `<h1>${escapeHtml(words.title)}</h1><p class="test">${escapeHtml(words.test)}</p><p>${escapeHtml(words.intro.replace("{amount}", amount))}</p>` +
      `<p>${escapeHtml(words.code)}</p><p class="code">${escapeHtml(voucherCode(input.orderRef))}</p>` +
      `<form method="post" action="${escapeHtml(input.action)}"><button type="submit" name="action" value="paid">${escapeHtml(words.paid)}</button>` +
      `<button type="submit" name="action" value="cancelled">${escapeHtml(words.cancel)}</button></form>`,
  );
}

export function voucherGoneHtml(language: string): string {
  const lang = isLanguage(language) ? language : "de";
  return page(lang, WORDS[lang].title, `<h1>${escapeHtml(WORDS[lang].title)}</h1><p>${escapeHtml(WORDS[lang].gone)}</p>`);
}
