/**
 * about/content_removal_request/confirm?token=… (issue 23 item 7c, ADR 059): the page a guest's confirmation link
 * opens. The GET only shows a button (a mail scanner that follows links confirms nothing); its POST confirms the
 * address through POST /reports/confirm-email, which mails the receipt, and redirects to `?done=<reference>`.
 * Works without a login and without JavaScript.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { REPORT_CONFIRMATION_INVALID, REPORT_EMAIL_CONFIRM_PATH } from "#server/contract/reports";
import { createApiClient } from "~/api/client.server";
import { confirmReportEmail } from "~/api/reports.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

/** The token sits in the URL: it must never leave in a Referer to another site (same-origin keeps the post's Origin). */
export const NOTICE_CONFIRM_HEADERS = { ...PRIVATE_HEADERS, "Referrer-Policy": "same-origin" };

/** A token as the API makes them (base64url); anything else is shown as an invalid link without a button. */
const TOKEN = /^[A-Za-z0-9_-]{10,200}$/;
/** The reference the success redirect carries (contract/reports reportReference). */
const REFERENCE = /^R-\d{6,}$/;

/** The post carries only the link's token; a malformed one is the invalid link's message, as the API would answer. */
const confirmSchema = v.object(
  { token: v.pipe(v.string(REPORT_CONFIRMATION_INVALID), v.regex(TOKEN, REPORT_CONFIRMATION_INVALID)) },
  REPORT_CONFIRMATION_INVALID,
);

export async function loadNoticeConfirm({ request }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const done = url.searchParams.get("done") ?? "";
  return data(
    { title: t("reports.confirm.title"), token: TOKEN.test(token) ? token : "", done: REFERENCE.test(done) ? done : null },
    { headers: NOTICE_CONFIRM_HEADERS },
  );
}

export async function submitNoticeConfirm({ request, context, params }: ActionFunctionArgs) {
  const submission = await parseForm(request, confirmSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: NOTICE_CONFIRM_HEADERS });
  const result = await confirmReportEmail(createApiClient({ request, context }), submission.value.token);
  if (!result.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors) },
      { status: result.status >= 500 ? 503 : 400, headers: NOTICE_CONFIRM_HEADERS },
    );
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  throw redirect(`${localePath(lang, REPORT_EMAIL_CONFIRM_PATH)}?done=${encodeURIComponent(result.data.reference)}`, {
    headers: NOTICE_CONFIRM_HEADERS,
  });
}
