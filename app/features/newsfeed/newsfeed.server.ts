/**
 * /{lang}/newsfeed (G; spec section 2, issue 28 item 5, ADR 095): the URL says the tab (`?tab=`) and the page's
 * position (`?cursor=`, the "more" link's); the API decides what the viewer may see and open.
 */
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import { NEWSFEED_CURSOR_PATTERN, NEWSFEED_TABS, type NewsfeedTab } from "#server/contract/newsfeed";
import { createApiClient } from "~/api/client.server";
import { browseLiveStreams } from "~/api/live-streams.server";
import { fetchNewsfeed } from "~/api/newsfeed.server";
import { brand } from "~/brand/brand";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { noStore } from "~/utils/cache-headers";
import { publicPageHeaders } from "~/utils/page-headers.server";

export function newsfeedHref(lang: string, tab: NewsfeedTab, cursor?: string | null): string {
  const base = localePath(lang as never, "newsfeed");
  const query = new URLSearchParams();
  if (tab !== "all") query.set("tab", tab);
  if (cursor) query.set("cursor", cursor);
  const search = query.toString();
  return search ? `${base}?${search}` : base;
}

/** How many live and announced streams the feed's first page shows (the live page has all). */
const LIVE_STRIP_MAX = 4;

export async function loadNewsfeed({ request, context, params }: LoaderFunctionArgs) {
  const lang = isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
  const url = new URL(request.url);
  const rawTab = url.searchParams.get("tab");
  const rawCursor = url.searchParams.get("cursor");
  // A hand-edited or outdated address goes to the tab's first page (or the feed's), not to an error page.
  const tab = (NEWSFEED_TABS as readonly string[]).includes(rawTab ?? "all") ? ((rawTab ?? "all") as NewsfeedTab) : null;
  if (!tab) throw redirect(newsfeedHref(lang, "all"));
  if (rawCursor !== null && !NEWSFEED_CURSOR_PATTERN.test(rawCursor)) throw redirect(newsfeedHref(lang, tab));
  const api = createApiClient({ request, context });
  // The feed's first page also shows who is live now and the next announced streams (issue 31, ADR 124).
  const [result, live] = await Promise.all([
    fetchNewsfeed(api, tab, rawCursor),
    tab === "all" && rawCursor === null ? browseLiveStreams(api, {}) : null,
  ]);
  if (!result.ok) throw new Response(null, { status: 502, headers: noStore() });
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      lang,
      tab,
      cursor: rawCursor,
      feed: result.data,
      live: live?.ok ? { live: live.data.live.slice(0, LIVE_STRIP_MAX), upcoming: live.data.upcoming.slice(0, LIVE_STRIP_MAX) } : null,
      title: t("newsfeed.meta_title", { brand: brand.name }),
      description: t("newsfeed.meta_description", { brand: brand.name }),
    },
    // Locks and favorites are the reader's own: a member's page is theirs alone.
    { headers: publicPageHeaders(request) },
  );
}
