/**
 * Calendar dates without date-fns in the browser (ADR 050): the month table of app/utils/dates.ts must print
 * what date-fns printed with the patterns of DESIGN §5, for every day of a leap year and every language.
 */
import { format } from "date-fns";
import { de, enGB, es, pl } from "date-fns/locale";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "#server/contract/locales";
import { formatMessageTime } from "~/features/messenger/parts";
import { formatLongDate } from "~/features/account/chart-days";
import { formatCalendarDate, formatDayMonth, formatHomeMoment, homeClockOf, homeDayOf } from "~/utils/dates";

const REFERENCE = {
  de: { full: "d. MMM yyyy", short: "d. MMM", long: "d. MMMM yyyy", locale: de },
  en: { full: "MMM d, yyyy", short: "d MMM", long: "d MMMM yyyy", locale: enGB },
  es: { full: "d MMM yyyy", short: "d MMM", long: "d 'de' MMMM 'de' yyyy", locale: es },
  pl: { full: "d MMM yyyy", short: "d MMM", long: "d MMMM yyyy", locale: pl },
};

describe("calendar dates", () => {
  it.each(SUPPORTED_LANGUAGES)("match date-fns for every day of 2028 in %s", (lang) => {
    const { full, short, long, locale } = REFERENCE[lang];
    for (let day = 0; day < 366; day++) {
      const date = new Date(2028, 0, 1 + day);
      const iso = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
      expect(formatCalendarDate(iso, lang)).toBe(format(date, full, { locale }));
      expect(formatDayMonth(iso, lang)).toBe(format(date, short, { locale }));
      // The dashboard charts' long labels (ADR 149: date-fns left their bundle).
      expect(formatLongDate(iso, lang)).toBe(format(date, long, { locale }));
    }
  });

  it("keeps input that is not a calendar day as it is", () => {
    expect(formatCalendarDate("2026-13", "de")).toBe("2026-13");
    expect(formatDayMonth("", "en")).toBe("");
    expect(formatCalendarDate("2026-11-25", "de")).toBe("25. Nov. 2026");
    expect(formatDayMonth("2026-03-05", "pl")).toBe("5 mar");
    expect(formatLongDate("2026-12-05", "pl")).toBe("5 grudnia 2026");
    expect(formatLongDate("2026-12", "es")).toBe("2026-12");
  });
});

describe("moments in the home zone (formatters made once)", () => {
  // Every 97 minutes through 2026: both DST changes, midnights and noons in Berlin.
  const moments = Array.from({ length: 5500 }, (_, i) => Date.UTC(2026, 0, 1) + i * 97 * 60_000);

  it("give the day and the time toLocaleDateString/toLocaleTimeString give", () => {
    for (const ms of moments) {
      expect(homeDayOf(ms)).toBe(new Date(ms).toLocaleDateString("sv-SE", { timeZone: "Europe/Berlin" }));
      expect(homeClockOf(ms)).toBe(
        new Date(ms).toLocaleTimeString("de-DE", { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit" }),
      );
    }
  });

  it.each(SUPPORTED_LANGUAGES)("a message's time in %s: the time today, else day and time, as a formatter made per call gives", (lang) => {
    const locale = { de: "de-DE", en: "en-GB", es: "es-ES", pl: "pl-PL" }[lang];
    const now = Date.UTC(2026, 10, 26, 9, 30);
    for (const ms of [now - 60_000, now - 9 * 3_600_000, now - 3 * 86_400_000, ...moments.slice(0, 300)]) {
      const time = new Intl.DateTimeFormat(locale, { timeZone: "Europe/Berlin", hour: "2-digit", minute: "2-digit" }).format(ms);
      const sameDay = homeDayOf(ms) === homeDayOf(now);
      const date = new Intl.DateTimeFormat(locale, { timeZone: "Europe/Berlin", day: "numeric", month: "short" }).format(ms);
      expect(formatMessageTime(ms, lang, now)).toBe(sameDay ? time : `${date}, ${time}`);
    }
    expect(formatHomeMoment(Date.UTC(2026, 10, 25, 13, 5), lang)).toBe(`${formatCalendarDate("2026-11-25", lang)}, 14:05`);
  });
});
