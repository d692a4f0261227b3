/**
 * How the pieces of one tab find each other (ADR 042 "Client", ADR 065): whoever holds the tab's socket (the site-wide
 * connector, or a page's RealtimeProvider) hands every feature event on as a `velora:realtime` window event, which the
 * notification popups listen to; the connector answers on `window.veloraRealtime` so a page with its own client can
 * ask it to stand aside. Typed here once for all of them.
 */
import type { RealtimeEvent } from "#server/contract/realtime";

export const REALTIME_WINDOW_EVENT = "velora:realtime";

/** The site-wide connector's handle (app/scripts/realtime.ts). */
export interface SiteConnector {
  /** Close the socket and stay closed: a page's own client holds it now. */
  hold(): void;
  /** Connect again (that client is gone). */
  release(): void;
}

declare global {
  interface Window {
    veloraRealtime?: SiteConnector;
  }
  interface WindowEventMap {
    [REALTIME_WINDOW_EVENT]: CustomEvent<RealtimeEvent>;
  }
}

/** Pages that hold a client of their own mark an element with this attribute; the connector does not connect there. */
export const REALTIME_OWNER_ATTRIBUTE = "data-realtime-owner";

export function dispatchRealtimeEvent(target: Window, event: RealtimeEvent): void {
  target.dispatchEvent(new CustomEvent(REALTIME_WINDOW_EVENT, { detail: event }));
}
