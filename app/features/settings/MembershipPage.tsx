/** user/membership, the page: whether plus runs and until when, its benefits for this member, and how buying will come. */
import { useTranslation } from "react-i18next";
import type { MembershipView } from "./membership.server";
import { SettingsCard, SettingsFrame, SettingsLink } from "./SettingsFrame";

/** The member's plan in one sentence (shared with the billing page). */
export function MembershipStateLine({ membership }: { membership: MembershipView }) {
  const { t } = useTranslation("membership");
  const text = membership.plus_member
    ? membership.until
      ? t("membership.state_plus_until", { date: membership.until })
      : t("membership.state_plus_open")
    : membership.lapsed && membership.until
      ? t("membership.state_lapsed", { date: membership.until })
      : t("membership.state_basic");
  return (
    <p data-testid="membership-state" data-plus={membership.plus_member ? "1" : "0"}>
      <strong>{membership.plus_member ? t("membership.plan_plus") : t("membership.plan_basic")}</strong> · {text}
    </p>
  );
}

export function MembershipPage({ membership }: { membership: MembershipView }) {
  const { t } = useTranslation("membership");
  return (
    <SettingsFrame title={t("settings.pages.membership.title")} intro={t("membership.intro")}>
      <SettingsCard id="membership-now" title={t("membership.now_title")}>
        <MembershipStateLine membership={membership} />
      </SettingsCard>
      <SettingsCard
        id="membership-benefits"
        title={membership.plus_member ? t("membership.benefits_yours") : t(`membership.benefits_title_${membership.benefits_for}`)}
        testId="membership-benefits"
      >
        <ul style={{ margin: "8px 0 0", paddingLeft: "1.2em", lineHeight: 1.6 }}>
          {membership.benefits.map((benefit) => (
            <li key={benefit} data-benefit={benefit}>
              {t(`membership.benefits.${benefit}`)}
            </li>
          ))}
        </ul>
        {membership.benefits.includes("invisible_browsing") ? (
          <SettingsLink path="user/search_visibility">{t("membership.invisible_link")}</SettingsLink>
        ) : null}
      </SettingsCard>
      <SettingsCard
        id="membership-purchase"
        title={membership.plus_member ? t("membership.renew_title") : t("membership.purchase_title")}
        testId="membership-purchase"
      >
        <p>{membership.plus_member ? t("membership.renew_later") : t("membership.purchase_later")}</p>
        <SettingsLink path="user/billing_invoices">{t("membership.invoices_link")}</SettingsLink>
      </SettingsCard>
    </SettingsFrame>
  );
}
