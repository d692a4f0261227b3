/**
 * What the live conversation does once its socket is connected (issue 12; ADR 052): the resync of this thread after
 * every (re)connect, the message events merged by their predecessor (a gap means a resync), the read mark of what
 * arrived, and the other member's read ticks. It only runs once connected, so it travels with the connection's chunk
 * (RealtimeProvider's `connectWith`, ADR 174), not in the page's own code.
 */
import type { RealtimeEvent } from "#server/contract/realtime";
import { camelize } from "~/api/normalize";
import type { IncomingMessage, RealtimeClient, RealtimeStore } from "~/features/realtime";
import type { LiveResync, LiveWireMessage } from "./wire";

const JSON_HEADERS = { accept: "application/json" };

/** Runs `run` for the latest argument, one call at a time: a burst of calls makes at most two runs. */
export function coalesced<A>(run: (arg: A) => Promise<unknown>): (arg: A) => void {
  let running = false;
  let queued: { arg: A } | null = null;
  const loop = async (arg: A) => {
    running = true;
    let next: { arg: A } | null = { arg };
    while (next) {
      await run(next.arg).catch(() => undefined);
      next = queued;
      queued = null;
    }
    running = false;
  };
  return (arg) => {
    if (running) queued = { arg };
    else void loop(arg);
  };
}

export interface ConversationLink {
  /** The page's own address (messenger/{username}); the live endpoints hang below it. */
  here: string;
  /** The store's key of the conversation (the other member's username). */
  thread: string;
  /** Null for a conversation opened empty: it learns its id with its first message. */
  threadId: number | null;
  viewerId: number;
  /** A stored message as the store keeps it (LiveConversation's toIncoming for this conversation). */
  toIncoming: (message: LiveWireMessage) => IncomingMessage<LiveWireMessage>;
  /** Reloads the page's data (the read ticks come with it). */
  revalidate: () => void;
}

export function conversationHandlers({ here, thread, threadId, viewerId, toIncoming, revalidate }: ConversationLink) {
  const markRead = coalesced(({ threadId, upTo }: { threadId: number; upTo: number }) =>
    fetch(`${here}/live?read=${threadId}&up_to=${upTo}`, { method: "POST", headers: JSON_HEADERS }),
  );
  return {
    async fetchSince(afterId: number) {
      const response = await fetch(`${here}/live?after=${afterId}`, { headers: JSON_HEADERS });
      if (!response.ok) throw new Error(`resync ${response.status}`);
      const page = (await response.json()) as LiveResync;
      return { messages: page.messages.map(toIncoming), more: page.more };
    },
    onEvent(event: RealtimeEvent, { client, store }: { client: RealtimeClient; store: RealtimeStore<LiveWireMessage> }) {
      // A conversation opened empty learns its thread id with its first message.
      const current = threadId ?? store.getState().messages[thread]?.find((m) => m.payload)?.payload?.threadId ?? null;
      if (event.type === "message") {
        // Empty so far: the event does not say whose conversation it is, the resync does.
        if (current === null) return void client.resyncNow();
        if (event.message.thread_id !== current) return;
        // The event carries the message as the API shows it to us (ADR 052); a gap before it means a resync.
        const message = camelize<LiveWireMessage>(event.message);
        const outcome = store.getState().next(toIncoming(message), event.prev_id);
        if (outcome === "gap") void client.resyncNow();
        // The member has the conversation open: what arrived is read (as the resync marks it).
        else if (outcome === "applied" && !message.mine) markRead({ threadId: current, upTo: message.id });
      }
      // The other member read our messages: the page's data carries the ticks.
      else if (event.type === "thread_read" && event.thread_id === current && event.reader_id !== viewerId) revalidate();
    },
  };
}
