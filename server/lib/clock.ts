/** Time source injected everywhere rules depend on "now", so tests control it. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock tests can move. */
export function manualClock(start = Date.UTC(2026, 10, 21, 12, 0, 0)): Clock & { advance(ms: number): void; set(ms: number): void } {
  let current = start;
  return {
    now: () => current,
    advance(ms) {
      current += ms;
    },
    set(ms) {
      current = ms;
    },
  };
}

/** The system clock moved ahead by an offset only ever grown: the test server's clock (dev route /dev/clock). */
export interface AdjustableClock extends Clock {
  advance(ms: number): void;
}

export function offsetClock(base: Clock = systemClock): AdjustableClock {
  let offset = 0;
  return {
    now: () => base.now() + offset,
    advance(ms) {
      offset += ms;
    },
  };
}

export function isAdjustable(clock: Clock): clock is AdjustableClock {
  return typeof (clock as Partial<AdjustableClock>).advance === "function";
}
