/**
 * user/membership/cancel (issue 26, spec "cancel, cancel v2", ADR 076): the member's own cancellation at the period's
 * end, with the optional survey and the cancellation offer. The statutory button (contracts/cancel) never passes here.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { cancellationSurveySchema } from "#server/contract/plus";
import { createApiClient } from "~/api/client.server";
import { cancelPlus, fetchCancellationPackages, fetchPlusContract, sendCancellationSurvey } from "~/api/plus.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export async function loadPlusCancel({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const contract = await fetchPlusContract(api);
  if (!contract.ok) throw new Response(null, { status: contract.status >= 500 ? 503 : contract.status, headers: PRIVATE_HEADERS });
  const c = contract.data.contract;
  // Nothing to cancel (no contract, one-off, cancelled already): the membership page says why.
  if (!c?.canCancel) throw redirect(`/${params.lang}/user/membership`, { headers: PRIVATE_HEADERS });
  const offer = await fetchCancellationPackages(api);
  const t = await i18nServer.getFixedT(request);
  return data(
    { title: t("plus.cancel.title"), endsAt: c.earliestEnd, offer: offer.ok ? offer.data.packages : [] },
    { headers: PRIVATE_HEADERS },
  );
}

export async function submitPlusCancel({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, cancellationSurveySchema, { lineBreaks: true });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const api = createApiClient({ request, context });
  // The survey is optional: only what was given is stored, and it never holds the cancellation up.
  if (submission.value.reasons.length > 0 || submission.value.comment !== "") await sendCancellationSurvey(api, submission.value);
  const result = await cancelPlus(api);
  if (!result.ok) return data({ lastResult: replyWithApiErrors(submission, result.errors) }, { status: 409, headers: PRIVATE_HEADERS });
  throw redirect(`/${params.lang}/user/membership?done=cancelled`, { headers: PRIVATE_HEADERS });
}
