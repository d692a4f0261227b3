/** The newsfeed (issue 28 item 5, ADR 095; live items ADR 137): the feed's route, its trending job and its table. */
import { defineFeature, defineJob } from "../manifest";
import * as m0083 from "./migrations/0083_newsfeed";
import * as m0122 from "./migrations/0122_newsfeed_live";
import { registerNewsfeed } from "./routes";
import { runTrending } from "./trending";

export const manifest = defineFeature({
  name: "newsfeed",
  routes: registerNewsfeed,
  // 0122: live streams' items (ADR 137) walk their own index.
  migrations: { "0083_newsfeed": m0083, "0122_newsfeed_live": m0122 },
  jobs: {
    /** Recomputes the trending scores for the current slot, then schedules the next slot's run. */
    "trending.refresh": defineJob<Record<string, never>>((deps) => ({ run: () => runTrending(deps) })),
  },
});
export { refreshTrending, scheduleTrending } from "./trending";
export { newsfeedPage } from "./feed";
