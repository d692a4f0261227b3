import { compactCount } from "#server/contract/search";
import { LANGUAGE_TAGS, type Language } from "#server/contract/locales";
import { useLang } from "~/i18n/lang";

interface NumberFormats {
  decimalSeparator: string;
  oneDecimal: Intl.NumberFormat;
}

const formats = new Map<Language, NumberFormats>();
/** Built once per language: Intl formatters are costly to create on every render. */
function formatsOf(lang: Language): NumberFormats {
  let entry = formats.get(lang);
  if (!entry) {
    const tag = LANGUAGE_TAGS[lang];
    const decimalSeparator = new Intl.NumberFormat(tag).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ".";
    entry = { decimalSeparator, oneDecimal: new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) };
    formats.set(lang, entry);
  }
  return entry;
}

/** Counts (1000+ as k, spec section 9) and one-decimal numbers such as ratings, in the page's language. */
export function useNumbers() {
  const lang = useLang() as Language;
  const { decimalSeparator, oneDecimal } = formatsOf(lang);
  return {
    count: (n: number) => compactCount(n, decimalSeparator),
    oneDecimal: (n: number) => oneDecimal.format(n),
  };
}
