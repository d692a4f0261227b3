/**
 * backoffice/audit (issue 30 item 5): the trail of every staff action for backend staff (audit.read); a 404 for
 * everyone else. The filters are a GET form — the query string is the state; one that does not parse shows its
 * errors at the fields and no rows.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { auditQuerySchema, type AuditQuery } from "#server/contract/audit";
import { fetchAuditTrail, type AuditPageData } from "~/api/audit.server";
import { createApiClient } from "~/api/client.server";
import { i18nServer } from "~/i18n/i18next.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { dataOf } from "../backend.server";
import { requireStaffPage } from "../staff-access.server";

export const AUDIT_FILTER_FIELDS = ["actor", "action", "subject_type", "subject_id", "from", "to"] as const;

export async function loadAuditTrail({ request, context }: LoaderFunctionArgs) {
  await requireStaffPage(request, context, "audit.read");
  const url = new URL(request.url);
  const raw: Record<string, string> = {};
  for (const name of [...AUDIT_FILTER_FIELDS, "before"] as const) {
    const value = url.searchParams.get(name)?.trim();
    if (value) raw[name] = value;
  }
  const parsed = v.safeParse(auditQuerySchema, raw);
  const errors: Record<string, string> = {};
  if (!parsed.success) for (const issue of parsed.issues) errors[v.getDotPath(issue) ?? "actor"] ??= issue.message;
  const trail: AuditPageData = parsed.success
    ? dataOf(await fetchAuditTrail(createApiClient({ request, context }), parsed.output as AuditQuery))
    : { items: [], nextBefore: null };
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("staff.audit.title", { ns: "staff" }), filter: raw, errors, trail }, { headers: PRIVATE_HEADERS });
}
