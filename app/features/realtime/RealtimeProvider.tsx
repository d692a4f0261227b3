/**
 * Mounts the live state for a page (the messenger mounts it; ADR 042). While mounted, this provider's client is
 * the tab's one socket: it asks the site-wide connector (./connector.ts, shipped as public/scripts/realtime.js) to
 * stand aside, and hands every feature event on as the window event `velora:realtime` (the notification popups
 * listen to it; ./window.ts). Both use the one socket client (./client.ts, ADR 065). The store is created inside the
 * provider, once per mounted tree, so two server renders never share state; the socket starts only in the
 * browser (an effect), so the page works the same without JavaScript and the server render stays pure.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useStore } from "zustand";
import type { RealtimeEvent } from "#server/contract/realtime";
import type * as SocketClient from "./client";
import type { RealtimeClient } from "./client";
import { createRealtimeStore, type IncomingMessage, type RealtimeInit, type RealtimeState, type RealtimeStore } from "./store";
import { dispatchRealtimeEvent } from "./window";

export { REALTIME_WINDOW_EVENT } from "./window";

/** Resync pages are fetched until one comes back short; a bound keeps a broken API from looping. */
const RESYNC_MAX_PAGES = 20;

export interface RealtimeProviderProps<P = unknown> extends RealtimeInit<P> {
  children: ReactNode;
  /** The socket's address; defaults to /ws on this origin. */
  url?: string;
  /**
   * What the member missed after `afterId` (the messenger's GET messages with after_id), oldest first;
   * `more` when another page follows.
   */
  fetchSince?: (afterId: number) => Promise<{ messages: IncomingMessage<P>[]; more: boolean }>;
  /** Called after every (re)connect instead of the fetchSince loop (a page that simply reloads its data). */
  onResync?: () => Promise<void>;
  /** Resync this thread's cursor only (a conversation page); without it, the store's highest id. */
  thread?: string;
  /** A feature event (message, notification…): the page merges it or asks for a resync. */
  onEvent?: (event: RealtimeEvent, context: { store: RealtimeStore<P>; client: RealtimeClient }) => void;
}

interface RealtimeContextValue {
  store: RealtimeStore<unknown>;
  client: RealtimeClient | null;
}

const RealtimeContext = createContext<RealtimeContextValue | null>(null);

/** The resync cursor of one thread (a conversation page), or of the whole store. */
export function lastSeenIdIn(state: RealtimeState, thread?: string): number {
  return thread === undefined ? state.lastSeenId : (state.cursors[thread] ?? 0);
}

/**
 * Asks for pages after the last seen id until a short page, merging each. With `thread`, the cursor is that
 * thread's (the messenger resyncs one conversation with after_id; events of other threads must not move it).
 */
export async function resyncStore<P>(
  store: RealtimeStore<P>,
  fetchSince: NonNullable<RealtimeProviderProps<P>["fetchSince"]>,
  thread?: string,
): Promise<void> {
  for (let page = 0; page < RESYNC_MAX_PAGES; page++) {
    const { messages, more } = await fetchSince(lastSeenIdIn(store.getState(), thread));
    store.getState().synced(messages);
    if (!more || messages.length === 0) return;
  }
}

export function RealtimeProvider<P = unknown>({ children, url, fetchSince, onResync, onEvent, thread, ...init }: RealtimeProviderProps<P>) {
  const [store] = useState(() => createRealtimeStore<P>(init));
  const [client, setClient] = useState<RealtimeClient | null>(null);

  useEffect(() => {
    if (store.getState().userId === null) return;
    // The socket client is a chunk of its own, fetched once the page is hydrated (ADR 162): the first screen is the
    // server's HTML and needs none of it. Until it arrives the site-wide connector keeps the socket.
    let gone = false;
    let stop: (() => void) | null = null;
    void import("./client").then((socket) => {
      if (!gone) stop = connect(socket);
    });
    return () => {
      gone = true;
      stop?.();
    };

    function connect({ createRealtimeClient, followBrowser, socketUrl }: typeof SocketClient): () => void {
      window.veloraRealtime?.hold();
      const live = createRealtimeClient({
        url: url ?? socketUrl(window.location),
        resync: async () => (onResync ? onResync() : fetchSince ? resyncStore(store, fetchSince, thread) : undefined),
        onState: (state) => store.getState().setConnection(state),
        onFrame: (frame) => {
          const state = store.getState();
          if (frame.type === "presence") state.setPresence(frame.member, frame.status);
          else if (frame.type === "event") {
            const { event } = frame;
            dispatchRealtimeEvent(window, event);
            if (event.type === "typing")
              state.setTyping(event.from, event.thread === null ? event.from_username : String(event.thread), Date.now());
            else onEvent?.(event, { store, client: live });
          }
        },
      });
      const unfollow = followBrowser(live, window, document);
      live.start();
      setClient(live);
      const typingSweep = window.setInterval(() => store.getState().expireTyping(Date.now()), 1_000);
      return () => {
        unfollow();
        window.clearInterval(typingSweep);
        live.stop();
        setClient(null);
        window.veloraRealtime?.release();
      };
    }
    // The connection lives as long as the provider; later prop changes do not reconnect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);

  // The context is untyped in P; the feature that mounted the provider reads it back with its own P (useRealtime).
  return <RealtimeContext.Provider value={{ store: store as RealtimeStore<unknown>, client }}>{children}</RealtimeContext.Provider>;
}

function useRealtimeContext(): RealtimeContextValue {
  const value = useContext(RealtimeContext);
  if (!value) throw new Error("useRealtime must be used inside <RealtimeProvider>");
  return value;
}

/**
 * Selects from the live state; re-renders when the selection changes. `P` is the payload type the feature gave its
 * provider (the context cannot carry it).
 */
export function useRealtime<T, P = unknown>(selector: (state: RealtimeState<P>) => T): T {
  return useStore(useRealtimeContext().store as RealtimeStore<P>, selector);
}

/** The socket client (null during the server render and before the effect ran). */
export function useRealtimeClient(): RealtimeClient | null {
  return useRealtimeContext().client;
}

export function useRealtimeStore<P = unknown>(): RealtimeStore<P> {
  return useRealtimeContext().store as RealtimeStore<P>;
}
