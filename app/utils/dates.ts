/**
 * Calendar dates for display, per language (DESIGN §5: en "MMM d, yyyy",
 * de "d. MMM yyyy"). Input is a YYYY-MM-DD date, read as a calendar day so no
 * time zone can shift it.
 *
 * These run on every hydrated page (the header's bell, search tiles), so they use a table of month
 * abbreviations instead of date-fns and its four locales (10.6 KB gzipped, ADR 050). The table is date-fns's
 * "MMM" of each language: tests/web/utils/dates.test.ts compares every day of a year with date-fns's output.
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

/** The site's home zone: moments (messages, notifications, reviews) are shown as days and times in Berlin. */
export const HOME_ZONE = "Europe/Berlin";

// Making an Intl formatter costs tens of microseconds (toLocaleDateString with options makes one per call), and a
// signed-in page formats many moments (the bell's latest notifications, the thread list): each is made once.
const homeDay = new Intl.DateTimeFormat("sv-SE", { timeZone: HOME_ZONE });
const homeClock = new Intl.DateTimeFormat("de-DE", { timeZone: HOME_ZONE, hour: "2-digit", minute: "2-digit" });

/** The calendar day (YYYY-MM-DD) of a moment in the home zone. */
export function homeDayOf(ms: number): string {
  return homeDay.format(ms);
}

/** The time of day (HH:MM, 24 hours) of a moment in the home zone. */
export function homeClockOf(ms: number): string {
  return homeClock.format(ms);
}

/** "25. Nov. 2026, 14:05": a moment's calendar day in the reader's language and its time, in the home zone. */
export function formatHomeMoment(ms: number, lang: Language): string {
  return `${formatCalendarDate(homeDayOf(ms), lang)}, ${homeClockOf(ms)}`;
}
