/** reset_password: the page behind the e-mailed link, and the new password's action. */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { resetPasswordSchema } from "#server/contract/validation";
import { createApiClient } from "~/api/client.server";
import { resetPassword } from "~/api/registration.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

// same-origin, not no-referrer: the token must not leak to other sites, but
// browsers send "Origin: null" under no-referrer and Remix then refuses the post.
export const RESET_PASSWORD_HEADERS = { ...PRIVATE_HEADERS, "Referrer-Policy": "same-origin" };

/** The reset link from the e-mail: /{lang}/reset_password?token=… */
export async function loadResetPassword({ request }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return data({ token, title: t("reset_password.meta_title") }, { headers: RESET_PASSWORD_HEADERS });
}

export async function submitResetPassword({ request, context, params }: ActionFunctionArgs) {
  const submission = await parseForm(request, resetPasswordSchema);
  const hide = ["password", "password_confirmation"];
  if (submission.status !== "success")
    return data({ lastResult: submission.reply({ hideFields: hide }) }, { status: 400, headers: PRIVATE_HEADERS });
  const api = createApiClient({ request, context });
  const result = await resetPassword(api, submission.value);
  if (!result.ok) {
    // The token is a hidden field: its errors belong to the form, not a field.
    const errors = result.errors.map((e) => (e.source === "token" ? { ...e, source: undefined } : e));
    return data(
      { lastResult: replyWithApiErrors(submission, errors, ["password", "password_confirmation"], hide) },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  }
  throw redirect(`/${params.lang}/login?reset=1`, { headers: PRIVATE_HEADERS });
}
