/** The ledger in the back office (issue 27 item 7): any member's ledger, grants and corrections, freezes, the daily reconciliation report. */
import { defineFeature } from "../manifest";

export const manifest = defineFeature({ name: "ledger-office" });
