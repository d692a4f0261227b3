/**
 * Calendar dates without date-fns in the browser (ADR 050): the month table of app/utils/dates.ts must print
 * what date-fns printed with the patterns of DESIGN §5, for every day of a leap year and every language.
 */
import { format } from "date-fns";
import { de, enGB, es, pl } from "date-fns/locale";
import { describe, expect, it } from "vitest";
import { SUPPORTED_LANGUAGES } from "#server/contract/locales";
import { formatCalendarDate, formatDayMonth } from "~/utils/dates";

const REFERENCE = {
  de: { full: "d. MMM yyyy", short: "d. MMM", locale: de },
  en: { full: "MMM d, yyyy", short: "d MMM", locale: enGB },
  es: { full: "d MMM yyyy", short: "d MMM", locale: es },
  pl: { full: "d MMM yyyy", short: "d MMM", locale: pl },
};

describe("calendar dates", () => {
  it.each(SUPPORTED_LANGUAGES)("match date-fns for every day of 2028 in %s", (lang) => {
    const { full, short, locale } = REFERENCE[lang];
    for (let day = 0; day < 366; day++) {
      const date = new Date(2028, 0, 1 + day);
      const iso = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;
      expect(formatCalendarDate(iso, lang)).toBe(format(date, full, { locale }));
      expect(formatDayMonth(iso, lang)).toBe(format(date, short, { locale }));
    }
  });

  it("keeps input that is not a calendar day as it is", () => {
    expect(formatCalendarDate("2026-13", "de")).toBe("2026-13");
    expect(formatDayMonth("", "en")).toBe("");
    expect(formatCalendarDate("2026-11-25", "de")).toBe("25. Nov. 2026");
    expect(formatDayMonth("2026-03-05", "pl")).toBe("5 mar");
  });
});
