/** The newsfeed (issue 28 item 5, ADR 095): the feed's route, its trending job and its table. */
import { defineFeature, defineJob } from "../manifest";
import * as m0083 from "./migrations/0083_newsfeed";
import { registerNewsfeed } from "./routes";
import { runTrending } from "./trending";

export const manifest = defineFeature({
  name: "newsfeed",
  routes: registerNewsfeed,
  migrations: { "0083_newsfeed": m0083 },
  jobs: {
    /** Recomputes the trending scores for the current slot, then schedules the next slot's run. */
    "trending.refresh": defineJob<Record<string, never>>((deps) => ({ run: () => runTrending(deps) })),
  },
});
export { refreshTrending, scheduleTrending } from "./trending";
export { newsfeedPage } from "./feed";
