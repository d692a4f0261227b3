/** user/age_check_verification: the latest age check, and the request of a new one (spec section 2). */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
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
  const api = createApiClient({ request, context });
  const result = await requestAgeCheck(api, formData.get("method"));
  if (!result.ok) return data({ errors: result.errors.map((e) => e.title) }, { status: 400, headers: PRIVATE_HEADERS });
  const forced = new URL(request.url).searchParams.get("type") === "forced";
  throw redirect(`/${params.lang}/user/age_check_verification${forced ? "?type=forced" : ""}`, { headers: PRIVATE_HEADERS });
}
