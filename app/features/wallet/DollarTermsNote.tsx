/** The checkout's note on a dollar order (issue 27 item 2): which terms the purchase is under, both linked. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";

export function DollarTermsNote() {
  const { t } = useTranslation("wallet");
  const to = useLocalePath();
  return (
    <p className={ui.muted} data-testid="dollar-terms-note">
      {t("wallet.checkout.terms_intro")} <Link to={to("legal/dollar_terms")}>{t("wallet.checkout.terms")}</Link>
      {" · "}
      <Link to={to("legal/dollar_standard_contract")}>{t("wallet.checkout.standard_contract")}</Link>
    </p>
  );
}
