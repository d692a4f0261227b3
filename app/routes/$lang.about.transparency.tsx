/**
 * /about/transparency (issue 30 item 4, DSA Arts. 15, 24; ADR 114: not a spec route): the published transparency report
 * and the average monthly active recipients, for anyone. A static segment, so it wins over $lang.about.($key).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { TransparencyPage } from "~/features/transparency/TransparencyPage";
import { loadTransparencyPage } from "~/features/transparency/transparency.server";
import { metaFromLoader } from "~/utils/meta";

export const handle = { i18n: ["transparency", "reports"], hydrate: false };

export const loader = (args: LoaderFunctionArgs) => loadTransparencyPage(args);

export const headers = ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders;

export const meta = metaFromLoader();

export default function TransparencyRoute() {
  const { title, periods, report } = useLoaderData<typeof loader>();
  return <TransparencyPage title={title} periods={periods} report={report} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
