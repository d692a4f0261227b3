/**
 * user/email_password (issue 10): the address and the password. The confirm link from the mail to a new
 * address lands here too (?confirm=…): it shows one button, signed in or not, because the link may be
 * opened on another device.
 */
import { parseWithValibot } from "@conform-to/valibot";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { changeEmailSchema, changePasswordSchema } from "#server/contract/settings";
import { createApiClient } from "~/api/client.server";
import { cancelEmailChange, changePassword, confirmEmailChange, fetchEmailSettings, requestEmailChange } from "~/api/settings.server";
import { loadViewer, requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { readFormData } from "~/utils/form-data.server";
import { replyWithApiErrors } from "~/utils/forms.server";
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

export async function submitEmailPassword({ request, context, params }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const api = createApiClient({ request, context });
  const page = `/${params.lang}/user/email_password`;
  if (intent === "confirm") {
    const result = await confirmEmailChange(api, String(formData.get("token") ?? ""));
    if (!result.ok)
      return data(
        { intent, lastResult: null, formErrors: result.errors.map((error) => error.key) },
        { status: statusOf(result.status), headers: PRIVATE_HEADERS },
      );
    throw redirect(`${page}?confirmed=1`, { headers: PRIVATE_HEADERS });
  }
  await requireViewer(request, context);
  if (intent === "cancel") {
    await cancelEmailChange(api);
    throw redirect(`${page}?cancelled=1`, { headers: PRIVATE_HEADERS });
  }
  if (intent === "email") {
    const submission = parseWithValibot(formData, { schema: changeEmailSchema });
    const hide = ["current_password"];
    if (submission.status !== "success")
      return data(
        { intent, lastResult: submission.reply({ hideFields: hide }), formErrors: [] },
        { status: 400, headers: PRIVATE_HEADERS },
      );
    const result = await requestEmailChange(api, submission.value);
    if (!result.ok)
      return data(
        { intent, lastResult: replyWithApiErrors(submission, result.errors, ["email", "current_password"], hide), formErrors: [] },
        { status: statusOf(result.status), headers: PRIVATE_HEADERS },
      );
    throw redirect(`${page}?sent=1`, { headers: PRIVATE_HEADERS });
  }
  if (intent === "password") {
    const submission = parseWithValibot(formData, { schema: changePasswordSchema });
    const hide = ["current_password", "password", "password_confirmation"];
    if (submission.status !== "success")
      return data(
        { intent, lastResult: submission.reply({ hideFields: hide }), formErrors: [] },
        { status: 400, headers: PRIVATE_HEADERS },
      );
    const result = await changePassword(api, submission.value);
    if (!result.ok)
      return data(
        {
          intent,
          lastResult: replyWithApiErrors(submission, result.errors, ["current_password", "password", "password_confirmation"], hide),
          formErrors: [],
        },
        { status: statusOf(result.status), headers: PRIVATE_HEADERS },
      );
    throw redirect(`${page}?password_changed=1`, { headers: PRIVATE_HEADERS });
  }
  return data({ intent: null, lastResult: null, formErrors: ["validation.invalid"] }, { status: 400, headers: PRIVATE_HEADERS });
}
