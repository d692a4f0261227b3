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
import { lazy, Suspense, useState, useSyncExternalStore, type ComponentType } from "react";

/** The wrapper lays nothing out: its children are the layout's children, as without the island. */
const CONTENTS = { display: "contents" } as const;

const noSubscription = () => () => {};
const inBrowserRender = () => false;
const inServerOrHydration = () => true;

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
      if (!hydrating || typeof document === "undefined") return null;
      const html = document.querySelector(`[data-island="${id}"]`)?.innerHTML;
      return html === undefined ? null : { html, data: props.data };
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
