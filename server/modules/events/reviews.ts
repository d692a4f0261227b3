/**
 * Event reviews (issue 29 item 2, ADR 100; contract/events-reviews): once an event has ended, each accepted attendee
 * reviews it once. The unique index (event_id, reviewer_id) of migration 0084 is the last word on "once": two posts
 * at once get one review and one 409, never a 500. Shown on the event (averages and a page of reviews) and as a
 * summary of all the organizer's events on their profile.
 */
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool, type Transaction } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps, AuthUser } from "../../api/types";
import { EVENT_STATUS } from "../../contract/events";
import {
  EVENT_REVIEW_ERRORS,
  EVENT_REVIEW_QUESTIONS,
  EVENT_REVIEW_RATINGS,
  EVENT_REVIEWS_PAGE_SIZE,
  type EventOrganizerReviews,
  type EventReviewInput,
  type EventReviewItem,
  type EventReviewList,
  type EventReviewSummary,
} from "../../contract/events-reviews";
import type { Database } from "../../db/schema";
import { findOwner, isBlockedBetween, isListedOwner, memberNamesOf } from "../access/index";
import { eventForViewer, isAcceptedAttendee, type AttendedEvent } from "./attendance";

const REVIEW_COLUMNS = [
  "event_reviews.id",
  "event_reviews.reviewer_id",
  ...EVENT_REVIEW_RATINGS.map((rating) => `event_reviews.${rating}` as const),
  ...EVENT_REVIEW_QUESTIONS.map((question) => `event_reviews.${question}` as const),
  "event_reviews.text",
  "event_reviews.created_at",
] as const;

/** One decimal. */
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** No block between the reader and the review's author (blocked members do not see each other's words). */
function authorNotBlocked(eb: ExpressionBuilder<Database, "event_reviews">, readerId: number): Expression<SqlBool> {
  return eb.not(
    eb.exists(
      eb
        .selectFrom("blocks")
        .select(sql<number>`1`.as("one"))
        .where((b) =>
          b.or([
            b.and([b("blocks.blocker_id", "=", readerId), b("blocks.blocked_id", "=", b.ref("event_reviews.reviewer_id"))]),
            b.and([b("blocks.blocked_id", "=", readerId), b("blocks.blocker_id", "=", b.ref("event_reviews.reviewer_id"))]),
          ]),
        ),
    ),
  );
}

/** The averages and yes-shares of the reviews `where` picks (an event's, an organizer's). */
async function summaryOf(
  db: Kysely<Database>,
  where: { column: "event_reviews.event_id" | "event_reviews.organizer_id"; id: number },
): Promise<EventReviewSummary> {
  const row = await db
    .selectFrom("event_reviews")
    .where(where.column, "=", where.id)
    .where("event_reviews.removed_at", "is", null)
    .select((eb) => [
      eb.fn.countAll<number | string>().as("n"),
      ...EVENT_REVIEW_RATINGS.map((rating) => eb.fn.avg<number | string | null>(`event_reviews.${rating}`).as(rating)),
      ...EVENT_REVIEW_QUESTIONS.map((question) => eb.fn.avg<number | string | null>(`event_reviews.${question}`).as(question)),
    ])
    .executeTakeFirstOrThrow();
  const count = Number(row.n);
  const values = row as unknown as Record<string, number | string | null>;
  const average = (key: string) => (count === 0 || values[key] === null ? null : Number(values[key]));
  const averages = Object.fromEntries(
    EVENT_REVIEW_RATINGS.map((rating) => [rating, average(rating) === null ? null : oneDecimal(average(rating)!)]),
  ) as EventReviewSummary["averages"];
  const yes = Object.fromEntries(
    EVENT_REVIEW_QUESTIONS.map((question) => [question, average(question) === null ? null : Math.round(average(question)! * 100)]),
  ) as EventReviewSummary["yes_percent"];
  const means = EVENT_REVIEW_RATINGS.map((rating) => average(rating));
  const overall = count === 0 ? null : oneDecimal(means.reduce<number>((sum, mean) => sum + (mean ?? 0), 0) / means.length);
  return { count, averages, overall, yes_percent: yes };
}

type ReviewRow = Record<(typeof REVIEW_COLUMNS)[number] extends `event_reviews.${infer C}` ? C : never, number | string>;

function itemOf(row: ReviewRow, author: { username: string; display_name: string } | null): EventReviewItem {
  return {
    id: Number(row.id),
    author,
    ratings: Object.fromEntries(EVENT_REVIEW_RATINGS.map((rating) => [rating, Number(row[rating])])) as EventReviewItem["ratings"],
    answers: Object.fromEntries(
      EVENT_REVIEW_QUESTIONS.map((question) => [question, Number(row[question]) === 1 ? "yes" : "no"]),
    ) as EventReviewItem["answers"],
    text: String(row.text),
    created_at: Number(row.created_at),
  };
}

/** Whether this viewer may review the event now, and whether they did. */
async function reviewerState(deps: ApiDeps, event: AttendedEvent, viewerId: number | null): Promise<{ may: boolean; reviewed: boolean }> {
  if (viewerId === null || viewerId === event.organizer_id) return { may: false, reviewed: false };
  const [attendee, mine] = await Promise.all([
    isAcceptedAttendee(deps.db, event.id, viewerId),
    deps.db
      .selectFrom("event_reviews")
      .select("id")
      .where("event_id", "=", event.id)
      .where("reviewer_id", "=", viewerId)
      .executeTakeFirst(),
  ]);
  const ended = event.status === EVENT_STATUS.accepted && event.ends_at <= deps.clock.now();
  return { may: attendee && ended && !mine, reviewed: mine !== undefined };
}

/** GET /events/{slug}/reviews: the event's averages, a page of its reviews (newest first) and the viewer's part. */
export async function eventReviews(deps: ApiDeps, user: AuthUser | null, slug: string, page: number): Promise<EventReviewList> {
  const viewerId = user?.id ?? null;
  const event = await eventForViewer(deps, viewerId, slug);
  // A review the team removed (ADR 123: marked, kept for an appeal) is shown nowhere and counts nowhere.
  let base = deps.db
    .selectFrom("event_reviews")
    .where("event_reviews.event_id", "=", event.id)
    .where("event_reviews.removed_at", "is", null);
  if (viewerId !== null) base = base.where((eb) => authorNotBlocked(eb, viewerId));
  const [rows, total, summary, viewer] = await Promise.all([
    base
      .select(REVIEW_COLUMNS)
      .orderBy("event_reviews.created_at", "desc")
      .orderBy("event_reviews.id", "desc")
      .limit(EVENT_REVIEWS_PAGE_SIZE)
      .offset((page - 1) * EVENT_REVIEWS_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
    summaryOf(deps.db, { column: "event_reviews.event_id", id: event.id }),
    reviewerState(deps, event, viewerId),
  ]);
  const names = await memberNamesOf(
    deps.db,
    rows.map((row) => row.reviewer_id),
  );
  return {
    event_id: event.id,
    slug: event.slug,
    category: event.category,
    title: event.title,
    starts_at: Number(event.starts_at),
    ends_at: Number(event.ends_at),
    time_zone: event.time_zone,
    summary,
    items: rows.map((row) => {
      const name = names.get(row.reviewer_id);
      return itemOf(row as unknown as ReviewRow, name ? { username: name.username, display_name: name.display_name } : null);
    }),
    page,
    page_size: EVENT_REVIEWS_PAGE_SIZE,
    total: Number(total.n),
    may_review: viewer.may,
    reviewed: viewer.reviewed,
  };
}

/** A unique-index refusal on either database (the second of two posts at once). */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/i.test(e?.message ?? "");
}

/**
 * POST /events/{slug}/reviews: the attendee's one review. 403 not an accepted attendee (the organizer neither),
 * 409 cancelled, not yet ended, or reviewed already.
 */
export async function addEventReview(deps: ApiDeps, userId: number, slug: string, input: EventReviewInput): Promise<EventReviewItem> {
  const event = await eventForViewer(deps, userId, slug);
  if (event.status === EVENT_STATUS.cancelled) throw fail.conflict(EVENT_REVIEW_ERRORS.cancelled);
  if (event.organizer_id === userId || !(await isAcceptedAttendee(deps.db, event.id, userId)))
    throw fail.forbidden(EVENT_REVIEW_ERRORS.notAttendee);
  const now = deps.clock.now();
  if (Number(event.ends_at) > now) throw fail.conflict(EVENT_REVIEW_ERRORS.notYet);
  const values = {
    event_id: event.id,
    reviewer_id: userId,
    organizer_id: event.organizer_id,
    service: input.service,
    event_organization: input.event_organization,
    location: input.location,
    value_for_money: input.value_for_money,
    would_attend_again: input.would_attend_again === "yes" ? 1 : 0,
    will_recommend: input.will_recommend === "yes" ? 1 : 0,
    text: input.text,
    created_at: now,
    removed_at: null,
  };
  let id: number;
  try {
    id = (await deps.db.insertInto("event_reviews").values(values).returning("id").executeTakeFirstOrThrow()).id;
  } catch (error) {
    if (isUniqueViolation(error)) throw fail.conflict(EVENT_REVIEW_ERRORS.alreadyReviewed);
    throw error;
  }
  const name = (await memberNamesOf(deps.db, [userId])).get(userId);
  return itemOf({ ...values, id } as unknown as ReviewRow, name ? { username: name.username, display_name: name.display_name } : null);
}

/**
 * GET /events/organizer/{username}/reviews: the summary over every review of the member's events, for their profile.
 * 404 for an unknown or unlisted member, or one the viewer is blocked with (like their profile).
 */
export async function organizerReviews(deps: ApiDeps, user: AuthUser | null, username: string): Promise<EventOrganizerReviews> {
  const owner = await findOwner(deps.db, { username });
  const hidden = !owner || (!isListedOwner(owner) && owner.id !== user?.id) || (user && (await isBlockedBetween(deps, user.id, owner.id)));
  if (!owner || hidden) throw fail.notFound("exception.profile.not_found");
  const [summary, events] = await Promise.all([
    summaryOf(deps.db, { column: "event_reviews.organizer_id", id: owner.id }),
    deps.db
      .selectFrom("event_reviews")
      .where("organizer_id", "=", owner.id)
      .where("removed_at", "is", null)
      .select((eb) => eb.fn.count<number | string>("event_id").distinct().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { username: owner.username, summary, events: Number(events.n) };
}

// ── removal by the team and its reversal (ADR 123) ─────────────────────────────────────────────────────────────

/**
 * A reported event review (kind `event_review`), as the reporter may see it: on an event they may see, not removed,
 * and not written by someone they block or who blocks them. Null answers like an unknown id.
 */
export async function findReportedEventReview(deps: ApiDeps, reviewId: number, reporterId: number | null) {
  let query = deps.db
    .selectFrom("event_reviews")
    .innerJoin("events", "events.id", "event_reviews.event_id")
    .select(["event_reviews.id", "event_reviews.reviewer_id", "events.slug"])
    .where("event_reviews.id", "=", reviewId)
    .where("event_reviews.removed_at", "is", null);
  if (reporterId !== null) query = query.where((eb) => authorNotBlocked(eb, reporterId));
  const row = await query.executeTakeFirst();
  if (!row) return null;
  try {
    await eventForViewer(deps, reporterId, row.slug);
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
  return { objectId: row.id, targetUserId: row.reviewer_id };
}

/**
 * The team removes an event review (a report decided "content_removed", or the reviews queue): marked, not deleted,
 * so it leaves the list, the averages and the organizer's summary and an appeal can bring it back as written.
 */
export async function removeEventReview(deps: Pick<ApiDeps, "clock">, trx: Transaction<Database>, reviewId: number): Promise<void> {
  await trx
    .updateTable("event_reviews")
    .set({ removed_at: deps.clock.now() })
    .where("id", "=", reviewId)
    .where("removed_at", "is", null)
    .execute();
}

/** An appeal reversed the removal: the review is shown and counted again. */
export async function restoreEventReview(_deps: ApiDeps, trx: Transaction<Database>, reviewId: number): Promise<void> {
  await trx.updateTable("event_reviews").set({ removed_at: null }).where("id", "=", reviewId).execute();
}
