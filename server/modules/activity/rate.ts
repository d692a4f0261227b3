/**
 * The tracker's rate per visitor, counted in this process (ADR 146): the same sliding window as lib/rate-limit (the
 * window kept in slots of a fifteenth), without a database round trip per batch.
 * Counters of visitors quiet for a whole window are dropped on the next slot, so the map holds at most the visitors
 * of the last window.
 */
import { slotMs, type Window } from "../../lib/rate-limit";

interface Counter {
  /** Hits per slot start. */
  slots: Map<number, number>;
}

export interface RateCounter {
  /** Counts one hit for `key` and answers the hits in the window ending now, this one included. */
  hit(key: string, now: number): number;
}

function createRateCounter(window: Pick<Window, "windowMs">): RateCounter {
  const SLOT_MS = slotMs(window);
  const SLOTS = Math.ceil(window.windowMs / SLOT_MS);
  const counters = new Map<string, Counter>();
  let prunedSlot = -Infinity;
  const prune = (oldest: number) => {
    for (const [key, counter] of counters) {
      for (const start of counter.slots.keys()) if (start < oldest) counter.slots.delete(start);
      if (counter.slots.size === 0) counters.delete(key);
    }
  };
  return {
    hit(key, now) {
      const current = now - (now % SLOT_MS);
      const oldest = current - SLOTS * SLOT_MS;
      if (current !== prunedSlot) {
        prunedSlot = current;
        prune(oldest);
      }
      let counter = counters.get(key);
      if (!counter) counters.set(key, (counter = { slots: new Map() }));
      counter.slots.set(current, (counter.slots.get(current) ?? 0) + 1);
      let hits = 0;
      for (const [start, count] of counter.slots) if (start >= oldest && start <= now) hits += count;
      return hits;
    },
  };
}

/** One counter per database handle: each API runtime (and each test's) counts its own visitors. */
const byRuntime = new WeakMap<object, RateCounter>();

export function activityRateCounter(owner: object, window: Pick<Window, "windowMs">): RateCounter {
  let counter = byRuntime.get(owner);
  if (!counter) byRuntime.set(owner, (counter = createRateCounter(window)));
  return counter;
}
