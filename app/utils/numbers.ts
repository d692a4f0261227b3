import { LANGUAGE_TAGS, type Language } from "#server/contract/locales";
import { useLang } from "~/i18n/lang";

/** Counts of 1000 and more in k (1.2k, 15k; spec section 9). */
export function compactCount(n: number, decimalSeparator = "."): string {
  if (!Number.isFinite(n) || n < 1000) return String(Math.max(0, Math.trunc(Number.isFinite(n) ? n : 0)));
  const k = n / 1000;
  // The language's decimal mark (1,2k in German): useNumbers passes it.
  return `${String(k >= 10 ? Math.floor(k) : Math.floor(k * 10) / 10).replace(".", decimalSeparator)}k`;
}

interface NumberFormats {
  decimalSeparator: string;
  oneDecimal: Intl.NumberFormat;
  integer: Intl.NumberFormat;
  kilobytes: Intl.NumberFormat;
  megabytes: Intl.NumberFormat;
}

const formats = new Map<Language, NumberFormats>();
/** Built once per language: Intl formatters are costly to create on every render. */
function formatsOf(lang: Language): NumberFormats {
  let entry = formats.get(lang);
  if (!entry) {
    const tag = LANGUAGE_TAGS[lang];
    const decimalSeparator = new Intl.NumberFormat(tag).formatToParts(1.5).find((part) => part.type === "decimal")?.value ?? ".";
    entry = {
      decimalSeparator,
      oneDecimal: new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
      integer: new Intl.NumberFormat(tag, { maximumFractionDigits: 0 }),
      kilobytes: new Intl.NumberFormat(tag, { style: "unit", unit: "kilobyte", maximumFractionDigits: 1 }),
      megabytes: new Intl.NumberFormat(tag, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }),
    };
    formats.set(lang, entry);
  }
  return entry;
}

/**
 * A file size in the page's language, in decimal units as the spec counts bytes (50,000 bytes is "50 kB",
 * 20,000,000 is "20 MB").
 */
export function formatFileSize(bytes: number, lang: Language): string {
  const { kilobytes, megabytes } = formatsOf(lang);
  return bytes >= 1_000_000 ? megabytes.format(bytes / 1_000_000) : kilobytes.format(bytes / 1_000);
}

/** A whole number with the language's grouping ("1.000" in German). */
export function formatInteger(n: number, lang: Language): string {
  return formatsOf(lang).integer.format(n);
}

/**
 * Counts (1000+ as k, spec section 9), one-decimal numbers such as ratings, whole numbers with the language's
 * grouping and file sizes, in the page's language.
 */
export function useNumbers() {
  const lang = useLang() as Language;
  const { decimalSeparator, oneDecimal, integer } = formatsOf(lang);
  return {
    count: (n: number) => compactCount(n, decimalSeparator),
    oneDecimal: (n: number) => oneDecimal.format(n),
    integer: (n: number) => integer.format(n),
    fileSize: (bytes: number) => formatFileSize(bytes, lang),
  };
}
