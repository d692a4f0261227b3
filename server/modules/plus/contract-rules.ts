/**
 * The membership contract's dates (ADR 076): terms in calendar months, the earliest end an ordinary cancellation may
 * have (§ 309 Nr. 9 BGB), the withdrawal window and its pro-rata refund (§ 356(4), § 357a BGB). Pure functions of the
 * membership row and the clock, so the API, the pages, the renewals and the tests compute the same dates.
 */
import type { MembershipsTable } from "./schema";

export const DAY_MS = 86_400_000;
/** The withdrawal period (§ 355(2) BGB): 14 days from the contract's conclusion. */
export const WITHDRAWAL_DAYS = 14;

/** `at` moved by whole calendar months (UTC), the day clamped to the target month's last (31 Jan + 1 = 28/29 Feb). */
export function addMonths(at: number, months: number): number {
  const date = new Date(at);
  const day = date.getUTCDate();
  const target = new Date(at);
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, last));
  return target.getTime();
}

type ContractDates = Pick<MembershipsTable, "renewable" | "months" | "first_term_end" | "period_end" | "ends_at" | "price_cents">;

/**
 * The earliest day an ordinary cancellation may end the contract at `now`:
 * - in the first term: the end of the paid period (the term the member chose);
 * - after the first term (a renewing consumer contract, § 309 Nr. 9 BGB): at most one month ahead — the end of the
 *   paid period when that comes sooner (renewals run monthly after the first term, so it always does for them);
 * - a one-off package never renews: it ends with its period.
 */
export function earliestOrdinaryEnd(m: ContractDates, now: number): number {
  if (m.ends_at !== null) return Math.min(m.ends_at, m.period_end);
  if (!m.renewable || now < m.first_term_end) return m.period_end;
  return Math.min(m.period_end, addMonths(now, 1));
}

/**
 * What the next renewal charges and adds (ADR 076, shared with renewals and payments): within the first term the
 * whole term at the price bought; after it (§ 309 Nr. 9 BGB) one month at the term's monthly share, rounded to cents.
 */
export function renewalTermOf(m: ContractDates): { months: number; gross_cents: number } {
  if (m.period_end < m.first_term_end || m.months === 1) return { months: m.months, gross_cents: m.price_cents };
  return { months: 1, gross_cents: Math.round(m.price_cents / m.months) };
}

/** The last moment a withdrawal is in time: 14 days after the contract was concluded (the first payment). */
export function withdrawalDeadline(startedAt: number): number {
  return startedAt + WITHDRAWAL_DAYS * DAY_MS;
}

/**
 * The refund a withdrawal owes for one paid span (§ 357a(2) BGB): the price less the value of the service performed
 * until the withdrawal, pro rata by time; a span not begun yet is refunded whole, a span over nothing.
 */
export function proRataRefund(span: { starts_at: number; ends_at: number; gross_cents: number }, at: number): number {
  if (at <= span.starts_at) return span.gross_cents;
  if (at >= span.ends_at) return 0;
  const used = (at - span.starts_at) / (span.ends_at - span.starts_at);
  return span.gross_cents - Math.round(span.gross_cents * used);
}
