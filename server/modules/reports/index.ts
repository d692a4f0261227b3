/** The reports module (reports and notices, the back office's reports queue; ADR 038): its manifest. */
import { reportsPart } from "../../db/seed/reports";
import { defineFeature } from "../manifest";
import { registerReports } from "./routes";
import { findReportedProfile } from "./service";

export { decideReport, ownReportsForExport } from "./service";

/** Decided in the reports queue until a feature brings a table of its own and declares the kind itself. */
const BY_ADDRESS = { queue: "reports" } as const;

export const manifest = defineFeature({
  name: "reports",
  routes: registerReports,
  seed: [{ order: 80, part: reportsPart }],
  reportTypes: {
    profile: { queue: "reports", find: findReportedProfile },
    // A notice names content by its web address (a profile's address becomes a report of that profile).
    page: BY_ADDRESS,
    date: BY_ADDRESS,
    live: BY_ADDRESS,
    recording: BY_ADDRESS,
  },
  moderationQueues: {
    /** Reports and notices, by priority and age (DSA Art. 16). */
    reports: { api: "/backoffice/reports", title: "reports.backoffice.title" },
  },
});
