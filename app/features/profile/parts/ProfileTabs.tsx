/** The tab bar (from the tab registry, tabs.ts) and the empty state of a tab whose content arrives later. */
import { Link, NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Language } from "#server/contract/locales";
import type { ProfileDetail } from "~/api/profiles.server";
import { localePath } from "~/i18n/lang";
import * as css from "../profile.css";
import { profileTabPath, profileTabsFor, type ProfileTab } from "../tabs";

export function ProfileTabs({ profile, lang, tab }: { profile: ProfileDetail; lang: Language; tab: ProfileTab }) {
  const { t } = useTranslation();
  const base = localePath(lang, `p/${profile.username}`);
  return (
    <nav aria-label={t("profile.tabs.label")}>
      <ul className={css.tabs}>
        {profileTabsFor(profile.userType).map((entry) => (
          <li key={entry.key || "profile"}>
            <NavLink className={css.tab} to={profileTabPath(base, entry)} end aria-current={entry.key === tab ? "page" : undefined}>
              {t(entry.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A tab whose content arrives with a later feature: a real empty state, not a placeholder. */
export function ProfileTabEmpty({ tab, profile, lang }: { tab: Exclude<ProfileTab, "">; profile: ProfileDetail; lang: Language }) {
  const { t } = useTranslation();
  return (
    <section className={css.section} aria-labelledby="tab-heading" data-testid={`tab-${tab}`}>
      <h2 id="tab-heading">{t(`profile.tabs.${tab}`)}</h2>
      <p>{t(`profile.empty.${tab}`, { name: profile.displayName })}</p>
      <Link to={localePath(lang, `p/${profile.username}`)}>{t("profile.empty.back", { name: profile.displayName })}</Link>
    </section>
  );
}
