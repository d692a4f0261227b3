/**
 * The stages of a date as one of its members sees it (spec section 4, ADR 046), in JavaScript for one date and in SQL
 * for the lists and counts, and the count of dates that wait for the member (issue 25 item 4, ADR 070). A leaf module
 * like inbox: the dates service reads it for my_date, and `/user/data` for the header's and the dashboard's count
 * (inside the dates module it would make auth → dates → messenger → … → auth a cycle).
 */
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from "kysely";
import {
  DATE_OPEN_STATUSES,
  DATE_REVIEW_WINDOW_MS,
  DATE_STATUS,
  DATE_WAITING_STAGES,
  type DateStage,
  type DateWaitingStage,
} from "../../contract/dates";
import type { Database, DatesTable } from "../../db/schema";

const MINUTE_MS = 60 * 1000;
/** The timeline kinds that mean "this member wrote their review". */
export const REVIEW_KINDS = ["sender_review", "receiver_review"] as const;

type DateStageRow = Pick<Selectable<DatesTable>, "status" | "expired_at" | "starts_at" | "duration_minutes" | "awaiting_id">;

const endOf = (date: Pick<DateStageRow, "starts_at" | "duration_minutes">) => date.starts_at + date.duration_minutes * MINUTE_MS;
const isOpen = (status: number) => DATE_OPEN_STATUSES.includes(status);

/** The stage of a date for one of its members (spec section 4). `reviewed`: the viewer wrote their review. */
export function stageOf(date: DateStageRow, viewerId: number, now: number, reviewed: boolean): DateStage {
  if (date.status === DATE_STATUS.reject) return "rejected";
  if (date.status === DATE_STATUS.cancel) return date.expired_at !== null ? "expired" : "cancelled";
  if (isOpen(date.status)) {
    // The expiry job runs at the start; until it has, the request already reads as expired.
    if (date.starts_at <= now) return "expired";
    return date.awaiting_id === viewerId ? "needs_confirmation" : "waiting_for_response";
  }
  const end = endOf(date);
  if (end > now) return "upcoming";
  return !reviewed && end + DATE_REVIEW_WINDOW_MS > now ? "needs_review" : "completed";
}

/** The SQL form of stageOf, for the lists and their counts. */
export function stageWhere(stage: DateStage, viewerId: number, now: number) {
  return (eb: ExpressionBuilder<Database, "dates">) => {
    const open = eb("dates.status", "in", DATE_OPEN_STATUSES as number[]);
    const end = sql<number>`dates.starts_at + dates.duration_minutes * ${MINUTE_MS}`;
    const accepted = eb("dates.status", "=", DATE_STATUS.accept);
    const reviewed = eb.exists(
      eb
        .selectFrom("date_events")
        .select("date_events.id")
        .whereRef("date_events.date_id", "=", "dates.id")
        .where("date_events.actor_id", "=", viewerId)
        .where("date_events.kind", "in", REVIEW_KINDS),
    );
    switch (stage) {
      case "needs_confirmation":
        return eb.and([open, eb("dates.starts_at", ">", now), eb("dates.awaiting_id", "=", viewerId)]);
      case "waiting_for_response":
        return eb.and([open, eb("dates.starts_at", ">", now), eb("dates.awaiting_id", "!=", viewerId)]);
      case "expired":
        return eb.or([
          eb.and([open, eb("dates.starts_at", "<=", now)]),
          eb.and([eb("dates.status", "=", DATE_STATUS.cancel), eb("dates.expired_at", "is not", null)]),
        ]);
      case "rejected":
        return eb("dates.status", "=", DATE_STATUS.reject);
      case "cancelled":
        return eb.and([eb("dates.status", "=", DATE_STATUS.cancel), eb("dates.expired_at", "is", null)]);
      case "upcoming":
        return eb.and([accepted, eb(end, ">", now)]);
      case "needs_review":
        return eb.and([accepted, eb(end, "<=", now), eb(end, ">", now - DATE_REVIEW_WINDOW_MS), eb.not(reviewed)]);
      case "completed":
        return eb.and([accepted, eb(end, "<=", now), eb.or([eb(end, "<=", now - DATE_REVIEW_WINDOW_MS), reviewed])]);
    }
  };
}

/**
 * How many of the member's dates wait for them, per waiting stage (DATE_WAITING_STAGES): a request or a new time to
 * answer, a review to write. One statement over the member's dates, read with the viewer on every page.
 */
export async function waitingDates(db: Kysely<Database>, viewerId: number, now: number): Promise<Record<DateWaitingStage, number>> {
  const row = await db
    .selectFrom("dates")
    .select((eb) =>
      DATE_WAITING_STAGES.map((stage) =>
        eb.fn
          .sum<number | string | null>(
            eb
              .case()
              .when(stageWhere(stage, viewerId, now)(eb))
              .then(1)
              .else(0)
              .end(),
          )
          .as(stage),
      ),
    )
    .where((eb) => eb.or([eb("dates.sender_id", "=", viewerId), eb("dates.receiver_id", "=", viewerId)]))
    .where((eb) => eb.or(DATE_WAITING_STAGES.map((stage) => stageWhere(stage, viewerId, now)(eb))))
    .executeTakeFirst();
  const counts = (row ?? {}) as Partial<Record<DateWaitingStage, number | string | null>>;
  return Object.fromEntries(DATE_WAITING_STAGES.map((stage) => [stage, Number(counts[stage] ?? 0)])) as Record<DateWaitingStage, number>;
}
