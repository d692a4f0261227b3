/**
 * The dates table's reads and the timeline's writes that other modules share (the reviews module appends its
 * events and checks participation here). A date is only ever read for one of its two members.
 */
import type { Kysely, Selectable, Transaction } from "kysely";
import type { DateEventKind } from "../../contract/dates";
import type { Database, DatesTable } from "../../db/schema";
import type { Clock } from "../../lib/clock";

type Executor = Kysely<Database> | Transaction<Database>;

/** One date as stored, for one of its two members. */
export type DateRecord = Selectable<DatesTable>;

export interface DateEventInput {
  dateId: number;
  kind: DateEventKind;
  /** Null for the system (the expiry job). */
  actorId: number | null;
  /** Small JSON-able details of the step, e.g. the new time of a reschedule. */
  payload?: Record<string, unknown> | null;
  /** Default: now by the clock passed, or Date.now() when none. */
  at?: number;
}

/**
 * Adds one step to a date's timeline. Pass the transaction of the change the step records, so the timeline has
 * an entry exactly when the change was committed.
 */
export async function appendDateEvent(trx: Executor, input: DateEventInput, clock?: Clock): Promise<number> {
  const row = await trx
    .insertInto("date_events")
    .values({
      date_id: input.dateId,
      kind: input.kind,
      actor_id: input.actorId,
      payload: input.payload ? JSON.stringify(input.payload) : null,
      created_at: input.at ?? clock?.now() ?? Date.now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The date when `viewerId` is its sender or receiver; null otherwise (unknown id or someone else's date alike). */
export async function loadDateForParticipant(db: Executor, dateId: number, viewerId: number): Promise<DateRecord | null> {
  const row = await db
    .selectFrom("dates")
    .selectAll()
    .where("id", "=", dateId)
    .where((eb) => eb.or([eb("sender_id", "=", viewerId), eb("receiver_id", "=", viewerId)]))
    .executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** PostgreSQL returns bigint columns as strings; every time here is a number. */
export function toRecord(row: Record<string, unknown>): DateRecord {
  const r = row as unknown as DateRecord;
  return {
    ...r,
    id: Number(r.id),
    sender_id: Number(r.sender_id),
    receiver_id: Number(r.receiver_id),
    status: Number(r.status),
    awaiting_id: r.awaiting_id === null ? null : Number(r.awaiting_id),
    starts_at: Number(r.starts_at),
    duration_minutes: Number(r.duration_minutes),
    price: Number(r.price),
    expired_at: r.expired_at === null ? null : Number(r.expired_at),
    cancelled_by: r.cancelled_by === null ? null : Number(r.cancelled_by),
    version: Number(r.version),
    created_at: Number(r.created_at),
    updated_at: Number(r.updated_at),
  };
}
