/**
 * A RealtimeProvider's connection (ADR 162, ADR 174): the socket client, the resync loop and the frame routing into the
 * provider's store. All of it runs only once the page is hydrated, so it travels in the chunk the provider fetches
 * then, with the socket client, and not in the page's own code.
 */
import type { RealtimeEvent } from "#server/contract/realtime";
import { createRealtimeClient, followBrowser, socketUrl, type RealtimeClient } from "./client";
import type { IncomingMessage, RealtimeState, RealtimeStore } from "./store";
import { dispatchRealtimeEvent } from "./window";

/** Resync pages are fetched until one comes back short; a bound keeps a broken API from looping. */
const RESYNC_MAX_PAGES = 20;

/** A provider's handler of the frames its page cares about (the provider's `onEvent`). */
export type RealtimeEventHandler<P> = (event: RealtimeEvent, context: { store: RealtimeStore<P>; client: RealtimeClient }) => void;

/** What the member missed after `afterId` (the messenger's GET messages with after_id), oldest first; `more` when another page follows. */
export type FetchSince<P> = (afterId: number) => Promise<{ messages: IncomingMessage<P>[]; more: boolean }>;

/** The resync cursor of one thread (a conversation page), or of the whole store. */
export function lastSeenIdIn(state: RealtimeState, thread?: string): number {
  return thread === undefined ? state.lastSeenId : (state.cursors[thread] ?? 0);
}

/**
 * Asks for pages after the last seen id until a short page, merging each. With `thread`, the cursor is that
 * thread's (the messenger resyncs one conversation with after_id; events of other threads must not move it).
 */
export async function resyncStore<P>(store: RealtimeStore<P>, fetchSince: FetchSince<P>, thread?: string): Promise<void> {
  for (let page = 0; page < RESYNC_MAX_PAGES; page++) {
    const { messages, more } = await fetchSince(lastSeenIdIn(store.getState(), thread));
    store.getState().synced(messages);
    if (!more || messages.length === 0) return;
  }
}

export interface ProviderConnection<P> {
  store: RealtimeStore<P>;
  url?: string;
  fetchSince?: FetchSince<P>;
  onResync?: () => Promise<void>;
  thread?: string;
  onEvent?: RealtimeEventHandler<P>;
  /** The client once it runs, and null when it stopped. */
  setClient: (client: RealtimeClient | null) => void;
}

/**
 * Takes the tab's socket from the site-wide connector, connects and routes every frame into the store (presence,
 * typing) or to the page (`onEvent`), handing each feature event on as the window event as well. Returns the stop.
 */
export function connectProvider<P>({ store, url, fetchSince, onResync, thread, onEvent, setClient }: ProviderConnection<P>): () => void {
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
