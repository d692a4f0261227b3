/** The activity tracker's operation (ADR 062, ADR 132): the browser's batches, relayed by the web tier. */
import { ACTIVITY_API_PATH, activityQuerySchema } from "../activity";
import { defineOperation } from "../operation";

export const activityOps = {
  // The body is newline-separated JSON (maybe gzip), read by the handler itself: no body schema, answers 204.
  ingest: defineOperation({ method: "post", path: ACTIVITY_API_PATH, query: activityQuerySchema }),
};
