/** Report a profile from the profile page (issue 11 item 5, ADR 038): the API files it and mails the confirmation. */
import { fileReportSchema } from "#server/contract/reports";
import { fileReport } from "~/api/reports.server";
import { REPORT_FORM_FIELDS, reportFormEntries } from "~/features/reports/report-form";
import { outcomeOf, profileAction, type ProfileAction } from "./types";

export const REPORT_ACTIONS: Record<string, ProfileAction> = {
  report: profileAction({ ...reportFormEntries, object_id: fileReportSchema.entries.object_id }, async ({ api }, report) =>
    outcomeOf(await fileReport(api, { kind: "profile", ...report }), "reported", REPORT_FORM_FIELDS),
  ),
};
