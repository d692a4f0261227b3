/** Earnings and payouts (issue 27 items 5–7, ADR 086): probation, the secure code, bank details, payout requests and the back office's payout batches. */
import { sql, type Kysely } from "kysely";
import { PAYOUT_STATUSES } from "../../contract/wallet";
import type { Database } from "../../db/schema";
import { defineFeature, defineJob, type OpenQueueItems } from "../manifest";
import { onTransferReturn } from "../bank/index";
import * as m0073 from "./migrations/0073_payouts";
import * as m0078 from "./migrations/0078_payout_returns";
import { registerPayouts } from "./routes";
import { bookReturnedPayout, runEarningRelease } from "./service";

// The queue's open items (ADR 119): the rows its own list shows, with when each began waiting.
const scope = (name: string) => sql<string>`${sql.lit(name)}`.as("scope");

/** Payouts requested and not yet approved into a bank file (the payout office's "waiting"). */
const openPayouts = (db: Kysely<Database>): OpenQueueItems =>
  db
    .selectFrom("payouts")
    .where("payouts.status", "=", PAYOUT_STATUSES.ongoing)
    .where("payouts.batch_id", "is", null)
    .select(["payouts.id", "payouts.created_at as since", scope("payouts")]);

export const manifest = defineFeature({
  name: "payouts",
  routes: registerPayouts,
  migrations: { "0073_payouts": m0073, "0078_payout_returns": m0078 },
  jobs: {
    /** Releases the earnings whose probation ended (each once), then schedules the next run. */
    "payouts.release": defineJob<Record<string, never>>((deps) => ({ run: () => runEarningRelease(deps) })),
  },
  moderationQueues: {
    /** The payout office: requested payouts waiting for a bank file (ADR 086), backend staff only (ADR 080). */
    payouts: { api: "/backoffice/payouts", title: "queues.payouts.title", open: openPayouts, permission: "money.manage" },
  },
});
// A payout a bank statement brings back is booked when the back office imports the statement (ADR 091).
onTransferReturn(bookReturnedPayout);

export { releaseDueEarnings, scheduleEarningRelease } from "./service";
