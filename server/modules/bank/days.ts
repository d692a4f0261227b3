/**
 * Bank days (TARGET2 calendar, which SEPA direct debits follow): no weekends, New Year, Good Friday, Easter Monday,
 * 1 May, 25 and 26 December. Days are "YYYY-MM-DD" in UTC.
 */
const DAY_MS = 24 * 60 * 60 * 1000;

export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function easterSunday(year: number): number {
  // Anonymous Gregorian algorithm (Meeus/Jones/Butcher).
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

export function isBankDay(day: string): boolean {
  const ms = Date.parse(`${day}T00:00:00Z`);
  const weekday = new Date(ms).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const md = day.slice(5);
  if (md === "01-01" || md === "05-01" || md === "12-25" || md === "12-26") return false;
  const easter = easterSunday(Number(day.slice(0, 4)));
  return ms !== easter - 2 * DAY_MS && ms !== easter + DAY_MS;
}

/** The first bank day on or after `day` plus `days` calendar days. */
export function bankDayAfter(day: string, days: number): string {
  let ms = Date.parse(`${day}T00:00:00Z`) + days * DAY_MS;
  while (!isBankDay(dayOf(ms))) ms += DAY_MS;
  return dayOf(ms);
}
