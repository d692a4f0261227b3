/**
 * A part of a hydrated page that needs no JavaScript once drawn — markup and plain links, no state, no handlers
 * (the dashboard's charts, an ad zone): hydration keeps the server's HTML as it is and loads none of its code
 * (ADR 162). Its component is a chunk of its own, fetched only when the browser has to draw the part itself: after a
 * client-side navigation to the page, or when the part's data changed (a revalidation). Meanwhile the last HTML
 * stays on screen, so nothing jumps.
 *
 * The server renders the component through `lazy` too; the page's render waits for everything (entry.server's
 * onAllReady), so its HTML is whole, also for a browser without JavaScript. While hydrating, the wrapper is rendered
 * with `dangerouslySetInnerHTML` of the very HTML it holds: React adopts the element and leaves its content alone.
 */
import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ComponentType } from "react";

/** The wrapper lays nothing out: its children are the layout's children, as without the island. */
const CONTENTS = { display: "contents" } as const;

const noSubscription = () => () => {};
const inBrowserRender = () => false;
const inServerOrHydration = () => true;

/** The HTML the server drew for island `id`, read while hydrating (null on the server or when it is not there). */
function serverHtmlOf(id: string): string | null {
  if (typeof document === "undefined") return null;
  return document.querySelector(`[data-island="${id}"]`)?.innerHTML ?? null;
}

/** What this island showed when the page arrived, and for which data. */
interface ServerHtml {
  html: string;
  data: unknown;
}

/**
 * `id` names the island in the page (one per page); the island stays the server's HTML as long as `props.data` is the
 * same object it was hydrated with (loader data keeps its identity until a revalidation). Every other prop must follow
 * from `data` or never change.
 */
export function serverIsland<P extends { data: unknown }>(id: string, load: () => Promise<{ default: ComponentType<P> }>) {
  // React's types cannot relate a generic P to the lazy component's ref-aware props; the component is the loaded one.
  const Part = lazy(load) as unknown as ComponentType<P>;
  function ServerIsland(props: P) {
    // True on the server and while hydrating (React reads the server snapshot then), false in a browser render.
    const hydrating = useSyncExternalStore(noSubscription, inBrowserRender, inServerOrHydration);
    const [server] = useState<ServerHtml | null>(() => {
      const html = hydrating ? serverHtmlOf(id) : null;
      return html === null ? null : { html, data: props.data };
    });
    if (server && server.data === props.data)
      return (
        <div key="server" data-island={id} style={CONTENTS} dangerouslySetInnerHTML={{ __html: server.html }} suppressHydrationWarning />
      );
    return (
      <div key="browser" data-island={id} style={CONTENTS}>
        <Suspense fallback={server ? <div style={CONTENTS} dangerouslySetInnerHTML={{ __html: server.html }} /> : null}>
          <Part {...props} />
        </Suspense>
      </div>
    );
  }
  ServerIsland.displayName = `ServerIsland(${id})`;
  return ServerIsland;
}

/**
 * A part only some visits of a hydrated page show, with handlers or forms of its own (a report form a link opens, a
 * photo's managing panel, the creator's publisher): its code is a chunk of its own that a page without the part
 * never fetches (ADR 168). The server draws it whole, through `lazy` as an island. Hydration keeps the server's HTML
 * (as `serverIsland` does) and, right after, fetches the chunk; once it is in, the browser draws the part in the
 * same place — the same markup, now with its handlers. Until then its forms post as plain forms (the no-JavaScript
 * path). A browser render without server HTML (a client-side navigation) draws the part when its chunk is in.
 */
export function deferredPart<P extends object>(id: string, load: () => Promise<{ default: ComponentType<P> }>) {
  const Part = lazy(load) as unknown as ComponentType<P>;
  function DeferredPart(props: P) {
    const hydrating = useSyncExternalStore(noSubscription, inBrowserRender, inServerOrHydration);
    const [html] = useState(() => (hydrating ? serverHtmlOf(id) : null));
    const [drawn, setDrawn] = useState(html === null);
    useEffect(() => {
      // The server's element stays (focus, scroll) while the chunk travels; the swap is then one quick render.
      // A chunk that cannot be loaded leaves the server's part: its forms post as they do without JavaScript.
      if (!drawn)
        load()
          .then(() => setDrawn(true))
          .catch(() => undefined);
    }, [drawn]);
    if (!drawn && html !== null)
      return <div key="server" data-island={id} style={CONTENTS} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />;
    return (
      <div key="browser" data-island={id} style={CONTENTS}>
        <Suspense fallback={html === null ? null : <div style={CONTENTS} dangerouslySetInnerHTML={{ __html: html }} />}>
          <Part {...props} />
        </Suspense>
      </div>
    );
  }
  DeferredPart.displayName = `DeferredPart(${id})`;
  return DeferredPart;
}
