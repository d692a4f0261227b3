import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorContent } from "~/components/ErrorBoundary";
import { useLocalePath } from "~/i18n/lang";
import { i18nServer } from "~/i18n/i18next.server";

/** /error/404 and /error/500 (G): the page answers with the status it names. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const status = params.code === "500" ? 500 : 404;
  const t = await i18nServer.getFixedT(request);
  const title = t(status === 404 ? "error_page.not_found.title" : "error_page.server_error.title");
  return data({ status, title }, { status, headers: { "Cache-Control": "no-store" } });
}

export const meta = ({ data }: { data?: { title: string } }) => [{ title: data?.title ?? "Error" }, { name: "robots", content: "noindex" }];

export default function ErrorPage() {
  const { status } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const to = useLocalePath();
  return <ErrorContent status={status} homeHref={to("")} t={t} />;
}
