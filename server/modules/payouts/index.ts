/** Earnings and payouts (issue 27 item 5): probation, the secure code, bank details, payout requests and the back office's payout batches. */
import { defineFeature } from "../manifest";

export const manifest = defineFeature({ name: "payouts" });
