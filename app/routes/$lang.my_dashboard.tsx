import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { userTypeName } from "#server/contract/users";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { pageMeta, PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account"] };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const t = await i18nServer.getFixedT(request);
  return data({ viewer, title: t("dashboard.meta_title") }, { headers: PRIVATE_HEADERS });
}

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) =>
  pageMeta({ title: data?.title ?? "", origin: "", pathname: location.pathname, noindex: true });

export default function Dashboard() {
  const { viewer } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <main className={ui.page}>
      <h1 data-testid="dashboard-greeting">{t("dashboard.greeting", { name: viewer.profile.displayName })}</h1>
      <div className={ui.stack}>
        <section className={ui.card}>
          <h2>{t("dashboard.account")}</h2>
          <dl>
            <dt>{t("dashboard.username")}</dt>
            <dd>{viewer.username}</dd>
            <dt>{t("dashboard.user_type")}</dt>
            <dd>{t(`user_types.${userTypeName(viewer.profile.userType)}`)}</dd>
            <dt>{t("dashboard.membership")}</dt>
            <dd>{viewer.isMember ? t("dashboard.member_plus") : t("dashboard.member_basic")}</dd>
            <dt>{t("dashboard.email")}</dt>
            <dd>
              {viewer.email} · {viewer.isEmailVerified ? t("dashboard.email_verified") : t("dashboard.email_unverified")}
            </dd>
          </dl>
        </section>
        <section className={ui.card}>
          <h2>{t("dashboard.next_steps")}</h2>
          <ul>
            <li>
              <Link to={to(`p/${viewer.username}`)}>{t("dashboard.view_profile")}</Link>
            </li>
            <li>
              <Link to={to("user")}>{t("dashboard.settings")}</Link>
            </li>
          </ul>
          <Form method="post" action={to("logout")}>
            <button className={ui.buttonSecondary} type="submit" data-testid="dashboard-logout">
              {t("nav.logout")}
            </button>
          </Form>
        </section>
      </div>
    </main>
  );
}
