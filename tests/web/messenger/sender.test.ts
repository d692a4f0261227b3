/**
 * Optimistic sending (issue 12 item 2; app/features/messenger/live/sender.ts): statuses preparing/sending/success/fail,
 * up to 5 automatic retries with growing delays for what may pass, none for a refusal, a manual retry, and every try
 * of one message under the same client key (the API answers a stored key instead of storing twice, ADR 048).
 */
import { describe, expect, it, vi } from "vitest";
import { createRealtimeStore } from "~/features/realtime";
import { createSender, retryDelay, SEND_NETWORK_ERROR, SEND_RETRIES, type PostOutcome } from "~/features/messenger/live/sender";
import type { LiveWireMessage } from "~/features/messenger/live/wire";

const ME = 1;

function wire(id: number, body: string, photos = 0): LiveWireMessage {
  return {
    id,
    threadId: 7,
    mine: true,
    body,
    actionType: 0,
    photos: Array.from({ length: photos }, (_, i) => ({ id: i + 1, image: { publicId: `p${i}`, width: 640, height: 480 } })) as never,
    createdAt: 1_000 + id,
    read: false,
    clientKey: null,
    boosted: false,
  };
}

function setup(post: (text: string, files: readonly File[], clientKey: string) => Promise<PostOutcome>) {
  const store = createRealtimeStore<LiveWireMessage>({ userId: ME });
  const pending: Array<{ fn: () => void; ms: number }> = [];
  let n = 0;
  const sender = createSender({
    store,
    thread: "ben",
    me: ME,
    post,
    toIncoming: (m) => ({ id: m.id, thread: "ben", senderId: ME, text: m.body, sentAt: m.createdAt, payload: m }),
    timers: { setTimeout: (fn, ms) => pending.push({ fn, ms }), clearTimeout: () => {} },
    random: () => 1,
    newKey: () => `k${++n}`,
  });
  const list = () => store.getState().messages.ben ?? [];
  /** Runs the next scheduled retry and lets its promises settle. */
  const tick = async () => {
    const next = pending.shift();
    next?.fn();
    await flush();
    return next?.ms;
  };
  return { store, sender, list, tick, pending };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("live sender", () => {
  it("shows a text send as sending, then replaces it with the stored message", async () => {
    let answer!: (outcome: PostOutcome) => void;
    const { sender, list } = setup(() => new Promise((resolve) => (answer = resolve)));
    sender.send("  Hallo  ", []);
    expect(list().map((m) => [m.status, m.text, m.id])).toEqual([["sending", "Hallo", null]]);
    answer({ ok: true, message: wire(5, "Hallo") });
    await flush();
    expect(list().map((m) => [m.status, m.id, m.payload?.body])).toEqual([["success", 5, "Hallo"]]);
  });

  it("shows photos as preparing until they are stored", async () => {
    let answer!: (outcome: PostOutcome) => void;
    const { sender, list } = setup(() => new Promise((resolve) => (answer = resolve)));
    sender.send("", [new File(["x"], "a.jpg"), new File(["y"], "b.jpg")]);
    expect(list()[0]!.status).toBe("preparing");
    answer({ ok: true, message: wire(6, "", 2) });
    await flush();
    expect(list()[0]!.status).toBe("success");
  });

  it("retries what may pass up to 5 times with growing delays, then fails with the reason; a manual retry can still succeed", async () => {
    const post = vi.fn<(text: string, files: readonly File[]) => Promise<PostOutcome>>(async () => ({
      ok: false,
      error: SEND_NETWORK_ERROR,
      retry: true,
    }));
    const { sender, list, tick } = setup(post);
    sender.send("Hallo", []);
    await flush();
    const delays: Array<number | undefined> = [];
    for (let i = 0; i < SEND_RETRIES; i++) {
      expect(list()[0]!.status).toBe("sending");
      delays.push(await tick());
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    expect(post).toHaveBeenCalledTimes(1 + SEND_RETRIES);
    expect(list()[0]).toMatchObject({ status: "fail", error: SEND_NETWORK_ERROR });
    // No further automatic try.
    expect(await tick()).toBeUndefined();

    post.mockResolvedValueOnce({ ok: true, message: wire(9, "Hallo") });
    sender.retry(list()[0]!.clientKey!);
    await flush();
    expect(list().map((m) => [m.status, m.id])).toEqual([["success", 9]]);
  });

  it("does not retry a refusal by the contact rules", async () => {
    const post = vi.fn(async (): Promise<PostOutcome> => ({ ok: false, error: "exception.messenger.first_contact_limit", retry: false }));
    const { sender, list, pending } = setup(post);
    sender.send("Hallo", []);
    await flush();
    expect(list()[0]).toMatchObject({ status: "fail", error: "exception.messenger.first_contact_limit" });
    expect(pending).toHaveLength(0);
    expect(post).toHaveBeenCalledTimes(1);
  });

  it("sends every try of one message under the same client key, and each new message under a new one", async () => {
    const keys: string[] = [];
    let tries = 0;
    const post = vi.fn(async (_text: string, _files: readonly File[], clientKey: string): Promise<PostOutcome> => {
      keys.push(clientKey);
      tries += 1;
      // The first answer is lost after the server stored the message; the retry with the same key answers it.
      return tries === 1 ? { ok: false, error: SEND_NETWORK_ERROR, retry: true } : { ok: true, message: wire(12, "Hallo") };
    });
    const ctx = setup(post);
    ctx.sender.send("Hallo", []);
    await flush();
    await ctx.tick();
    expect(keys).toEqual(["k1", "k1"]);
    expect(ctx.list().map((m) => [m.id, m.status])).toEqual([[12, "success"]]);
    ctx.sender.send("Noch was", []);
    await flush();
    expect(keys).toEqual(["k1", "k1", "k2"]);
  });

  it("retires the optimistic copy when a resync brought the stored message before the send's answer", async () => {
    let answer!: (outcome: PostOutcome) => void;
    const { store, sender, list } = setup(() => new Promise((resolve) => (answer = resolve)));
    sender.send("Hallo", []);
    store.getState().synced([{ id: 20, thread: "ben", senderId: ME, text: "Hallo", sentAt: 1, payload: wire(20, "Hallo") }]);
    answer({ ok: true, message: wire(20, "Hallo") });
    await flush();
    expect(list().map((m) => [m.id, m.status])).toEqual([[20, "success"]]);
  });

  it("spreads retry delays between half and the whole step", () => {
    expect(retryDelay(1, () => 0)).toBe(500);
    expect(retryDelay(3, () => 1)).toBe(4_000);
  });
});
