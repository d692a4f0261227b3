/** user/membership, the page: whether plus runs and until when, its benefits for this member, and how buying will come. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./settings.css";
import type { MembershipView } from "./membership.server";
import { SettingsFrame } from "./SettingsFrame";

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
  const to = useLocalePath();
  return (
    <SettingsFrame title={t("settings.pages.membership.title")} intro={t("membership.intro")}>
      <section className={ui.card} aria-labelledby="membership-now">
        <h2 id="membership-now" className={css.cardTitle}>
          {t("membership.now_title")}
        </h2>
        <MembershipStateLine membership={membership} />
      </section>
      <section className={ui.card} aria-labelledby="membership-benefits" data-testid="membership-benefits">
        <h2 id="membership-benefits" className={css.cardTitle}>
          {membership.plus_member ? t("membership.benefits_yours") : t(`membership.benefits_title_${membership.benefits_for}`)}
        </h2>
        <ul style={{ margin: "8px 0 0", paddingLeft: "1.2em", lineHeight: 1.6 }}>
          {membership.benefits.map((benefit) => (
            <li key={benefit} data-benefit={benefit}>
              {t(`membership.benefits.${benefit}`)}
            </li>
          ))}
        </ul>
        {membership.benefits.includes("invisible_browsing") ? (
          <p style={{ margin: 0 }}>
            <Link className={css.back} to={to("user/search_visibility")}>
              {t("membership.invisible_link")}
            </Link>
          </p>
        ) : null}
      </section>
      <section className={ui.card} aria-labelledby="membership-purchase" data-testid="membership-purchase">
        <h2 id="membership-purchase" className={css.cardTitle}>
          {membership.plus_member ? t("membership.renew_title") : t("membership.purchase_title")}
        </h2>
        <p>{membership.plus_member ? t("membership.renew_later") : t("membership.purchase_later")}</p>
        <p style={{ margin: 0 }}>
          <Link className={css.back} to={to("user/billing_invoices")}>
            {t("membership.invoices_link")}
          </Link>
        </p>
      </section>
    </SettingsFrame>
  );
}
