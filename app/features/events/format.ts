/**
 * An event's times as the reader reads them (issue 29): the wall clock at the event's place — whatever zone the
 * reader or the server is in — per language with date-fns, and the zone named in the reader's language.
 */
import { format } from "date-fns";
import { de, enGB, es, pl } from "date-fns/locale";
import type { Language } from "#server/contract/locales";

const FORMATS: Record<Language, { day: string; time: string; locale: typeof de }> = {
  de: { day: "EEEE, d. MMMM yyyy", time: "HH:mm 'Uhr'", locale: de },
  en: { day: "EEEE, d MMMM yyyy", time: "HH:mm", locale: enGB },
  es: { day: "EEEE, d 'de' MMMM 'de' yyyy", time: "HH:mm", locale: es },
  pl: { day: "EEEE, d MMMM yyyy", time: "HH:mm", locale: pl },
};

/** A `YYYY-MM-DDTHH:MM` wall time as a Date whose local fields are those digits (only for formatting). */
function wallDate(wall: string): Date {
  const [date, time] = wall.split("T") as [string, string];
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const [h, mi] = time.split(":").map(Number) as [number, number];
  return new Date(y, mo - 1, d, h, mi);
}

/** "Samstag, 24. Dezember 2026" and "20:00 Uhr" of a wall time at the place. */
export function eventDay(wall: string, lang: Language): string {
  const { day, locale } = FORMATS[lang];
  return format(wallDate(wall), day, { locale });
}

export function eventClock(wall: string, lang: Language): string {
  const { time, locale } = FORMATS[lang];
  return format(wallDate(wall), time, { locale });
}

/** From start to end: the day once when both fall on it ("Samstag, 24. Dezember 2026, 20:00 Uhr – 23:30 Uhr"). */
export function eventTimeRange(startWall: string, endWall: string, lang: Language): string {
  const start = `${eventDay(startWall, lang)}, ${eventClock(startWall, lang)}`;
  const sameDay = startWall.slice(0, 10) === endWall.slice(0, 10);
  return `${start} – ${sameDay ? "" : `${eventDay(endWall, lang)}, `}${eventClock(endWall, lang)}`;
}

/** The zone's name in the reader's language at that moment ("Mitteleuropäische Normalzeit"), and its IANA id. */
export function eventZoneName(timeZone: string, at: number, lang: Language): string {
  const part = new Intl.DateTimeFormat(lang, { timeZone, timeZoneName: "long" }).formatToParts(at).find((p) => p.type === "timeZoneName");
  return part ? `${part.value} (${timeZone})` : timeZone;
}
