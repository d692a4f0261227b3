/**
 * The reviews queue (issue 30 item 5, ADRs 119 and 128): date or event reviews a text rule flagged after publication
 * (the ProstSchG §32 rule refuses such texts at the field, so only a term added to the rule later can match a
 * published one: the recheck job flags those). Keep or remove, with a reason.
 *
 * Reported reviews (kinds `review` and `event_review`) are notices and wait in the reports queue only, with its
 * priorities (trusted flaggers, urgent types) and its duty to tell the notifier (ADR 128): a staff member finds a
 * review in one place. A flagged review with an open report leaves this queue while the report is open; the report's
 * removal takes it down (and it stays out: a removed review is no open item), a report kept without action brings the
 * flag back here, undecided — the rule's finding is never lost.
 */
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from "kysely";
import { fail, ApiError, errorItem } from "../../api/errors";
import { removeReportedReview as removeDateReview } from "../reviews/index";
import { removeEventReview } from "../events/index";
import type { ApiDeps } from "../../api/types";
import { findProstSchGTerm } from "../../contract/prostschg";
import {
  QUEUE_ERRORS,
  REVIEW_QUEUE_PAGE_SIZE,
  REVIEW_REASON_MAX,
  REVIEW_REASON_MIN,
  type ReviewDecision,
  type ReviewDecisionBody,
  type ReviewFlagRule,
  type ReviewKind,
  type ReviewQueue,
  type ReviewQueueItem,
} from "../../contract/queues";
import type { Database } from "../../db/schema";
import { requireStaffPermission } from "../access/index";
import { recordAudit } from "../audit/index";
import type { OpenQueueItems } from "../manifest";
import { recordStatement } from "../statements/index";

type Trx = Transaction<Database>;

/** A review's report kind: a date review is `review`, an event review `event_review` (their ids collide, ADR 123). */
const reportKindOf = (kind: ReviewKind) => (kind === "date" ? "review" : "event_review");

/** The flag's review is still published and no open report waits on it (that one is decided in the reports queue). */
function stillOpenHere(eb: ExpressionBuilder<Database, "review_flags">) {
  const published = (kind: ReviewKind) =>
    eb.and([
      eb("review_flags.review_kind", "=", kind),
      eb.exists(
        kind === "date"
          ? eb
              .selectFrom("date_reviews")
              .select(sql<number>`1`.as("one"))
              .whereRef("date_reviews.id", "=", "review_flags.review_id")
              .where("date_reviews.removed_at", "is", null)
          : eb
              .selectFrom("event_reviews")
              .select(sql<number>`1`.as("one"))
              .whereRef("event_reviews.id", "=", "review_flags.review_id")
              .where("event_reviews.removed_at", "is", null),
      ),
    ]);
  const reported = eb.exists(
    eb
      .selectFrom("reports")
      .select(sql<number>`1`.as("one"))
      .where("reports.state", "=", "open")
      .whereRef("reports.object_id", "=", "review_flags.review_id")
      .where((inner) =>
        inner.or(
          (["date", "event"] as const).map((kind) =>
            inner.and([inner("review_flags.review_kind", "=", kind), inner("reports.object_kind", "=", reportKindOf(kind))]),
          ),
        ),
      ),
  );
  return eb.and([eb.or([published("date"), published("event")]), eb.not(reported)]);
}

/** The queue's open items: each flagged review once (at most one open flag), waiting since its flag. */
export function openReviews(db: Kysely<Database>): OpenQueueItems {
  return db
    .selectFrom("review_flags")
    .where("review_flags.decided_at", "is", null)
    .where((eb) => stillOpenHere(eb))
    .select([
      "review_flags.review_id as id",
      "review_flags.created_at as since",
      sql<string>`'reviews.' || review_flags.review_kind`.as("scope"),
    ]);
}

const kindOfScope = (scope: string): ReviewKind => (scope === "reviews.event" ? "event" : "date");

/** GET /backoffice/reviews: a page of the queue, oldest first. */
export async function reviewQueue(deps: ApiDeps, staffId: number, page: number): Promise<ReviewQueue> {
  await requireStaffPermission(deps, staffId, "queues.decide");
  const open = () => deps.db.selectFrom(openReviews(deps.db).as("open"));
  const [rows, count] = await Promise.all([
    open()
      .select(["open.id", "open.since", "open.scope"])
      .orderBy("open.since")
      .orderBy("open.id")
      .limit(REVIEW_QUEUE_PAGE_SIZE)
      .offset((page - 1) * REVIEW_QUEUE_PAGE_SIZE)
      .execute(),
    open()
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  const ids = (kind: ReviewKind) => rows.filter((row) => kindOfScope(row.scope) === kind).map((row) => row.id);
  const [dates, events, flags] = await Promise.all([
    ids("date").length === 0
      ? []
      : deps.db
          .selectFrom("date_reviews")
          .innerJoin("users as author", "author.id", "date_reviews.author_id")
          .innerJoin("users as subject", "subject.id", "date_reviews.subject_id")
          .select(["date_reviews.id", "date_reviews.text", "date_reviews.rating", "date_reviews.created_at"])
          .select([
            "author.id as author_id",
            "author.username as author_name",
            "subject.id as subject_id",
            "subject.username as subject_name",
          ])
          .where("date_reviews.id", "in", ids("date"))
          .execute(),
    ids("event").length === 0
      ? []
      : deps.db
          .selectFrom("event_reviews")
          .innerJoin("users as author", "author.id", "event_reviews.reviewer_id")
          .innerJoin("users as subject", "subject.id", "event_reviews.organizer_id")
          .select([
            "event_reviews.id",
            "event_reviews.text",
            "event_reviews.service",
            "event_reviews.event_organization",
            "event_reviews.location",
            "event_reviews.value_for_money",
            "event_reviews.created_at",
          ])
          .select([
            "author.id as author_id",
            "author.username as author_name",
            "subject.id as subject_id",
            "subject.username as subject_name",
          ])
          .where("event_reviews.id", "in", ids("event"))
          .execute(),
    deps.db
      .selectFrom("review_flags")
      .select(["review_kind", "review_id", "rule"])
      .where("decided_at", "is", null)
      .where((eb) =>
        eb.or(
          (["date", "event"] as const)
            .filter((kind) => ids(kind).length > 0)
            .map((kind) => eb.and([eb("review_kind", "=", kind), eb("review_id", "in", ids(kind))])),
        ),
      )
      .execute(),
  ]);
  const items: ReviewQueueItem[] = [];
  for (const row of rows) {
    const kind = kindOfScope(row.scope);
    const flag = flags.find((f) => f.review_kind === kind && f.review_id === row.id)?.rule as ReviewFlagRule | undefined;
    if (!flag) continue;
    const base = { id: row.id, kind, since: Number(row.since), flag };
    if (kind === "date") {
      const review = dates.find((d) => d.id === row.id);
      if (!review) continue;
      items.push({
        ...base,
        text: review.text,
        rating: Number(review.rating),
        created_at: Number(review.created_at),
        author: { id: review.author_id, username: review.author_name },
        subject: { id: review.subject_id, username: review.subject_name },
      });
    } else {
      const review = events.find((e) => e.id === row.id);
      if (!review) continue;
      items.push({
        ...base,
        text: review.text,
        rating: (review.service + review.event_organization + review.location + review.value_for_money) / 4,
        created_at: Number(review.created_at),
        author: { id: review.author_id, username: review.author_name },
        subject: { id: review.subject_id, username: review.subject_name },
      });
    }
  }
  return { items, page, page_size: REVIEW_QUEUE_PAGE_SIZE, total: Number(count.n) };
}

interface ReviewRow {
  id: number;
  author_id: number;
  text: string;
  author_language: string;
}

async function reviewOf(db: Kysely<Database> | Trx, kind: ReviewKind, id: number): Promise<ReviewRow | undefined> {
  if (kind === "date")
    return db
      .selectFrom("date_reviews")
      .innerJoin("users", "users.id", "date_reviews.author_id")
      .select(["date_reviews.id", "date_reviews.author_id", "date_reviews.text", "users.language as author_language"])
      .where("date_reviews.id", "=", id)
      .executeTakeFirst();
  return db
    .selectFrom("event_reviews")
    .innerJoin("users", "users.id", "event_reviews.reviewer_id")
    .select(["event_reviews.id", "event_reviews.reviewer_id as author_id", "event_reviews.text", "users.language as author_language"])
    .where("event_reviews.id", "=", id)
    .executeTakeFirst();
}

/**
 * Takes a review down by its module's mark: a date review (ADR 112) or an event review (ADR 123), both restorable when
 * an appeal reverses the removal (the statement names the report kind, whose restoreContent brings it back).
 */
async function deleteReview(deps: ApiDeps, trx: Trx, kind: ReviewKind, id: number): Promise<void> {
  if (kind === "date") await removeDateReview(deps, trx, id);
  else await removeEventReview(deps, trx, id);
}

async function closeFlags(trx: Trx, kind: ReviewKind, id: number, staffId: number | null, decision: "keep" | "remove", now: number) {
  return trx
    .updateTable("review_flags")
    .set({ decided_at: now, decided_by: staffId, decision })
    .where("review_kind", "=", kind)
    .where("review_id", "=", id)
    .where("decided_at", "is", null)
    .executeTakeFirst();
}

function reasonError(): ApiError {
  return new ApiError(400, [errorItem(400, `validation.queues.reason_length?min=${REVIEW_REASON_MIN}&max=${REVIEW_REASON_MAX}`, "reason")]);
}

/** POST /backoffice/reviews/{kind}/{id}/decide: keep or remove a queued review. 404 when it waits in no queue. */
export async function decideReview(
  deps: ApiDeps,
  staffId: number,
  kind: ReviewKind,
  id: number,
  body: ReviewDecisionBody,
): Promise<ReviewDecision> {
  await requireStaffPermission(deps, staffId, "queues.decide");
  const reason = body.reason.trim();
  // The author reads why their review went (the statement's facts): a removal needs the team's words.
  if (body.decision === "remove" && reason.length < REVIEW_REASON_MIN) throw reasonError();
  const review = await reviewOf(deps.db, kind, id);
  if (!review) throw fail.notFound(QUEUE_ERRORS.reviewNotFound);
  // A reported review is decided in the reports queue (the notifier is told, DSA Art. 16(5)): it waits in no queue here.
  const openReport = await deps.db
    .selectFrom("reports")
    .select("id")
    .where("object_kind", "=", reportKindOf(kind))
    .where("object_id", "=", id)
    .where("state", "=", "open")
    .executeTakeFirst();
  if (openReport) throw fail.notFound(QUEUE_ERRORS.reviewNotFound);
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const closed = await closeFlags(trx, kind, id, staffId, body.decision, now);
    // Decided meanwhile by another staff member, or never queued.
    if (Number(closed.numUpdatedRows) === 0) throw fail.notFound(QUEUE_ERRORS.reviewNotFound);
    let statementId: number | null = null;
    if (body.decision === "remove") {
      await deleteReview(deps, trx, kind, id);
      statementId = await recordStatement(
        trx,
        {
          kind: "review_removal",
          userId: review.author_id,
          // The report kind: an appeal's reversal restores through its restoreContent.
          subjectKind: reportKindOf(kind),
          subjectId: id,
          restriction: "content_removed",
          ground: "illegal",
          groundReference: "ProstSchG § 32",
          facts: reason,
          source: "own_initiative",
          automatedDetection: true,
          automatedDecision: false,
          language: review.author_language,
          decidedBy: staffId,
        },
        now,
      );
    }
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: body.decision === "remove" ? "reviews.remove" : "reviews.keep",
        subjectType: `${kind}_review`,
        subjectId: String(id),
        reason: reason || null,
        before: { text: review.text, author_id: review.author_id },
        after: body.decision === "remove" ? null : { text: review.text, author_id: review.author_id },
      },
      now,
    );
    return { kind, id, decision: body.decision, statement_id: statementId };
  });
}

/** Flags a published review whose text a rule matches now; answers whether it flagged it (at most one open flag). */
export async function flagReviewText(
  trx: Trx | Kysely<Database>,
  kind: ReviewKind,
  review: { id: number; author_id: number; text: string },
  now: number,
) {
  const rule: ReviewFlagRule | null = findProstSchGTerm(review.text) !== null ? "prostschg" : null;
  if (!rule) return false;
  const inserted = await trx
    .insertInto("review_flags")
    .values({ review_kind: kind, review_id: review.id, author_id: review.author_id, rule, created_at: now })
    .onConflict((oc) => oc.columns(["review_kind", "review_id"]).where("decided_at", "is", null).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

const RECHECK_BATCH = 500;

/**
 * The recheck job: runs the text rules over every published review (after the rule's terms changed) and flags the
 * ones they match now. Reviews already decided "keep" for that rule stay kept.
 */
export async function recheckReviewTexts(deps: ApiDeps): Promise<number> {
  const now = deps.clock.now();
  let flagged = 0;
  for (const kind of ["date", "event"] as const) {
    let after = 0;
    for (;;) {
      const rows =
        kind === "date"
          ? await deps.db
              .selectFrom("date_reviews")
              .select(["id", "author_id", "text"])
              .where("id", ">", after)
              .where("published_at", "is not", null)
              .orderBy("id")
              .limit(RECHECK_BATCH)
              .execute()
          : await deps.db
              .selectFrom("event_reviews")
              .select(["id", "reviewer_id as author_id", "text"])
              .where("id", ">", after)
              .where("removed_at", "is", null)
              .orderBy("id")
              .limit(RECHECK_BATCH)
              .execute();
      if (rows.length === 0) break;
      after = rows[rows.length - 1]!.id;
      const kept = await deps.db
        .selectFrom("review_flags")
        .select("review_id")
        .where("review_kind", "=", kind)
        .where("decision", "=", "keep")
        .where(
          "review_id",
          "in",
          rows.map((row) => row.id),
        )
        .execute();
      for (const row of rows) if (!kept.some((k) => k.review_id === row.id) && (await flagReviewText(deps.db, kind, row, now))) flagged++;
    }
  }
  return flagged;
}
