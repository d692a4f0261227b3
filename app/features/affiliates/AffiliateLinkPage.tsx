/** A partner's link (ADR 135): who sent the visitor, and the choice to sign up through the partner or just look around. */
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import type { loadAffiliateLink } from "./link.server";

export function AffiliateLinkPage() {
  const { title, code, inactive, tooMany, signedIn } = useLoaderData<typeof loadAffiliateLink>();
  const { t } = useTranslation();
  const to = useLocalePath();
  if (inactive) {
    // The partner was deactivated (ADR 139): the visitor is welcome, nothing is stored, nobody is credited.
    return (
      <main className={ui.narrow}>
        <div className={`${ui.card} ${ui.stack}`} data-testid="affiliate-link-inactive">
          <h1>{title}</h1>
          <p>{t("affiliates.link.inactive")}</p>
          {signedIn ? null : (
            <p>
              <Link className={ui.button} to={to("join/user")}>
                {t("affiliates.link.sign_up_plain")}
              </Link>
            </p>
          )}
          <p>
            <Link to={to("")}>{t("affiliates.link.look_around")}</Link>
          </p>
        </div>
      </main>
    );
  }
  if (!code) {
    return (
      <main className={ui.narrow}>
        <div className={ui.card} data-testid="affiliate-link-unknown">
          <h1>{title}</h1>
          <p>{t(tooMany ? "affiliates.link.too_many" : "affiliates.link.unknown")}</p>
          <p>
            <Link className={ui.button} to={to("")}>
              {t("affiliates.link.look_around")}
            </Link>
          </p>
        </div>
      </main>
    );
  }
  return (
    <main className={ui.narrow}>
      <div className={ui.card} data-testid="affiliate-link">
        <h1>{title}</h1>
        <p>{t("affiliates.link.text", { code })}</p>
        {signedIn ? (
          <p>{t("affiliates.link.signed_in")}</p>
        ) : (
          <Form method="post" className={ui.stack}>
            <p className={ui.muted}>{t("affiliates.link.cookie_note")}</p>
            <button type="submit" className={ui.button}>
              {t("affiliates.link.sign_up")}
            </button>
          </Form>
        )}
        <p>
          <Link to={to("")}>{t("affiliates.link.look_around")}</Link>
        </p>
      </div>
    </main>
  );
}
