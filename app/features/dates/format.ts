/** A date's moment as the member reads it: in the site's home zone, per language (date-fns). Prices: ~/utils/money. */
import { format } from "date-fns";
import { de, enGB, es, pl } from "date-fns/locale";
import { localDateTime } from "#server/contract/dates";
import type { Language } from "#server/contract/locales";

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
