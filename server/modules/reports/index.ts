/** The reports module (reports and notices, the back office's reports queue; ADR 038): its manifest. */
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { reportsPart } from "../../db/seed/reports";
import { defineFeature, type OpenQueueItems } from "../manifest";
import { registerReports } from "./routes";
import { findReportedProfile, hideReportedProfile, showReportedProfile } from "./service";

export { decideReport, ownReportsForExport } from "./service";

/** Decided in the reports queue until a feature brings a table of its own and declares the kind itself. */
const BY_ADDRESS = { queue: "reports" } as const;

// The queue's open items (ADR 119): the rows its own list shows, with when each began waiting.
const scope = (name: string) => sql<string>`${sql.lit(name)}`.as("scope");

const openReports = (db: Kysely<Database>): OpenQueueItems =>
  db
    .selectFrom("reports")
    .where("reports.state", "=", "open")
    .select(["reports.id", "reports.created_at as since", scope("reports")]);

export const manifest = defineFeature({
  name: "reports",
  routes: registerReports,
  seed: [{ order: 80, part: reportsPart }],
  reportTypes: {
    // A removed profile is disabled (hidden) and shown again if an appeal reverses it (ADR 112).
    profile: { queue: "reports", find: findReportedProfile, removeContent: hideReportedProfile, restoreContent: showReportedProfile },
    // A notice names content by its web address (a profile's address becomes a report of that profile). Dates are
    // reported by address: "content_removed" is recorded, done by hand (ADR 112). Live streams and recordings are the
    // live module's (issue 31, ADR 126).
    page: BY_ADDRESS,
    date: BY_ADDRESS,
  },
  moderationQueues: {
    /** Reports and notices, by priority and age (DSA Art. 16). */
    reports: { api: "/backoffice/reports", title: "reports.backoffice.title", open: openReports, permission: "reports.decide" },
  },
});
