/**
 * The site-wide socket of a signed-in member on every page (ADR 042 "Client"; shipped as public/scripts/realtime.js,
 * built from app/scripts/realtime.ts, ADR 065): the notification popups work everywhere and the member shows as
 * online. The same client as the messenger's (./client), without a record: it resyncs nothing, since popups are
 * best-effort and the bell and my_notification hold the record. Each feature event goes on as the window event
 * `velora:realtime`.
 *
 * One socket per tab: a page with a client of its own marks an element with [data-realtime-owner] (the connector does
 * not connect there), and after a client-side navigation that client calls hold() and release() (two sockets would
 * show every popup twice).
 */
import { createRealtimeClient, followBrowser, socketUrl, type RealtimeClientOptions } from "./client";
import { dispatchRealtimeEvent, REALTIME_OWNER_ATTRIBUTE, type SiteConnector } from "./window";

/** What tests replace: the socket and the clock. */
export type ConnectorOptions = Pick<RealtimeClientOptions, "createSocket" | "timers" | "random">;

export function startSiteConnector(win: Window, options: ConnectorOptions = {}): SiteConnector {
  const doc = win.document;
  let held = false;
  const owned = () => held || doc.querySelector(`[${REALTIME_OWNER_ATTRIBUTE}]`) !== null;
  const client = createRealtimeClient({
    ...options,
    url: socketUrl(win.location),
    onFrame(frame) {
      if (frame.type === "event") dispatchRealtimeEvent(win, frame.event);
    },
  });
  followBrowser(client, win, doc);
  if (!owned()) client.start();
  return {
    hold() {
      held = true;
      client.stop();
    },
    release() {
      held = false;
      if (!owned()) client.start();
    },
  };
}
