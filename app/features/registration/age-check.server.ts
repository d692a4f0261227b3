/** user/age_check_verification: the latest age check, and the request of a new one (spec section 2). */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ageCheckRequestSchema } from "#server/contract/operations/registration";
import { createApiClient } from "~/api/client.server";
import { fetchLatestAgeCheck, requestAgeCheck } from "~/api/registration.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export async function loadAgeCheck({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const latest = await fetchLatestAgeCheck(api);
  const t = await i18nServer.getFixedT(request);
  const forced = new URL(request.url).searchParams.get("type") === "forced";
  return data(
    { title: t("registration.age_check.meta_title"), forced, latest: latest.ok ? latest.data : null },
    { headers: PRIVATE_HEADERS },
  );
}

export async function submitAgeCheck({ request, context, params }: ActionFunctionArgs) {
  const submission = await parseForm(request, ageCheckRequestSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await requestAgeCheck(createApiClient({ request, context }), submission.value.method);
  if (!result.ok)
    return data({ lastResult: replyWithApiErrors(submission, result.errors, ["method"]) }, { status: 400, headers: PRIVATE_HEADERS });
  const forced = new URL(request.url).searchParams.get("type") === "forced";
  throw redirect(`/${params.lang}/user/age_check_verification${forced ? "?type=forced" : ""}`, { headers: PRIVATE_HEADERS });
}
