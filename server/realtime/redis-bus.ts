/**
 * The Redis Streams adapter of the bus port (ADR 042): several app instances share one stream.
 *
 * publish = XADD key MAXLEN ~ N * e <json> [e <json> …] (publishAll: the envelopes of one change in one entry, so
 * every instance wakes once for them; ADR 054). Every instance reads the whole stream on a connection of its
 * own (XREAD BLOCK, which needs a connection to itself), starting at the stream's newest entry when it
 * starts, and remembers the id of the last entry it handed on: after a dropped connection it continues
 * from there, so a short Redis hiccup loses nothing that is still in the stream. Pub/sub would drop
 * everything published while a subscriber reconnects.
 *
 * Still at-most-once in the end (the stream is capped, a publish while Redis is down is dropped): the
 * database is the record and the client resyncs from its last seen id. So publish never throws.
 */
import { randomUUID } from "node:crypto";
import { Redis, type RedisOptions } from "ioredis";
import type { RealtimeEnvelope } from "../contract/realtime";
import type { Bus, BusListener } from "./bus";

/** The stream every instance writes and reads. */
export const DEFAULT_STREAM_KEY = "velora:realtime";
/**
 * About how many entries the stream keeps (MAXLEN ~ trims in whole radix-tree nodes, so a little more).
 * At 200 events/s this is 50 s of traffic: far longer than a reconnect, and a few MB of memory.
 */
export const DEFAULT_STREAM_MAXLEN = 10_000;
/** How long one XREAD waits for new entries before it asks again (it returns at once when there are some). */
const BLOCK_MS = 5_000;
/** Entries per XREAD: a burst is taken in slices, so one read never holds a huge reply. */
const READ_COUNT = 500;
/** How long start-up waits for Redis before it reads from whatever arrives next. */
const READY_TIMEOUT_MS = 3_000;

interface Logger {
  warn(obj: object, msg: string): void;
}

export interface RedisBusOptions {
  url: string;
  streamKey?: string;
  maxLen?: number;
  /** Names the connections (CLIENT LIST shows them), for diagnostics and tests. */
  instanceId?: string;
  log?: Logger;
  blockMs?: number;
}

export interface RedisBus extends Bus {
  /** Resolves once the reader knows where it starts (or after a few seconds without Redis). */
  readonly ready: Promise<void>;
  readonly instanceId: string;
  /** Whether both connections are up: the bus hears the stream and its publishes reach it (health and presence use it). */
  connected(): boolean;
}

type StreamReply = Array<[key: string, entries: Array<[id: string, fields: string[]]>]> | null;

function retryStrategy(times: number): number {
  // 50 ms, 100 ms, … at most 2 s between attempts, forever: Redis comes back, the bus follows.
  return Math.min(times * 50, 2_000);
}

/** The envelopes of one entry, in order; a field that is not a well-formed envelope is skipped. */
function parseEnvelopes(fields: string[]): RealtimeEnvelope[] {
  const envelopes: RealtimeEnvelope[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    if (fields[i] !== "e") continue;
    try {
      const value = JSON.parse(fields[i + 1]!) as RealtimeEnvelope;
      if (value && Array.isArray(value.to) && value.event && typeof value.event.type === "string") envelopes.push(value);
    } catch {
      // not JSON: skipped
    }
  }
  return envelopes;
}

export function redisStreamsBus(options: RedisBusOptions): RedisBus {
  const streamKey = options.streamKey ?? DEFAULT_STREAM_KEY;
  const maxLen = options.maxLen ?? DEFAULT_STREAM_MAXLEN;
  const instanceId = options.instanceId ?? randomUUID().slice(0, 8);
  const blockMs = options.blockMs ?? BLOCK_MS;
  const base: RedisOptions = { lazyConnect: false, retryStrategy, enableReadyCheck: true };

  // Publishing fails fast while Redis is away (no offline queue): the publisher has committed its write
  // already and the client's resync repairs the gap, so queueing hints for later only delays them.
  const writer = new Redis(options.url, {
    ...base,
    connectionName: `velora-bus:${instanceId}:writer`,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  // The reader's blocking XREAD is retried by the loop below, not by ioredis.
  const reader = new Redis(options.url, {
    ...base,
    connectionName: `velora-bus:${instanceId}:reader`,
    enableOfflineQueue: true,
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
  });
  // Without listeners, ioredis prints every connection error; the loop and publish report what matters.
  let lastError = "";
  const onError = (error: Error) => {
    if (error.message === lastError) return;
    lastError = error.message;
    options.log?.warn({ err: error.message, instanceId }, "realtime bus: redis connection error");
  };
  writer.on("error", onError);
  reader.on("error", onError);

  const listeners = new Set<BusListener>();
  let closed = false;
  /** The id of the last entry handed on; null until start-up read the stream's end. */
  let lastId: string | null = null;

  const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

  async function startPosition(): Promise<void> {
    while (!closed && lastId === null) {
      try {
        // The newest entry now: everything after it is ours. "$" would lose what is added between two reads.
        const newest = (await reader.xrevrange(streamKey, "+", "-", "COUNT", 1)) as Array<[string, string[]]>;
        lastId = newest[0]?.[0] ?? "0-0";
      } catch {
        if (!closed) await wait(200);
      }
    }
  }

  function deliver(envelope: RealtimeEnvelope) {
    for (const listener of listeners) {
      try {
        listener(envelope);
      } catch (error) {
        options.log?.warn({ err: (error as Error).message }, "realtime bus: a listener threw");
      }
    }
  }

  const started = startPosition();

  async function readLoop(): Promise<void> {
    await started;
    while (!closed) {
      try {
        const reply = (await reader.xread("COUNT", READ_COUNT, "BLOCK", blockMs, "STREAMS", streamKey, lastId!)) as StreamReply;
        if (!reply) continue;
        for (const [, entries] of reply) {
          for (const [id, fields] of entries) {
            lastId = id;
            for (const envelope of parseEnvelopes(fields)) deliver(envelope);
          }
        }
      } catch {
        // The connection dropped (or close() cut it): ioredis reconnects by itself; read again from lastId.
        if (!closed) await wait(100);
      }
    }
  }

  const loop = readLoop();
  // The writer too: without an offline queue, a publish in its first milliseconds would be dropped.
  const writerReady = new Promise<void>((resolve) => (writer.status === "ready" ? resolve() : writer.once("ready", () => resolve())));
  const ready = Promise.race([Promise.all([started, writerReady]).then(() => undefined), wait(READY_TIMEOUT_MS)]);

  async function publishAll(envelopes: readonly RealtimeEnvelope[]): Promise<void> {
    if (closed || envelopes.length === 0) return;
    const fields = envelopes.flatMap((envelope) => ["e", JSON.stringify(envelope)]);
    try {
      await writer.xadd(streamKey, "MAXLEN", "~", maxLen, "*", ...fields);
    } catch (error) {
      const types = envelopes.map((envelope) => envelope.event.type).join(",");
      options.log?.warn({ err: (error as Error).message, types }, "realtime bus: publish dropped");
    }
  }

  return {
    ready,
    instanceId,
    connected: () => reader.status === "ready" && writer.status === "ready",
    publish: (envelope) => publishAll([envelope]),
    publishAll,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      listeners.clear();
      // disconnect() ends the blocking XREAD at once (quit would wait for it); the writer may finish politely.
      reader.disconnect();
      await Promise.race([writer.quit().catch(() => undefined), wait(1_000)]);
      writer.disconnect();
      await loop;
    },
  };
}
