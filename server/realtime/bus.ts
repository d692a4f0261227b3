/**
 * The bus port (ADR 042): how an event reaches the sockets held by every app instance.
 *
 * Callers publish after their transaction committed (the database is the record, the bus only carries
 * hints), so a publish never throws: a lost event is repaired by the client's resync. The embedded adapter
 * below serves one process; the Redis Streams adapter serves several instances when REDIS_URL is set.
 */
import { EventEmitter } from "node:events";
import type { RealtimeEnvelope } from "../contract/realtime";

export type BusListener = (envelope: RealtimeEnvelope) => void;

export interface Bus {
  /** Hands the envelope to every subscriber of every instance; best-effort, never rejects. */
  publish(envelope: RealtimeEnvelope): Promise<void>;
  /**
   * Several envelopes of one change as one entry (ADR 054): subscribers receive them in this order, and the
   * instances wake once for all of them, not once each.
   */
  publishAll(envelopes: readonly RealtimeEnvelope[]): Promise<void>;
  /** Receives every envelope published by any instance (this one included); returns the unsubscribe. */
  subscribe(listener: BusListener): () => void;
  close(): Promise<void>;
}

/** One process: an emitter. Listeners run on a later tick, as they would across the network. */
export function inProcessBus(): Bus {
  const emitter = new EventEmitter();
  // One listener per hub and per test subscriber: no leak warning for a handful.
  emitter.setMaxListeners(0);
  async function publishAll(envelopes: readonly RealtimeEnvelope[]): Promise<void> {
    if (envelopes.length > 0) setImmediate(() => envelopes.forEach((envelope) => emitter.emit("event", envelope)));
  }
  return {
    publish: (envelope) => publishAll([envelope]),
    publishAll,
    subscribe(listener) {
      emitter.on("event", listener);
      return () => emitter.off("event", listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
