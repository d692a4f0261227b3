/**
 * Date reviews in the web tier (issue 13 items 3–6, ADR 047): dating/reviews/add/{dateId} (the form),
 * dating/reviews/detail/{dateId} (both reviews, the answer and the report), dating/reviews/unlock/{dateId}, and the
 * p/{username}/reviews tab. Plain forms that post to their own page and redirect; every rule is the API's.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { BUSINESS_REVIEWS_NOT_A_BUSINESS } from "#server/contract/business-reviews";
import { DEFAULT_ERROR_KEY, type ErrorItem } from "#server/contract/errors";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#server/contract/locales";
import {
  REVIEW_CRITERION_KEYS,
  REVIEW_LIST_MAX_PAGE,
  REVIEW_QUESTIONS,
  type ReviewCriterion,
  type ReviewInput,
} from "#server/contract/reviews";
import { createApiClient } from "~/api/client.server";
import { checkProfileUsername, publicPageHeaders } from "~/api/profiles.server";
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
import { apiErrorReply } from "~/utils/api-errors";
import { noStore, privateAnswer } from "~/utils/cache-headers";
import { readFormData } from "~/utils/form-data.server";
import { normalizeLineBreaks } from "~/utils/line-breaks";
import { notFoundResponse } from "~/utils/not-found.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { parseRowId, ROW_ID_PATTERN } from "#server/contract/row-id";

/** What a refused form gets back: errors at their fields, the rest above the form, and the input to keep. */
export interface ReviewFormRefusal {
  intent: string;
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
  values: Record<string, string>;
}

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

function refuse(status: number, refusal: ReviewFormRefusal) {
  return data(refusal, { status, headers: privateAnswer() });
}

function refusalOf(intent: string, errors: ErrorItem[], values: Record<string, string>): ReviewFormRefusal {
  const { formErrors, fieldErrors } = apiErrorReply(errors);
  return {
    intent,
    fieldErrors,
    formErrors: formErrors.length || Object.keys(fieldErrors).length ? formErrors : [DEFAULT_ERROR_KEY],
    values,
  };
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

/** The form's fields as the API takes them; a radio left empty is sent empty, so its own message names it. */
function reviewInputOf(form: FormData): { body: ReviewInput; values: Record<string, string> } {
  const values: Record<string, string> = {};
  const ratings: Record<string, number> = {};
  for (const [name, raw] of form.entries()) {
    if (typeof raw !== "string") continue;
    if (name.startsWith("ratings.")) {
      values[name] = raw;
      if (/^[1-5]$/.test(raw)) ratings[name.slice("ratings.".length)] = Number(raw);
    }
  }
  const text = (name: string) => (values[name] = String(form.get(name) ?? ""));
  for (const question of REVIEW_QUESTIONS) text(question);
  text("punctuality");
  values.text = normalizeLineBreaks(String(form.get("text") ?? ""));
  const body = {
    ratings,
    would_you_recommend_this_user: values.would_you_recommend_this_user,
    profile_match_reality: values.profile_match_reality,
    would_you_come_again: values.would_you_come_again,
    punctuality: values.punctuality,
    text: values.text,
  } as ReviewInput;
  return { body, values };
}

/**
 * The API checks the ratings against the reviewed party only once the rest of the body is valid; so that one post
 * names every empty group, the criteria the form showed (hidden field `criteria`) are checked here as well. Only
 * the messages depend on it: the API's check is the one that counts.
 */
function withMissingRatings(errors: ErrorItem[], form: FormData, body: ReviewInput): ErrorItem[] {
  if (errors.some((e) => e.source?.startsWith("ratings.")) || !errors.some((e) => e.code === 400)) return errors;
  const shown = String(form.get("criteria") ?? "")
    .split(",")
    .filter((c): c is ReviewCriterion => (REVIEW_CRITERION_KEYS as readonly string[]).includes(c));
  const missing = shown
    .filter((c) => body.ratings[c] === undefined)
    .map((c) => ({
      code: 400,
      title: "validation.reviews.rating_required",
      message: "validation.reviews.rating_required",
      key: "validation.reviews.rating_required",
      source: `ratings.${c}`,
    }));
  return [...missing, ...errors];
}

export async function submitReviewAdd({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const dateId = await dateIdOf(request, params.dateId);
  const form = await readFormData(request);
  const { body, values } = reviewInputOf(form);
  const result = await postReview(createApiClient({ request, context }), dateId, body);
  if (!result.ok) {
    if (result.status === 404) throw await notFoundResponse(request);
    return refuse(result.status >= 500 ? 503 : result.status, refusalOf("review", withMissingRatings(result.errors, form, body), values));
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

/** The answer to the other's review (intent comment) and the report of it (intent report). */
export async function submitReviewDetail({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const dateId = await dateIdOf(request, params.dateId);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const rawId = String(form.get("review_id") ?? "");
  const reviewId = ROW_ID_PATTERN.test(rawId) ? Number(rawId) : null;
  const api = createApiClient({ request, context });
  const back = (done: string) =>
    redirect(`${localePath(lang, `dating/reviews/detail/${dateId}`)}?done=${done}`, { headers: privateAnswer() });
  if (intent === "comment") {
    const values = { comment: normalizeLineBreaks(String(form.get("comment") ?? "")) };
    if (reviewId === null) return refuse(404, refusalOf(intent, [], values));
    const result = await postReviewComment(api, reviewId, { comment: values.comment });
    if (!result.ok) return refuse(result.status >= 500 ? 503 : result.status, refusalOf(intent, result.errors, values));
    throw back("commented");
  }
  if (intent === "report") {
    const values = {
      type: String(form.get("type") ?? ""),
      text: normalizeLineBreaks(String(form.get("text") ?? "")),
      good_faith: form.get("good_faith") === "on" ? "on" : "",
    };
    const result = await fileReport(api, {
      kind: "review",
      object_id: reviewId ?? undefined,
      type: values.type,
      text: values.text,
      good_faith: values.good_faith === "on",
    });
    if (!result.ok) return refuse(result.status >= 500 ? 503 : result.status, refusalOf(intent, result.errors, values));
    throw back("reported");
  }
  return refuse(400, refusalOf(intent, [], {}));
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
    { title: t("reviews.meta.unlock"), lang, info: info.data, from: back && /^[A-Za-z0-9_-]{1,64}$/.test(back) ? back : null },
    { headers: PRIVATE_HEADERS },
  );
}

/** Until the wallet exists the API answers 402 with the price: the page says so, with that status. */
export async function submitReviewUnlock({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const dateId = await dateIdOf(request, params.dateId);
  const result = await postUnlock(createApiClient({ request, context }), dateId);
  if (result.ok) throw redirect(localePath(langOf(params), `dating/reviews/unlock/${dateId}`), { headers: privateAnswer() });
  if (result.status === 404) throw await notFoundResponse(request);
  return refuse(result.status >= 500 ? 503 : result.status, refusalOf("unlock", result.errors, {}));
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
