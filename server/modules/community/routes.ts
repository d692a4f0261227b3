/**
 * HTTP of finding events and posts (issue 29 items 1, 3, 5, 6; ADR 104). Guests and members alike: a signed-in
 * viewer's lists leave out members separated from them by a block, so those answers are private.
 */
import type { ModuleContext } from "../../api/module-context";
import { ok } from "../../api/router";
import { communityOps } from "../../contract/operations/community";
import { searchBlogs } from "./blogs-search";
import { searchEvents } from "./events-search";
import { blogDetail, cityEvents, eventDetail, userBlogs, userEvents } from "./lists";

/** Guests get the same answer as every other guest; a member's answer is theirs (blocks, favorites, place). */
const cacheFor = (signedIn: boolean) => (signedIn ? "private, no-store" : "public, max-age=60");
const BLOCK_NOTE = "Members separated from a signed-in viewer by a block (either way) are left out.";

export function registerCommunity({ v2 }: ModuleContext): void {
  v2.add(
    communityOps.eventSearch,
    {
      tag: "community",
      auth: "optional",
      summary: `Upcoming accepted events (the page events/{activeCategory?}): filters category (none: all), organizers_user_type, price (EVENT_PRICE_BANDS), country; sort start_time (default), created_at, distance (from near, else the viewer's place; without either start_time); view tiles (12) or list (10); facets category, organizers_user_type, country, price_range counted over the other filters. ${BLOCK_NOTE}`,
      statuses: [400],
    },
    async (c, { user, query }) => {
      c.header("Cache-Control", cacheFor(user !== null));
      return ok(c, await searchEvents(c.get("deps"), user?.id ?? null, query));
    },
  );
  v2.add(
    communityOps.blogSearch,
    {
      tag: "community",
      auth: "optional",
      summary: `Public blog posts (the page blogs/{activeCategory?}): filters category (none: all), user_type, only_show (with_photo, favorites, nearby within radius km of near or the viewer's place, default 500), published (day, week, month, year); sort default_sort (newest, lifted by likes and comments, ADR 104), published_at, comment_amount, likes; 10 a page. ${BLOCK_NOTE}`,
      statuses: [400],
    },
    async (c, { user, query }) => {
      c.header("Cache-Control", cacheFor(user !== null));
      return ok(c, await searchBlogs(c.get("deps"), user?.id ?? null, query));
    },
  );
  v2.add(
    communityOps.userEvents,
    {
      tag: "community",
      auth: "optional",
      summary:
        "The profile tab p/{username}/events: the member's upcoming accepted events and past ones (accepted or cancelled); `attending` (accepted attendances) only for the member themself. 404 for an unknown, unlisted or blocked member.",
      statuses: [404],
    },
    async (c, { user }) => {
      c.header("Cache-Control", cacheFor(user !== null));
      return ok(c, await userEvents(c.get("deps"), user?.id ?? null, c.req.param("username") ?? ""));
    },
  );
  v2.add(
    communityOps.userBlogs,
    {
      tag: "community",
      auth: "optional",
      summary:
        "The profile tab p/{username}/blogs: the member's public posts, newest first, 10 a page. 404 for an unknown, unlisted or blocked member.",
      statuses: [400, 404],
    },
    async (c, { user, query }) => {
      c.header("Cache-Control", cacheFor(user !== null));
      return ok(c, await userBlogs(c.get("deps"), user?.id ?? null, c.req.param("username") ?? "", query.page));
    },
  );
  v2.add(
    communityOps.eventDetail,
    {
      tag: "community",
      auth: "optional",
      summary:
        "An event page's first-screen data (/node/event/detail-init/{slug}): accepted and cancelled events for everyone; pending and rejected ones for the organizer and the team only; 404 otherwise or across a block.",
      statuses: [404],
    },
    async (c, { user }) => {
      c.header("Cache-Control", "private, no-store");
      return ok(c, await eventDetail(c.get("deps"), user?.id ?? null, c.req.param("slug") ?? ""));
    },
  );
  v2.add(
    communityOps.blogDetail,
    {
      tag: "community",
      auth: "optional",
      summary:
        "A post's first-screen data (/node/blog/detail/{slug}): public posts for everyone; others for the author and the team only; 404 otherwise or across a block.",
      statuses: [404],
    },
    async (c, { user }) => {
      c.header("Cache-Control", "private, no-store");
      return ok(c, await blogDetail(c.get("deps"), user?.id ?? null, c.req.param("slug") ?? ""));
    },
  );
  v2.add(
    communityOps.cityEvents,
    {
      tag: "community",
      auth: "optional",
      summary: `A city's next accepted events for its directory page, by country code and city slug (at most 4; none for an unknown city). ${BLOCK_NOTE}`,
    },
    async (c, { user }) => {
      c.header("Cache-Control", cacheFor(user !== null));
      const deps = c.get("deps");
      return ok(c, await cityEvents(deps, user?.id ?? null, c.req.param("country") ?? "", c.req.param("city") ?? ""));
    },
  );
}
