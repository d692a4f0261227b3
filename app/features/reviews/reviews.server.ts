/**
 * Date reviews in the web tier (issue 13 items 3–6, ADR 047): dating/reviews/add/{dateId} (the form),
 * dating/reviews/detail/{dateId} (both reviews, the answer and the report), dating/reviews/unlock/{dateId}, and the
 * p/{username}/reviews tab. Plain forms that post to their own page and redirect; every rule is the API's.
 */
import { randomUUID } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { BUSINESS_REVIEWS_NOT_A_BUSINESS } from "#server/contract/business-reviews";
import { moneyKeySchema } from "#server/contract/wallet";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#server/contract/locales";
import {
  REVIEW_CRITERION_KEYS,
  REVIEW_ERRORS,
  REVIEW_LIST_MAX_PAGE,
  REVIEW_QUESTIONS,
  reviewCommentSchema,
  reviewInputSchema,
  reviewRatingSchema,
  type ReviewCriterion,
  type ReviewInput,
} from "#server/contract/reviews";
import { createApiClient } from "~/api/client.server";
import { checkProfileUsername } from "~/features/profile/page.server";
import { publicPageHeaders } from "~/utils/page-headers.server";
import { fileReport } from "~/api/reports.server";
import {
  fetchDateReviews,
  fetchLinkedEscortReviews,
  fetchReceivedReviews,
  fetchUnlockInfo,
  postReview,
  postReviewComment,
  postUnlock,
} from "~/api/reviews.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { intentVariant, rowIdField } from "~/components/form/schema";
import { reportFormEntries } from "~/features/reports/report-form";
import { noStore, privateAnswer } from "~/utils/cache-headers";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { notFoundResponse } from "~/utils/not-found.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { parseRowId } from "#server/contract/row-id";

function langOf(params: LoaderFunctionArgs["params"]): Language {
  return isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
}

/** A date id from the address: anything but a row id names no date (404 like the API's). */
async function dateIdOf(request: Request, raw: string | undefined): Promise<number> {
  const id = parseRowId(raw);
  if (id === null) throw await notFoundResponse(request);
  return id;
}

async function failed(request: Request, status: number): Promise<never> {
  if (status === 404) throw await notFoundResponse(request);
  throw new Response(null, { status: status >= 500 ? 503 : status, headers: PRIVATE_HEADERS });
}

/** A refused form: its reply (errors at their fields, the rest above the form, the input kept) with the API's status. */
function refuse(status: number, lastResult: SubmissionResult<string[]>) {
  return data({ lastResult }, { status: status >= 500 ? 503 : status, headers: privateAnswer() });
}

// --- dating/reviews/add/{dateId} ---------------------------------------------------------------

export async function loadReviewAdd({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const dateId = await dateIdOf(request, params.dateId);
  const reviews = await fetchDateReviews(createApiClient({ request, context }), dateId);
  if (!reviews.ok) return failed(request, reviews.status);
  // Written already: the detail page shows it.
  if (reviews.data.mine) throw redirect(localePath(lang, `dating/reviews/detail/${dateId}`), { headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("reviews.meta.add"), lang, reviews: reviews.data }, { headers: PRIVATE_HEADERS });
}

/**
 * The review form: a rating per criterion (`ratings.<criterion>`), the three answers, punctuality and the text, with the
 * contract's rules. Which criteria the reviewed party has is the API's to check; so that one post names every empty
 * group at once, the criteria the form showed (hidden field `criteria`) must each have a rating here as well.
 */
const reviewFormSchema = v.pipe(
  v.object(
    {
      ratings: v.optional(
        v.object(Object.fromEntries(REVIEW_CRITERION_KEYS.map((criterion) => [criterion, v.optional(reviewRatingSchema)]))),
        {},
      ),
      ...Object.fromEntries(REVIEW_QUESTIONS.map((question) => [question, reviewInputSchema.entries[question]])),
      punctuality: reviewInputSchema.entries.punctuality,
      text: reviewInputSchema.entries.text,
      criteria: v.optional(v.string(), ""),
    },
    "validation.invalid",
  ),
  v.rawCheck(({ dataset, addIssue }) => {
    const input = (dataset.value ?? {}) as { criteria?: unknown; ratings?: Record<string, unknown> };
    const shown = String(input.criteria ?? "")
      .split(",")
      .filter((c): c is ReviewCriterion => (REVIEW_CRITERION_KEYS as readonly string[]).includes(c));
    for (const criterion of shown) {
      if (input.ratings?.[criterion] !== undefined) continue;
      addIssue({
        message: "validation.reviews.rating_required",
        path: [
          { type: "object", origin: "value", input: input as Record<string, unknown>, key: "ratings", value: input.ratings },
          { type: "object", origin: "value", input: input.ratings ?? {}, key: criterion, value: undefined },
        ],
      });
    }
  }),
  // What the API takes: the ratings given, without the form's own field.
  v.transform(
    ({ criteria: _criteria, ratings, ...rest }) =>
      ({
        ...rest,
        ratings: Object.fromEntries(Object.entries(ratings).filter((entry): entry is [string, number] => entry[1] !== undefined)),
      }) as ReviewInput,
  ),
);

export async function submitReviewAdd({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const dateId = await dateIdOf(request, params.dateId);
  const submission = await parseForm(request, reviewFormSchema, { lineBreaks: true });
  if (submission.status !== "success") return refuse(400, submission.reply());
  const result = await postReview(createApiClient({ request, context }), dateId, submission.value);
  if (!result.ok) {
    if (result.status === 404) throw await notFoundResponse(request);
    return refuse(result.status, replyWithApiErrors(submission, result.errors));
  }
  throw redirect(`${localePath(lang, `dating/reviews/detail/${dateId}`)}?done=written`, { headers: privateAnswer() });
}

// --- dating/reviews/detail/{dateId} ------------------------------------------------------------

const DETAIL_DONE = ["written", "commented", "reported"] as const;

export async function loadReviewDetail({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const dateId = await dateIdOf(request, params.dateId);
  const reviews = await fetchDateReviews(createApiClient({ request, context }), dateId);
  if (!reviews.ok) return failed(request, reviews.status);
  const t = await i18nServer.getFixedT(request);
  const done = new URL(request.url).searchParams.get("done");
  return data(
    {
      title: t("reviews.meta.detail"),
      lang,
      reviews: reviews.data,
      done: (DETAIL_DONE as readonly string[]).includes(done ?? "") ? (done as (typeof DETAIL_DONE)[number]) : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** The detail page's forms: the answer to the other's review, and the report of it; each names the review. */
const reviewId = v.optional(rowIdField(REVIEW_ERRORS.notFound));
const reviewDetailFormSchema = intentVariant({
  comment: v.object({ review_id: rowIdField(REVIEW_ERRORS.notFound), comment: reviewCommentSchema.entries.comment }),
  report: v.object({ review_id: reviewId, ...reportFormEntries }),
});

/** The answer to the other's review (intent comment) and the report of it (intent report). */
export async function submitReviewDetail({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const dateId = await dateIdOf(request, params.dateId);
  const submission = await parseForm(request, reviewDetailFormSchema, { lineBreaks: true });
  if (submission.status !== "success") return refuse(400, submission.reply());
  const api = createApiClient({ request, context });
  const form = submission.value;
  const result =
    form.intent === "comment"
      ? await postReviewComment(api, form.review_id, { comment: form.comment })
      : await fileReport(api, { kind: "review", object_id: form.review_id, type: form.type, text: form.text, good_faith: form.good_faith });
  if (!result.ok) return refuse(result.status, replyWithApiErrors(submission, result.errors));
  throw redirect(`${localePath(lang, `dating/reviews/detail/${dateId}`)}?done=${form.intent === "comment" ? "commented" : "reported"}`, {
    headers: privateAnswer(),
  });
}

// --- dating/reviews/unlock/{dateId} ------------------------------------------------------------

export async function loadReviewUnlock({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const dateId = await dateIdOf(request, params.dateId);
  const info = await fetchUnlockInfo(createApiClient({ request, context }), dateId);
  if (!info.ok) return failed(request, info.status);
  const t = await i18nServer.getFixedT(request);
  const back = new URL(request.url).searchParams.get("from");
  return data(
    {
      title: t("reviews.meta.unlock"),
      lang,
      info: info.data,
      from: back && /^[A-Za-z0-9_-]{1,64}$/.test(back) ? back : null,
      // The unlock's money key (contract/wallet moneyKeySchema), new with every render: a double submit pays once.
      payKey: randomUUID(),
    },
    { headers: PRIVATE_HEADERS },
  );
}

/**
 * The unlock (ADR 083): pays under the form's key and renders the page with what it cost and the balance after it
 * (a reload posts the same key, which pays nothing more); 402 insufficient shows the link to buying dollars.
 */
export async function submitReviewUnlock({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const dateId = await dateIdOf(request, params.dateId);
  const submission = await parseForm(request, v.object({ key: moneyKeySchema }));
  if (submission.status !== "success")
    return data({ lastResult: submission.reply(), insufficient: false, paid: null }, { status: 400, headers: privateAnswer() });
  const result = await postUnlock(createApiClient({ request, context }), dateId, submission.value.key);
  if (result.ok) {
    const payment = result.data.payment;
    return data(
      { lastResult: null, insufficient: false, paid: payment ? { amount: payment.amount, balance: payment.balance } : null },
      { headers: privateAnswer() },
    );
  }
  if (result.status === 404) throw await notFoundResponse(request);
  return data(
    { lastResult: replyWithApiErrors(submission, result.errors), insufficient: result.status === 402, paid: null },
    { status: result.status >= 500 ? 503 : result.status, headers: privateAnswer() },
  );
}

// --- p/{username}/reviews and p/{username}/business_reviews ------------------------------------

/** The profile tabs that list received reviews: every member's, and a business's under its own name. */
export type ReceivedReviewsTabName = "reviews" | "business_reviews";

/**
 * One loader for both tabs (contract/reviews REVIEW_CRITERIA decides the criteria of the reviewed party):
 * - business_reviews, only for businesses (404 for anyone else): the reviews the business received;
 * - reviews: a member's received reviews (GET /reviews/user/{username}); for a business instead the reviews of the
 *   escorts it lists (GET /reviews/user/{username}/escorts, `escortReviews`), asked once the first answer shows a
 *   business (or a member who hides their own reviews, which a business's escorts' reviews do not depend on).
 */
export async function loadReceivedReviews({ request, context, params }: LoaderFunctionArgs, tab: ReceivedReviewsTabName = "reviews") {
  const lang = langOf(params);
  const username = params.username ?? "";
  checkProfileUsername(lang, username);
  const raw = new URL(request.url).searchParams.get("page");
  // A page that is no page number goes back to the first page (a hand-edited address, not a missing one).
  if (raw !== null && (!/^[1-9]\d{0,3}$/.test(raw) || Number(raw) > REVIEW_LIST_MAX_PAGE))
    throw redirect(localePath(lang, `p/${username}/${tab}`));
  const page = raw === null ? 1 : Number(raw);
  const api = createApiClient({ request, context });
  const reviews = await fetchReceivedReviews(api, username, page);
  const hidden = !reviews.ok && reviews.status === 403 && reviews.errors[0]?.key === "exception.reviews.hidden";
  if (tab === "reviews" && (hidden || (reviews.ok && reviews.data.party === "business"))) {
    const escortReviews = await fetchLinkedEscortReviews(api, username, page);
    if (escortReviews.ok)
      return data({ reviews: null, hidden: false, escortReviews: escortReviews.data }, { headers: publicPageHeaders(request) });
    if (escortReviews.errors[0]?.key !== BUSINESS_REVIEWS_NOT_A_BUSINESS) return failedList(request, escortReviews.status);
  }
  if (!reviews.ok) {
    // Unknown, unlisted or blocked: the layout answers its own 404/403; a member who hides reviews: the tab says so.
    if (reviews.status === 403) return data({ reviews: null, hidden, escortReviews: null }, { headers: noStore() });
    return failedList(request, reviews.status);
  }
  if (tab === "business_reviews" && reviews.data.party !== "business") throw await notFoundResponse(request);
  // Texts depend on the reader (locked or not): a member's page is theirs alone.
  return data({ reviews: reviews.data, hidden: false, escortReviews: null }, { headers: publicPageHeaders(request) });
}

async function failedList(request: Request, status: number): Promise<never> {
  if (status === 404) throw await notFoundResponse(request);
  throw new Response(null, { status: status >= 500 && status < 600 ? status : 502, headers: noStore() });
}
