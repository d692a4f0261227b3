/** user/phone (spec sections 5 and 9): the phone status, and the two forms' action (send the SMS code, check it). */
import { parseWithValibot } from "@conform-to/valibot";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { ErrorItem } from "#server/contract/errors";
import { smsSendSchema, smsVerifySchema } from "#server/contract/invites";
import { createApiClient } from "~/api/client.server";
import { fetchPhoneStatus, sendSmsCode, verifySmsCode } from "~/api/registration.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { replyWithApiErrors } from "~/utils/forms.server";
import { readFormData } from "~/utils/form-data.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export async function loadPhone({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const t = await i18nServer.getFixedT(request);
  const api = createApiClient({ request, context });
  const status = await fetchPhoneStatus(api);
  if (!status.ok) throw new Response(null, { status: status.status >= 500 ? 503 : status.status });
  return data({ title: t("phone.meta_title"), status: status.data }, { headers: PRIVATE_HEADERS });
}

export async function submitPhone({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const formData = await readFormData(request);
  const intent = formData.get("intent");
  const api = createApiClient({ request, context });
  const answer = (status: number, lastResult: unknown, formErrors: ErrorItem[] = []) =>
    data({ intent, lastResult, formErrors }, { status, headers: PRIVATE_HEADERS });

  if (intent === "send") {
    const submission = parseWithValibot(formData, { schema: smsSendSchema });
    if (submission.status !== "success") return answer(400, submission.reply());
    const result = await sendSmsCode(api, submission.value);
    if (!result.ok)
      return answer(result.status === 429 ? 429 : 400, replyWithApiErrors(submission, result.errors, ["country_code", "phone"]));
    throw redirect(`/${params.lang}/user/phone?sent=1`, { headers: PRIVATE_HEADERS });
  }
  if (intent === "verify") {
    const submission = parseWithValibot(formData, { schema: smsVerifySchema });
    if (submission.status !== "success") return answer(400, submission.reply());
    const result = await verifySmsCode(api, submission.value);
    if (!result.ok) return answer(result.status === 429 ? 429 : 400, replyWithApiErrors(submission, result.errors, ["code"]));
    throw redirect(`/${params.lang}/user/phone?verified=1`, { headers: PRIVATE_HEADERS });
  }
  return answer(400, null, [{ code: 400, title: "validation.invalid", message: "validation.invalid", key: "validation.invalid" }]);
}
