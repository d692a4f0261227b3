/** The back office's queues as one (issue 30 item 5, ADR 119): the overview with counts, staff claims, the reviews queue. */
import { defineFeature, defineJob } from "../manifest";
import * as m0103 from "./migrations/0103_staff_claims";
import * as m0109 from "./migrations/0109_queue_indexes";
import { openReviews, recheckReviewTexts } from "./reviews";
import { registerQueues } from "./routes";

export { MAX_QUEUE_LOAD, seedQueueLoad } from "./load";

export const manifest = defineFeature({
  name: "queues",
  routes: registerQueues,
  migrations: { "0103_staff_claims": m0103, "0109_queue_indexes": m0109 },
  jobs: {
    /** Runs the text rules over the published reviews again (after their terms changed) and flags what they match now. */
    "reviews.recheck_texts": defineJob<Record<string, never>>((deps) => ({ run: () => recheckReviewTexts(deps).then(() => undefined) })),
  },
  moderationQueues: {
    /** Reported date reviews, and reviews a text rule flagged after publication (ADR 119). */
    reviews: {
      api: "/backoffice/reviews",
      title: "queues.backoffice.title",
      open: openReviews,
      scopes: ["reviews.date", "reviews.event"],
    },
  },
});
