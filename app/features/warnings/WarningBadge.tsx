/**
 * The discreet warning an escort sees on a flagged client's profile and in the conversation with them (ADR 121):
 * a short line that opens, on tap, to the explanation — a details/summary, so it works without JavaScript. It never
 * names who reported, and shows only what the API answered for this viewer.
 */
import { useTranslation } from "react-i18next";
import * as css from "./warnings.css";

export function WarningBadge() {
  const { t } = useTranslation("warnings");
  return (
    <details className={css.badge} data-testid="warning-badge">
      <summary className={css.badgeSummary}>
        <span aria-hidden="true">⚠</span>
        {t("warnings.badge.summary")}
      </summary>
      <p className={css.badgeText}>{t("warnings.badge.explanation")}</p>
      <p className={css.badgeText}>{t("warnings.badge.advice")}</p>
    </details>
  );
}
