import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Language } from "#server/contract/locales";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";

/**
 * A profile its owner paused (ADR 026), to anyone else: it exists and comes back when they resume it (issue 25
 * item 7, ADR 070). Nothing of the profile but the name in the address; the way on is the search.
 */
export function PausedProfile({ lang, username }: { lang: Language; username: string }) {
  const { t } = useTranslation();
  return (
    <main className={ui.narrow}>
      <div className={ui.card} data-testid="profile-paused">
        <h1>{t("profile.paused.title")}</h1>
        <p>{t("profile.paused.text_named", { username })}</p>
        <div className={ui.row}>
          <Link className={ui.button} to={localePath(lang, "escorts")}>
            {t("profile.paused.search_escorts")}
          </Link>
          <Link className={ui.buttonSecondary} to={localePath(lang, "agenturen-clubs")}>
            {t("profile.paused.search_businesses")}
          </Link>
        </div>
      </div>
    </main>
  );
}
