/**
 * Dates and moments for display, per language: calendar days (./calendar-date, re-exported here) and moments in the
 * site's home zone. These run on many hydrated pages (the header's bell, search tiles), so they use a table of month
 * abbreviations instead of date-fns and its four locales (10.6 KB gzipped, ADR 050).
 */
import type { Language } from "#server/contract/locales";
import { formatCalendarDate } from "./calendar-date";

export { formatCalendarDate, formatDayMonth } from "./calendar-date";

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
