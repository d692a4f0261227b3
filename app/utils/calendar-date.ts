/**
 * A calendar day for display, per language (DESIGN §5: en "MMM d, yyyy", de "d. MMM yyyy"), from a YYYY-MM-DD date
 * read as a calendar day, so no time zone can shift it. A leaf of its own (ADR 167): every form's error messages
 * format a day (app/i18n/translate.ts) and need nothing else of ./dates; ./dates re-exports these.
 *
 * The table is date-fns's "MMM" of each language: tests/web/utils/dates.test.ts compares every day of a year with
 * date-fns's output (ADR 050).
 */
import type { Language } from "#server/contract/locales";

const MONTHS: Record<Language, readonly string[]> = {
  de: ["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sep.", "Okt.", "Nov.", "Dez."],
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  es: ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"],
  pl: ["sty", "lut", "mar", "kwi", "maj", "cze", "lip", "sie", "wrz", "paź", "lis", "gru"],
};

function parts(isoDate: string, lang: Language): { day: number; month: string; year: string } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return { day: date.getDate(), month: MONTHS[lang][date.getMonth()] ?? "", year: String(date.getFullYear()).padStart(4, "0") };
}

export function formatCalendarDate(isoDate: string, lang: Language): string {
  const p = parts(isoDate, lang);
  if (!p) return isoDate;
  if (lang === "en") return `${p.month} ${p.day}, ${p.year}`;
  return lang === "de" ? `${p.day}. ${p.month} ${p.year}` : `${p.day} ${p.month} ${p.year}`;
}

/** A calendar day without its year ("25. Nov."), for short ranges on tiles. */
export function formatDayMonth(isoDate: string, lang: Language): string {
  const p = parts(isoDate, lang);
  if (!p) return isoDate;
  return lang === "de" ? `${p.day}. ${p.month}` : `${p.day} ${p.month}`;
}
