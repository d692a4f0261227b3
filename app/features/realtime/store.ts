/**
 * The messenger's live state in the browser (issue 12 items 2 and 6; ADR 042; DESIGN.md "Client state").
 *
 * A zustand store created per provider (createRealtimeStore), never a module singleton: two server renders
 * must not share one member's messages with another. It holds messages per thread (ordered by id, each id
 * once, optimistic sends at the end with their status), the highest message id seen (the resync cursor),
 * presence and typing of other members, and the socket's state.
 *
 * The database is the record: whatever arrives — a socket event, a resync page, the answer to a send — is
 * merged by id, so a message seen twice is kept once and a late one falls into its place.
 *
 * The resync cursor moves with what came from the API (server render, resync pages) and with a live message that
 * names the cursor as its predecessor (ADR 052): nothing can be missing between the two. Any other live message
 * leaves the cursor where it is: one that arrives after a gap (published while the socket was away, or an event
 * the bus lost) must not carry the cursor past the gap, or the next resync would skip the missing message.
 */
import { createStore, type StoreApi } from "zustand/vanilla";
import type { OnlineStatus } from "#server/contract/online-status";
import { TYPING_TTL_MS } from "#server/contract/realtime-socket";

/** The spec's message statuses (section 3 "Messenger"). */
export type MessageStatus = "preparing" | "sending" | "success" | "fail";

/**
 * A message as the store keeps it; the messenger maps its API type into this. `P` is the feature's own copy of
 * the stored message (photos, read ticks…), carried along untouched so the page renders from one list.
 */
export interface LiveMessage<P = unknown> {
  /** The database id; null while an optimistic send has no answer yet. */
  id: number | null;
  /** The client's own key of an optimistic send (it comes back with the stored message). */
  clientKey: string | null;
  /** The conversation: the other member's username (or a thread id as text). */
  thread: string;
  senderId: number;
  text: string;
  /** Epoch ms. */
  sentAt: number;
  status: MessageStatus;
  /** The stored message as the feature knows it; null while pending. */
  payload: P | null;
  /** Why a send failed (a translation key); null otherwise. */
  error: string | null;
}

/** A stored message from the API or a socket event. */
export interface IncomingMessage<P = unknown> {
  id: number;
  clientKey?: string | null;
  thread: string;
  senderId: number;
  text: string;
  sentAt: number;
  payload?: P;
}

export type ConnectionState = "idle" | "connecting" | "open" | "reconnecting" | "closed";

/** What `next` did with a live message (see there). */
export type LiveOutcome = "applied" | "known" | "gap";

export interface RealtimeState<P = unknown> {
  /** The signed-in member (null: a visitor; the store stays empty). */
  userId: number | null;
  connection: ConnectionState;
  /** The resync cursor: every stored message up to this id came from the API ("what did I miss after this?"). */
  lastSeenId: number;
  /** The same cursor per thread (a conversation resyncs with its own after_id). */
  cursors: Record<string, number>;
  messages: Record<string, LiveMessage<P>[]>;
  presence: Record<number, OnlineStatus>;
  /** Who is typing to us: member id → the thread and until when (epoch ms). */
  typing: Record<number, { thread: string | null; until: number }>;

  /** Live messages (socket events): merged, the cursor stays. */
  receive(messages: readonly IncomingMessage<P>[]): void;
  /**
   * A live message that names the one before it in its thread (`prevId`, 0 for the first). "applied": the thread's
   * cursor was `prevId`, so the message is merged and the cursor moves to it; "known": the cursor is past it already
   * (a repeated event); "gap": something between the cursor and it is missing — nothing changes, the caller resyncs.
   * The store-wide cursor (lastSeenId) stays: another thread may still miss a message with a lower id.
   */
  next(message: IncomingMessage<P>, prevId: number): LiveOutcome;
  /** A page from the API, complete after the cursor: merged, and the cursors move to its highest ids. */
  synced(messages: readonly IncomingMessage<P>[]): void;
  /** Adds an optimistic message (status preparing while photos upload, else sending). */
  addPending(message: { clientKey: string; thread: string; senderId: number; text: string; sentAt: number; preparing?: boolean }): void;
  /** A pending send's status; `error` (a translation key) goes with "fail". */
  setStatus(clientKey: string, status: MessageStatus, error?: string | null): void;
  /** The API stored an optimistic send: it takes the stored id and counts as success. */
  confirm(clientKey: string, stored: IncomingMessage<P>): void;
  /** Drops a pending send the member gave up on. */
  discard(clientKey: string): void;
  setPresence(member: number, status: OnlineStatus): void;
  setTyping(member: number, thread: string | null, now: number): void;
  /** Forgets typing indicators that ran out. */
  expireTyping(now: number): void;
  setConnection(state: ConnectionState): void;
}

export interface RealtimeInit<P = unknown> {
  userId: number | null;
  messages?: readonly IncomingMessage<P>[];
  presence?: Record<number, OnlineStatus>;
}

export type RealtimeStore<P = unknown> = StoreApi<RealtimeState<P>>;

function stored<P>(message: IncomingMessage<P>): LiveMessage<P> {
  return {
    id: message.id,
    clientKey: message.clientKey ?? null,
    thread: message.thread,
    senderId: message.senderId,
    text: message.text,
    sentAt: message.sentAt,
    status: "success",
    payload: message.payload ?? null,
    error: null,
  };
}

/** Stored messages by id, then pending ones in the order they were added. */
function ordered<P>(list: LiveMessage<P>[]): LiveMessage<P>[] {
  const saved = list.filter((m) => m.id !== null).sort((a, b) => a.id! - b.id!);
  return [...saved, ...list.filter((m) => m.id === null)];
}

/** Merges stored messages into the threads: by id once, replacing the optimistic copy with the same client key. */
function merge<P>(threads: Record<string, LiveMessage<P>[]>, incoming: readonly IncomingMessage<P>[]): Record<string, LiveMessage<P>[]> {
  const next = { ...threads };
  const touched = new Set<string>();
  for (const message of incoming) {
    const list = touched.has(message.thread) ? next[message.thread]! : [...(next[message.thread] ?? [])];
    touched.add(message.thread);
    next[message.thread] = list;
    const known = list.findIndex((m) => m.id === message.id);
    if (known >= 0) {
      // Seen before: a newer copy from the API (read ticks) replaces the payload, never the place.
      if (message.payload !== undefined) list[known] = { ...list[known]!, payload: message.payload };
      // A resync brought our own send before the send's answer did: the answer retires the optimistic copy.
      const stale = message.clientKey ? list.findIndex((m) => m.id === null && m.clientKey === message.clientKey) : -1;
      if (stale >= 0) list.splice(stale, 1);
      continue;
    }
    const pending = message.clientKey ? list.findIndex((m) => m.id === null && m.clientKey === message.clientKey) : -1;
    if (pending >= 0) list[pending] = stored(message);
    else list.push(stored(message));
  }
  for (const thread of touched) next[thread] = ordered(next[thread]!);
  return next;
}

function highestId(current: number, incoming: readonly IncomingMessage<unknown>[]): number {
  return incoming.reduce((max, m) => (m.id > max ? m.id : max), current);
}

function movedCursors(cursors: Record<string, number>, incoming: readonly IncomingMessage<unknown>[]): Record<string, number> {
  const next = { ...cursors };
  for (const m of incoming) if (m.id > (next[m.thread] ?? 0)) next[m.thread] = m.id;
  return next;
}

export function createRealtimeStore<P = unknown>(init: RealtimeInit<P>): RealtimeStore<P> {
  const first = init.messages ?? [];
  return createStore<RealtimeState<P>>()((set, get) => ({
    userId: init.userId,
    connection: "idle",
    lastSeenId: highestId(0, first),
    cursors: movedCursors({}, first),
    messages: merge({}, first),
    presence: { ...(init.presence ?? {}) },
    typing: {},

    receive(messages) {
      if (messages.length === 0) return;
      set((state) => ({ messages: merge(state.messages, messages) }));
    },
    next(message, prevId) {
      const cursor = get().cursors[message.thread] ?? 0;
      if (prevId !== cursor) return message.id <= cursor ? "known" : "gap";
      set((state) => ({
        messages: merge(state.messages, [message]),
        cursors: { ...state.cursors, [message.thread]: message.id },
      }));
      return "applied";
    },
    synced(messages) {
      if (messages.length === 0) return;
      set((state) => ({
        messages: merge(state.messages, messages),
        lastSeenId: highestId(state.lastSeenId, messages),
        cursors: movedCursors(state.cursors, messages),
      }));
    },
    addPending({ clientKey, thread, senderId, text, sentAt, preparing }) {
      set((state) => {
        const list = state.messages[thread] ?? [];
        if (list.some((m) => m.clientKey === clientKey)) return {};
        const message: LiveMessage<P> = {
          id: null,
          clientKey,
          thread,
          senderId,
          text,
          sentAt,
          status: preparing ? "preparing" : "sending",
          payload: null,
          error: null,
        };
        return { messages: { ...state.messages, [thread]: [...list, message] } };
      });
    },
    setStatus(clientKey, status, error = null) {
      set((state) => {
        for (const [thread, list] of Object.entries(state.messages)) {
          const index = list.findIndex((m) => m.id === null && m.clientKey === clientKey);
          if (index < 0) continue;
          const copy = [...list];
          copy[index] = { ...copy[index]!, status, error: status === "fail" ? error : null };
          return { messages: { ...state.messages, [thread]: copy } };
        }
        return {};
      });
    },
    confirm(clientKey, message) {
      // Our own message: stored, but the cursor stays (messages before it may still be on their way).
      set((state) => ({ messages: merge(state.messages, [{ ...message, clientKey }]) }));
    },
    discard(clientKey) {
      set((state) => {
        for (const [thread, list] of Object.entries(state.messages)) {
          if (!list.some((m) => m.id === null && m.clientKey === clientKey)) continue;
          return { messages: { ...state.messages, [thread]: list.filter((m) => !(m.id === null && m.clientKey === clientKey)) } };
        }
        return {};
      });
    },
    setPresence(member, status) {
      set((state) => (state.presence[member] === status ? {} : { presence: { ...state.presence, [member]: status } }));
    },
    setTyping(member, thread, now) {
      set((state) => ({ typing: { ...state.typing, [member]: { thread, until: now + TYPING_TTL_MS } } }));
    },
    expireTyping(now) {
      set((state) => {
        const left = Object.entries(state.typing).filter(([, t]) => t.until > now);
        return left.length === Object.keys(state.typing).length ? {} : { typing: Object.fromEntries(left) };
      });
    },
    setConnection(connection) {
      set({ connection });
    },
  }));
}
