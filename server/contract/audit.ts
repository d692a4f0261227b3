/**
 * The audit viewer (issue 30 item 5): every staff action's row, newest first, filtered by actor, action prefix,
 * subject and days, paged by an id cursor. Days are the operator's calendar days (contract/calendar), as the money
 * lists read them.
 */
import * as v from "valibot";
import { operatorDayStart } from "./calendar";

export const AUDIT_PAGE_SIZE = 50;

const invalid = "validation.invalid";
const optionalText = (max: number, pattern: RegExp = /^[^<>]*$/) =>
  v.optional(v.pipe(v.string(invalid), v.trim(), v.maxLength(max, invalid), v.regex(pattern, invalid)), "");
const optionalDay = v.optional(v.union([v.literal(""), v.pipe(v.string(invalid), v.isoDate(invalid))], invalid), "");

/** GET /backoffice/audit. `before` is the cursor: rows with a smaller id (the next, older page). */
export const auditQuerySchema = v.pipe(
  v.object({
    /** The acting staff member's username (any case). */
    actor: optionalText(64),
    /** The start of an action name: "order" finds order.refund, "bank." every bank action. */
    action: optionalText(64, /^[a-z0-9_.]*$/),
    subject_type: optionalText(40, /^[a-z0-9_]*$/),
    subject_id: optionalText(64),
    from: optionalDay,
    to: optionalDay,
    before: v.optional(v.pipe(v.string(invalid), v.regex(/^(|[1-9]\d{0,15})$/, invalid)), ""),
  }),
  v.forward(
    v.check((q) => q.from === "" || q.to === "" || q.from <= q.to, "validation.audit.range_reversed"),
    ["to"],
  ),
);
export type AuditQuery = v.InferOutput<typeof auditQuerySchema>;

/** The instants a day filter covers: from the start of `from` to the start of the day after `to`. */
export function auditRangeOf(query: Pick<AuditQuery, "from" | "to">): { from: number | null; until: number | null } {
  const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return {
    from: query.from ? operatorDayStart(query.from) : null,
    until: query.to ? operatorDayStart(dayAfter(query.to)) : null,
  };
}

/** One key whose value the action changed, each side as JSON text (null: absent). */
export interface AuditChange {
  key: string;
  before: string | null;
  after: string | null;
}

export interface AuditEntryView {
  id: number;
  actor_id: number | null;
  /** null: the platform itself, or an account erased since. */
  actor_name: string | null;
  action: string;
  subject_type: string;
  subject_id: string;
  reason: string | null;
  /** The whole states as stored (JSON text), for the side-by-side view. */
  before_json: string | null;
  after_json: string | null;
  /** The top-level keys that differ, for the short view. */
  changes: AuditChange[];
  created_at: number;
}

export interface AuditPage {
  items: AuditEntryView[];
  /** The cursor of the next (older) page; null on the last. */
  next_before: number | null;
}

export interface AuditBodies {
  AuditPage: AuditPage;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends AuditBodies {}
}
