/**
 * community/*: with a forum, the way into it (signed in through DiscourseConnect) and to its settings; without one, a
 * plain page that says so and points to the community there is (events, blogs). A link out, no frame and no script of
 * the forum's: nothing of a third party loads on our page (ADR 134).
 */
import { Link } from "@remix-run/react";
import { SUPPORTED_LANGUAGES, type Language } from "#server/contract/locales";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";

export function CommunityPage({
  configured,
  forumUrl,
  openUrl,
  languageSaved,
}: {
  configured: boolean;
  forumUrl: string | null;
  openUrl: string | null;
  languageSaved: Language | null;
}) {
  const { t } = useTranslation("forum");
  const to = useLocalePath();
  return (
    <main className={ui.narrow}>
      <div className={ui.stack}>
        <h1>{t("forum.title")}</h1>
        {languageSaved ? (
          <p className={ui.notice} role="status" data-testid="forum-language-saved">
            {t("forum.language_saved", { language: t(`forum.languages.${languageSaved}`) })}
          </p>
        ) : null}
        {configured && openUrl && forumUrl ? (
          <>
            <p>{t("forum.intro")}</p>
            <a className={ui.button} href={openUrl} rel="noopener" data-testid="forum-open">
              {t("forum.open")}
            </a>
            <p className={ui.muted}>{t("forum.open_hint", { host: new URL(forumUrl).host })}</p>
            <section className={`${ui.card} ${ui.stack}`} aria-labelledby="forum-settings">
              <h2 id="forum-settings" className={ui.sectionTitle}>
                {t("forum.settings_title")}
              </h2>
              <Link className={ui.blockLink} to={to("user/forum_notifications")} data-testid="forum-notifications-link">
                {t("forum.notifications_link")}
              </Link>
              <p className={ui.muted}>{t("forum.language_hint")}</p>
              <ul className={ui.row} style={{ listStyle: "none", padding: 0, margin: 0 }}>
                {SUPPORTED_LANGUAGES.map((language) => (
                  <li key={language}>
                    <Link className={ui.blockLink} to={to(`community/language?id=${language}`)} lang={language}>
                      {t(`forum.languages.${language}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          </>
        ) : (
          <section className={`${ui.card} ${ui.stack}`} data-testid="forum-off">
            <p>
              <strong>{t("forum.off")}</strong>
            </p>
            <p>{t("forum.off_meanwhile")}</p>
            <ul className={ui.entryList}>
              <li>
                <Link className={ui.blockLink} to={to("events")}>
                  {t("forum.off_events")}
                </Link>
              </li>
              <li>
                <Link className={ui.blockLink} to={to("blogs")}>
                  {t("forum.off_blogs")}
                </Link>
              </li>
            </ul>
          </section>
        )}
      </div>
    </main>
  );
}
