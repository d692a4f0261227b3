/**
 * Mounts the live state for a page (the messenger mounts it; ADR 042). While mounted, this provider's client is
 * the tab's one socket: it asks the site-wide connector (./connector.ts, shipped as public/scripts/realtime.js) to
 * stand aside, and hands every feature event on as the window event `velora:realtime` (the notification popups
 * listen to it; ./window.ts). Both use the one socket client (./client.ts, ADR 065). The store is created inside the
 * provider, once per mounted tree, so two server renders never share state; the socket starts only in the
 * browser (an effect, with ./connection.ts and the client fetched then), so the page works the same without
 * JavaScript and the server render stays pure.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import { useStore } from "zustand";
import type { RealtimeClient } from "./client";
import type { FetchSince, RealtimeEventHandler } from "./connection";
import { createRealtimeStore, type RealtimeInit, type RealtimeState, type RealtimeStore } from "./store";

export interface RealtimeProviderProps<P = unknown> extends RealtimeInit<P> {
  children: ReactNode;
  /** The socket's address; defaults to /ws on this origin. */
  url?: string;
  /**
   * What the member missed after `afterId` (the messenger's GET messages with after_id), oldest first;
   * `more` when another page follows.
   */
  fetchSince?: FetchSince<P>;
  /** Called after every (re)connect instead of the fetchSince loop (a page that simply reloads its data). */
  onResync?: () => Promise<void>;
  /** Resync this thread's cursor only (a conversation page); without it, the store's highest id. */
  thread?: string;
  /** A feature event (message, notification…): the page merges it or asks for a resync. */
  onEvent?: RealtimeEventHandler<P>;
  /**
   * `fetchSince` and `onEvent` as code of their own, fetched with the connection (ADR 174): they only run once
   * connected, so a page need not carry them. What it gives replaces the props of the same name.
   */
  connectWith?: () => Promise<Pick<RealtimeProviderProps<P>, "fetchSince" | "onEvent">>;
}

interface RealtimeContextValue {
  store: RealtimeStore<unknown>;
  client: RealtimeClient | null;
}

const RealtimeContext = createContext<RealtimeContextValue | null>(null);

export function RealtimeProvider<P = unknown>({
  children,
  url,
  fetchSince,
  onResync,
  onEvent,
  connectWith,
  thread,
  ...init
}: RealtimeProviderProps<P>) {
  const [store] = useState(() => createRealtimeStore<P>(init));
  const [client, setClient] = useState<RealtimeClient | null>(null);

  useEffect(() => {
    if (store.getState().userId === null) return;
    // The connection and the socket client are a chunk of their own, fetched once the page is hydrated (ADR 162): the
    // first screen is the server's HTML and needs none of it. Until it arrives the site-wide connector keeps the socket.
    let gone = false;
    let stop: (() => void) | null = null;
    void Promise.all([import("./connection"), connectWith?.()]).then(([{ connectProvider }, handlers]) => {
      if (!gone) stop = connectProvider({ store, url, fetchSince, onResync, thread, onEvent, ...handlers, setClient });
    });
    return () => {
      gone = true;
      stop?.();
    };
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
