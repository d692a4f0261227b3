/**
 * The verification badges (ADR 107): photos real, identity verified, age verified (issue 30 item 1's flow fills it)
 * and ProstSchG registration shown — each a <details>, so a tap explains it without JavaScript. Profile and tiles.
 */
import { useTranslation } from "react-i18next";
import * as css from "./verification.css";

export interface BadgeFlags {
  photosReal: boolean;
  identityVerified: boolean;
  ageVerified: boolean;
  prostschgShown: boolean;
}

const BADGES = [
  ["photosReal", "photos_real"],
  ["identityVerified", "identity_verified"],
  ["ageVerified", "age_verified"],
  ["prostschgShown", "prostschg_shown"],
] as const;

/** The badges a profile has, as list items for the caller's badge list (nothing when it has none). */
export function VerificationBadgeItems({ flags, itemClassName }: { flags: BadgeFlags; itemClassName?: string }) {
  // The common namespace: every page that shows a profile or a tile has it.
  const { t } = useTranslation();
  return (
    <>
      {BADGES.filter(([flag]) => flags[flag]).map(([, key]) => (
        <li key={key} className={itemClassName} data-testid={`badge-${key}`}>
          <details className={css.badge}>
            <summary className={css.badgeSummary}>
              <span className={css.badgePill}>
                <span aria-hidden="true">✓</span> {t(`verification_badges.${key}.label`)}
              </span>
            </summary>
            <p className={css.badgeText}>{t(`verification_badges.${key}.explain`)}</p>
          </details>
        </li>
      ))}
    </>
  );
}
