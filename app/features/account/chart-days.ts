/**
 * The dashboard charts' day labels without date-fns and its four locales (10.6 KB gzipped on the dashboard, ADR 149):
 * the short label is ~/utils/dates' formatDayMonth ("5. Dez."), the long one is written here with date-fns's "MMMM"
 * of each language, as date-fns printed "d. MMMM yyyy" / "d MMMM yyyy" / "d 'de' MMMM 'de' yyyy" before.
 * tests/web/utils/dates.test.ts compares both with date-fns for every day of a leap year. Kept out of ~/utils/dates,
 * which every hydrated page loads, so the long month names weigh on the dashboard only.
 */
import type { Language } from "#server/contract/locales";
import { formatDayMonth } from "~/utils/dates";

/** date-fns's "MMMM" of each language in a date (Polish in the genitive: "5 grudnia 2026"). */
const MONTHS_LONG: Record<Language, readonly string[]> = {
  de: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  es: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
  pl: [
    "stycznia",
    "lutego",
    "marca",
    "kwietnia",
    "maja",
    "czerwca",
    "lipca",
    "sierpnia",
    "września",
    "października",
    "listopada",
    "grudnia",
  ],
};

/** "5. Dezember 2026", "5 de diciembre de 2026"; input that is not a calendar day (YYYY-MM-DD) is returned as it is. */
export function formatLongDate(isoDate: string, lang: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  // Read as a calendar day (no time zone); an overflowing day rolls over as date-fns's Date would.
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const day = date.getDate();
  const month = MONTHS_LONG[lang][date.getMonth()] ?? "";
  const year = String(date.getFullYear()).padStart(4, "0");
  if (lang === "de") return `${day}. ${month} ${year}`;
  return lang === "es" ? `${day} de ${month} de ${year}` : `${day} ${month} ${year}`;
}

/** A calendar day (YYYY-MM-DD) in the page's language: "5. Dez." (short) or "5. Dezember 2026" (long). */
export function formatChartDay(day: string, lang: Language, length: "short" | "long"): string {
  return length === "short" ? formatDayMonth(day, lang) : formatLongDate(day, lang);
}
