/**
 * A seeded pseudo-random generator (sfc32 over a cyrb128 string hash). The
 * demo seed must produce the same data for the same input on every machine,
 * so it never touches Math.random.
 */

/** Four 32-bit words from a string (cyrb128). */
function hashSeed(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  float(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One value, each with probability proportional to its weight. */
  weighted<T>(entries: readonly (readonly [T, number])[]): T;
  /** n distinct items in random order. */
  sample<T>(items: readonly T[], n: number): T[];
  shuffle<T>(items: readonly T[]): T[];
}

export function createRandom(seed: string): Random {
  let [a, b, c, d] = hashSeed(seed);
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    const result = (t + d) | 0;
    c = (c + result) | 0;
    return (result >>> 0) / 4294967296;
  };
  // Warm-up: the first outputs of sfc32 correlate with the seed words.
  for (let i = 0; i < 12; i++) next();

  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max) => min + next() * (max - min),
    chance: (probability) => next() < probability,
    pick(items) {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted(entries) {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
      let roll = next() * total;
      for (const [value, weight] of entries) {
        roll -= weight;
        if (roll < 0) return value;
      }
      const last = entries[entries.length - 1];
      if (!last) throw new Error("weighted pick from an empty list");
      return last[0];
    },
    shuffle(items) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as (typeof copy)[number], copy[i] as (typeof copy)[number]];
      }
      return copy;
    },
    sample(items, n) {
      return random.shuffle(items).slice(0, Math.max(0, Math.min(n, items.length)));
    },
  };
  return random;
}

/**
 * Stratified assignment: item i of a long sequence drawn from a deck that
 * holds every value as often as its share, reshuffled per block. Every block
 * of deck.length people has the exact mix, so even a small seed has each
 * city and user type, and person i does not depend on how many follow.
 */
export function createDeck<T>(seed: string, deck: readonly T[]) {
  if (deck.length === 0) throw new Error("empty deck");
  let cachedBlock = -1;
  let cached: T[] = [];
  return (index: number): T => {
    const block = Math.floor(index / deck.length);
    if (block !== cachedBlock) {
      cached = createRandom(`${seed}:block:${block}`).shuffle(deck);
      cachedBlock = block;
    }
    return cached[index % deck.length] as T;
  };
}

/** A deck from [value, count] pairs. */
export function deckOf<T>(counts: readonly (readonly [T, number])[]): T[] {
  return counts.flatMap(([value, count]) => Array.from({ length: count }, () => value));
}
