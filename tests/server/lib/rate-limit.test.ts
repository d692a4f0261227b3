import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countHits, isOverLimit, msUntilRoom, recordHit, releaseHit, slotMs } from "#server/lib/rate-limit";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const MINUTE = 60_000;
const QUARTER = 15 * MINUTE;

describe(`rate limits judge a sliding window (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  /** A point in time `offset` ms after the start of a quarter hour. */
  const at = (offset: number) => 1_800_000_000_000 - (1_800_000_000_000 % QUARTER) + offset;

  it("a quarter-hour boundary does not forget the hits just before it", async () => {
    const window = { bucket: "test:boundary", windowMs: QUARTER, limit: 5 };
    for (let i = 0; i < 5; i++) await recordHit(rt.deps.db, at(QUARTER - 2000 + i), window);
    // One second into the next quarter hour the five are still inside the last fifteen minutes.
    expect(await recordHit(rt.deps.db, at(QUARTER + 1000), window)).toBe(6);
    expect(await isOverLimit(rt.deps.db, at(QUARTER + 1000), window)).toBe(true);
  });

  it("a hit counts for the window and at most one slot longer", async () => {
    const window = { bucket: "test:slide", windowMs: QUARTER, limit: 3 };
    expect(slotMs(window)).toBe(MINUTE);
    await recordHit(rt.deps.db, at(30_000), window);
    expect(await countHits(rt.deps.db, at(30_000 + QUARTER - 1), window)).toBe(1);
    expect(await countHits(rt.deps.db, at(30_000 + QUARTER + MINUTE), window)).toBe(0);
  });

  it("tells when the oldest hits leave and there is room again", async () => {
    const window = { bucket: "test:room", windowMs: QUARTER, limit: 3 };
    await recordHit(rt.deps.db, at(0), window);
    await recordHit(rt.deps.db, at(5 * MINUTE), window);
    await recordHit(rt.deps.db, at(6 * MINUTE), window);
    const now = at(7 * MINUTE);
    expect(await isOverLimit(rt.deps.db, now, window)).toBe(true);
    const wait = await msUntilRoom(rt.deps.db, now, window);
    // The first hit's slot leaves 16 minutes after it began.
    expect(wait).toBe(16 * MINUTE - 7 * MINUTE);
    expect(await isOverLimit(rt.deps.db, now + wait - 1, window)).toBe(true);
    expect(await isOverLimit(rt.deps.db, now + wait, window)).toBe(false);
  });

  it("a released hit is given back", async () => {
    const window = { bucket: "test:release", windowMs: QUARTER, limit: 3 };
    const now = at(MINUTE);
    expect(await recordHit(rt.deps.db, now, window)).toBe(1);
    await releaseHit(rt.deps.db, now, window);
    expect(await countHits(rt.deps.db, now, window)).toBe(0);
  });
});
