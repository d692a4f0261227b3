import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Language } from "#server/contract/locales";
import { localePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import { joinHref } from "./links";

/** A profile for members only (ADR 023), shown to a guest: sign up or log in, then back here. */
export function MembersOnlyPrompt({ lang, username }: { lang: Language; username: string }) {
  const { t } = useTranslation();
  const returnPath = localePath(lang, `p/${username}`);
  return (
    <main className={ui.narrow}>
      <div className={ui.card} data-testid="members-only">
        <h1>{t("profile.members_only.title")}</h1>
        <p>{t("profile.members_only.text")}</p>
        <div className={ui.row}>
          <Link className={ui.button} to={joinHref(lang, returnPath)} rel="nofollow">
            {t("profile.members_only.join")}
          </Link>
          <Link className={ui.buttonSecondary} to={`${localePath(lang, "login")}?r=${encodeURIComponent(returnPath)}`} rel="nofollow">
            {t("profile.members_only.login")}
          </Link>
        </div>
      </div>
    </main>
  );
}
