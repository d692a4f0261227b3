/**
 * user/statements and user/statements/{id} (issue 30 item 4, DSA Art. 17, ADR 110): the member's statements of
 * reasons. Read-only pages; the API answers 404 for another member's statement, and so does the page.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { parseRowId } from "#server/contract/row-id";
import { createApiClient } from "~/api/client.server";
import { fetchStatement, fetchStatements } from "~/api/statements.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { notFoundResponse } from "~/utils/not-found.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

function unavailable(status: number): never {
  throw new Response(null, { status: status === 401 ? 401 : 503, headers: PRIVATE_HEADERS });
}

export async function loadStatements({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const raw = new URL(request.url).searchParams.get("page") ?? "1";
  const page = /^[1-9]\d{0,3}$/.test(raw) ? Number(raw) : 1;
  const result = await fetchStatements(createApiClient({ request, context }), page);
  if (!result.ok) unavailable(result.status);
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("statements.list.title", { ns: "statements" }), statements: result.data }, { headers: PRIVATE_HEADERS });
}

export async function loadStatement({ request, context, params }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const id = parseRowId(params.id ?? "");
  if (id === null) throw await notFoundResponse(request);
  const result = await fetchStatement(createApiClient({ request, context }), id);
  if (!result.ok) {
    if (result.status === 404) throw await notFoundResponse(request);
    unavailable(result.status);
  }
  const t = await i18nServer.getFixedT(request);
  return data(
    { title: t("statements.detail.title", { ns: "statements", reference: result.data.reference }), statement: result.data },
    { headers: PRIVATE_HEADERS },
  );
}
