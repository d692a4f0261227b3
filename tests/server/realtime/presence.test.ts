/**
 * Presence across instances on one bus (ADR 042): a change announced by one instance is seen by the other;
 * several tabs on two instances combine; the periodic list repairs a lost "offline"; an instance that
 * died silently fades out after three heartbeats; chatting fades after CHATTING_MS.
 */
import { afterEach, describe, expect, it } from "vitest";
import { CHATTING_MS, ONLINE_STATUS } from "#server/contract/realtime";
import { manualClock } from "#server/lib/clock";
import { inProcessBus, type Bus } from "#server/realtime/bus";
import { createPresence, type PresenceService } from "#server/realtime/presence";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const HEARTBEAT_MS = 40;

describe("presence service", () => {
  const opened: Array<PresenceService | Bus> = [];
  afterEach(async () => {
    for (const item of opened.splice(0)) await item.close();
  });

  function pair() {
    const bus = inProcessBus();
    const clock = manualClock();
    const a = createPresence({ bus, clock, instanceId: "a", tickMs: 10, heartbeatMs: HEARTBEAT_MS });
    const b = createPresence({ bus, clock, instanceId: "b", tickMs: 10, heartbeatMs: HEARTBEAT_MS });
    opened.push(a, b, bus);
    return { bus, clock, a, b };
  }

  it("sees a member who is online on the other instance, and their going offline", async () => {
    const { a, b } = pair();
    const changes: number[] = [];
    b.onChange((member) => changes.push(member));
    const tab = {};
    a.socketOpened(7, tab, false);
    await sleep(5);
    expect(b.status(1, 7)).toBe(ONLINE_STATUS.available);
    expect(changes).toContain(7);
    a.socketClosed(7, tab);
    await sleep(5);
    expect(b.status(1, 7)).toBe(ONLINE_STATUS.none);
    expect(a.status(1, 7)).toBe(ONLINE_STATUS.none);
  });

  it("combines tabs on two instances: online while any tab is, unavailable when all are away", async () => {
    const { a, b } = pair();
    const onA = {};
    const onB = {};
    a.socketOpened(7, onA, false);
    b.socketOpened(7, onB, false);
    a.heartbeat(7, onA, "away");
    await sleep(5);
    expect(a.status(1, 7)).toBe(ONLINE_STATUS.available);
    b.heartbeat(7, onB, "away");
    await sleep(5);
    expect(a.status(1, 7)).toBe(ONLINE_STATUS.unavailable);
    expect(b.status(1, 7)).toBe(ONLINE_STATUS.unavailable);
    b.socketClosed(7, onB);
    a.heartbeat(7, onA, "active");
    await sleep(5);
    expect(b.status(1, 7)).toBe(ONLINE_STATUS.available);
  });

  it("shows chatting for CHATTING_MS after typing, on both instances", async () => {
    const { a, b, clock } = pair();
    a.socketOpened(7, {}, false);
    a.typed(7);
    await sleep(5);
    expect(b.status(1, 7)).toBe(ONLINE_STATUS.chatting);
    clock.advance(CHATTING_MS);
    await sleep(30);
    expect(a.status(1, 7)).toBe(ONLINE_STATUS.available);
    expect(b.status(1, 7)).toBe(ONLINE_STATUS.available);
  });

  it("keeps an invisible member offline for others on every instance", async () => {
    const { a, b } = pair();
    a.socketOpened(9, {}, true);
    await sleep(5);
    expect(b.status(1, 9)).toBe(ONLINE_STATUS.none);
    expect(b.status(9, 9)).toBe(ONLINE_STATUS.invisible);
    expect(a.statuses(1, [9, 10])).toEqual(
      new Map([
        [9, ONLINE_STATUS.none],
        [10, ONLINE_STATUS.none],
      ]),
    );
  });

  it("lets a silently dead instance's members fade after three heartbeats", async () => {
    const { bus, clock, b } = pair();
    // An instance that announced a member once and then died (no offline, no more lists).
    await bus.publish({ to: [], event: { type: "presence", instance: "dead", member: 5, state: "online", invisible: false } });
    await sleep(5);
    expect(b.status(1, 5)).toBe(ONLINE_STATUS.available);
    clock.advance(3 * HEARTBEAT_MS + 1);
    await sleep(30);
    expect(b.status(1, 5)).toBe(ONLINE_STATUS.none);
  });

  it("repairs a lost offline announcement with the next periodic list", async () => {
    const { bus, b } = pair();
    await bus.publish({ to: [], event: { type: "presence", instance: "c", member: 5, state: "online", invisible: false } });
    await sleep(5);
    expect(b.status(1, 5)).toBe(ONLINE_STATUS.available);
    // Instance c's list no longer names member 5 (their "offline" was lost on the way).
    await bus.publish({ to: [], event: { type: "presence.sync", instance: "c", members: [[6, "online", 0]] } });
    await sleep(5);
    expect(b.status(1, 5)).toBe(ONLINE_STATUS.none);
    expect(b.status(1, 6)).toBe(ONLINE_STATUS.available);
  });
});
