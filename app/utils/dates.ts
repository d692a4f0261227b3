/**
 * Calendar dates for display, per language (DESIGN §5: en "MMM d, yyyy",
 * de "d. MMM yyyy"). Input is a YYYY-MM-DD date, read as a calendar day so no
 * time zone can shift it.
 */
import { format } from "date-fns";
import { de, enGB, es, pl } from "date-fns/locale";
import type { Language } from "#server/contract/locales";

const FORMATS: Record<Language, { pattern: string; locale: typeof de }> = {
  de: { pattern: "d. MMM yyyy", locale: de },
  en: { pattern: "MMM d, yyyy", locale: enGB },
  es: { pattern: "d MMM yyyy", locale: es },
  pl: { pattern: "d MMM yyyy", locale: pl },
};

export function formatCalendarDate(isoDate: string, lang: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const { pattern, locale } = FORMATS[lang];
  return format(date, pattern, { locale });
}

const DAY_MONTH: Record<Language, string> = { de: "d. MMM", en: "d MMM", es: "d MMM", pl: "d MMM" };

/** A calendar day without its year ("25. Nov."), for short ranges on tiles. */
export function formatDayMonth(isoDate: string, lang: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return format(date, DAY_MONTH[lang], { locale: FORMATS[lang].locale });
}
