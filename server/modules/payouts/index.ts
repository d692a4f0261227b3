/** Earnings and payouts (issue 27 items 5–7, ADR 086): probation, the secure code, bank details, payout requests and the back office's payout batches. */
import { defineFeature, defineJob } from "../manifest";
import { onTransferReturn } from "../bank/index";
import * as m0073 from "./migrations/0073_payouts";
import * as m0078 from "./migrations/0078_payout_returns";
import { registerPayouts } from "./routes";
import { bookReturnedPayout, runEarningRelease } from "./service";

export const manifest = defineFeature({
  name: "payouts",
  routes: registerPayouts,
  migrations: { "0073_payouts": m0073, "0078_payout_returns": m0078 },
  jobs: {
    /** Releases the earnings whose probation ended (each once), then schedules the next run. */
    "payouts.release": defineJob<Record<string, never>>((deps) => ({ run: () => runEarningRelease(deps) })),
  },
});
// A payout a bank statement brings back is booked when the back office imports the statement (ADR 091).
onTransferReturn(bookReturnedPayout);

export { releaseDueEarnings, scheduleEarningRelease } from "./service";
