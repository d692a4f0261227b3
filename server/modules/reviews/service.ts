/**
 * Date reviews (issue 13 items 3–6, ADR 047). Every rule and every check of who may read or write is here:
 * - a date's reviews are read and written only by its two members; any other id, or another member's date, answers
 *   the same 404 (exception.reviews.not_found), so ids reveal nothing;
 * - a review needs an accepted date whose end has passed, within the 7 days after it (contract/reviews), one per
 *   member and date (a unique row: two posts at once make one review);
 * - blind reveal: a review stays unpublished until the other member wrote theirs (both are published in the second
 *   one's transaction) or the window closed (the close job, or the read rule for the time until it ran);
 * - only published reviews count on profiles: their number and mean are copied to profiles.review_count and
 *   rating_avg in the publishing transaction, and the search row follows through its trigger (ADR 011, 045).
 */
import { sql, type ExpressionBuilder, type Transaction } from "kysely";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps, ReportedObject } from "../../api/types";
import {
  REVIEW_CRITERIA,
  REVIEW_ERRORS,
  REVIEW_LIST_PAGE_SIZE,
  REVIEW_QUESTIONS,
  REVIEW_UNLOCK,
  REVIEW_WINDOW_MS,
  reviewedPartyOf,
  type DateReviews,
  type ReviewAverages,
  type ReviewCommentInput,
  type ReviewCriterion,
  type ReviewedParty,
  type ReviewInput,
  type LinkedEscortReviewList,
  type ReviewItem,
  type ReviewList,
  type ReviewMember,
  type ReviewUnlockInfo,
} from "../../contract/reviews";
import type { ReviewUnlockResult } from "../../contract/review-unlock";
import { BUSINESS_LINK_STATUS } from "../../contract/business-links";
import { BUSINESS_REVIEWS_NOT_A_BUSINESS } from "../../contract/business-reviews";
import { DATE_STATUS } from "../../contract/dates";
import { USER_TYPE } from "../../contract/users";
import type { DB } from "../../db/index";
import type { Database } from "../../db/schema";
import { enqueueJob } from "../../jobs/queue";
import {
  insufficientDollars,
  isBlockedBetween,
  isGuestVisible,
  isListedProfile,
  LedgerInsufficient,
  notBlockedWith,
  offerOf,
  paidAnswer,
  payInPlace,
  viewerContext,
  type PaidInPlace,
  type ViewerContext,
} from "../access/index";
import { appendDateEvent, loadDateForParticipant } from "../dates/index";
import { grantEarnedRewards } from "../gifts/index";
import { notify, publishNotificationHints, type NotificationHints } from "../notifications/index";
import { loadVisibleProfile } from "../profiles/index";
import { notifyWalletChanged } from "../wallet/index";

type Executor = DB | Transaction<Database>;

const MINUTE_MS = 60 * 1000;
/** The longest date the sweep looks back for (a date's duration comes from price lists; a day covers every entry). */
const LONGEST_DATE_MS = 24 * 60 * MINUTE_MS;
/** Windows opened per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

interface DateRow {
  id: number;
  sender_id: number;
  receiver_id: number;
  status: number;
  starts_at: number;
  duration_minutes: number;
}

interface Window {
  opensAt: number;
  closesAt: number;
  state: DateReviews["window"];
}

function windowOf(date: Pick<DateRow, "starts_at" | "duration_minutes">, now: number): Window {
  const opensAt = Number(date.starts_at) + date.duration_minutes * MINUTE_MS;
  const closesAt = opensAt + REVIEW_WINDOW_MS;
  return { opensAt, closesAt, state: now < opensAt ? "not_yet" : now >= closesAt ? "closed" : "open" };
}

function round1(value: number | null): number | null {
  return value === null ? null : Math.round(Number(value) * 10) / 10;
}

/** The date with this id when `memberId` is one of its two members; anything else is the same 404. */
async function dateForMember(db: Executor, dateId: number, memberId: number): Promise<DateRow> {
  const row = await loadDateForParticipant(db, dateId, memberId);
  if (!row) throw fail.notFound(REVIEW_ERRORS.notFound);
  return row;
}

async function memberOf(db: Executor, userId: number): Promise<(ReviewMember & { user_type: number; status: string }) | undefined> {
  return db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.user_id", "users.id")
    .select(["users.username", "profiles.display_name", "users.user_type", "users.status"])
    .where("users.id", "=", userId)
    .executeTakeFirst();
}

async function reviewRows(db: Executor, where: { dateId: number } | { ids: number[] }) {
  let query = db.selectFrom("date_reviews").selectAll();
  query = "dateId" in where ? query.where("date_id", "=", where.dateId) : query.where("id", "in", where.ids.length ? where.ids : [0]);
  const rows = await query.orderBy("id").execute();
  const ids = rows.map((r) => r.id);
  const ratings = ids.length
    ? await db.selectFrom("date_review_ratings").select(["review_id", "criterion", "rating"]).where("review_id", "in", ids).execute()
    : [];
  return rows.map((row) => ({
    ...row,
    created_at: Number(row.created_at),
    published_at: row.published_at === null ? null : Number(row.published_at),
    ratings: Object.fromEntries(ratings.filter((r) => r.review_id === row.id).map((r) => [r.criterion, r.rating])) as Partial<
      Record<ReviewCriterion, number>
    >,
  }));
}

type LoadedReview = Awaited<ReturnType<typeof reviewRows>>[number];

function toItem(row: LoadedReview, author: ReviewMember | null, textOpen: boolean, publishedAt: number | null): ReviewItem {
  const yes = (flag: number): "yes" | "no" => (flag === 1 ? "yes" : "no");
  return {
    id: row.id,
    date_id: row.date_id,
    author,
    party: row.party,
    ratings: row.ratings,
    rating: round1(row.rating) ?? 0,
    answers: {
      would_you_recommend_this_user: yes(row.recommend),
      profile_match_reality: yes(row.profile_match),
      would_you_come_again: yes(row.come_again),
    },
    punctuality: row.punctuality,
    text: textOpen ? row.text : null,
    comment: textOpen ? row.comment : null,
    text_locked: !textOpen,
    created_at: row.created_at,
    published_at: publishedAt,
  };
}

/** The date's reviews as `memberId` sees them (GET /reviews/{date_id}). */
export async function dateReviews(deps: ApiDeps, memberId: number, dateId: number, db: Executor = deps.db): Promise<DateReviews> {
  const date = await dateForMember(db, dateId, memberId);
  const now = deps.clock.now();
  const window = windowOf(date, now);
  const otherId = date.sender_id === memberId ? date.receiver_id : date.sender_id;
  const [other, me, rows] = await Promise.all([memberOf(db, otherId), memberOf(db, memberId), reviewRows(db, { dateId })]);
  if (!other || !me) throw fail.notFound(REVIEW_ERRORS.notFound);
  const mineRow = rows.find((r) => r.author_id === memberId);
  const theirsRow = rows.find((r) => r.author_id === otherId);
  // The read rule of the reveal: published, or the window has closed and the close job has not run yet.
  const visible = (row: LoadedReview) => row.published_at !== null || window.state === "closed";
  const publishedAt = (row: LoadedReview) => row.published_at ?? (window.state === "closed" ? window.closesAt : null);
  const otherMember = { username: other.username, display_name: other.display_name };
  const party = reviewedPartyOf(other.user_type);
  const accepted = date.status === DATE_STATUS.accept;
  return {
    date_id: date.id,
    other: otherMember,
    starts_at: date.starts_at,
    ends_at: window.opensAt,
    window_opens_at: window.opensAt,
    window_closes_at: window.closesAt,
    window: window.state,
    party,
    criteria: [...REVIEW_CRITERIA[party]],
    mine: mineRow ? toItem(mineRow, { username: me.username, display_name: me.display_name }, true, publishedAt(mineRow)) : null,
    theirs: theirsRow && visible(theirsRow) ? toItem(theirsRow, otherMember, true, publishedAt(theirsRow)) : null,
    theirs_written: theirsRow !== undefined,
    can_review: accepted && window.state === "open" && !mineRow,
    can_comment: theirsRow !== undefined && visible(theirsRow) && theirsRow.comment === null,
  };
}

/** Refusals of a review for this date and time, in the order a member would meet them. */
function assertWritable(date: DateRow, now: number): Window {
  if (date.status !== DATE_STATUS.accept) throw fail.conflict(REVIEW_ERRORS.notAccepted);
  const window = windowOf(date, now);
  if (window.state === "not_yet") throw fail.conflict(REVIEW_ERRORS.notYet);
  if (window.state === "closed") throw fail.conflict(REVIEW_ERRORS.windowClosed);
  return window;
}

/** The ratings must be exactly the criteria of the reviewed party: a missing one is named at its field. */
function checkedRatings(party: ReviewedParty, ratings: ReviewInput["ratings"]): Array<[ReviewCriterion, number]> {
  const wanted: readonly ReviewCriterion[] = REVIEW_CRITERIA[party];
  const items = [
    ...wanted.filter((c) => ratings[c] === undefined).map((c) => errorItem(400, "validation.reviews.rating_required", `ratings.${c}`)),
    ...Object.keys(ratings)
      .filter((c) => !wanted.includes(c as ReviewCriterion))
      .map((c) => errorItem(400, "validation.invalid", `ratings.${c}`)),
  ];
  if (items.length > 0) throw new ApiError(400, items);
  return wanted.map((c) => [c, ratings[c]!]);
}

/** Recounts a member's published reviews into the profile (and so, by trigger, into their search row). */
async function refreshReviewCounters(trx: Executor, subjectId: number): Promise<void> {
  const stats = await trx
    .selectFrom("date_reviews")
    .select((eb) => [eb.fn.countAll<number | string>().as("count"), eb.fn.avg<number | string | null>("rating").as("average")])
    .where("subject_id", "=", subjectId)
    .where("published_at", "is not", null)
    .where("removed_at", "is", null)
    .executeTakeFirstOrThrow();
  const count = Number(stats.count);
  await trx
    .updateTable("profiles")
    .set({ review_count: count, rating_avg: count === 0 || stats.average === null ? null : round1(Number(stats.average)) })
    .where("user_id", "=", subjectId)
    .execute();
}

/** Publishes the date's unpublished reviews at `now`; returns the reviewed members whose counters moved. */
async function publishDate(trx: Executor, dateId: number, now: number): Promise<number[]> {
  const pending = await trx
    .selectFrom("date_reviews")
    .select(["id", "subject_id"])
    .where("date_id", "=", dateId)
    .where("published_at", "is", null)
    .execute();
  if (pending.length === 0) return [];
  await trx
    .updateTable("date_reviews")
    .set({ published_at: now })
    .where(
      "id",
      "in",
      pending.map((r) => r.id),
    )
    .where("published_at", "is", null)
    .execute();
  const subjects = [...new Set(pending.map((r) => r.subject_id))];
  for (const subject of subjects) await refreshReviewCounters(trx, subject);
  return subjects;
}

/** Records that the window is open (once) and schedules its close; true when this call opened it. */
async function ensureWindow(deps: ApiDeps, trx: Executor, date: Pick<DateRow, "id" | "starts_at" | "duration_minutes">): Promise<boolean> {
  const window = windowOf(date, deps.clock.now());
  const opened = await trx
    .insertInto("date_review_windows")
    .values({ date_id: date.id, opened_at: deps.clock.now(), closed_at: null })
    .onConflict((oc) => oc.column("date_id").doNothing())
    .executeTakeFirst();
  await enqueueJob(
    trx,
    deps.clock,
    "review_window.close",
    { date_id: date.id },
    { runAt: window.closesAt, key: `review_window.close:${date.id}` },
  );
  return Number(opened.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** POST /reviews/{date_id}: the member's one review of the other member of the date. */
export async function writeReview(deps: ApiDeps, memberId: number, dateId: number, input: ReviewInput): Promise<DateReviews> {
  const hints = await deps.db.transaction().execute(async (trx) => {
    // PostgreSQL: the date's row orders the two members' reviews, so the second one always sees the first and publishes.
    if (deps.dialect === "postgres") await trx.selectFrom("dates").select("id").where("id", "=", dateId).forUpdate().execute();
    const date = await dateForMember(trx, dateId, memberId);
    const now = deps.clock.now();
    assertWritable(date, now);
    const otherId = date.sender_id === memberId ? date.receiver_id : date.sender_id;
    const other = await memberOf(trx, otherId);
    if (!other) throw fail.notFound(REVIEW_ERRORS.notFound);
    const party = reviewedPartyOf(other.user_type);
    const ratings = checkedRatings(party, input.ratings);
    const mean = ratings.reduce((sum, [, r]) => sum + r, 0) / ratings.length;
    const inserted = await trx
      .insertInto("date_reviews")
      .values({
        date_id: date.id,
        author_id: memberId,
        subject_id: otherId,
        party,
        rating: mean,
        recommend: input.would_you_recommend_this_user === "yes" ? 1 : 0,
        profile_match: input.profile_match_reality === "yes" ? 1 : 0,
        come_again: input.would_you_come_again === "yes" ? 1 : 0,
        punctuality: input.punctuality,
        text: input.text,
        comment: null,
        commented_at: null,
        created_at: now,
        published_at: null,
      })
      .onConflict((oc) => oc.columns(["date_id", "author_id"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) throw fail.conflict(REVIEW_ERRORS.alreadyReviewed);
    await trx
      .insertInto("date_review_ratings")
      .values(ratings.map(([criterion, rating]) => ({ review_id: inserted.id, criterion, rating })))
      .execute();
    const side = date.sender_id === memberId ? "sender" : "receiver";
    await appendDateEvent(
      trx,
      { dateId: date.id, kind: side === "sender" ? "sender_review" : "receiver_review", actorId: memberId },
      deps.clock,
    );
    await ensureWindow(deps, trx, date);
    const theirs = await trx
      .selectFrom("date_reviews")
      .select("id")
      .where("date_id", "=", date.id)
      .where("author_id", "=", otherId)
      .executeTakeFirst();
    // The reveal: the second review publishes both at once.
    if (theirs) await publishDate(trx, date.id, now);
    return notify(deps, trx, {
      userId: otherId,
      event: "review",
      actorId: memberId,
      subject: { type: "date", id: date.id },
      url: `dating/reviews/detail/${date.id}`,
      dedupeKey: `review:${inserted.id}`,
    });
  });
  await publishNotificationHints(deps, hints);
  await grantEarnedRewards(deps, memberId); // token reward "first_review" (issue 27, ADR 085)
  return dateReviews(deps, memberId, dateId);
}

/** POST /reviews/{review_id}/comment: the reviewed member answers a published review once. */
export async function commentReview(deps: ApiDeps, memberId: number, reviewId: number, input: ReviewCommentInput): Promise<DateReviews> {
  const dateId = await deps.db.transaction().execute(async (trx) => {
    const review = await trx
      .selectFrom("date_reviews")
      .innerJoin("dates", "dates.id", "date_reviews.date_id")
      .select([
        "date_reviews.id",
        "date_reviews.date_id",
        "date_reviews.published_at",
        "date_reviews.comment",
        "dates.sender_id",
        "dates.starts_at",
        "dates.duration_minutes",
      ])
      .where("date_reviews.id", "=", reviewId)
      .where("date_reviews.subject_id", "=", memberId)
      .executeTakeFirst();
    if (!review) throw fail.notFound(REVIEW_ERRORS.notFound);
    const window = windowOf({ starts_at: Number(review.starts_at), duration_minutes: review.duration_minutes }, deps.clock.now());
    if (review.published_at === null && window.state !== "closed") throw fail.conflict(REVIEW_ERRORS.commentNotAllowed);
    if (review.comment !== null) throw fail.conflict(REVIEW_ERRORS.alreadyCommented);
    const updated = await trx
      .updateTable("date_reviews")
      .set({ comment: input.comment, commented_at: deps.clock.now() })
      .where("id", "=", review.id)
      .where("comment", "is", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw fail.conflict(REVIEW_ERRORS.alreadyCommented);
    const side = review.sender_id === memberId ? "sender" : "receiver";
    await appendDateEvent(
      trx,
      { dateId: review.date_id, kind: side === "sender" ? "sender_comment" : "receiver_comment", actorId: memberId },
      deps.clock,
    );
    return review.date_id;
  });
  return dateReviews(deps, memberId, dateId);
}

// --- Windows: opening and closing ------------------------------------------------------

/**
 * Opens the windows of accepted dates that ended (maintenance, every few minutes, in every process): each date's
 * two members are told once (the window row's primary key decides between processes) and its close is scheduled.
 */
export async function openReviewWindows(deps: ApiDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .selectFrom("dates")
    .select(["id", "sender_id", "receiver_id", "starts_at", "duration_minutes"])
    .where("status", "=", DATE_STATUS.accept)
    .where("starts_at", "<=", now)
    .where("starts_at", ">", now - REVIEW_WINDOW_MS - LONGEST_DATE_MS)
    .where(sql<boolean>`starts_at + duration_minutes * ${MINUTE_MS} <= ${now}`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("date_review_windows").select("date_review_windows.date_id").whereRef("date_review_windows.date_id", "=", "dates.id"),
        ),
      ),
    )
    .orderBy("starts_at")
    .limit(SWEEP_BATCH)
    .execute();
  let opened = 0;
  for (const row of due) {
    const date = { ...row, starts_at: Number(row.starts_at) };
    if (windowOf(date, now).state !== "open") continue;
    const hints = await deps.db.transaction().execute(async (trx) => {
      if (!(await ensureWindow(deps, trx, date))) return [];
      opened += 1;
      return notifyBoth(deps, trx, date, "review_window_open", `dating/reviews/add/${date.id}`);
    });
    await publishNotificationHints(deps, hints);
  }
  return opened;
}

/** Tells both members of a date about its review window, each naming the other; once per date and event. */
async function notifyBoth(
  deps: ApiDeps,
  trx: Executor,
  date: { id: number; sender_id: number; receiver_id: number },
  event: "review_window_open" | "review_window_closed",
  url: string,
): Promise<NotificationHints> {
  const hints: NotificationHints = [];
  for (const [userId, actorId] of [
    [date.sender_id, date.receiver_id],
    [date.receiver_id, date.sender_id],
  ] as const) {
    hints.push(
      ...(await notify(deps, trx, {
        userId,
        event,
        actorId,
        subject: { type: "date", id: date.id },
        url,
        dedupeKey: `${event}:${date.id}`,
      })),
    );
  }
  return hints;
}

/** The close job (at the window's end): publishes what is still blind and tells both members; idempotent. */
export async function closeReviewWindow(deps: ApiDeps, dateId: number): Promise<void> {
  const hints = await deps.db.transaction().execute(async (trx) => {
    const date = await trx
      .selectFrom("dates")
      .select(["id", "sender_id", "receiver_id", "starts_at", "duration_minutes"])
      .where("id", "=", dateId)
      .executeTakeFirst();
    if (!date) return [];
    const now = deps.clock.now();
    // A job that runs early (a clock moved back) leaves the window open; its key is free again, so reschedule.
    if (windowOf({ ...date, starts_at: Number(date.starts_at) }, now).state !== "closed") {
      throw new Error(`review window of date ${dateId} not closed yet`);
    }
    await trx
      .insertInto("date_review_windows")
      .values({ date_id: dateId, opened_at: now, closed_at: null })
      .onConflict((oc) => oc.column("date_id").doNothing())
      .execute();
    const closed = await trx
      .updateTable("date_review_windows")
      .set({ closed_at: now })
      .where("date_id", "=", dateId)
      .where("closed_at", "is", null)
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) return [];
    await publishDate(trx, dateId, now);
    return notifyBoth(deps, trx, date, "review_window_closed", `dating/reviews/detail/${dateId}`);
  });
  await publishNotificationHints(deps, hints);
}

// --- Profiles: received reviews ---------------------------------------------------------

/** Whether a reader reads review texts for free (item 5): the date's members and plus members (review_texts). */
function readsFree(viewer: ViewerContext, row: Pick<LoadedReview, "author_id" | "subject_id">): boolean {
  return viewer.id !== null && (viewer.entitlements.may("review_texts") || viewer.id === row.author_id || viewer.id === row.subject_id);
}

/** The averages over a member's published reviews (their tab and the profile's summary). */
export async function reviewAverages(db: Executor, subjectId: number, party: ReviewedParty): Promise<ReviewAverages> {
  const published = (eb: ExpressionBuilder<Database, "date_reviews">) =>
    eb.and([
      eb("date_reviews.subject_id", "=", subjectId),
      eb("date_reviews.published_at", "is not", null),
      eb("date_reviews.removed_at", "is", null),
    ]);
  const [totals, perCriterion] = await Promise.all([
    db
      .selectFrom("date_reviews")
      .select((eb) => [
        eb.fn.countAll<number | string>().as("count"),
        eb.fn.avg<number | string | null>("rating").as("average"),
        eb.fn.avg<number | string | null>("recommend").as("recommend"),
        eb.fn.avg<number | string | null>("profile_match").as("profile_match"),
        eb.fn.avg<number | string | null>("come_again").as("come_again"),
      ])
      .where(published)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("date_review_ratings")
      .innerJoin("date_reviews", "date_reviews.id", "date_review_ratings.review_id")
      .select((eb) => ["date_review_ratings.criterion", eb.fn.avg<number | string>("date_review_ratings.rating").as("average")])
      .where(published)
      .groupBy("date_review_ratings.criterion")
      .execute(),
  ]);
  const count = Number(totals.count);
  const percent = (value: number | string | null) => (count === 0 || value === null ? null : Math.round(Number(value) * 100));
  const byCriterion = new Map(perCriterion.map((r) => [r.criterion, round1(Number(r.average))]));
  return {
    count,
    average: count === 0 || totals.average === null ? null : round1(Number(totals.average)),
    criteria: REVIEW_CRITERIA[party].map((criterion) => ({ criterion, average: byCriterion.get(criterion) ?? null })),
    questions: REVIEW_QUESTIONS.map((question) => ({
      question,
      yes_percent: percent(
        question === "would_you_recommend_this_user"
          ? totals.recommend
          : question === "profile_match_reality"
            ? totals.profile_match
            : totals.come_again,
      ),
    })),
  };
}

/** A profile's display choice (user/date_review_display): reviews and the average, or hidden from others. */
async function displayOf(db: Executor, userId: number): Promise<{ reviews: boolean; rating: boolean }> {
  const row = await db.selectFrom("profiles").select(["reviews_shown", "rating_shown"]).where("user_id", "=", userId).executeTakeFirst();
  return { reviews: (row?.reviews_shown ?? 1) === 1, rating: (row?.rating_shown ?? 1) === 1 };
}

/** GET /reviews/user/{username}: the published reviews a member received, newest first, with the averages. */
export async function receivedReviews(deps: ApiDeps, username: string, viewer: ViewerContext, page: number): Promise<ReviewList> {
  const profile = await loadVisibleProfile(deps, username, viewer);
  const isOwner = viewer.id === profile.id;
  const display = await displayOf(deps.db, profile.id);
  if (!isOwner && !display.reviews) throw fail.forbidden(REVIEW_ERRORS.hidden);
  const party = reviewedPartyOf(profile.user_type);
  const [summary, totalRow, idRows] = await Promise.all([
    reviewAverages(deps.db, profile.id, party),
    deps.db
      .selectFrom("date_reviews")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("subject_id", "=", profile.id)
      .where("published_at", "is not", null)
      .where("removed_at", "is", null)
      .executeTakeFirstOrThrow(),
    deps.db
      .selectFrom("date_reviews")
      .select("id")
      .where("subject_id", "=", profile.id)
      .where("published_at", "is not", null)
      .where("removed_at", "is", null)
      .orderBy("published_at", "desc")
      .orderBy("id", "desc")
      .limit(REVIEW_LIST_PAGE_SIZE)
      .offset((page - 1) * REVIEW_LIST_PAGE_SIZE)
      .execute(),
  ]);
  return {
    username: profile.username,
    party,
    summary: !isOwner && !display.rating ? { ...summary, average: null } : summary,
    items: await listedItems(deps, viewer, idRows),
    page,
    page_size: REVIEW_LIST_PAGE_SIZE,
    total: Number(totalRow.n),
    unlock: unlockPriceFor(viewer),
  };
}

/** The reviews of a page in the page's order, as the reader sees them: an author who is gone or blocked is unnamed. */
export async function listedItems(deps: ApiDeps, viewer: ViewerContext, idRows: ReadonlyArray<{ id: number }>): Promise<ReviewItem[]> {
  const rows = await reviewRows(deps.db, { ids: idRows.map((r) => r.id) });
  const order = new Map(idRows.map((r, i) => [r.id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  const unlocked = await unlockedDates(
    deps.db,
    viewer,
    rows.map((row) => row.date_id),
  );
  const items: ReviewItem[] = [];
  for (const row of rows) {
    const author = await memberOf(deps.db, row.author_id);
    const hidden =
      !author ||
      author.status === "deleted" ||
      (viewer.id !== null && viewer.id !== row.author_id && (await isBlockedBetween(deps, viewer.id, row.author_id)));
    items.push(
      toItem(
        row,
        hidden ? null : { username: author.username, display_name: author.display_name },
        readsFree(viewer, row) || unlocked.has(row.date_id),
        row.published_at,
      ),
    );
  }
  return items;
}

/** What unlocking a date's texts costs this reader (null for plus members, who read every text). */
export function unlockPriceFor(viewer: ViewerContext): ReviewList["unlock"] {
  if (viewer.id !== null && viewer.entitlements.may("review_texts")) return null;
  const { price, currency } = offerOf(REVIEW_UNLOCK.product);
  return { price, currency };
}

/**
 * The published reviews a reader may see outside a profile's own tab, each shown only as the reviewed member's tab
 * shows it to this reader: her profile listed (not banned, paused or hidden), no block between her and the reader,
 * not members-only for guests, and her date_review_display showing reviews (she sees her own anyway). Blind reviews
 * are unpublished and never listed. The statement joins the reviewed member as `users` and `profiles`; the business's
 * tab and the platform's reviews page (latest-reviews) narrow and order it.
 */
export function shownReviews(db: Executor, viewer: ViewerContext) {
  return db
    .selectFrom("date_reviews")
    .innerJoin("users", "users.id", "date_reviews.subject_id")
    .innerJoin("profiles", "profiles.user_id", "users.id")
    .where("date_reviews.published_at", "is not", null)
    .where("date_reviews.removed_at", "is", null)
    .where((eb) => {
      const profileEb = eb as unknown as Parameters<typeof isListedProfile>[0];
      const asOthers = eb.and([
        isListedProfile(profileEb),
        eb("profiles.reviews_shown", "=", 1),
        viewer.id === null ? isGuestVisible(profileEb) : notBlockedWith(eb, viewer.id),
      ]);
      return viewer.id === null ? asOthers : eb.or([asOthers, eb("users.id", "=", viewer.id)]);
    });
}

/**
 * GET /reviews/user/{username}/escorts: a business's "reviews" tab. The published reviews of the escorts who accepted
 * the business's link (a pending request counts for nothing), newest first. Each escort's reviews are shown only as
 * her own tab shows them to this reader: her profile listed (not banned, paused or hidden), no block between her and
 * the reader, not members-only for guests, and her date_review_display showing reviews (she sees her own anyway).
 * Blind reviews are unpublished and never listed. 404 not_a_business for every other profile.
 */
export async function linkedEscortReviews(
  deps: ApiDeps,
  username: string,
  viewer: ViewerContext,
  page: number,
): Promise<LinkedEscortReviewList> {
  const business = await loadVisibleProfile(deps, username, viewer);
  if (business.user_type !== USER_TYPE.business) throw fail.notFound(BUSINESS_REVIEWS_NOT_A_BUSINESS);
  const shown = shownReviews(deps.db, viewer)
    .innerJoin("business_escorts", "business_escorts.escort_user_id", "date_reviews.subject_id")
    .where("business_escorts.business_user_id", "=", business.id)
    .where("business_escorts.status", "=", BUSINESS_LINK_STATUS.accepted)
    .where("users.user_type", "=", USER_TYPE.escort);
  const { items, total } = await shownReviewsPage(deps, viewer, shown, page, REVIEW_LIST_PAGE_SIZE);
  return {
    username: business.username,
    items: items.map(({ subject, ...item }) => ({ ...item, escort: subject })),
    page,
    page_size: REVIEW_LIST_PAGE_SIZE,
    total,
    unlock: unlockPriceFor(viewer),
  };
}

/**
 * One page of a `shownReviews` statement (narrowed by the caller), newest first (published_at, then id, so a page is
 * stable), each item with the reviewed member it is about, and the total: the business's tab and the platform's
 * reviews page list their reviews through it.
 */
export async function shownReviewsPage(
  deps: ApiDeps,
  viewer: ViewerContext,
  shown: ReturnType<typeof shownReviews>,
  page: number,
  pageSize: number,
): Promise<{ items: Array<ReviewItem & { subject: { username: string; display_name: string } }>; total: number }> {
  const [totalRow, idRows] = await Promise.all([
    shown.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
    shown
      .select(["date_reviews.id", "users.username", "profiles.display_name"])
      .orderBy("date_reviews.published_at", "desc")
      .orderBy("date_reviews.id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  const subjects = new Map(idRows.map((r) => [r.id, { username: r.username, display_name: r.display_name }]));
  const items = await listedItems(deps, viewer, idRows);
  return { items: items.map((item) => ({ ...item, subject: subjects.get(item.id)! })), total: Number(totalRow.n) };
}

// --- Unlock (item 5: designed now, payable with the wallet) -------------------------------

/** The dates among `dateIds` whose texts the reader paid to read (review_unlocks, ADR 083). */
async function unlockedDates(db: Executor, viewer: ViewerContext, dateIds: number[]): Promise<Set<number>> {
  if (viewer.id === null || dateIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("review_unlocks")
    .select("date_id")
    .where("reader_id", "=", viewer.id)
    .where("date_id", "in", [...new Set(dateIds)])
    .execute();
  return new Set(rows.map((row) => row.date_id));
}

/**
 * The published, shown reviews of a date a reader may reach; 404 for every other date id. `free`: the reader reads the
 * texts without paying (a member of the date, plus); `paid`: the reader unlocked them before.
 */
async function unlockableDate(deps: ApiDeps, viewer: ViewerContext, dateId: number): Promise<{ free: boolean; paid: boolean }> {
  const rows = await deps.db
    .selectFrom("date_reviews")
    .innerJoin("users", "users.id", "date_reviews.subject_id")
    .select(["date_reviews.author_id", "date_reviews.subject_id", "users.username"])
    .where("date_reviews.date_id", "=", dateId)
    .where("date_reviews.published_at", "is not", null)
    .where("date_reviews.removed_at", "is", null)
    .execute();
  for (const row of rows) {
    try {
      const profile = await loadVisibleProfile(deps, row.username, viewer);
      const display = await displayOf(deps.db, profile.id);
      if (display.reviews || viewer.id === profile.id)
        return { free: rows.some((r) => readsFree(viewer, r)), paid: (await unlockedDates(deps.db, viewer, [dateId])).has(dateId) };
    } catch {
      // A profile the reader may not see reveals nothing: try the date's other review, then answer 404.
    }
  }
  throw fail.notFound(REVIEW_ERRORS.notFound);
}

/** GET /reviews/{date_id}/unlock: what reading this date's review texts costs the reader. */
export async function unlockInfo(deps: ApiDeps, viewer: ViewerContext, dateId: number): Promise<ReviewUnlockInfo> {
  const { free, paid } = await unlockableDate(deps, viewer, dateId);
  return { ...offerOf(REVIEW_UNLOCK.product), date_id: dateId, payer: REVIEW_UNLOCK.payer, unlocked: free || paid };
}

/** A second unlock of one date under another key, found after paying: the paying transaction rolls back. */
class AlreadyUnlocked extends Error {}

/**
 * POST /reviews/{date_id}/unlock (ADR 083): the reader pays review_unlock (CONSUME, reference `date:<id>`) under
 * `review_unlock:<key>` and the unlock is recorded in the same transaction. A retry with the key answers the first
 * payment; a date unlocked before (under another key) answers unlocked and pays nothing; 402 insufficient when the
 * wallet does not cover it (nothing moved); 409 when the reader reads the texts for free anyway; 404 like GET.
 */
export async function unlockReviews(deps: ApiDeps, viewer: ViewerContext, dateId: number, key: string): Promise<ReviewUnlockResult> {
  const { free } = await unlockableDate(deps, viewer, dateId);
  if (free) throw fail.conflict(REVIEW_ERRORS.unlockNotNeeded);
  const reader = viewer.id;
  if (reader === null) throw fail.unauthorized();
  const paymentKey = `review_unlock:${key}`;
  let paid: PaidInPlace | null = null;
  try {
    paid = await deps.db.transaction().execute(async (trx) => {
      const pay = () => payInPlace(trx, deps, { payer: reader, product: "review_unlock", key: paymentKey, reference: `date:${dateId}` });
      const earlier = await trx
        .selectFrom("review_unlocks")
        .select("payment_key")
        .where("reader_id", "=", reader)
        .where("date_id", "=", dateId)
        .executeTakeFirst();
      // Unlocked before: this request's own retry is answered with its payment (nothing moves); another pays nothing.
      if (earlier) return earlier.payment_key === paymentKey ? await pay() : null;
      const payment = await pay();
      const inserted = await trx
        .insertInto("review_unlocks")
        .values({
          reader_id: reader,
          date_id: dateId,
          operation_id: payment.operationId,
          payment_key: paymentKey,
          created_at: deps.clock.now(),
        })
        .onConflict((oc) => oc.columns(["reader_id", "date_id"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      // A parallel unlock committed first: a retry of it reads its payment; another request rolls its own back.
      if (!inserted && !payment.replayed) throw new AlreadyUnlocked();
      return payment;
    });
  } catch (error) {
    if (!(error instanceof AlreadyUnlocked)) {
      if (error instanceof LedgerInsufficient) throw await insufficientDollars(deps, reader, "review_unlock");
      throw error;
    }
  }
  const info: ReviewUnlockInfo = { ...offerOf(REVIEW_UNLOCK.product), date_id: dateId, payer: REVIEW_UNLOCK.payer, unlocked: true };
  const payment = paid as PaidInPlace | null;
  if (!payment) return { ...info, payment: null };
  if (!payment.replayed) await notifyWalletChanged(deps, reader);
  return { ...info, payment: await paidAnswer(deps, reader, payment) };
}

// --- Reports (ADR 038: a review is a checked report kind) ----------------------------------

/**
 * A review a member may report, with its author (the reported member): the reviewed member's own received review,
 * or a published one on a profile tab the reporter may see. Anything else (blind reviews, other dates' ids, hidden
 * tabs) is null, so report ids reveal no more than the tabs do.
 */
export async function reportableReview(
  deps: ApiDeps,
  reviewId: number,
  reporter: ViewerContext,
): Promise<{ id: number; authorId: number } | null> {
  const row = await deps.db
    .selectFrom("date_reviews")
    .innerJoin("users", "users.id", "date_reviews.subject_id")
    .select(["date_reviews.id", "date_reviews.author_id", "date_reviews.subject_id", "date_reviews.published_at", "users.username"])
    .where("date_reviews.id", "=", reviewId)
    .executeTakeFirst();
  if (!row || row.published_at === null) return null;
  if (reporter.id === row.subject_id) return { id: row.id, authorId: row.author_id };
  try {
    const profile = await loadVisibleProfile(deps, row.username, reporter);
    if (!(await displayOf(deps.db, profile.id)).reviews) return null;
  } catch {
    return null;
  }
  return { id: row.id, authorId: row.author_id };
}

/** The report kind "review" (ADR 038; declared in this module's manifest): what reportableReview lets this reporter report. */
export async function findReportedReview(deps: ApiDeps, reviewId: number, reporterId: number | null): Promise<ReportedObject | null> {
  const review = await reportableReview(deps, reviewId, await viewerContext(deps, reporterId === null ? null : { id: reporterId }));
  return review && { objectId: review.id, targetUserId: review.authorId };
}

/**
 * A report decided "content_removed" (ADR 112): the review is marked removed — shown nowhere, left out of the averages
 * and counts — and kept, so an appeal can restore it as written.
 */
export async function removeReportedReview(deps: ApiDeps, trx: Transaction<Database>, reviewId: number): Promise<void> {
  const row = await trx
    .updateTable("date_reviews")
    .set({ removed_at: deps.clock.now() })
    .where("id", "=", reviewId)
    .where("removed_at", "is", null)
    .returning("subject_id")
    .executeTakeFirst();
  if (row) await refreshReviewCounters(trx, row.subject_id);
}

/** An appeal reversed the removal: the review is shown again and counts again. */
export async function restoreReportedReview(_deps: ApiDeps, trx: Transaction<Database>, reviewId: number): Promise<void> {
  const row = await trx
    .updateTable("date_reviews")
    .set({ removed_at: null })
    .where("id", "=", reviewId)
    .where("removed_at", "is not", null)
    .returning("subject_id")
    .executeTakeFirst();
  if (row) await refreshReviewCounters(trx, row.subject_id);
}
