/**
 * user/age_check_verification (issue 30 item 1, ADR 105; spec section 2 settings "age_check_verification" and the
 * forced check "?type=forced"): the member's fsk18 age verification. Two forms: start the identification (choose the
 * PIN, then the provider's hosted flow) and enter the PIN for this login session. The provider's return lands here
 * with ?from=provider and grants nothing: the page shows what the provider's webhook decided.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ageVerificationAuthenticateSchema, ageVerificationStartSchema } from "#server/contract/age-verification";
import { authenticateAgeVerification, fetchAgeVerification, startAgeVerification } from "~/api/age-verification.server";
import { createApiClient } from "~/api/client.server";
import { requireViewer } from "~/api/viewer.server";
import { intentVariant } from "~/components/form/schema";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const ageVerificationFormSchema = intentVariant({
  start: ageVerificationStartSchema,
  authenticate: ageVerificationAuthenticateSchema,
});

export async function loadAgeVerification({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const state = await fetchAgeVerification(api);
  if (!state.ok) throw new Response(null, { status: state.status >= 500 ? 503 : state.status, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  const url = new URL(request.url);
  return data(
    {
      title: t("age_verification.meta_title"),
      state: state.data,
      // The URL's demand (after login) or the team's flag: the page says why the member is here.
      forced: url.searchParams.get("type") === "forced" || state.data.forced,
      returned: url.searchParams.get("from") === "provider",
      unlocked: url.searchParams.get("unlocked") === "1",
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function submitAgeVerification({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, ageVerificationFormSchema);
  const answer = (status: number, lastResult: SubmissionResult<string[]>) => data({ lastResult }, { status, headers: PRIVATE_HEADERS });
  // The PIN is never sent back into the page.
  const hidden = ["pin", "pin_confirmation"];
  if (submission.status !== "success") return answer(400, submission.reply({ hideFields: hidden }));
  const api = createApiClient({ request, context });
  const form = submission.value;
  if (form.intent === "start") {
    const result = await startAgeVerification(api, { pin: form.pin, pin_confirmation: form.pin_confirmation });
    if (!result.ok)
      return answer(result.status >= 500 ? 503 : 400, replyWithApiErrors(submission, result.errors, ["pin", "pin_confirmation"], hidden));
    // Off to the provider's hosted identification (another site in production).
    throw redirect(result.data.redirectUrl, { headers: PRIVATE_HEADERS });
  }
  const result = await authenticateAgeVerification(api, form.pin);
  if (!result.ok) return answer(result.status >= 500 ? 503 : 400, replyWithApiErrors(submission, result.errors, ["pin"], hidden));
  throw redirect(`/${params.lang}/user/age_check_verification?unlocked=1`, { headers: PRIVATE_HEADERS });
}
