/**
 * The live chat room's state in the browser (issue 31 item 3, ADR 126; DESIGN.md "Client state": the small client
 * store holds messenger and live state). A zustand store created per provider (createLiveStore inside the panel's
 * useState), never a module singleton: two server renders must not share one member's room.
 *
 * It holds the room's lines (ordered by id, each once), the resync cursor, the viewer count, the viewer's own state
 * (may write, muted, removed) and whether the stream ended. As the messenger's store (ADR 052): the database is the
 * record; a socket line whose `prev_id` is the cursor is applied, any other means a gap and the panel resyncs from the
 * cursor through the API; a resync page moves the cursor.
 */
import { createStore, type StoreApi } from "zustand/vanilla";
import type { LiveChatLine, LiveChatRefusal } from "#server/contract/live-chat";
import type { LiveViewerSanction } from "#server/contract/live";

/** Lines the store keeps (a long stream's oldest lines drop out; the chat page pages nothing back). */
export const LIVE_STORE_MAX_LINES = 200;

export interface LiveRoomState {
  streamId: number;
  /** The signed-in viewer. */
  userId: number;
  lines: LiveChatLine[];
  /** The newest line the store holds without a gap before it. */
  lastId: number;
  viewers: number;
  refusal: LiveChatRefusal | null;
  /** The socket is in the room (the hub admitted it). */
  joined: boolean;
  /** What came from the API (the server render, a resync page): merged by id, the cursor moves to its end. */
  synced(lines: readonly LiveChatLine[], lastId: number): void;
  /** A socket line: applied when it follows the cursor, "known" when held already, "gap" when lines are missing. */
  arrived(line: LiveChatLine, prevId: number): "applied" | "known" | "gap";
  removed(lineId: number): void;
  /** A sanction of some viewer; the store cares about its own. */
  sanctioned(memberId: number, sanction: LiveViewerSanction | null): void;
  ended(): void;
  setJoined(joined: boolean): void;
}

export type LiveStore = StoreApi<LiveRoomState>;

export interface LiveStoreInit {
  streamId: number;
  userId: number;
  lines: readonly LiveChatLine[];
  lastId: number;
  viewers: number;
  refusal: LiveChatRefusal | null;
}

function merge(held: readonly LiveChatLine[], incoming: readonly LiveChatLine[]): LiveChatLine[] {
  const byId = new Map(held.map((line) => [line.id, line]));
  for (const line of incoming) byId.set(line.id, line);
  return [...byId.values()].sort((a, b) => a.id - b.id).slice(-LIVE_STORE_MAX_LINES);
}

export function createLiveStore(init: LiveStoreInit): LiveStore {
  return createStore<LiveRoomState>()((set, get) => ({
    streamId: init.streamId,
    userId: init.userId,
    lines: merge([], init.lines),
    lastId: init.lastId,
    viewers: init.viewers,
    refusal: init.refusal,
    joined: false,
    synced(lines, lastId) {
      set((state) => ({ lines: merge(state.lines, lines), lastId: Math.max(state.lastId, lastId) }));
    },
    arrived(line, prevId) {
      const state = get();
      if (state.lines.some((held) => held.id === line.id)) return "known";
      if (prevId !== state.lastId && line.id > state.lastId) return "gap";
      set({ lines: merge(state.lines, [line]), lastId: Math.max(state.lastId, line.id) });
      return "applied";
    },
    removed(lineId) {
      set((state) => ({ lines: state.lines.filter((line) => line.id !== lineId) }));
    },
    sanctioned(memberId, sanction) {
      if (memberId !== get().userId) return;
      const refusal = sanction === "mute" ? "muted" : sanction === "remove" ? "removed" : null;
      // A removed viewer no longer sees the room.
      set(sanction === "remove" ? { refusal, lines: [], joined: false } : { refusal });
    },
    ended() {
      set({ refusal: "ended", joined: false });
    },
    setJoined(joined) {
      set({ joined });
    },
  }));
}
