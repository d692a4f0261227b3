/**
 * The Redis Streams bus against the real local Redis (REDIS_URL, else 127.0.0.1:6379); each test has a
 * stream key of its own. A TCP proxy between one bus and Redis plays the network hiccup.
 */
import { randomUUID } from "node:crypto";
import { createServer, connect, type Server, type Socket } from "node:net";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { RealtimeEnvelope } from "#server/contract/realtime";
import type { Bus } from "#server/realtime/bus";
import { redisStreamsBus, type RedisBus } from "#server/realtime/redis-bus";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const redisPort = Number(new URL(REDIS_URL).port || 6379);
const redisHost = new URL(REDIS_URL).hostname;

/** A proxy that can cut every connection and refuse new ones until it is restored. */
async function flakyProxy() {
  const open = new Set<Socket>();
  let up = true;
  const server: Server = createServer((client) => {
    if (!up) return client.destroy();
    const upstream = connect(redisPort, redisHost);
    open.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const end = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on("error", end).on("close", end);
    upstream.on("error", end).on("close", end);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `redis://127.0.0.1:${(server.address() as { port: number }).port}`,
    cut() {
      up = false;
      for (const socket of open) socket.destroy();
    },
    restore() {
      up = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function ping(at: number, to: number[] = [1]): RealtimeEnvelope {
  return { to, event: { type: "ping", at } };
}

/** Collects what a bus hands on, and waits for a given count. */
function collector(bus: Bus) {
  const seen: RealtimeEnvelope[] = [];
  let waiter: { count: number; resolve: () => void } | null = null;
  bus.subscribe((envelope) => {
    seen.push(envelope);
    if (waiter && seen.length >= waiter.count) waiter.resolve();
  });
  return {
    seen,
    atLeast(count: number, timeoutMs = 15_000): Promise<void> {
      if (seen.length >= count) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`saw ${seen.length} of ${count}`)), timeoutMs);
        waiter = {
          count,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
      });
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("redis streams bus", () => {
  let admin: Redis;
  const buses: RedisBus[] = [];
  const keys: string[] = [];

  function makeBus(url = REDIS_URL, extra: { maxLen?: number; streamKey?: string } = {}): RedisBus {
    const streamKey = extra.streamKey ?? keys.at(-1)!;
    const bus = redisStreamsBus({ url, streamKey, maxLen: extra.maxLen, blockMs: 1_000 });
    buses.push(bus);
    return bus;
  }

  beforeAll(() => {
    admin = new Redis(REDIS_URL);
  });
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });
  afterAll(async () => {
    if (keys.length) await admin.del(...keys);
    await admin.quit();
  });

  function newKey() {
    const key = `velora:test:realtime:${randomUUID()}`;
    keys.push(key);
    return key;
  }

  it("hands an event published by one instance to both instances, in publish order", async () => {
    newKey();
    const a = makeBus();
    const b = makeBus();
    await Promise.all([a.ready, b.ready]);
    const seenA = collector(a);
    const seenB = collector(b);
    for (let i = 0; i < 50; i++) await (i % 2 ? a : b).publish(ping(i, [i]));
    await Promise.all([seenA.atLeast(50), seenB.atLeast(50)]);
    const order = Array.from({ length: 50 }, (_, i) => i);
    expect(seenA.seen.map((e) => (e.event as { at: number }).at)).toEqual(order);
    expect(seenB.seen.map((e) => (e.event as { at: number }).at)).toEqual(order);
    expect(seenA.seen[7]).toEqual(ping(7, [7]));
  });

  it("publishAll: the envelopes of one change are one entry, handed on to both instances in their order", async () => {
    const key = newKey();
    const a = makeBus();
    const b = makeBus();
    await Promise.all([a.ready, b.ready]);
    const seenA = collector(a);
    const seenB = collector(b);
    await a.publishAll([ping(1, [10]), ping(2, [11]), ping(3, [10, 11])]);
    await a.publishAll([]);
    await Promise.all([seenA.atLeast(3), seenB.atLeast(3)]);
    expect(await admin.xlen(key)).toBe(1);
    expect(seenA.seen).toEqual([ping(1, [10]), ping(2, [11]), ping(3, [10, 11])]);
    expect(seenB.seen).toEqual(seenA.seen);
  });

  it("starts at the stream's end: an instance does not replay what was published before it started", async () => {
    const key = newKey();
    const early = makeBus();
    await early.ready;
    await early.publish(ping(1));
    await early.publish(ping(2));
    expect(await admin.xlen(key)).toBe(2);
    const late = makeBus();
    await late.ready;
    const seen = collector(late);
    await early.publish(ping(3));
    await seen.atLeast(1);
    await sleep(200);
    expect(seen.seen.map((e) => (e.event as { at: number }).at)).toEqual([3]);
  });

  it("caps the stream near maxLen", async () => {
    const key = newKey();
    const bus = makeBus(REDIS_URL, { maxLen: 100 });
    await bus.ready;
    for (let i = 0; i < 1_000; i++) await bus.publish(ping(i));
    // MAXLEN ~ trims whole nodes (100 entries each by default): never far above the cap.
    expect(await admin.xlen(key)).toBeLessThanOrEqual(300);
    expect(await admin.xlen(key)).toBeGreaterThanOrEqual(100);
  });

  it("after its connection drops, continues from its last entry: what others published meanwhile arrives", async () => {
    newKey();
    const proxy = await flakyProxy();
    try {
      const flaky = makeBus(proxy.url);
      const steady = makeBus();
      await Promise.all([flaky.ready, steady.ready]);
      const seen = collector(flaky);
      await steady.publish(ping(1));
      await seen.atLeast(1);

      proxy.cut();
      await sleep(100);
      expect(flaky.connected()).toBe(false);
      // The flaky instance's own publish is dropped while Redis is away: it must not throw nor hang.
      const started = Date.now();
      await expect(flaky.publish(ping(99))).resolves.toBeUndefined();
      expect(Date.now() - started).toBeLessThan(1_000);
      // The other instance keeps publishing during the outage.
      for (let i = 2; i <= 20; i++) await steady.publish(ping(i));

      proxy.restore();
      await seen.atLeast(20);
      expect(seen.seen.map((e) => (e.event as { at: number }).at)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      // The writer reconnects on its own backoff, possibly after the reader: once both are up, publishing works again.
      await vi.waitFor(() => expect(flaky.connected()).toBe(true), { timeout: 5_000, interval: 50 });
      await flaky.publish(ping(21));
      await seen.atLeast(21);
    } finally {
      await proxy.close();
    }
  });

  it("survives Redis killing its connections (CLIENT KILL) and keeps delivering", async () => {
    newKey();
    const bus = makeBus();
    await bus.ready;
    const seen = collector(bus);
    await bus.publish(ping(1));
    await seen.atLeast(1);
    const list = await admin.client("LIST");
    const ids = String(list)
      .split("\n")
      .filter((line) => line.includes(`name=velora-bus:${bus.instanceId}:`))
      .map((line) => /id=(\d+)/.exec(line)![1]!);
    expect(ids).toHaveLength(2);
    for (const id of ids) await admin.client("KILL", "ID", id);
    // Publishing right after the kill may be dropped (no offline queue); keep trying until it comes round.
    let at = 2;
    const deadline = Date.now() + 8_000;
    while (seen.seen.length < 2 && Date.now() < deadline) {
      await bus.publish(ping(at++));
      await sleep(100);
    }
    expect(seen.seen.length).toBeGreaterThanOrEqual(2);
  });

  it("publish never throws, even with Redis unreachable from the start, and close() does not hang", async () => {
    newKey();
    const bus = redisStreamsBus({ url: "redis://127.0.0.1:1", streamKey: keys.at(-1)!, blockMs: 500 });
    await expect(bus.publish(ping(1))).resolves.toBeUndefined();
    const started = Date.now();
    await bus.close();
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("close() returns promptly while a blocking read waits, and a listener that throws harms no other", async () => {
    newKey();
    const bus = redisStreamsBus({ url: REDIS_URL, streamKey: keys.at(-1)!, blockMs: 30_000 });
    await bus.ready;
    bus.subscribe(() => {
      throw new Error("listener bug");
    });
    const seen = collector(bus);
    await bus.publish(ping(1));
    await seen.atLeast(1);
    await sleep(50);
    const started = Date.now();
    await bus.close();
    expect(Date.now() - started).toBeLessThan(1_500);
    // After close, publish is a no-op.
    await expect(bus.publish(ping(2))).resolves.toBeUndefined();
  });
});
