import type { ModuleContext } from "../../api/module-context";
import { ok } from "../../api/router";
import { NEWSFEED_PAGE_SIZE } from "../../contract/newsfeed";
import { newsfeedOps } from "../../contract/operations/newsfeed";
import { viewerContext } from "../access/index";
import { newsfeedPage } from "./feed";

/** The newsfeed (spec section 2 "newsfeed (G)", issue 28 item 5, ADR 095). */
export function registerNewsfeed({ v2 }: ModuleContext): void {
  v2.add(
    newsfeedOps.page,
    {
      tag: "newsfeed",
      auth: "optional",
      summary:
        `One page (${NEWSFEED_PAGE_SIZE} items) of the newsfeed's tab: all, favorites (the profiles the caller keeps; a guest gets ` +
        "login_required), exclusive (fans-only and pay-per-view media, bundles) or trending_now (by the trending job's score). " +
        "Published media (a scheduled medium from its publish_at on) and accepted, active bundles of profiles the caller may see " +
        "(listed, no block either way, members-only profiles not for guests, the media's visibility levels). A medium the caller may " +
        "not open is `locked` and carries no image, only its access and price. `next_cursor` asks for the next page; a malformed " +
        "cursor or tab is 400.",
      statuses: [400],
    },
    async (c, { query }) => {
      const viewer = await viewerContext(c.get("deps"), c.get("user"));
      // Locks and the favorites tab are the viewer's own: no shared cache may keep a page.
      c.header("Cache-Control", "private, no-store");
      return ok(c, await newsfeedPage(c.get("deps"), viewer, query.tab, query.cursor));
    },
  );
}
