/**
 * The public face of the activity module (issue 32 item 2, ADR 132): the tracker's endpoint, its append-only store and
 * the rollup into the dashboard's per-day counts. The dashboard reads the counts; profiles add the views the server sees.
 */
import { defineFeature, defineJob } from "../manifest";
import * as m0118 from "./migrations/0118_activity_events";
import { registerActivity } from "./routes";
import { runActivityRollup } from "./service";
export {
  ACTIVITY_RATE_WINDOW,
  activityPerDay,
  rollupActivity,
  scheduleActivityRollup,
  storeActivity,
  visitorKey,
  type ActivityVisitor,
} from "./service";

export const manifest = defineFeature({
  name: "activity",
  routes: registerActivity,
  migrations: { "0118_activity_events": m0118 },
  jobs: {
    /** Counts the days that got events into profile_view_days and profile_click_days; prunes old raw events. */
    "activity.rollup": defineJob<Record<string, never>>((deps) => ({ run: () => runActivityRollup(deps) })),
  },
});
