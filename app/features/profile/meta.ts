import type { HeadersFunction, MetaFunction } from "@remix-run/node";
import { errorMeta } from "~/utils/error-meta";
import { rootOrigin } from "~/utils/meta";
import { pageMeta } from "~/utils/seo";
import { profileTab, type ProfileTab } from "./tabs";
import { CACHE_HEADER, NO_STORE } from "~/utils/cache-headers";

export const PROFILE_ROUTE_ID = "routes/$lang.p.$username";
/** A paused profile's page keeps search engines out with this header too (page.server.ts, ADR 070). */
export const ROBOTS_HEADER = "X-Robots-Tag";

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

/** The profile loader's caching headers apply to every tab. */
export const profileHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders, errorHeaders }) => {
  const headers = new Headers();
  if (errorHeaders) {
    headers.set(CACHE_HEADER, errorHeaders.get(CACHE_HEADER) ?? NO_STORE);
    return headers;
  }
  for (const name of [CACHE_HEADER, "Vary", ROBOTS_HEADER]) {
    const value = loaderHeaders.get(name) ?? parentHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
};
