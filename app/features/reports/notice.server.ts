/**
 * The public notice form (issue 11 item 5, ADR 038) on about/content_removal_request: anyone, signed in or not,
 * reports content by its web address (DSA Art. 16). It files through POST /reports like every report, so the
 * notice lands in the same back office queue and the same mails follow. A plain form post; a refusal shows the
 * errors at the fields with the input kept; success redirects to the page with `sent=1` and what became of the
 * receipt (`receipt=`, contract/reports REPORT_RECEIPTS).
 */
import { normalizeLineBreaks } from "~/utils/line-breaks";
import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { DEFAULT_ERROR_KEY } from "#server/contract/errors";
import { CONTENT_REMOVAL_PAGE_KEY } from "#server/contract/pages";
import type { ReportReceipt } from "#server/contract/reports";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { createApiClient } from "~/api/client.server";
import { localePath } from "~/i18n/lang";
import { apiErrorReply } from "~/utils/api-errors";
import { fileReport } from "~/api/reports.server";
import { isBotSubmission } from "~/utils/forms.server";
import { readFormData } from "~/utils/form-data.server";
import { privateAnswer } from "~/utils/cache-headers";

export const NOTICE_FIELDS = ["url", "type", "text", "name", "email", "good_faith"] as const;

export interface NoticeFailure {
  fieldErrors: Record<string, string[]>;
  formErrors: string[];
  input: Record<string, string>;
}

export async function submitNotice({ request, context, params }: ActionFunctionArgs) {
  const form = await readFormData(request);
  const headers = privateAnswer();
  // A browser sends line breaks as CRLF; the limits count characters as the person typed them.
  const input = Object.fromEntries(NOTICE_FIELDS.map((field) => [field, normalizeLineBreaks(String(form.get(field) ?? ""))]));
  // Bots that fill the hidden field get the same answer as people; nothing is filed or mailed.
  let receipt: ReportReceipt = input.email ? "confirmation_sent" : "none";
  if (!isBotSubmission(form)) {
    const result = await fileReport(createApiClient({ request, context }), {
      kind: "page",
      url: input.url,
      type: input.type,
      text: input.text,
      name: input.name,
      email: input.email,
      good_faith: input.good_faith === "on",
    });
    if (!result.ok) {
      const { fieldErrors, formErrors } = apiErrorReply(result.errors, NOTICE_FIELDS);
      if (formErrors.length === 0 && Object.keys(fieldErrors).length === 0) formErrors.push(DEFAULT_ERROR_KEY);
      const status = result.status === 429 || result.status === 409 ? result.status : result.status >= 500 ? 503 : 400;
      return data<NoticeFailure>({ fieldErrors, formErrors, input }, { status, headers });
    }
    receipt = result.data.receipt;
  }
  // The language segment is checked: it becomes the start of the Location (an unknown one is the default's).
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  // What the page says about mails: the receipt sent, a confirmation link sent first (a guest, ADR 059), none possible.
  throw redirect(`${localePath(lang, `about/${CONTENT_REMOVAL_PAGE_KEY}`)}?sent=1&receipt=${receipt}#notice-form`, { headers });
}
