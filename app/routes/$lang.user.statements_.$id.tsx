/** user/statements/{id} (issue 30 item 4, DSA Art. 17, ADR 110): one statement of reasons, its member only. A thin adapter. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StatementPage } from "~/features/statements/StatementPage";
import { loadStatement } from "~/features/statements/statements.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["statements"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadStatement(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function StatementRoute() {
  const { title, statement } = useLoaderData<typeof loader>();
  return <StatementPage title={title} statement={statement} />;
}
