/** forgot_password: ask for the reset e-mail. The answer is the same whether the address is known or not. */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { forgotPasswordSchema } from "#server/contract/validation";
import { createApiClient } from "~/api/client.server";
import { requestPasswordReset } from "~/api/registration.server";
import { i18nServer } from "~/i18n/i18next.server";
import { isBotSubmission, parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export async function loadForgotPassword({ request }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("forgot_password.meta_title"), description: t("forgot_password.meta_description") }, { headers: PRIVATE_HEADERS });
}

export async function submitForgotPassword({ request, context, params }: ActionFunctionArgs) {
  const submission = await parseForm(request, forgotPasswordSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  // Bots get the same answer as people, and nothing is sent.
  if (!isBotSubmission(submission)) {
    const api = createApiClient({ request, context });
    const result = await requestPasswordReset(api, submission.value);
    if (!result.ok)
      return data({ lastResult: replyWithApiErrors(submission, result.errors, ["email"]) }, { status: 400, headers: PRIVATE_HEADERS });
  }
  throw redirect(`/${params.lang}/forgot_password?sent=1`, { headers: PRIVATE_HEADERS });
}
