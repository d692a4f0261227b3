/** Report a profile from the profile page (issue 11 item 5, ADR 038): the API files it and mails the confirmation. */
import { normalizeLineBreaks } from "~/utils/line-breaks";
import { fileReport } from "~/api/reports.server";
import { refusedBy, type ProfileActionHandler } from "./types";

/** The fields of the report form, where the API's field errors are shown. */
const FIELDS = ["type", "text", "good_faith"] as const;

export const REPORT_ACTIONS: Record<string, ProfileActionHandler> = {
  report: async ({ api, form }) => {
    const input = {
      type: String(form.get("type") ?? ""),
      // A browser sends line breaks as CRLF; the limit counts characters as the member typed them.
      text: normalizeLineBreaks(String(form.get("text") ?? "")),
      good_faith: form.get("good_faith") === "on" ? "on" : "",
    };
    const objectId = Number(form.get("object_id"));
    const result = await fileReport(api, {
      kind: "profile",
      object_id: Number.isSafeInteger(objectId) && objectId > 0 ? objectId : undefined,
      type: input.type,
      text: input.text,
      good_faith: input.good_faith === "on",
    });
    if (!result.ok) return refusedBy("report", result, FIELDS, input);
    return { done: "reported" };
  },
};
