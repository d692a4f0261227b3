/** The frame of every settings page: the way back to the index, the heading, the intro and the notice of what was just saved. */
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocalePath } from "~/i18n/lang";
import * as ui from "~/styles/ui.css";
import * as css from "./settings.css";

export function SettingsFrame({
  title,
  intro,
  notice,
  wide = false,
  children,
}: {
  title: string;
  /** A page with a grid (the media gallery) uses the content width instead of the form width. */
  wide?: boolean;
  intro?: string;
  notice?: string | null;
  children: ReactNode;
}) {
  const { t } = useTranslation("account");
  const to = useLocalePath();
  return (
    <main className={wide ? ui.page : ui.narrow}>
      <div className={ui.stack}>
        <Link className={css.back} to={to("user")}>
          {t("settings.back")}
        </Link>
        <h1>{title}</h1>
        {intro ? <p className={ui.muted}>{intro}</p> : null}
        {notice ? (
          <p className={ui.notice} role="status" data-testid="settings-notice">
            {notice}
          </p>
        ) : null}
        {children}
      </div>
    </main>
  );
}

/** The save button under a settings form. */
export function SettingsSaveButton() {
  const { t } = useTranslation("account");
  return (
    <div className={ui.row}>
      <button className={ui.button} type="submit">
        {t("settings.save")}
      </button>
    </div>
  );
}

/** A titled card of a settings page; its heading names the section for assistive technology. */
export function SettingsCard({ id, title, testId, children }: { id: string; title: string; testId?: string; children: ReactNode }) {
  return (
    <section className={ui.card} aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className={css.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A link on to another settings page (`path` after the language). */
export function SettingsLink({ path, children }: { path: string; children: ReactNode }) {
  const to = useLocalePath();
  return (
    <p style={{ margin: 0 }}>
      <Link className={css.back} to={to(path)}>
        {children}
      </Link>
    </p>
  );
}
