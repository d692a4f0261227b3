/** user/age_check_verification: the latest age check, and the request of a new one (spec section 2). */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { ageCheckRequestSchema } from "#server/contract/operations/registration";
import { createApiClient } from "~/api/client.server";
import { fetchLatestAgeCheck, requestAgeCheck } from "~/api/registration.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { readFormData } from "~/utils/form-data.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export async function loadAgeCheck({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const latest = await fetchLatestAgeCheck(api);
  const t = await i18nServer.getFixedT(request);
  const forced = new URL(request.url).searchParams.get("type") === "forced";
  return data({ title: t("join.age_check.meta_title"), forced, latest: latest.ok ? latest.data : null }, { headers: PRIVATE_HEADERS });
}

export async function submitAgeCheck({ request, context, params }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  // The API's own rule for the body: a method it does not know is refused here with the API's key.
  const input = v.safeParse(ageCheckRequestSchema, { method: formData.get("method") });
  if (!input.success) return data({ errors: input.issues.map((issue) => issue.message) }, { status: 400, headers: PRIVATE_HEADERS });
  const api = createApiClient({ request, context });
  const result = await requestAgeCheck(api, input.output.method);
  if (!result.ok) return data({ errors: result.errors.map((e) => e.title) }, { status: 400, headers: PRIVATE_HEADERS });
  const forced = new URL(request.url).searchParams.get("type") === "forced";
  throw redirect(`/${params.lang}/user/age_check_verification${forced ? "?type=forced" : ""}`, { headers: PRIVATE_HEADERS });
}
