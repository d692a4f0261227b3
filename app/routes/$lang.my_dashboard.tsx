import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SPECIAL_DATA_CONSENT } from "#server/contract/consents";
import { isLanguage } from "#server/contract/locales";
import { userTypeName } from "#server/contract/users";
import { createApiClient } from "~/api/client.server";
import { fetchConsents, withdrawConsent } from "~/api/users.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { formatCalendarDate } from "~/utils/dates";
import { pageMeta, PRIVATE_HEADERS } from "~/utils/seo";
import { readFormData } from "~/utils/form-data.server";

export const handle = { i18n: ["account"] };

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const t = await i18nServer.getFixedT(request);
  const consents = await fetchConsents(createApiClient({ request, context }));
  const special = consents.ok ? consents.data.find((c) => c.purpose === SPECIAL_DATA_CONSENT) : undefined;
  const lang = isLanguage(params.lang) ? params.lang : "de";
  return data(
    {
      viewer,
      title: t("dashboard.meta_title"),
      // ADR 023: when the special-category consent was given (a calendar day), so it can be withdrawn here.
      specialConsentSince: special ? formatCalendarDate(new Date(special.granted_at).toISOString().slice(0, 10), lang) : null,
      withdrawn: new URL(request.url).searchParams.get("withdrawn") === "1",
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** Withdrawing the special-category consent (a plain form post): the API deletes what it covered. */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const form = await readFormData(request);
  if (form.get("intent") !== "withdraw_special_data") throw new Response("Bad request", { status: 400, headers: PRIVATE_HEADERS });
  const api = createApiClient({ request, context });
  const result = await withdrawConsent(api, SPECIAL_DATA_CONSENT);
  if (!result.ok) throw new Response("Unavailable", { status: 503, headers: PRIVATE_HEADERS });
  throw redirect(`/${params.lang}/my_dashboard?withdrawn=1`, { headers: PRIVATE_HEADERS });
}

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta: MetaFunction<typeof loader> = ({ data, location }) =>
  pageMeta({ title: data?.title ?? "", origin: "", pathname: location.pathname, noindex: true });

export default function Dashboard() {
  const { viewer, specialConsentSince, withdrawn } = useLoaderData<typeof loader>();
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
        <section className={ui.card} aria-labelledby="privacy-title" data-testid="dashboard-privacy">
          <h2 id="privacy-title">{t("dashboard.privacy_title")}</h2>
          {withdrawn ? (
            <p className={ui.notice} role="status">
              {t("dashboard.special_consent_withdrawn")}
            </p>
          ) : null}
          {specialConsentSince ? (
            <>
              <p>{t("dashboard.special_consent_given", { date: specialConsentSince })}</p>
              <Form method="post">
                <button
                  className={ui.buttonSecondary}
                  type="submit"
                  name="intent"
                  value="withdraw_special_data"
                  data-testid="withdraw-special-data"
                >
                  {t("dashboard.special_consent_withdraw")}
                </button>
              </Form>
            </>
          ) : (
            <p>{t("dashboard.special_consent_none")}</p>
          )}
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
