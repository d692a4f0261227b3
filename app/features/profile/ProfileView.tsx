/**
 * What every tab of p/{username} shows above its content: the header, the status, the actions (from the action
 * registry, actions.ts) and the tab bar (from the tab registry, tabs.ts).
 */
import type { Language } from "#server/contract/locales";
import type { ContactOutlook, ProfileDetail } from "~/api/profiles.server";
import type { ProfileActionRefused } from "~/features/profile-actions/types";
import { WarningBadge } from "~/features/warnings/WarningBadge";
import { localePath } from "~/i18n/lang";
import * as css from "./profile.css";
import { ProfileActions } from "./parts/ProfileActions";
import { ProfileHeader } from "./parts/ProfileHeader";
import { ProfileTabs } from "./parts/ProfileTabs";
import { profileTab, profileTabPath, type ProfileTab } from "./tabs";

export function ProfileHead({
  profile,
  lang,
  tab,
  signedIn,
  refused,
  contact,
  warned = false,
}: {
  profile: ProfileDetail;
  lang: Language;
  tab: ProfileTab;
  signedIn: boolean;
  /** The member action this page refused last (the route's action answer), shown at its form. */
  refused: ProfileActionRefused | null;
  /** The contact outlook (ADR 068): the rule before anyone writes. */
  contact: ContactOutlook | null;
  /** The escorts' warning list (ADR 121): the discreet badge, for an escort viewing a flagged client. */
  warned?: boolean;
}) {
  const returnPath = profileTabPath(localePath(lang, `p/${profile.username}`), profileTab(tab));
  return (
    <>
      {/* Names the profile for the activity tracker (public/scripts/activity.js, ADR 132); renders nothing. */}
      <span hidden data-activity-profile={profile.id} />
      <ProfileHeader profile={profile} lang={lang} tab={tab} />
      {warned ? <WarningBadge /> : null}
      {profile.texts.status ? <p className={css.text}>{profile.texts.status}</p> : null}
      <ProfileActions
        profile={profile}
        lang={lang}
        tab={tab}
        signedIn={signedIn}
        refused={refused}
        returnPath={returnPath}
        contact={contact}
      />
      <ProfileTabs profile={profile} lang={lang} tab={tab} />
    </>
  );
}
