/** user/phone (spec sections 5 and 9): the phone status, and the two forms' action (send the SMS code, check it). */
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { smsSendSchema, smsVerifySchema } from "#server/contract/invites";
import { createApiClient } from "~/api/client.server";
import { fetchPhoneStatus, sendSmsCode, verifySmsCode } from "~/api/registration.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { intentVariant } from "~/components/form/schema";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export async function loadPhone({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const t = await i18nServer.getFixedT(request);
  const api = createApiClient({ request, context });
  const status = await fetchPhoneStatus(api);
  if (!status.ok) throw new Response(null, { status: status.status >= 500 ? 503 : status.status });
  return data({ title: t("phone.meta_title"), status: status.data }, { headers: PRIVATE_HEADERS });
}

/** The page's two forms: send the code to a number, check the code. */
const phoneFormSchema = intentVariant({ send: smsSendSchema, verify: smsVerifySchema });

export async function submitPhone({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, phoneFormSchema);
  const answer = (status: number, lastResult: SubmissionResult<string[]>) => data({ lastResult }, { status, headers: PRIVATE_HEADERS });
  if (submission.status !== "success") return answer(400, submission.reply());
  const api = createApiClient({ request, context });
  const form = submission.value;
  if (form.intent === "send") {
    const result = await sendSmsCode(api, { country_code: form.country_code, phone: form.phone });
    if (!result.ok)
      return answer(result.status === 429 ? 429 : 400, replyWithApiErrors(submission, result.errors, ["country_code", "phone"]));
    throw redirect(`/${params.lang}/user/phone?sent=1`, { headers: PRIVATE_HEADERS });
  }
  const result = await verifySmsCode(api, { code: form.code });
  if (!result.ok) return answer(result.status === 429 ? 429 : 400, replyWithApiErrors(submission, result.errors, ["code"]));
  throw redirect(`/${params.lang}/user/phone?verified=1`, { headers: PRIVATE_HEADERS });
}
