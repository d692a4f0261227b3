/**
 * The profile endpoints of issue 11 item 7 (spec section 7 profiles; ADR 039): interviews, preferred dates and
 * the business reviews listing. Reads go through the profiles module's visibility rule (loadVisibleProfile:
 * unknown, unlisted, blocked either way → 404; members-only for guests → 403); writes are the owner's alone.
 */
import { ApiError, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { BUSINESS_REVIEWS_NOT_A_BUSINESS, BUSINESS_REVIEWS_PAGE_SIZE, type BusinessReviewsPage } from "../../contract/business-reviews";
import {
  INTERVIEW_ANSWER_MAX,
  INTERVIEW_OWNER_ONLY,
  INTERVIEW_UNKNOWN_QUESTION,
  interviewQuestionsFor,
  type InterviewQuestionKey,
  type Interviews,
  type InterviewsInput,
} from "../../contract/interviews";
import {
  DATE_KINDS,
  PREFERRED_DATES_NOT_OFFERED,
  PREFERRED_DATES_OWNER_ONLY,
  type DateKind,
  type PreferredDates,
  type PreferredDatesInput,
} from "../../contract/preferred-dates";
import { USER_TYPE } from "../../contract/users";
import type { ViewerContext } from "../access/index";
import { ownPendingInterviewAnswers, proposeInterviewAnswers } from "../moderation/index";
import { loadVisibleProfile } from "../profiles/index";
import { receivedReviews } from "../reviews/index";

/** The caller's own account, when `username` names it (case as in profile addresses); else the refusal `key`. */
async function ownAccount(deps: ApiDeps, userId: number, username: string, key: string) {
  const own = await deps.db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.user_id", "users.id")
    .select(["users.id", "users.user_type", "users.username_key", "users.status"])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  // Another member's profile, or none of one's own: refused the same way, without saying whether `username` exists.
  if (!own || own.status === "deleted" || own.username_key !== username.toLowerCase()) throw fail.forbidden(key);
  return own;
}

// --- Interviews -------------------------------------------------------------------

/**
 * The answers in catalogue order. Everyone reads the accepted ones; the owner (`own`) reads their own waiting
 * answers in their place (ADR 030's rule for profile texts), marked `pending`.
 */
async function interviewsOf(deps: ApiDeps, userId: number, userType: number, own: boolean): Promise<Interviews> {
  const questions = interviewQuestionsFor(userType);
  const [rows, waiting] = await Promise.all([
    deps.db.selectFrom("profile_interviews").select(["question_key", "answer", "updated_at"]).where("user_id", "=", userId).execute(),
    own ? ownPendingInterviewAnswers(deps.db, userId) : Promise.resolve(new Map<InterviewQuestionKey, never>()),
  ]);
  const byKey = new Map(rows.map((r) => [r.question_key, r]));
  // Catalogue order; answers to questions this type no longer has (a changed type) are not shown.
  const items = questions.flatMap((key): Interviews["items"] => {
    const proposal = waiting.get(key);
    if (proposal) return [{ question_key: key, answer: proposal.answer, updated_at: proposal.created_at, pending: true }];
    const row = byKey.get(key);
    return row ? [{ question_key: key, answer: row.answer, updated_at: Number(row.updated_at) }] : [];
  });
  return { items, questions, answer_max: INTERVIEW_ANSWER_MAX };
}

export async function visibleInterviews(deps: ApiDeps, username: string, viewer: ViewerContext): Promise<Interviews> {
  const row = await loadVisibleProfile(deps, username, viewer);
  return interviewsOf(deps, row.id, row.user_type, viewer.id === row.id);
}

/**
 * Saves the owner's answers: each key given waits for the team (ADR 030's rule: the public keeps the accepted
 * answer), or is removed at once when empty; others stay. A key outside the owner's catalogue refuses the whole
 * change (400 at that key). Concurrent saves of one answer: one waiting proposal, the last wins.
 */
export async function saveInterviews(deps: ApiDeps, userId: number, username: string, input: InterviewsInput): Promise<Interviews> {
  const own = await ownAccount(deps, userId, username, INTERVIEW_OWNER_ONLY);
  const allowed = new Set<string>(interviewQuestionsFor(own.user_type));
  const entries = Object.entries(input.answers);
  const unknown = entries.find(([key]) => !allowed.has(key));
  if (unknown) throw fail.badRequest(INTERVIEW_UNKNOWN_QUESTION, `answers.${unknown[0]}`);
  const now = deps.clock.now();
  await deps.db
    .transaction()
    .execute((trx) =>
      proposeInterviewAnswers(trx, own.id, Object.fromEntries(entries) as Record<InterviewQuestionKey, string | null>, now),
    );
  return interviewsOf(deps, own.id, own.user_type, true);
}

// --- Preferred dates --------------------------------------------------------------

async function preferredDatesOf(deps: ApiDeps, userId: number): Promise<PreferredDates> {
  const [kinds, meeting, days] = await Promise.all([
    deps.db.selectFrom("profile_date_kinds").select("kind").where("user_id", "=", userId).execute(),
    deps.db
      .selectFrom("profile_traits")
      .select("option_id")
      .where("user_id", "=", userId)
      .where("group_key", "=", "meeting_option")
      .orderBy("option_id")
      .execute(),
    deps.db.selectFrom("profile_schedule").select("day").distinct().where("user_id", "=", userId).orderBy("day").execute(),
  ]);
  const chosen = new Set(kinds.map((k) => k.kind));
  return {
    kinds: DATE_KINDS.filter((kind) => chosen.has(kind)),
    meeting_option_ids: meeting.map((m) => m.option_id),
    days: days.map((d) => d.day),
  };
}

export async function visiblePreferredDates(deps: ApiDeps, username: string, viewer: ViewerContext): Promise<PreferredDates> {
  const row = await loadVisibleProfile(deps, username, viewer);
  if (row.user_type !== USER_TYPE.escort) throw fail.notFound(PREFERRED_DATES_NOT_OFFERED);
  return preferredDatesOf(deps, row.id);
}

/** Replaces the owner's date kinds (escorts only: others have no date requests to shape). */
export async function savePreferredDates(
  deps: ApiDeps,
  userId: number,
  username: string,
  input: PreferredDatesInput,
): Promise<PreferredDates> {
  const own = await ownAccount(deps, userId, username, PREFERRED_DATES_OWNER_ONLY);
  if (own.user_type !== USER_TYPE.escort) throw fail.forbidden(PREFERRED_DATES_NOT_OFFERED);
  const kinds: DateKind[] = [...new Set(input.kinds)];
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("profile_date_kinds").where("user_id", "=", own.id).execute();
    if (kinds.length > 0)
      await trx
        .insertInto("profile_date_kinds")
        .values(kinds.map((kind) => ({ user_id: own.id, kind })))
        .execute();
  });
  return preferredDatesOf(deps, own.id);
}

// --- Business reviews -------------------------------------------------------------

/**
 * A business's reviews, newest first: the published date reviews it received (ADR 047), as the reviews module
 * shows them to this reader (texts locked for readers who do not read them for free). A business that hides its
 * reviews (date_review_display) answers an empty page to others.
 */
export async function visibleBusinessReviews(
  deps: ApiDeps,
  username: string,
  viewer: ViewerContext,
  page: number,
): Promise<BusinessReviewsPage> {
  const row = await loadVisibleProfile(deps, username, viewer);
  if (row.user_type !== USER_TYPE.business) throw fail.notFound(BUSINESS_REVIEWS_NOT_A_BUSINESS);
  const empty = { items: [], total: 0, page, page_size: BUSINESS_REVIEWS_PAGE_SIZE, average: null };
  const list = await receivedReviews(deps, username, viewer, page).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 403) return null;
    throw err;
  });
  if (!list) return empty;
  return {
    items: list.items.map((item) => ({
      id: item.id,
      author: item.author,
      rating: item.rating,
      aspects: item.ratings,
      text: item.text,
      created_at: item.created_at,
    })),
    total: list.total,
    page,
    page_size: BUSINESS_REVIEWS_PAGE_SIZE,
    average: list.summary.average,
  };
}
