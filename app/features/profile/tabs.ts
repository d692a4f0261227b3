/**
 * The profile page's tabs (spec section 5: p/{username}, /reviews, /business_reviews, /events, /blogs): ONE list
 * that the tab bar, the tab routes' titles and meta, and the member actions' return path all read. A feature adds
 * a tab with one entry here and one route module `$lang.p.$username.<path>.tsx` rendering
 * `<ProfileTabPage tab="<key>" content={…} />` (docs/decisions/066). A leaf: it imports no component, so any
 * feature may import it without an import cycle.
 */
import { USER_TYPE } from "#server/contract/users";

export interface ProfileTabEntry {
  /** The tab's name in code and in the actions' hidden `tab` field; "" is the profile itself. */
  key: string;
  /** Its URL segment after p/{username} ("" for the profile itself). */
  path: string;
  /** Translation key of its label in the tab bar (common namespace). */
  labelKey: string;
  /** The user types whose profile shows the tab in its bar; null: every profile. */
  profileTypes: readonly number[] | null;
  /** Whether search engines count the page (indexable, its own title): only the profile itself; tabs are noindex. */
  counts: boolean;
}

export const PROFILE_TABS = [
  { key: "", path: "", labelKey: "profile.tabs.profile", profileTypes: null, counts: true },
  { key: "reviews", path: "reviews", labelKey: "profile.tabs.reviews", profileTypes: null, counts: false },
  // A business's own reviews; its reviews tab lists those of the escorts it names (ADR 047).
  {
    key: "business_reviews",
    path: "business_reviews",
    labelKey: "profile.tabs.business_reviews",
    profileTypes: [USER_TYPE.business],
    counts: false,
  },
  { key: "events", path: "events", labelKey: "profile.tabs.events", profileTypes: null, counts: false },
  { key: "blogs", path: "blogs", labelKey: "profile.tabs.blogs", profileTypes: null, counts: false },
  // Media bundles for sale (issue 28 item 1, ADR 092): only creators make them.
  {
    key: "bundles",
    path: "bundles",
    labelKey: "profile.tabs.bundles",
    profileTypes: [USER_TYPE.escort, USER_TYPE.business],
    counts: false,
  },
  // The creator's fan offer (issue 28 item 3, the fans feature): tiers, subscribe, the viewer's subscription.
  { key: "fans", path: "fans", labelKey: "profile.tabs.fans", profileTypes: [USER_TYPE.escort, USER_TYPE.business], counts: false },
  // The creator's live tab (issue 31, ADR 124; not a spec route): on air now, the schedule, recordings, watch subscription.
  { key: "live", path: "live", labelKey: "profile.tabs.live", profileTypes: [USER_TYPE.escort, USER_TYPE.business], counts: false },
] as const satisfies readonly ProfileTabEntry[];

export type ProfileTab = (typeof PROFILE_TABS)[number]["key"];

export function profileTab(key: ProfileTab): ProfileTabEntry {
  return PROFILE_TABS.find((tab) => tab.key === key)!;
}

/** A posted or linked tab name, if it is one (anything else is the profile itself). */
export function knownProfileTab(key: string): ProfileTab {
  return PROFILE_TABS.find((tab) => tab.key === key)?.key ?? "";
}

/** The tabs the bar of this profile shows, in order. */
export function profileTabsFor(userType: number): ProfileTabEntry[] {
  return PROFILE_TABS.filter((tab) => tab.profileTypes === null || (tab.profileTypes as readonly number[]).includes(userType));
}

/** The tab's address below the profile's own (`base`: localePath(lang, `p/${username}`)). */
export function profileTabPath(base: string, tab: Pick<ProfileTabEntry, "path">): string {
  return tab.path ? `${base}/${tab.path}` : base;
}
