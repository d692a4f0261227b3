/**
 * A small in-process cache with a time-to-live and a size bound, for public
 * answers that many requests share (directory listings, nearby cities).
 * Each process keeps its own copy; a stale entry lives at most `ttlMs`.
 */
export interface TtlCache<V> {
  get(key: string, now: number): V | undefined;
  set(key: string, value: V, now: number): void;
  /** The cached value, or the loader's (one load per key at a time). */
  remember(key: string, now: number, load: () => Promise<V>): Promise<V>;
  clear(): void;
}

export function createTtlCache<V>(options: { ttlMs: number; maxEntries: number }): TtlCache<V> {
  const entries = new Map<string, { value: V; expiresAt: number }>();
  const pending = new Map<string, Promise<V>>();
  const cache: TtlCache<V> = {
    get(key, now) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, now) {
      // Map keeps insertion order: the oldest entry goes first.
      if (entries.size >= options.maxEntries && !entries.has(key)) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { value, expiresAt: now + options.ttlMs });
    },
    async remember(key, now, load) {
      const hit = cache.get(key, now);
      if (hit !== undefined) return hit;
      const running = pending.get(key);
      if (running) return running;
      const promise = load()
        .then((value) => {
          cache.set(key, value, now);
          return value;
        })
        .finally(() => pending.delete(key));
      pending.set(key, promise);
      return promise;
    },
    clear() {
      entries.clear();
      pending.clear();
    },
  };
  return cache;
}
