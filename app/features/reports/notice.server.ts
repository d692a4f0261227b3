/**
 * The public notice form (issue 11 item 5, ADR 038) on about/content_removal_request: anyone, signed in or not,
 * reports content by its web address (DSA Art. 16). It files through POST /reports like every report, so the
 * notice lands in the same back office queue and the same mails follow. A plain form post; a refusal shows the
 * errors at the fields with the input kept; success redirects to the page with `sent=1` and what became of the
 * receipt (`receipt=`, contract/reports REPORT_RECEIPTS).
 */
import { data, redirect, type ActionFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { CONTENT_REMOVAL_PAGE_KEY } from "#server/contract/pages";
import type { ReportReceipt } from "#server/contract/reports";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { fileReportSchema } from "#server/contract/reports";
import { createApiClient } from "~/api/client.server";
import { localePath } from "~/i18n/lang";
import { fileReport } from "~/api/reports.server";
import { NOTICE_FIELDS } from "./notice-fields";
import { isBotSubmission, parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { privateAnswer } from "~/utils/cache-headers";

/** The notice's fields with the contract's rules (fileReportSchema); the rules across fields are the API's. */
const { url, type, text, name, email, good_faith } = fileReportSchema.entries;
const noticeSchema = v.object({ url, type, text, name, email, good_faith }, "validation.required");

export async function submitNotice({ request, context, params }: ActionFunctionArgs) {
  const headers = privateAnswer();
  // A browser sends line breaks as CRLF; the limits count characters as the person typed them.
  const submission = await parseForm(request, noticeSchema, { lineBreaks: true });
  // The language segment is checked: it becomes the start of the Location (an unknown one is the default's).
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  // What the page says about mails: the receipt sent, a confirmation link sent first (a guest, ADR 059), none possible.
  // The page opens at its top, where that notice stands on the first screen (a guest must not miss the mail to confirm).
  const sent = (receipt: ReportReceipt) =>
    redirect(`${localePath(lang, `about/${CONTENT_REMOVAL_PAGE_KEY}`)}?sent=1&receipt=${receipt}`, { headers });
  // Bots that fill the hidden field get the same answer as people; nothing is filed or mailed.
  if (isBotSubmission(submission)) throw sent(submission.payload.email ? "confirmation_sent" : "none");
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers });
  const result = await fileReport(createApiClient({ request, context }), { kind: "page", ...submission.value });
  if (!result.ok) {
    const status = result.status === 429 || result.status === 409 ? result.status : result.status >= 500 ? 503 : 400;
    return data({ lastResult: replyWithApiErrors(submission, result.errors, NOTICE_FIELDS) }, { status, headers });
  }
  throw sent(result.data.receipt);
}
