/**
 * The chrome every page wears — header, announcements, e-mail notice, footer — as server islands (ADR 162, ADR 167):
 * markup, links and plain post forms whose content follows from the layout's data and the address. Hydration keeps
 * the server's HTML and loads none of their code (≈ 4 KB gzipped on every hydrated page); `./chrome-parts` comes when
 * the browser has to draw them: the first client-side navigation or revalidation, cached after that.
 *
 * Until then the chrome's links still navigate client-side, as Remix's `Link`s did: a click on a link of the frozen
 * HTML that Remix rendered (`data-discover`, ./chrome-link) goes through the router. The language switcher's plain
 * anchors and the logout / dismiss forms do what they do without JavaScript (a page load, a post).
 */
import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useMemo } from "react";
import type { AnnouncementListData } from "~/api/notifications.server";
import type { Viewer } from "~/api/viewer.server";
import { serverIsland } from "./ServerIsland";

export interface ChromeTopData {
  viewer: Viewer | null;
  searchHome: string | null;
  announcements: AnnouncementListData["items"];
  /** The address: the header's current link, the way back of login and join, the announcements' return path. */
  here: string;
}

export interface ChromeFootData {
  /** The address: the language switcher's links. */
  here: string;
}

const Top = serverIsland<{ data: ChromeTopData }>("chrome-top", () => import("./chrome-parts").then((m) => ({ default: m.ChromeTop })));
const Foot = serverIsland<{ data: ChromeFootData }>("chrome-foot", () => import("./chrome-parts").then((m) => ({ default: m.ChromeFoot })));

/** Where a frozen island's Remix links are (the islands' own wrappers). */
const FROZEN_LINK = '[data-island^="chrome-"] a[data-discover]';

/** A left click without modifier keys on a link of the frozen chrome goes through the router, as `Link`'s own click. */
function useClientLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    function onClick(event: MouseEvent) {
      // A drawn `Link` has handled its click already (React's listener sits on the document before this one).
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(FROZEN_LINK) : null;
      if (!link || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const to = url.pathname + url.search + url.hash;
      // As `Link`: a link to the page one is on replaces the history entry.
      navigate(to, { replace: to === window.location.pathname + window.location.search + window.location.hash });
    }
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}

export function ChromeTop({ viewer, searchHome, announcements }: Omit<ChromeTopData, "here">) {
  const location = useLocation();
  const here = location.pathname + location.search;
  useClientLinks();
  const data = useMemo(() => ({ viewer, searchHome, announcements, here }), [viewer, searchHome, announcements, here]);
  return <Top data={data} />;
}

export function ChromeFoot() {
  const location = useLocation();
  const here = location.pathname + location.search;
  const data = useMemo(() => ({ here }), [here]);
  return <Foot data={data} />;
}
