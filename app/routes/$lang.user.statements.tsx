/** user/statements (issue 30 item 4, ADR 110): the member's statements of reasons. A thin adapter over app/features/statements. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StatementsPage } from "~/features/statements/StatementsPage";
import { loadStatements } from "~/features/statements/statements.server";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["statements"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadStatements(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function StatementsRoute() {
  const { title, statements } = useLoaderData<typeof loader>();
  return <StatementsPage title={title} statements={statements} />;
}
