import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CROSS_SITE_ERROR_CODE } from "#server/contract/errors";
import { ErrorContent, type ErrorKind } from "~/components/ErrorBoundary";
import { useLocalePath } from "~/i18n/lang";
import { i18nServer } from "~/i18n/i18next.server";
import { noStore } from "~/utils/cache-headers";

const PAGES: Record<string, { status: number; kind: ErrorKind }> = {
  "500": { status: 500, kind: "server_error" },
  // The host answers a refused cross-site post with this page (server/security/same-origin.ts).
  [CROSS_SITE_ERROR_CODE]: { status: 403, kind: "cross_site" },
};
const NOT_FOUND = { status: 404, kind: "not_found" } as const;

/** /error/404, /error/500 (G) and the cross-site refusal: the page answers with its status. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { status, kind } = PAGES[params.code ?? ""] ?? NOT_FOUND;
  const t = await i18nServer.getFixedT(request);
  return data({ status, kind, title: t(`error_page.${kind}.title`) }, { status, headers: noStore() });
}

export const meta = ({ data }: { data?: { title: string } }) => [{ title: data?.title ?? "Error" }, { name: "robots", content: "noindex" }];

export default function ErrorPage() {
  const { status, kind } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const to = useLocalePath();
  return <ErrorContent status={status} kind={kind} homeHref={to("")} t={t} />;
}
