/**
 * user/email_password (issue 10): the address and the password. The confirm link from the mail to a new
 * address lands here too (?confirm=…): it shows one button, signed in or not, because the link may be
 * opened on another device.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { changeEmailSchema, changePasswordSchema, confirmEmailChangeSchema } from "#server/contract/settings";
import { createApiClient } from "~/api/client.server";
import { cancelEmailChange, changePassword, confirmEmailChange, fetchEmailSettings, requestEmailChange } from "~/api/settings.server";
import { loadViewer, requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { intentVariant } from "~/components/form/schema";
import { parseForm, replyWithApiErrors, sentIntent } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

/** The confirm token sits in the URL: it must never leave in a Referer to another site. */
export const EMAIL_PASSWORD_HEADERS = { ...PRIVATE_HEADERS, "Referrer-Policy": "same-origin" };

const CONFIRM_TOKEN = /^[A-Za-z0-9_-]{10,200}$/;

export async function loadEmailPassword({ request, context }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  const title = t("settings.pages.email_password.title");
  const url = new URL(request.url);
  const confirm = url.searchParams.get("confirm");
  if (confirm !== null) {
    return data(
      { title, mode: "confirm" as const, token: CONFIRM_TOKEN.test(confirm) ? confirm : "", settings: null },
      { headers: EMAIL_PASSWORD_HEADERS },
    );
  }
  // Confirmed from a device where nobody is signed in: say so, and offer the login.
  if (url.searchParams.get("confirmed") === "1" && !(await loadViewer(request, context))) {
    return data({ title, mode: "confirmed" as const, token: "", settings: null }, { headers: EMAIL_PASSWORD_HEADERS });
  }
  await requireViewer(request, context);
  const settings = await fetchEmailSettings(createApiClient({ request, context }));
  if (!settings.ok) throw new Response(null, { status: settings.status >= 500 ? 503 : settings.status, headers: PRIVATE_HEADERS });
  return data({ title, mode: "manage" as const, token: "", settings: settings.data }, { headers: EMAIL_PASSWORD_HEADERS });
}

const statusOf = (status: number) => (status === 409 || status === 429 || status === 403 ? status : 400);

/** The page's forms: confirm the e-mailed link, cancel a pending change, change the address, change the password. */
const emailPasswordFormSchema = intentVariant({
  confirm: confirmEmailChangeSchema,
  cancel: v.object({}),
  email: changeEmailSchema,
  password: changePasswordSchema,
});
const HIDDEN = ["current_password", "password", "password_confirmation"];

export async function submitEmailPassword({ request, context, params }: ActionFunctionArgs) {
  const submission = await parseForm(request, emailPasswordFormSchema);
  // The e-mailed link is confirmed without a session (it may be opened on another device); the rest is the member's.
  if (sentIntent(submission) !== "confirm") await requireViewer(request, context);
  const answer = (lastResult: SubmissionResult<string[]>, status: number) => data({ lastResult }, { status, headers: PRIVATE_HEADERS });
  if (submission.status !== "success") return answer(submission.reply({ hideFields: HIDDEN }), 400);
  const api = createApiClient({ request, context });
  const page = `/${params.lang}/user/email_password`;
  const form = submission.value;
  if (form.intent === "confirm") {
    const result = await confirmEmailChange(api, form.token);
    if (!result.ok) return answer(replyWithApiErrors(submission, result.errors, []), statusOf(result.status));
    throw redirect(`${page}?confirmed=1`, { headers: PRIVATE_HEADERS });
  }
  if (form.intent === "cancel") {
    await cancelEmailChange(api);
    throw redirect(`${page}?cancelled=1`, { headers: PRIVATE_HEADERS });
  }
  if (form.intent === "email") {
    const result = await requestEmailChange(api, { email: form.email, current_password: form.current_password });
    if (!result.ok)
      return answer(replyWithApiErrors(submission, result.errors, ["email", "current_password"], HIDDEN), statusOf(result.status));
    throw redirect(`${page}?sent=1`, { headers: PRIVATE_HEADERS });
  }
  const { current_password, password, password_confirmation } = form;
  const result = await changePassword(api, { current_password, password, password_confirmation });
  if (!result.ok)
    return answer(
      replyWithApiErrors(submission, result.errors, ["current_password", "password", "password_confirmation"], HIDDEN),
      statusOf(result.status),
    );
  throw redirect(`${page}?password_changed=1`, { headers: PRIVATE_HEADERS });
}
