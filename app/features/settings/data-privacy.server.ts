/**
 * user/data_privacy (issue 10): the consents the member gave (and withdrawing the special-category one),
 * the self-service data export (request, its state, the download), and what is kept for how long.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { SPECIAL_DATA_CONSENT } from "#server/contract/consents";
import { fetchDataExportFile, fetchDataExportStatus, requestDataExport } from "~/api/privacy.server";
import { createApiClient } from "~/api/client.server";
import { fetchConsents, withdrawConsent } from "~/api/users.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { intentVariant } from "~/components/form/schema";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { noStore } from "~/utils/cache-headers";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { ROW_ID_PATTERN } from "#server/contract/row-id";

const DONE = ["export_requested", "withdrawn"] as const;
export type DataPrivacyDone = (typeof DONE)[number];

export async function loadDataPrivacy({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const [consents, exports] = await Promise.all([fetchConsents(api), fetchDataExportStatus(api)]);
  if (!exports.ok) throw new Response(null, { status: exports.status >= 500 ? 503 : exports.status, headers: PRIVATE_HEADERS });
  const special = consents.ok ? consents.data.find((consent) => consent.purpose === SPECIAL_DATA_CONSENT) : undefined;
  const t = await i18nServer.getFixedT(request);
  const done = DONE.find((key) => key === new URL(request.url).searchParams.get("done")) ?? null;
  return data(
    {
      title: t("settings.pages.data_privacy.title"),
      specialConsentSince: special ? special.granted_at : null,
      exports: exports.data,
      done,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** The page's two buttons: ask for an export, withdraw the special-category consent. */
const dataPrivacyFormSchema = intentVariant({ request_export: v.object({}), withdraw_special_data: v.object({}) });

export async function submitDataPrivacy({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, dataPrivacyFormSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const api = createApiClient({ request, context });
  const page = `/${params.lang}/user/data_privacy`;
  const exporting = submission.value.intent === "request_export";
  const result = exporting ? await requestDataExport(api) : await withdrawConsent(api, SPECIAL_DATA_CONSENT);
  if (!result.ok)
    return data({ lastResult: replyWithApiErrors(submission, result.errors) }, { status: result.status, headers: PRIVATE_HEADERS });
  throw redirect(`${page}?done=${exporting ? "export_requested" : "withdrawn"}`, { headers: PRIVATE_HEADERS });
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
