import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { ErrorContent } from "~/components/ErrorBoundary";
import { useLocalePath } from "~/i18n/lang";
import { i18nServer } from "~/i18n/i18next.server";
import { GUEST_MAX_AGE, guestPage } from "~/utils/cache-headers";

/** Unknown paths show the error page with a real 404 status. */
export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("error_page.not_found.title") }, { status: 404, headers: guestPage(GUEST_MAX_AGE.notFound) });
}

export const meta = ({ data }: { data?: { title: string } }) => [{ title: data?.title ?? "404" }, { name: "robots", content: "noindex" }];

export default function NotFound() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return <ErrorContent status={404} homeHref={to("")} t={t} />;
}
