/**
 * Event reviews in the web tier (issue 29 item 2, ADR 100): the section's data for the event page, the organizer
 * summary's data for the profile, and the page `events/{category}/{slug}/reviews/add` (a plain form that posts to
 * itself and returns to the event). Every rule is the API's; the form checks the contract's schema first.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { eventReviewInputSchema } from "#server/contract/events-reviews";
import { createApiClient } from "~/api/client.server";
import { fetchEventReviews, fetchOrganizerEventReviews, postEventReview } from "~/api/events-reviews.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { privateAnswer } from "~/utils/cache-headers";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { notFoundResponse } from "~/utils/not-found.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { eventPath, langOf } from "../attendance/attendance.server";

const PAGE_DIGITS = /^[1-9]\d{0,2}$/;

/**
 * The reviews section's data for the event page (its loader calls this beside its own): averages, a page of reviews
 * (`?reviews_page=`), whether the viewer may write one, and whether they just did. null when the event is not shown.
 */
export async function eventReviewsSectionData({ request, context }: { request: Request; context: AppLoadContext }, slug: string) {
  const search = new URL(request.url).searchParams;
  const raw = search.get("reviews_page") ?? "1";
  const reviews = await fetchEventReviews(createApiClient({ request, context }), slug, PAGE_DIGITS.test(raw) ? Number(raw) : 1);
  if (!reviews.ok) return null;
  return { reviews: reviews.data, written: search.get("review") === "written" };
}
export type EventReviewsSectionData = NonNullable<Awaited<ReturnType<typeof eventReviewsSectionData>>>;

/** The organizer summary's data for a profile (the profile's events tab or page calls this). null: nothing to show. */
export async function organizerEventReviewsData({ request, context }: { request: Request; context: AppLoadContext }, username: string) {
  const summary = await fetchOrganizerEventReviews(createApiClient({ request, context }), username);
  return summary.ok ? summary.data : null;
}

// --- events/{category}/{slug}/reviews/add --------------------------------------------------------------------

export async function loadEventReviewAdd({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const reviews = await fetchEventReviews(createApiClient({ request, context }), params.slug ?? "");
  if (!reviews.ok || reviews.data.category !== params.category) throw await notFoundResponse(request);
  const t = await i18nServer.getFixedT(request);
  return data(
    { title: t("events_reviews.meta.add", { title: reviews.data.title }), lang, reviews: reviews.data },
    { headers: PRIVATE_HEADERS },
  );
}

/** The form: the contract's rules for each field (numbers from the radios), other fields ignored. */
const eventReviewFormSchema = v.object(eventReviewInputSchema.entries, "validation.invalid");

function refuse(status: number, lastResult: SubmissionResult<string[]>) {
  return data({ lastResult }, { status: status >= 500 ? 503 : status, headers: privateAnswer() });
}

export async function submitEventReviewAdd({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const slug = params.slug ?? "";
  const submission = await parseForm(request, eventReviewFormSchema, { lineBreaks: true });
  if (submission.status !== "success") return refuse(400, submission.reply());
  const result = await postEventReview(createApiClient({ request, context }), slug, submission.value);
  if (!result.ok) {
    if (result.status === 404) throw await notFoundResponse(request);
    return refuse(result.status, replyWithApiErrors(submission, result.errors));
  }
  throw redirect(`${localePath(lang, eventPath(params.category ?? "", slug))}?review=written#reviews`, { headers: privateAnswer() });
}
