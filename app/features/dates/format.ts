/** A date's moment and price as the member reads them: in the site's home zone, per language (date-fns). */
import { format } from "date-fns";
import { de, enGB, es, pl } from "date-fns/locale";
import { localDateTime } from "#server/contract/dates";
import { LANGUAGE_TAGS, type Language } from "#server/contract/locales";

const FORMATS: Record<Language, { pattern: string; locale: typeof de }> = {
  de: { pattern: "EEE, d. MMM yyyy, HH:mm 'Uhr'", locale: de },
  en: { pattern: "EEE, MMM d, yyyy, HH:mm", locale: enGB },
  es: { pattern: "EEE, d MMM yyyy, HH:mm", locale: es },
  pl: { pattern: "EEE, d MMM yyyy, HH:mm", locale: pl },
};

/** "Do., 26. Nov. 2026, 20:00 Uhr": the wall clock in Berlin, whatever zone the server runs in. */
export function formatDateTime(ms: number, lang: Language): string {
  const wall = localDateTime(ms);
  const [y, mo, d] = wall.date.split("-").map(Number) as [number, number, number];
  const [h, mi] = wall.time.split(":").map(Number) as [number, number];
  const { pattern, locale } = FORMATS[lang];
  return format(new Date(y, mo - 1, d, h, mi), pattern, { locale });
}

export function formatPrice(value: number, currency: string, lang: Language): string {
  return new Intl.NumberFormat(LANGUAGE_TAGS[lang], { style: "currency", currency, maximumFractionDigits: 0 }).format(value);
}
