/**
 * Event times, prices and post dates as each language writes them. An event's time is its place's (the event's zone),
 * never the reader's: a party in Berlin starts at 20:00 for everyone.
 */
import type { Language } from "#server/contract/locales";

const LOCALE: Record<Language, string> = { de: "de-DE", en: "en-US", es: "es-ES", pl: "pl-PL" };

// An Intl formatter costs tens of microseconds to make; a page shows up to a dozen tiles.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let found = formatters.get(key) as T | undefined;
  if (!found) {
    found = make();
    formatters.set(key, found);
  }
  return found;
}

/** "Sa., 12. Dez. 2026, 20:00" in the event's zone. */
export function formatEventStart(ms: number, timeZone: string, lang: Language): string {
  return cached(
    `start:${lang}:${timeZone}`,
    () =>
      new Intl.DateTimeFormat(LOCALE[lang], {
        timeZone,
        weekday: "short",
        day: "numeric",
        month: "short",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
      }),
  ).format(ms);
}

/** A post's publication day in the site's home zone. */
export function formatPostDate(ms: number, lang: Language): string {
  return cached(`post:${lang}`, () => new Intl.DateTimeFormat(LOCALE[lang], { timeZone: "Europe/Berlin", dateStyle: "medium" })).format(ms);
}

/** Whole euros ("40 €", "€40"); free events say so in words (the caller's text). */
export function formatEuros(euros: number, lang: Language): string {
  return cached(
    `eur:${lang}`,
    () => new Intl.NumberFormat(LOCALE[lang], { style: "currency", currency: "EUR", maximumFractionDigits: 0 }),
  ).format(euros);
}

export function formatCount(n: number, lang: Language): string {
  return cached(`n:${lang}`, () => new Intl.NumberFormat(LOCALE[lang])).format(n);
}

const regionNames = new Map<Language, Intl.DisplayNames>();
/** A country's name in the reader's language ("Österreich", "Austria"), from its ISO code. */
export function countryName(code: string, lang: Language): string {
  let names = regionNames.get(lang);
  if (!names) {
    names = new Intl.DisplayNames([LOCALE[lang]], { type: "region" });
    regionNames.set(lang, names);
  }
  return names.of(code) ?? code;
}
