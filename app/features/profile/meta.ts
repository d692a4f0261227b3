import type { MetaFunction } from "@remix-run/node";
import { errorMeta } from "~/utils/error-meta";
import { rootOrigin } from "~/utils/meta";
import { pageMeta } from "~/utils/seo";
import { profileTab, type ProfileTab } from "./tabs";

export const PROFILE_ROUTE_ID = "routes/$lang.p.$username";
// The caching headers every tab (and the search pages) answers with: in ./headers, which the search pages import without
// the profile's tabs and meta (ADR 155).
export { profileHeaders, ROBOTS_HEADER } from "./headers";

interface ProfileMetaData {
  kind?: string;
  profile?: { membersOnly: boolean };
  meta?: { title: string; description: string; tabTitles: Record<string, string> };
}

/**
 * Title per tab; members-only prompts and the tabs search engines do not count (tabs.ts) are noindex (nothing
 * to rank); a profile is indexable unless it is for members only (clients, ADR 023), which a search engine must
 * never list even if it saw one.
 */
export function profileMeta(tab: ProfileTab): MetaFunction {
  return ({ matches, location, error }) => {
    if (error) return errorMeta(error);
    const data = matches.find((m) => m.id === PROFILE_ROUTE_ID)?.data as ProfileMetaData | undefined;
    const meta = data?.meta;
    return pageMeta({
      title: meta ? (meta.tabTitles[tab] ?? meta.title) : "",
      description: meta?.description,
      origin: rootOrigin(matches),
      pathname: location.pathname,
      noindex: data?.kind !== "profile" || !profileTab(tab).counts || data.profile?.membersOnly === true,
    });
  };
}
