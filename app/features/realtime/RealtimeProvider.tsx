/**
 * Mounts the live state for a page (the messenger mounts it; ADR 042). The store is created inside the
 * provider, once per mounted tree, so two server renders never share state; the socket starts only in the
 * browser (an effect), so the page works the same without JavaScript and the server render stays pure.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useStore } from "zustand";
import type { RealtimeEvent } from "#server/contract/realtime";
import { createRealtimeClient, type RealtimeClient } from "./client";
import { createRealtimeStore, type IncomingMessage, type RealtimeInit, type RealtimeState, type RealtimeStore } from "./store";

/** Resync pages are fetched until one comes back short; a bound keeps a broken API from looping. */
const RESYNC_MAX_PAGES = 20;

export interface RealtimeProviderProps extends RealtimeInit {
  children: ReactNode;
  /** The socket's address; defaults to /ws on this origin. */
  url?: string;
  /**
   * What the member missed after `afterId` (the messenger's GET messages with after_id), oldest first;
   * `more` when another page follows.
   */
  fetchSince?: (afterId: number) => Promise<{ messages: IncomingMessage[]; more: boolean }>;
  /** Resync this thread's cursor only (a conversation page); without it, the store's highest id. */
  thread?: string;
  /** A feature event (message, notification…): the page merges it or asks for a resync. */
  onEvent?: (event: RealtimeEvent, context: { store: RealtimeStore; client: RealtimeClient }) => void;
}

interface RealtimeContextValue {
  store: RealtimeStore;
  client: RealtimeClient | null;
}

const RealtimeContext = createContext<RealtimeContextValue | null>(null);

function defaultUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss:" : "ws:"}//${host}/ws`;
}

/** The resync cursor of one thread (a conversation page), or of the whole store. */
export function lastSeenIdIn(state: RealtimeState, thread?: string): number {
  return thread === undefined ? state.lastSeenId : (state.cursors[thread] ?? 0);
}

/**
 * Asks for pages after the last seen id until a short page, merging each. With `thread`, the cursor is that
 * thread's (the messenger resyncs one conversation with after_id; events of other threads must not move it).
 */
export async function resyncStore(
  store: RealtimeStore,
  fetchSince: NonNullable<RealtimeProviderProps["fetchSince"]>,
  thread?: string,
): Promise<void> {
  for (let page = 0; page < RESYNC_MAX_PAGES; page++) {
    const { messages, more } = await fetchSince(lastSeenIdIn(store.getState(), thread));
    store.getState().synced(messages);
    if (!more || messages.length === 0) return;
  }
}

export function RealtimeProvider({ children, url, fetchSince, onEvent, thread, ...init }: RealtimeProviderProps) {
  const [store] = useState(() => createRealtimeStore(init));
  const [client, setClient] = useState<RealtimeClient | null>(null);

  useEffect(() => {
    if (store.getState().userId === null) return;
    const live = createRealtimeClient({
      url: url ?? defaultUrl(),
      resync: async () => (fetchSince ? resyncStore(store, fetchSince, thread) : undefined),
      onState: (state) => store.getState().setConnection(state),
      onFrame: (frame) => {
        const state = store.getState();
        if (frame.type === "presence") state.setPresence(frame.member, frame.status);
        else if (frame.type === "event") {
          const { event } = frame;
          if (event.type === "typing")
            state.setTyping(event.from, event.thread === null ? event.from_username : String(event.thread), Date.now());
          else onEvent?.(event, { store, client: live });
        }
      },
    });
    live.start();
    setClient(live);
    const onOnline = () => live.reconnectNow();
    const onVisibility = () => live.setAway(document.visibilityState === "hidden");
    window.addEventListener("online", onOnline);
    document.addEventListener("visibilitychange", onVisibility);
    const typingSweep = window.setInterval(() => store.getState().expireTyping(Date.now()), 1_000);
    return () => {
      window.removeEventListener("online", onOnline);
      document.removeEventListener("visibilitychange", onVisibility);
      window.clearInterval(typingSweep);
      live.stop();
      setClient(null);
    };
    // The connection lives as long as the provider; later prop changes do not reconnect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);

  return <RealtimeContext.Provider value={{ store, client }}>{children}</RealtimeContext.Provider>;
}

function useRealtimeContext(): RealtimeContextValue {
  const value = useContext(RealtimeContext);
  if (!value) throw new Error("useRealtime must be used inside <RealtimeProvider>");
  return value;
}

/** Selects from the live state; re-renders when the selection changes. */
export function useRealtime<T>(selector: (state: RealtimeState) => T): T {
  return useStore(useRealtimeContext().store, selector);
}

/** The socket client (null during the server render and before the effect ran). */
export function useRealtimeClient(): RealtimeClient | null {
  return useRealtimeContext().client;
}

export function useRealtimeStore(): RealtimeStore {
  return useRealtimeContext().store;
}
