/**
 * The report form of members (ADR 038) on a profile, a message and a review: the reason, the optional explanation and
 * the good-faith box, with the contract's rules for them (fileReportSchema). Which object, and the rules across fields
 * (the reason fits the kind, an explanation where the reason needs one), are the API's.
 */
import { fileReportSchema } from "#server/contract/reports";

export const reportFormEntries = {
  type: fileReportSchema.entries.type,
  text: fileReportSchema.entries.text,
  good_faith: fileReportSchema.entries.good_faith,
};

/** The fields a refusal's errors are shown at (ReportFields). */
export const REPORT_FORM_FIELDS = ["type", "text", "good_faith"] as const;
