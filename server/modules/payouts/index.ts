/** Earnings and payouts (issue 27 items 5–7, ADR 086): probation, the secure code, bank details, payout requests and the back office's payout batches. */
import { defineFeature, defineJob } from "../manifest";
import * as m0073 from "./migrations/0073_payouts";
import { registerPayouts } from "./routes";
import { runEarningRelease } from "./service";

export const manifest = defineFeature({
  name: "payouts",
  routes: registerPayouts,
  migrations: { "0073_payouts": m0073 },
  jobs: {
    /** Releases the earnings whose probation ended (each once), then schedules the next run. */
    "payouts.release": defineJob<Record<string, never>>((deps) => ({ run: () => runEarningRelease(deps) })),
  },
});
export { releaseDueEarnings, scheduleEarningRelease } from "./service";
