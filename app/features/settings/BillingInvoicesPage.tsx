/** user/billing_invoices, the page: no invoices yet and no billing address stored, what will appear, and the plan today. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./settings.css";
import { MembershipStateLine } from "./MembershipPage";
import type { MembershipView } from "./membership.server";
import { SettingsFrame } from "./SettingsFrame";

export function BillingInvoicesPage({ membership }: { membership: MembershipView }) {
  const { t } = useTranslation("membership");
  const to = useLocalePath();
  return (
    <SettingsFrame title={t("settings.pages.billing_invoices.title")} intro={t("membership.billing.intro")}>
      <section className={ui.card} aria-labelledby="billing-invoices" data-testid="billing-invoices">
        <h2 id="billing-invoices" className={css.cardTitle}>
          {t("membership.billing.invoices_title")}
        </h2>
        <p data-testid="billing-invoices-empty">
          <strong>{t("membership.billing.invoices_empty")}</strong>
        </p>
        <p>{t("membership.billing.invoices_later")}</p>
      </section>
      <section className={ui.card} aria-labelledby="billing-address" data-testid="billing-address">
        <h2 id="billing-address" className={css.cardTitle}>
          {t("membership.billing.address_title")}
        </h2>
        <p>{t("membership.billing.address_none")}</p>
      </section>
      <section className={ui.card} aria-labelledby="billing-plan">
        <h2 id="billing-plan" className={css.cardTitle}>
          {t("membership.billing.plan_title")}
        </h2>
        <MembershipStateLine membership={membership} />
        <p style={{ margin: 0 }}>
          <Link className={css.back} to={to("user/membership")}>
            {t("membership.billing.plan_link")}
          </Link>
        </p>
      </section>
    </SettingsFrame>
  );
}
