/** backoffice/audit (issue 30 item 5): the audit trail of every staff action, backend accounts only. A thin adapter over app/features/backoffice/audit. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AuditTrailPage } from "~/features/backoffice/audit/AuditTrailPage";
import { loadAuditTrail } from "~/features/backoffice/audit/audit.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["staff"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadAuditTrail(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function BackofficeAuditRoute() {
  const { title, filter, errors, trail } = useLoaderData<typeof loader>();
  return <AuditTrailPage title={title} filter={filter} errors={errors} trail={trail} />;
}
