import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { brand } from "~/brand/brand";
import { i18nServer } from "~/i18n/i18next.server";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { pageMeta } from "~/utils/seo";

export const handle = { i18n: ["common"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  return { title: t("home.meta_title", { brand: brand.name }), description: t("home.meta_description", { brand: brand.name }) };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const origin = (matches.find((m) => m.id === "root")?.data as { origin?: string } | undefined)?.origin ?? "";
  return pageMeta({ title: data?.title ?? "", description: data?.description, origin, pathname: location.pathname });
};

export default function Home() {
  useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const to = useLocalePath();
  const [params] = useSearchParams();
  return (
    <main className={ui.page}>
      {params.get("logged_out") ? (
        <p className={ui.notice} role="status" data-testid="logged-out">
          {t("home.logged_out")}
        </p>
      ) : null}
      <h1>{t("home.headline", { brand: brand.name })}</h1>
      <p>{t("home.intro")}</p>
      <div className={ui.row}>
        <Link className={ui.button} to={to("escorts")}>
          {t("home.cta_escorts")}
        </Link>
        <Link className={ui.buttonSecondary} to={to("join/user")}>
          {t("home.cta_join")}
        </Link>
      </div>
    </main>
  );
}
