/** p/{username}/business_reviews (issue 11 item 7, ADR 039): the business's reviews, a page at a time. */
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { BUSINESS_REVIEWS_MAX_PAGE } from "#server/contract/business-reviews";
import { createApiClient } from "~/api/client.server";
import { fetchBusinessReviews } from "~/api/profile-extras.server";
import { checkProfileUsername, publicPageHeaders } from "~/api/profiles.server";
import { isLanguage, DEFAULT_LANGUAGE, type Language } from "#server/contract/locales";
import { localePath } from "~/i18n/lang";
import { noStore } from "~/utils/cache-headers";
import { notFoundResponse } from "~/utils/not-found.server";

export async function loadBusinessReviews({ request, context, params }: LoaderFunctionArgs) {
  const lang: Language = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const username = params.username ?? "";
  checkProfileUsername(lang, username);
  const raw = new URL(request.url).searchParams.get("page");
  // A page that is no page number goes back to the first page (a hand-edited address, not a missing one).
  if (raw !== null && (!/^[1-9]\d{0,3}$/.test(raw) || Number(raw) > BUSINESS_REVIEWS_MAX_PAGE))
    throw redirect(localePath(lang, `p/${username}/business_reviews`));
  const reviews = await fetchBusinessReviews(createApiClient({ request, context }), username, raw === null ? 1 : Number(raw));
  if (!reviews.ok) {
    // Not a business, unknown, hidden or blocked: the layout answers its own 404/403 for the last three.
    if (reviews.status === 404) throw await notFoundResponse(request);
    if (reviews.status === 403) return data({ reviews: null }, { headers: publicPageHeaders(request) });
    throw new Response(null, { status: reviews.status >= 500 && reviews.status < 600 ? reviews.status : 502, headers: noStore() });
  }
  return data({ reviews: reviews.data }, { headers: publicPageHeaders(request) });
}
