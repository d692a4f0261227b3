import type { ModuleContext } from "../../api/module-context";
import { ok } from "../../api/router";
import { LATEST_REVIEWS_PAGE_SIZE } from "../../contract/latest-reviews";
import { latestReviewsOps } from "../../contract/operations/latest-reviews";
import { viewerContext } from "../access/index";
import { latestReviews } from "./service";

/** The platform's reviews page (spec section 2 "Others: reviews"; ADR 067). */
export function registerLatestReviews({ v2 }: ModuleContext): void {
  v2.add(
    latestReviewsOps.list,
    {
      tag: "reviews",
      auth: "optional",
      summary: `The newest published date reviews across the platform, ${LATEST_REVIEWS_PAGE_SIZE} a page, each naming the reviewed member. A review appears only where the reviewed member's own reviews tab would show it to the reader (listed profile, no block, date_review_display, members-only profiles not to guests); blind reviews never. Texts as on GET /reviews/user/{username}.`,
      statuses: [400],
    },
    async (c, { query }) => {
      const viewer = await viewerContext(c.get("deps"), c.get("user"));
      c.header("Cache-Control", "private, no-store");
      return ok(c, await latestReviews(c.get("deps"), viewer, query.page));
    },
  );
}
