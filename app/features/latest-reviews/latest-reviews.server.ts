/** /{lang}/reviews (G): the newest published date reviews across the platform (ADR 067). */
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { LATEST_REVIEWS_MAX_PAGE } from "#server/contract/latest-reviews";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { createApiClient } from "~/api/client.server";
import { fetchLatestReviews } from "~/api/latest-reviews.server";
import { brand } from "~/brand/brand";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { noStore } from "~/utils/cache-headers";
import { publicPageHeaders } from "~/utils/page-headers.server";

export async function loadLatestReviews({ request, context, params }: LoaderFunctionArgs) {
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const raw = new URL(request.url).searchParams.get("page");
  // A page that is no page number goes back to the first page (a hand-edited address, not a missing one).
  if (raw !== null && (!/^[1-9]\d{0,3}$/.test(raw) || Number(raw) > LATEST_REVIEWS_MAX_PAGE)) throw redirect(localePath(lang, "reviews"));
  const page = raw === null ? 1 : Number(raw);
  const result = await fetchLatestReviews(createApiClient({ request, context }), page);
  if (!result.ok) throw new Response(null, { status: 502, headers: noStore() });
  const pages = Math.max(1, Math.ceil(result.data.total / result.data.pageSize));
  // Past the last page (reviews were hidden since the link was made): the last page there is.
  if (page > pages) throw redirect(pages === 1 ? localePath(lang, "reviews") : `${localePath(lang, "reviews")}?page=${pages}`);
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      lang,
      reviews: result.data,
      pages,
      title: t("latest_reviews.meta_title", { brand: brand.name }),
      description: t("latest_reviews.meta_description", { brand: brand.name }),
    },
    // Texts depend on the reader (locked or not): a member's page is theirs alone.
    { headers: publicPageHeaders(request) },
  );
}
