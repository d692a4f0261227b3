import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";

/** The page a failed federated sign-in ends on: what went wrong and the ways on. */
export function FederatedErrorPage() {
  const { title, errorKey } = useLoaderData<{ title: string; errorKey: string }>();
  const { t } = useTranslation();
  const to = useLocalePath();
  return (
    <main className={ui.narrow}>
      <div className={ui.card} data-testid="federated-error">
        <h1>{title}</h1>
        <p role="alert" className={ui.alert} data-error-key={errorKey}>
          {translateMessage(t, errorKey)}
        </p>
        <p className={ui.row}>
          <Link className={ui.button} to={to("login")}>
            {t("federated.back_to_login")}
          </Link>
          <Link to={to("join/user")}>{t("federated.join")}</Link>
        </p>
      </div>
    </main>
  );
}
