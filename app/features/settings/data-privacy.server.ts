/**
 * user/data_privacy (issue 10): the consents the member gave (and withdrawing the special-category one),
 * the self-service data export (request, its state, the download), and what is kept for how long.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { ACTIVITY_CONSENT, SPECIAL_DATA_CONSENT } from "#server/contract/consents";
import { fetchDataExportFile, fetchDataExportStatus, requestDataExport } from "~/api/privacy.server";
import { createApiClient, type ApiClient } from "~/api/client.server";
import { fetchConsents, grantConsent, withdrawConsent } from "~/api/users.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { intentVariant } from "~/components/form/schema";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { noStore } from "~/utils/cache-headers";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { ROW_ID_PATTERN } from "#server/contract/row-id";

const DONE = ["export_requested", "withdrawn", "activity_granted", "activity_withdrawn"] as const;
export type DataPrivacyDone = (typeof DONE)[number];

export async function loadDataPrivacy({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const [consents, exports] = await Promise.all([fetchConsents(api), fetchDataExportStatus(api)]);
  if (!exports.ok) throw new Response(null, { status: exports.status >= 500 ? 503 : exports.status, headers: PRIVATE_HEADERS });
  const since = (purpose: string) =>
    consents.ok ? (consents.data.find((consent) => consent.purpose === purpose)?.granted_at ?? null) : null;
  const t = await i18nServer.getFixedT(request);
  const done = DONE.find((key) => key === new URL(request.url).searchParams.get("done")) ?? null;
  return data(
    {
      title: t("settings.pages.data_privacy.title"),
      specialConsentSince: since(SPECIAL_DATA_CONSENT),
      // The activity tracker's consent (ADR 132): given and withdrawn here at any time.
      activityConsentSince: since(ACTIVITY_CONSENT),
      exports: exports.data,
      done,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** The page's buttons: ask for an export, withdraw the special-category consent, give or withdraw the tracker's. */
const dataPrivacyFormSchema = intentVariant({
  request_export: v.object({}),
  withdraw_special_data: v.object({}),
  grant_activity: v.object({}),
  withdraw_activity: v.object({}),
});

/** What each button does, and the notice the page shows after it. */
const INTENTS = {
  request_export: { run: requestDataExport, done: "export_requested" },
  withdraw_special_data: { run: (api: ApiClient) => withdrawConsent(api, SPECIAL_DATA_CONSENT), done: "withdrawn" },
  grant_activity: { run: (api: ApiClient) => grantConsent(api, ACTIVITY_CONSENT), done: "activity_granted" },
  withdraw_activity: { run: (api: ApiClient) => withdrawConsent(api, ACTIVITY_CONSENT), done: "activity_withdrawn" },
} as const satisfies Record<string, { run: (api: ApiClient) => Promise<{ ok: boolean }>; done: DataPrivacyDone }>;

export async function submitDataPrivacy({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, dataPrivacyFormSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const api = createApiClient({ request, context });
  const page = `/${params.lang}/user/data_privacy`;
  const intent = INTENTS[submission.value.intent];
  const result = await intent.run(api);
  if (!result.ok)
    return data({ lastResult: replyWithApiErrors(submission, result.errors) }, { status: result.status, headers: PRIVATE_HEADERS });
  throw redirect(`${page}?done=${intent.done}`, { headers: PRIVATE_HEADERS });
}

/** The download: the API's ZIP streamed through, for the signed-in owner only. */
export async function downloadDataExport({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const id = ROW_ID_PATTERN.test(params.id ?? "") ? Number(params.id) : null;
  const notFound = () => new Response("Not found", { status: 404, headers: { ...noStore(), "Content-Type": "text/plain; charset=utf-8" } });
  if (id === null) return notFound();
  const upstream = await fetchDataExportFile(createApiClient({ request, context }), id);
  if (upstream.status !== 200) {
    await upstream.body?.cancel();
    return notFound();
  }
  const headers = new Headers(noStore());
  for (const name of ["content-type", "content-length", "content-disposition", "x-content-type-options"]) {
    const value = upstream.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(upstream.body, { status: 200, headers });
}
