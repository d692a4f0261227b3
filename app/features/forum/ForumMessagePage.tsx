/** A forum page that could not go on (a refused sign-on request, a bad language choice): why, and the way back. */
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/i18n/lang";
import { translateMessage } from "~/i18n/translate";
import * as ui from "~/styles/ui.css";

export function ForumMessagePage({ title, errorKey }: { title: string; errorKey: string }) {
  const { t } = useTranslation("forum");
  // API messages (exception.*) live in common.
  const { t: tCommon, i18n } = useTranslation();
  const to = useLocalePath();
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{title}</h1>
        <p role="alert" className={ui.alert} data-testid="forum-refused">
          {translateMessage(tCommon, errorKey, undefined, i18n.language)}
        </p>
        <Link className={ui.blockLink} to={to("community")}>
          {t("forum.back")}
        </Link>
      </div>
    </main>
  );
}
