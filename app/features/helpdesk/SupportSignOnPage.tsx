/**
 * support/sso when it cannot send the member on: no help desk is set up (how to reach the team instead), or the
 * request was refused (why, and the same ways to reach the team).
 */
import { Link } from "@remix-run/react";
import { HELPDESK_ERRORS } from "#server/contract/helpdesk";
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/i18n/translate";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";

export function SupportSignOnPage({ state, errorKey }: { state: "off" | "refused"; errorKey: string | null }) {
  const { t } = useTranslation("helpdesk");
  // API messages (exception.*) live in common.
  const { t: tCommon, i18n } = useTranslation();
  const to = useLocalePath();
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{t("helpdesk.title")}</h1>
        {state === "refused" && errorKey ? (
          <p role="alert" className={ui.alert} data-testid="support-refused">
            {translateMessage(tCommon, errorKey, undefined, i18n.language)}
          </p>
        ) : (
          <p data-testid="support-off">{t("helpdesk.off")}</p>
        )}
        {errorKey === HELPDESK_ERRORS.emailUnverified ? (
          <Link className={ui.blockLink} to={to("user/email_password")} data-testid="support-verify-email">
            {t("helpdesk.verify_email")}
          </Link>
        ) : null}
        <section className={`${ui.card} ${ui.stack}`} aria-labelledby="support-contact">
          <h2 id="support-contact" className={ui.sectionTitle}>
            {t("helpdesk.contact_title")}
          </h2>
          <p>{t("helpdesk.contact_text")}</p>
          <ul className={ui.entryList}>
            <li>
              <Link className={ui.blockLink} to={to("legal/imprint")} data-testid="support-imprint">
                {t("helpdesk.contact_imprint")}
              </Link>
            </li>
            <li>
              <Link className={ui.blockLink} to={to("about/content_removal_request")}>
                {t("helpdesk.contact_report")}
              </Link>
            </li>
            <li>
              <Link className={ui.blockLink} to={to("about")}>
                {t("helpdesk.contact_about")}
              </Link>
            </li>
          </ul>
        </section>
      </div>
    </main>
  );
}
