/**
 * Calendar days and months in the operator's zone (Europe/Berlin): the books' days (accounting, ADR 080), the
 * dollars' months (the tipping limit, auto recharges, the history's month filter, issue 27). A leaf of the contract:
 * it imports nothing, so any contract file may use it.
 */

/** The operator's zone: a day of revenue, a month of tips and the history's months are German calendar ones. */
export const OPERATOR_TIME_ZONE = "Europe/Berlin";

/** Milliseconds OPERATOR_TIME_ZONE is ahead of UTC at an instant. */
function zoneOffset(at: number): number {
  return zoneOffsetIn(OPERATOR_TIME_ZONE, at);
}

/** Milliseconds an IANA zone is ahead of UTC at an instant. */
function zoneOffsetIn(timeZone: string, at: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return asUtc - Math.floor(at / 1000) * 1000;
}

/** The instant a calendar day (YYYY-MM-DD) starts in OPERATOR_TIME_ZONE. */
export function operatorDayStart(date: string): number {
  return operatorInstantOfWall(Date.parse(`${date}T00:00:00Z`));
}

/** The instant a wall-clock time (`YYYY-MM-DDTHH:MM`, as UTC milliseconds of those digits) is in OPERATOR_TIME_ZONE. */
export function operatorInstantOfWall(wall: number): number {
  // Around a clock change the offset at the guess may differ from the offset at the result.
  return wall - zoneOffset(wall - zoneOffset(wall));
}

/**
 * The same two conversions for any IANA zone (an event's place, issue 29): the instant a wall-clock time (as UTC
 * milliseconds of its digits) is in `timeZone`, and the wall-clock time (`YYYY-MM-DDTHH:MM`) of an instant there.
 */
export function instantOfWallIn(timeZone: string, wall: number): number {
  return wall - zoneOffsetIn(timeZone, wall - zoneOffsetIn(timeZone, wall));
}

export function wallTimeIn(timeZone: string, at: number): string {
  return new Date(at + zoneOffsetIn(timeZone, at)).toISOString().slice(0, 16);
}

/** The wall-clock time (`YYYY-MM-DDTHH:MM`) of an instant in OPERATOR_TIME_ZONE. */
export function operatorWallTimeOf(at: number): string {
  return new Date(at + zoneOffset(at)).toISOString().slice(0, 16);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in OPERATOR_TIME_ZONE. */
export function operatorDayOf(at: number): string {
  return new Date(at + zoneOffset(at)).toISOString().slice(0, 10);
}

/** The day after a calendar day. */
export function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The calendar month (YYYY-MM) an instant falls in. */
export function operatorMonthOf(at: number): string {
  return operatorDayOf(at).slice(0, 7);
}

/** The instants a calendar month (YYYY-MM) starts and ends: [from, until). */
export function operatorMonthRange(month: string): { from: number; until: number } {
  const [year, mon] = month.split("-").map(Number) as [number, number];
  const next = mon === 12 ? `${year + 1}-01` : `${year}-${String(mon + 1).padStart(2, "0")}`;
  return { from: operatorDayStart(`${month}-01`), until: operatorDayStart(`${next}-01`) };
}

/** The last `count` calendar months up to the one `now` falls in, newest first. */
export function recentMonths(now: number, count: number): string[] {
  const [year, month] = operatorMonthOf(now).split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, back) => {
    const index = year * 12 + (month - 1) - back;
    return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
  });
}

/** A wall-clock time as `<input type="datetime-local">` sends it ("2026-12-24T20:00", seconds allowed and dropped). */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/;

/** The wall time's digits as UTC milliseconds (what instantOfWallIn reads), or null when no such calendar minute exists. */
export function parseWallTime(text: string): number | null {
  const match = WALL_TIME.exec(text.trim());
  if (!match) return null;
  const [y, mo, d, h, mi] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return ms;
}
