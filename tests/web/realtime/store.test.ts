/**
 * The live store (ADR 042): messages merged by id (each once, in id order, optimistic sends at the end and
 * replaced by their stored copy), the resync cursor, presence, typing; one store per provider.
 */
import { describe, expect, it } from "vitest";
import { createRealtimeStore, type IncomingMessage } from "~/features/realtime";
import { ONLINE_STATUS, TYPING_TTL_MS } from "#server/contract/realtime";

function msg(id: number, thread = "ben", extra: Partial<IncomingMessage> = {}): IncomingMessage {
  return { id, thread, senderId: 2, text: `m${id}`, sentAt: 1_000 + id, ...extra };
}

describe("realtime store", () => {
  it("keeps each message once, in id order, whatever order and however often it arrives", () => {
    const store = createRealtimeStore({ userId: 1 });
    store.getState().receive([msg(3), msg(1)]);
    store.getState().receive([msg(2), msg(3), msg(1)]);
    store.getState().receive([msg(5, "carl"), msg(4)]);
    const { messages } = store.getState();
    expect(messages.ben!.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(messages.carl!.map((m) => m.id)).toEqual([5]);
    expect(messages.ben!.every((m) => m.status === "success")).toBe(true);
  });

  it("moves the resync cursor only with pages from the API when a live message does not name its predecessor", () => {
    const store = createRealtimeStore({ userId: 1, messages: [msg(1), msg(2)] });
    expect(store.getState().lastSeenId).toBe(2);
    // 3 was published while the socket was away; 4 arrives live.
    store.getState().receive([msg(4)]);
    expect(store.getState().lastSeenId).toBe(2);
    expect(store.getState().cursors.ben).toBe(2);
    // The resync after 2 brings 3 and 4 (4 again): merged once, cursor at 4.
    store.getState().synced([msg(3), msg(4)]);
    expect(store.getState().messages.ben!.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(store.getState().lastSeenId).toBe(4);
    store.getState().synced([msg(8, "carl")]);
    expect(store.getState().cursors).toEqual({ ben: 4, carl: 8 });
  });

  describe("live messages that name their predecessor (ADR 052)", () => {
    it("applies a contiguous message and moves that thread's cursor, message after message", () => {
      const store = createRealtimeStore({ userId: 1, messages: [msg(1), msg(2), msg(7, "carl")] });
      expect(store.getState().next(msg(3), 2)).toBe("applied");
      expect(store.getState().next(msg(5), 3)).toBe("applied");
      expect(store.getState().messages.ben!.map((m) => m.id)).toEqual([1, 2, 3, 5]);
      expect(store.getState().cursors).toEqual({ ben: 5, carl: 7 });
      // The store-wide cursor stays with the API: another thread may still miss a message below 5.
      expect(store.getState().lastSeenId).toBe(7);
      // A conversation's first message names 0.
      expect(store.getState().next(msg(9, "dora"), 0)).toBe("applied");
      expect(store.getState().cursors.dora).toBe(9);
    });

    it("reports a gap and changes nothing when the message before it is missing; the resync fills it", () => {
      const store = createRealtimeStore({ userId: 1, messages: [msg(1), msg(2)] });
      // 3 went out while the socket was away; 4 names 3.
      expect(store.getState().next(msg(4), 3)).toBe("gap");
      expect(store.getState().messages.ben!.map((m) => m.id)).toEqual([1, 2]);
      expect(store.getState().cursors.ben).toBe(2);
      // An empty store for the thread is a gap too, unless the message is the thread's first.
      expect(store.getState().next(msg(4, "carl"), 3)).toBe("gap");
      expect(store.getState().messages.carl).toBeUndefined();
      store.getState().synced([msg(3), msg(4)]);
      // The next one is contiguous again.
      expect(store.getState().next(msg(6), 4)).toBe("applied");
      expect(store.getState().messages.ben!.map((m) => m.id)).toEqual([1, 2, 3, 4, 6]);
    });

    it("ignores a message the cursor has passed (a repeated event, or one a resync brought first): kept once", () => {
      const store = createRealtimeStore({ userId: 1, messages: [msg(1)] });
      expect(store.getState().next(msg(2), 1)).toBe("applied");
      expect(store.getState().next(msg(2), 1)).toBe("known");
      store.getState().synced([msg(3), msg(4)]);
      // The event of 3 arrives after the resync that brought 3 and 4.
      expect(store.getState().next(msg(3), 2)).toBe("known");
      expect(store.getState().messages.ben!.map((m) => m.id)).toEqual([1, 2, 3, 4]);
      expect(store.getState().cursors.ben).toBe(4);
    });

    it("takes our own send's event before its answer in place of the optimistic copy (by its key): never shown twice", () => {
      const store = createRealtimeStore({ userId: 1, messages: [msg(1)] });
      store.getState().addPending({ clientKey: "k1", thread: "ben", senderId: 1, text: "hi", sentAt: 5 });
      expect(store.getState().next(msg(2, "ben", { senderId: 1, text: "hi", clientKey: "k1" }), 1)).toBe("applied");
      expect(store.getState().messages.ben!.map((m) => [m.id, m.clientKey, m.status])).toEqual([
        [1, null, "success"],
        [2, "k1", "success"],
      ]);
      // The answer comes after: still once.
      store.getState().confirm("k1", msg(2, "ben", { senderId: 1, text: "hi" }));
      expect(store.getState().messages.ben!.map((m) => m.id)).toEqual([1, 2]);
    });

    it("moves the cursor over our own send when its event follows: the partner's answer is then contiguous", () => {
      const store = createRealtimeStore({ userId: 1, messages: [msg(1)] });
      store.getState().addPending({ clientKey: "k1", thread: "ben", senderId: 1, text: "hi", sentAt: 5 });
      store.getState().confirm("k1", msg(2, "ben", { senderId: 1, text: "hi" }));
      // The answer does not move the cursor (messages before ours may still be on their way)…
      expect(store.getState().cursors.ben).toBe(1);
      // …our own event, naming 1, does.
      expect(store.getState().next(msg(2, "ben", { senderId: 1, text: "hi" }), 1)).toBe("applied");
      expect(store.getState().next(msg(3), 2)).toBe("applied");
      expect(store.getState().messages.ben!.map((m) => [m.id, m.clientKey, m.status])).toEqual([
        [1, null, "success"],
        [2, "k1", "success"],
        [3, null, "success"],
      ]);
    });
  });

  it("starts from the server-rendered messages, with the cursor at their highest id", () => {
    const store = createRealtimeStore({ userId: 1, messages: [msg(9), msg(7)], presence: { 2: ONLINE_STATUS.available } });
    expect(store.getState().lastSeenId).toBe(9);
    expect(store.getState().messages.ben!.map((m) => m.id)).toEqual([7, 9]);
    expect(store.getState().presence[2]).toBe(ONLINE_STATUS.available);
  });

  it("shows an optimistic send as sending, then fail, then replaced by the stored message when it comes back (by socket or answer)", () => {
    const store = createRealtimeStore({ userId: 1, messages: [msg(1)] });
    store.getState().addPending({ clientKey: "k1", thread: "ben", senderId: 1, text: "hi", sentAt: 5 });
    store.getState().addPending({ clientKey: "k2", thread: "ben", senderId: 1, text: "photo", sentAt: 6, preparing: true });
    expect(store.getState().messages.ben!.map((m) => [m.id, m.status])).toEqual([
      [1, "success"],
      [null, "sending"],
      [null, "preparing"],
    ]);
    store.getState().setStatus("k1", "fail");
    expect(store.getState().messages.ben![1]!.status).toBe("fail");
    // The stored copy arrives over the socket before the POST answered: it replaces the pending one.
    store.getState().receive([msg(2, "ben", { clientKey: "k1", senderId: 1, text: "hi" })]);
    // Then the answer confirms it again: still once.
    store.getState().confirm("k1", msg(2, "ben", { senderId: 1, text: "hi" }));
    expect(store.getState().messages.ben!.map((m) => [m.id, m.status, m.clientKey])).toEqual([
      [1, "success", null],
      [2, "success", "k1"],
      [null, "preparing", "k2"],
    ]);
    store.getState().confirm("k2", msg(3, "ben", { senderId: 1, text: "photo" }));
    expect(store.getState().messages.ben!.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(store.getState().lastSeenId).toBe(1);
  });

  it("keeps typing indicators for TYPING_TTL_MS, and presence per member", () => {
    const store = createRealtimeStore({ userId: 1 });
    store.getState().setTyping(2, "ben", 10_000);
    store.getState().setPresence(2, ONLINE_STATUS.chatting);
    store.getState().expireTyping(10_000 + TYPING_TTL_MS - 1);
    expect(store.getState().typing[2]).toEqual({ thread: "ben", until: 10_000 + TYPING_TTL_MS });
    store.getState().expireTyping(10_000 + TYPING_TTL_MS);
    expect(store.getState().typing).toEqual({});
    expect(store.getState().presence).toEqual({ 2: ONLINE_STATUS.chatting });
  });

  it("gives every provider its own store: nothing is shared between two members' renders", () => {
    const anna = createRealtimeStore({ userId: 1, messages: [msg(1)] });
    const ben = createRealtimeStore({ userId: 2 });
    anna.getState().receive([msg(2)]);
    expect(ben.getState().messages).toEqual({});
    expect(ben.getState().lastSeenId).toBe(0);
  });
});
