/** user/billing_invoices, the page: no invoices yet and no billing address stored, what will appear, and the plan today. */
import { useTranslation } from "react-i18next";
import { MembershipStateLine } from "./MembershipPage";
import type { MembershipView } from "./membership.server";
import { SettingsCard, SettingsFrame, SettingsLink } from "./SettingsFrame";

export function BillingInvoicesPage({ membership }: { membership: MembershipView }) {
  const { t } = useTranslation("membership");
  return (
    <SettingsFrame title={t("settings.pages.billing_invoices.title")} intro={t("membership.billing.intro")}>
      <SettingsCard id="billing-invoices" title={t("membership.billing.invoices_title")} testId="billing-invoices">
        <p data-testid="billing-invoices-empty">
          <strong>{t("membership.billing.invoices_empty")}</strong>
        </p>
        <p>{t("membership.billing.invoices_later")}</p>
      </SettingsCard>
      <SettingsCard id="billing-address" title={t("membership.billing.address_title")} testId="billing-address">
        <p>{t("membership.billing.address_none")}</p>
      </SettingsCard>
      <SettingsCard id="billing-plan" title={t("membership.billing.plan_title")}>
        <MembershipStateLine membership={membership} />
        <SettingsLink path="user/membership">{t("membership.billing.plan_link")}</SettingsLink>
      </SettingsCard>
    </SettingsFrame>
  );
}
