import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./steps.css";

/** The welcome page at the end of registration: what to do next. */
export function CompletedStep({ business, isEmailVerified }: { business: boolean; isEmailVerified: boolean }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <div className={ui.stack}>
      <p>{t("join_steps.completed.intro")}</p>
      <ul className={css.nextSteps}>
        {!isEmailVerified ? (
          <li className={ui.card}>
            <h2>{t("join_steps.completed.verify_email_title")}</h2>
            <p>{t("join_steps.completed.verify_email_text")}</p>
            <Link className={ui.linkButton} to={to(business ? "join/business/email" : "join/user/email")}>
              {t("join_steps.completed.verify_email_link")}
            </Link>
          </li>
        ) : null}
        <li className={ui.card}>
          <h2>{t("join_steps.completed.profile_title")}</h2>
          <p>{t("join_steps.completed.profile_text")}</p>
          <Link className={ui.linkButton} to={to("user/name_characteristics")}>
            {t("join_steps.completed.profile_link")}
          </Link>
        </li>
        <li className={ui.card}>
          <h2>{t("join_steps.completed.benefits_title")}</h2>
          <p>{business ? t("join_steps.completed.benefits_text_business") : t("join_steps.completed.benefits_text")}</p>
          <Link className={ui.linkButton} to={to(business ? "join/business-benefits" : "join/benefits")}>
            {t("join_steps.completed.benefits_link")}
          </Link>
        </li>
      </ul>
      <p>
        <Link to={to("my_dashboard")}>{t("join_steps.completed.dashboard_link")}</Link>
      </p>
    </div>
  );
}
