/**
 * The /ws hub on a real HTTP server: bus events reach every tab of the members in `to` and nobody else,
 * the client protocol (typing, presence heartbeat, watch; unknown frames ignored), the per-socket rate
 * limit (1008), dropping a socket that cannot keep up, and two instances fanning out through Redis.
 */
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { ONLINE_STATUS, type ServerFrame } from "#server/contract/realtime";
import { USER_TYPE } from "#server/contract/users";
import { issueTokens } from "#server/modules/auth/tokens";
import { createPresence } from "#server/realtime/presence";
import { redisStreamsBus } from "#server/realtime/redis-bus";
import { WS_TYPING_DECISION_MS, type RealtimeHub } from "#server/realtime/ws";
import { callJson } from "../helpers/api-call";
import { addBerlinProfile, createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../helpers/runtime";
import { connectClient, startHub, stopHub, type TestClient } from "../helpers/ws";

const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const isPing = (at: number) => (f: ServerFrame) => f.type === "event" && f.event.type === "ping" && f.event.at === at;

describe(`realtime hub (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let main: { hub: RealtimeHub; server: Server; base: string };
  const clients: TestClient[] = [];
  let recording: string[] | null = null;

  /**
   * A member with a listed profile and a verified address (the contact rules' usual sender and recipient), a client
   * unless `userType` says otherwise.
   */
  async function member(extra: { invisible?: boolean; verified?: boolean; userType?: number } = {}) {
    const user = await createUser(rt, { userType: extra.userType });
    await addBerlinProfile(rt, user.id, user.username);
    if (extra.verified === false)
      await rt.deps.db.updateTable("users").set({ email_verified_at: null }).where("id", "=", user.id).execute();
    if (extra.invisible) {
      await rt.deps.db
        .updateTable("users")
        .set({ invisible_browsing: 1, is_member: 1, member_until: rt.clock.now() + 30 * 86_400_000 })
        .where("id", "=", user.id)
        .execute();
    }
    const { access_token } = await issueTokens(rt.deps.db, rt.clock, user.id, null);
    return { ...user, token: access_token };
  }
  async function open(token: string, base = main.base) {
    const client = await connectClient(base, token);
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    rt = await createTestRuntime({ onQuery: (sql) => recording?.push(sql) });
    main = await startHub({ db: rt.deps.db, clock: rt.clock, bus: rt.deps.bus, presence: rt.deps.presence, api: rt.deps });
  });
  afterAll(async () => {
    for (const client of clients) client.ws.terminate();
    await stopHub(main);
    await rt.close();
  });

  it("routes a bus event to every open tab of the members in `to`, and to nobody else", async () => {
    const [anna, ben, carl] = [await member(), await member(), await member()];
    const annaTabs = [await open(anna.token), await open(anna.token)];
    const benTab = await open(ben.token);
    const carlTab = await open(carl.token);
    await rt.deps.bus.publish({ to: [anna.id, ben.id], event: { type: "ping", at: 1 } });
    await Promise.all([...annaTabs, benTab].map((tab) => tab.next(isPing(1))));
    // A later event to Carl alone proves the earlier one had time to reach him, had it been routed there.
    await rt.deps.bus.publish({ to: [carl.id], event: { type: "ping", at: 2 } });
    await carlTab.next(isPing(2));
    expect(carlTab.frames.some(isPing(1))).toBe(false);
    expect(benTab.frames.some(isPing(2))).toBe(false);
    expect(annaTabs[0]!.frames.filter(isPing(1))).toHaveLength(1);
  });

  it("answers ping frames, and ignores unknown and malformed frames without closing", async () => {
    const anna = await member();
    const tab = await open(anna.token);
    tab.send({ type: "ping" });
    await tab.next((f) => f.type === "pong");
    tab.send({ type: "launch-missiles" });
    tab.send("{not json");
    tab.send({ type: "typing", to: 42 });
    tab.send({ type: "watch", members: Array.from({ length: 500 }, (_, i) => i + 1) });
    tab.ws.send(Buffer.from([1, 2, 3]));
    await rt.deps.bus.publish({ to: [anna.id], event: { type: "ping", at: 3 } });
    await tab.next(isPing(3));
    expect(tab.ws.readyState).toBe(WebSocket.OPEN);
    expect(tab.frames.filter((f) => f.type === "presence")).toEqual([]);
  });

  it("relays typing to the recipient's tabs (best-effort, by username), never to a member who blocked the typist", async () => {
    const [anna, ben, carl] = [await member(), await member(), await member()];
    const annaTab = await open(anna.token);
    const benTab = await open(ben.token);
    const carlTab = await open(carl.token);
    annaTab.send({ type: "typing", to: ben.username.toUpperCase(), thread: 7 });
    const frame = await benTab.next((f) => f.type === "event" && f.event.type === "typing");
    expect(frame).toEqual({ type: "event", event: { type: "typing", from: anna.id, from_username: anna.username, thread: 7 } });

    await rt.deps.db.insertInto("blocks").values({ blocker_id: carl.id, blocked_id: anna.id, created_at: rt.clock.now() }).execute();
    annaTab.send({ type: "typing", to: carl.username });
    annaTab.send({ type: "typing", to: "no-such-member" });
    await sleep(200);
    await rt.deps.bus.publish({ to: [carl.id], event: { type: "ping", at: 4 } });
    await carlTab.next(isPing(4));
    expect(carlTab.frames.some((f) => f.type === "event" && f.event.type === "typing")).toBe(false);
  });

  /** Whether `tab` received no typing event by the time a later bus event reached it (ordering: same socket). */
  async function sawNoTyping(tab: TestClient, at: number) {
    await sleep(200);
    await rt.deps.bus.publish({ to: [(await firstHello(tab)).user_id], event: { type: "ping", at } });
    await tab.next(isPing(at));
    return !tab.frames.some((f) => f.type === "event" && f.event.type === "typing");
  }
  async function firstHello(tab: TestClient) {
    return (await tab.next((f) => f.type === "hello")) as Extract<ServerFrame, { type: "hello" }>;
  }
  const isTyping = (from: number) => (f: ServerFrame) => f.type === "event" && f.event.type === "typing" && f.event.from === from;

  it("drops the typing of a member whose address is not verified (ADR 024): it reaches no one", async () => {
    const [unverified, ben, carl] = [await member({ verified: false }), await member(), await member()];
    const unverifiedTab = await open(unverified.token);
    const benTab = await open(ben.token);
    unverifiedTab.send({ type: "typing", to: ben.username });
    expect(await sawNoTyping(benTab, 40)).toBe(true);
    // Nor does it make them "chatting" for watchers.
    expect(rt.deps.presence.status(ben.id, unverified.id)).toBe(ONLINE_STATUS.available);
    // The same recipient still hears a verified member type.
    const carlTab = await open(carl.token);
    carlTab.send({ type: "typing", to: ben.username });
    await benTab.next(isTyping(carl.id));
  });

  it("drops typing across a block, either way, also inside an existing conversation", async () => {
    const [anna, ben] = [await member(), await member()];
    expect((await callJson(rt, anna.token, "POST", `/api/v2/messenger/send/${ben.username}`, { body: "Hallo" })).status).toBe(201);
    const annaTab = await open(anna.token);
    const benTab = await open(ben.token);
    annaTab.send({ type: "typing", to: ben.username });
    await benTab.next(isTyping(anna.id));

    await rt.deps.db.insertInto("blocks").values({ blocker_id: ben.id, blocked_id: anna.id, created_at: rt.clock.now() }).execute();
    // Each socket remembers its decision for WS_TYPING_DECISION_MS; a fresh socket asks the rules again.
    const annaNewTab = await open(anna.token);
    annaNewTab.send({ type: "typing", to: ben.username });
    const benNewTab = await open(ben.token);
    benTab.send({ type: "typing", to: anna.username });
    expect(await sawNoTyping(benNewTab, 41)).toBe(true);
    expect(await sawNoTyping(annaTab, 42)).toBe(true);
    // And the first socket's remembered answer runs out.
    rt.clock.advance(WS_TYPING_DECISION_MS + 1_000);
    annaTab.send({ type: "typing", to: ben.username });
    expect(await sawNoTyping(benNewTab, 43)).toBe(true);
  });

  it("a first contact the rules refuse gets no typing either; once the conversation exists it does, and it is checked once per socket and recipient", async () => {
    // A new escort takes first contacts from plus clients only (ADR 043): a basic client may not write first.
    const [client, escort] = [await member(), await member({ userType: USER_TYPE.escort })];
    const clientTab = await open(client.token);
    const escortTab = await open(escort.token);
    clientTab.send({ type: "typing", to: escort.username });
    expect(await sawNoTyping(escortTab, 44)).toBe(true);

    // The escort writes first; now the client may answer, and typing arrives (after the socket's decision ran out).
    expect((await callJson(rt, escort.token, "POST", `/api/v2/messenger/send/${client.username}`, { body: "Hallo" })).status).toBe(201);
    rt.clock.advance(WS_TYPING_DECISION_MS + 1_000);
    recording = [];
    for (let i = 0; i < 5; i++) clientTab.send({ type: "typing", to: escort.username, thread: 1 });
    const deadline = Date.now() + 3_000;
    while (escortTab.frames.filter(isTyping(client.id)).length < 5 && Date.now() < deadline) await sleep(20);
    expect(escortTab.frames.filter(isTyping(client.id))).toHaveLength(5);
    // Five frames, one pass through the contact rules (the pair read joins the threads once).
    expect(recording.filter((sql) => sql.includes("messenger_threads")).length).toBe(1);
    recording = null;
  });

  it("tells watchers a member's status: available with a tab open, chatting after typing, unavailable when away, none when gone", async () => {
    const [anna, ben] = [await member(), await member()];
    const benTab = await open(ben.token);
    benTab.send({ type: "watch", members: [anna.id] });
    await benTab.next((f) => f.type === "presence" && f.member === anna.id && f.status === ONLINE_STATUS.none);

    const annaTab = await open(anna.token);
    await benTab.next((f) => f.type === "presence" && f.status === ONLINE_STATUS.available);
    expect(rt.deps.presence.status(ben.id, anna.id)).toBe(ONLINE_STATUS.available);

    annaTab.send({ type: "typing", to: ben.username });
    await benTab.next((f) => f.type === "presence" && f.status === ONLINE_STATUS.chatting);
    expect(rt.deps.presence.status(null, anna.id)).toBe(ONLINE_STATUS.chatting);
    // Chatting fades after CHATTING_MS (the presence service's own tick re-derives it; here we ask directly).
    rt.clock.advance(31_000);
    annaTab.send({ type: "presence", state: "away" });
    await benTab.next((f) => f.type === "presence" && f.status === ONLINE_STATUS.unavailable);

    annaTab.ws.close();
    await benTab.next((f) => f.type === "presence" && f.status === ONLINE_STATUS.none && benTab.frames.indexOf(f) > 3);
    expect(rt.deps.presence.status(ben.id, anna.id)).toBe(ONLINE_STATUS.none);
  });

  it("never shows an invisible member online to others; they see themselves as invisible", async () => {
    const [shy, ben] = [await member({ invisible: true }), await member()];
    await open(shy.token);
    await sleep(50);
    expect(rt.deps.presence.status(ben.id, shy.id)).toBe(ONLINE_STATUS.none);
    expect(rt.deps.presence.status(null, shy.id)).toBe(ONLINE_STATUS.none);
    expect(rt.deps.presence.status(shy.id, shy.id)).toBe(ONLINE_STATUS.invisible);
    const benTab = await open(ben.token);
    benTab.send({ type: "watch", members: [shy.id] });
    const frame = await benTab.next((f) => f.type === "presence" && f.member === shy.id);
    expect(frame).toEqual({ type: "presence", member: shy.id, status: ONLINE_STATUS.none });
  });

  it("answers unknown (5) for a watched member across a block, either way", async () => {
    const [anna, ben, carl] = [await member(), await member(), await member()];
    await rt.deps.db.insertInto("blocks").values({ blocker_id: ben.id, blocked_id: anna.id, created_at: rt.clock.now() }).execute();
    await rt.deps.db.insertInto("blocks").values({ blocker_id: anna.id, blocked_id: carl.id, created_at: rt.clock.now() }).execute();
    await open(ben.token);
    await open(carl.token);
    const annaTab = await open(anna.token);
    annaTab.send({ type: "watch", members: [ben.id, carl.id] });
    expect(await annaTab.next((f) => f.type === "presence" && f.member === ben.id)).toEqual({
      type: "presence",
      member: ben.id,
      status: ONLINE_STATUS.unknown,
    });
    expect(await annaTab.next((f) => f.type === "presence" && f.member === carl.id)).toEqual({
      type: "presence",
      member: carl.id,
      status: ONLINE_STATUS.unknown,
    });
  });

  it("closes a socket that floods frames with 1008, and keeps the member's other tabs", async () => {
    const anna = await member();
    const calm = await open(anna.token);
    const flood = await open(anna.token);
    for (let i = 0; i < 100; i++) flood.send({ type: "ping" });
    expect((await flood.closed).code).toBe(1008);
    await rt.deps.bus.publish({ to: [anna.id], event: { type: "ping", at: 5 } });
    await calm.next(isPing(5));
  });

  it("drops a socket that stops reading once its backlog passes the bound; other sockets keep receiving", async () => {
    const own = await startHub({
      db: rt.deps.db,
      clock: rt.clock,
      bus: rt.deps.bus,
      presence: rt.deps.presence,
      api: rt.deps,
      limits: { maxBufferedBytes: 64 * 1024 },
    });
    try {
      const [slowMember, fastMember] = [await member(), await member()];
      const slow = await open(slowMember.token, own.base);
      const fast = await open(fastMember.token, own.base);
      // The slow client stops reading: the kernel buffers fill, then the server's backlog grows.
      (slow.ws as unknown as { _socket: { pause(): void } })._socket.pause();
      const big = "x".repeat(16 * 1024);
      for (let i = 0; i < 2_000 && own.hub.socketCount() === 2; i++) {
        await rt.deps.bus.publish({ to: [slowMember.id], event: { type: "ping", at: i, pad: big } as never });
        if (i % 50 === 0) await sleep(5);
      }
      await sleep(100);
      expect(own.hub.socketCount()).toBe(1);
      await rt.deps.bus.publish({ to: [fastMember.id], event: { type: "ping", at: 6 } });
      await fast.next(isPing(6));
    } finally {
      await stopHub(own);
    }
  });

  it("fans out across two instances through Redis: published on one, delivered on the other, presence seen on both", async () => {
    const streamKey = `velora:test:hub:${randomUUID()}`;
    const busA = redisStreamsBus({ url: REDIS_URL, streamKey, instanceId: "a", blockMs: 1_000 });
    const busB = redisStreamsBus({ url: REDIS_URL, streamKey, instanceId: "b", blockMs: 1_000 });
    await Promise.all([busA.ready, busB.ready]);
    const presenceA = createPresence({ bus: busA, clock: rt.clock, instanceId: "a" });
    const presenceB = createPresence({ bus: busB, clock: rt.clock, instanceId: "b" });
    const a = await startHub({
      db: rt.deps.db,
      clock: rt.clock,
      bus: busA,
      presence: presenceA,
      api: { ...rt.deps, bus: busA, presence: presenceA },
    });
    const b = await startHub({
      db: rt.deps.db,
      clock: rt.clock,
      bus: busB,
      presence: presenceB,
      api: { ...rt.deps, bus: busB, presence: presenceB },
    });
    try {
      const [anna, ben] = [await member(), await member()];
      const annaOnA = await open(anna.token, a.base);
      const benOnB = await open(ben.token, b.base);
      await busA.publish({ to: [ben.id], event: { type: "ping", at: 7 } });
      await benOnB.next(isPing(7));
      annaOnA.send({ type: "typing", to: ben.username });
      await benOnB.next((f) => f.type === "event" && f.event.type === "typing" && f.event.from === anna.id);
      // Anna's socket is on A; B's presence learns of it over the stream.
      const deadline = Date.now() + 3_000;
      while (presenceB.status(ben.id, anna.id) === ONLINE_STATUS.none && Date.now() < deadline) await sleep(20);
      expect(presenceB.status(ben.id, anna.id)).toBe(ONLINE_STATUS.chatting);
      expect(annaOnA.frames.some((f) => f.type === "event")).toBe(false);
    } finally {
      await Promise.all([stopHub(a), stopHub(b)]);
      presenceA.close();
      presenceB.close();
      await Promise.all([busA.close(), busB.close()]);
      const admin = new Redis(REDIS_URL);
      await admin.del(streamKey);
      await admin.quit();
    }
  });
});
