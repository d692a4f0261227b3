/**
 * The platform's reviews page (ADR 067): the newest published date reviews across the platform. Which reviews a
 * reader may see, and how each reads (texts locked, authors gone or blocked unnamed), is the reviews module's rule
 * (`shownReviews`, `listedItems`); as every list of profiles, the page shows only findable profiles (the access
 * kernel's `isFindableProfile`: not hidden from lists by search_visibility, nor paused, deactivated, banned or
 * deleted), the reader's own too. This module only narrows, orders and pages them.
 */
import type { ApiDeps } from "../../api/types";
import { LATEST_REVIEWS_PAGE_SIZE, type LatestReviews } from "../../contract/latest-reviews";
import type { SitemapEntry } from "../../contract/seo";
import type { DB } from "../../db/index";
import { GUEST_VIEWER, isFindableProfile, type ViewerContext } from "../access/index";
import { shownReviews, shownReviewsPage, unlockPriceFor } from "../reviews/index";

/** The reviews the page lists to this reader: shown as on their tabs, of findable profiles only. */
function platformReviews(db: DB, viewer: ViewerContext) {
  return shownReviews(db, viewer).where((eb) => isFindableProfile(eb as unknown as Parameters<typeof isFindableProfile>[0]));
}

/** GET /reviews: one page, newest first (published_at, then id, so a page is stable). */
export async function latestReviews(deps: ApiDeps, viewer: ViewerContext, page: number): Promise<LatestReviews> {
  const { items, total } = await shownReviewsPage(deps, viewer, platformReviews(deps.db, viewer), page, LATEST_REVIEWS_PAGE_SIZE);
  return {
    items,
    page,
    page_size: LATEST_REVIEWS_PAGE_SIZE,
    total,
    unlock: unlockPriceFor(viewer),
  };
}

/** The page for search engines: listed while a guest sees a review on it, changed with the newest one. */
export async function latestReviewsSitemap(deps: ApiDeps): Promise<SitemapEntry[]> {
  const newest = await platformReviews(deps.db, GUEST_VIEWER)
    .select("date_reviews.published_at")
    .orderBy("date_reviews.published_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return newest?.published_at == null ? [] : [{ path: "reviews", last_modified: Number(newest.published_at) }];
}
