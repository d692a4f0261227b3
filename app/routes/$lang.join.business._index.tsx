/**
 * join/business (G): what a business account is, its steps, and the way to
 * the basic form. A plain page with links; no JavaScript needed.
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { BUSINESS_REGISTER_STEPS } from "#server/contract/registration";
import * as css from "~/features/registration/sign-up.css";
import { i18nServer } from "~/i18n/i18next.server";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { metaFromLoader } from "~/utils/meta";
import { GUEST_MAX_AGE, guestPage } from "~/utils/cache-headers";

export const handle = { i18n: ["registration"] };

const PUBLIC_HEADERS = guestPage(GUEST_MAX_AGE.page);

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  return data(
    { title: t("registration.business.meta_title"), description: t("registration.business.meta_description") },
    { headers: PUBLIC_HEADERS },
  );
}

export function headers() {
  return PUBLIC_HEADERS;
}

export const meta = metaFromLoader();

export default function JoinBusinessPage() {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <main className={ui.page}>
      <h1>{t("registration.business.title")}</h1>
      <p>{t("registration.business.intro")}</p>
      <section className={ui.card}>
        <h2>{t("registration.business.steps_title")}</h2>
        <ol className={css.benefitList}>
          {BUSINESS_REGISTER_STEPS.map((step) => (
            <li key={step}>{t(`registration.business.step_${step}`)}</li>
          ))}
        </ol>
      </section>
      <p className={ui.row}>
        <Link className={ui.linkButton} to={to("join/business/basic")} data-testid="business-start">
          {t("registration.business.start")}
        </Link>
        <Link to={to("join/business-benefits")}>{t("registration.business.benefits_link")}</Link>
      </p>
    </main>
  );
}
