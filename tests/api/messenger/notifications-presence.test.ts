/**
 * The messenger's notifications (ADR 043 "Notifications") and the other member's online status from live presence
 * (ADR 042, 043 "Online status"), on SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Conversation, SendResult, ThreadActionResult, ThreadList } from "#server/contract/messenger";
import type { NotificationList } from "#server/contract/notifications";
import { ONLINE_STATUS, type RealtimeEnvelope } from "#server/contract/realtime";
import { USER_TYPE } from "#server/contract/users";
import { addBerlinProfile, createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { callJson } from "../../helpers/api-call";

interface Answer<T> {
  data?: T;
  errors?: Array<{ key: string }>;
}
type Member = Awaited<ReturnType<typeof createUser>> & { token: string };

const DAY = 24 * 60 * 60 * 1000;

describe(`messenger notifications and presence (${TEST_DB})`, () => {
  let rt: TestRuntime;
  const published: RealtimeEnvelope[] = [];
  beforeAll(async () => {
    rt = await createTestRuntime();
    rt.deps.bus.subscribe((envelope) => published.push(envelope));
  });
  afterAll(async () => {
    await rt.close();
  });

  /** A listed member registered a year ago (no "new escort" rule), optionally plus. */
  async function member(userType: number = USER_TYPE.client, options: { plus?: boolean } = {}): Promise<Member> {
    const user = await createUser(rt, { userType });
    await addBerlinProfile(rt, user.id, user.username);
    const now = rt.clock.now();
    await rt.deps.db
      .updateTable("users")
      .set({ created_at: now - 365 * DAY, ...(options.plus ? { is_member: 1, member_until: now + 30 * DAY } : {}) })
      .where("id", "=", user.id)
      .execute();
    return { ...user, token: String((await login(rt, user.username, user.password)).body.access_token) };
  }

  function call<T>(token: string, method: string, path: string, body?: unknown) {
    return callJson<Answer<T>>(rt, token, method, `/api/v2${path}`, body);
  }
  const send = (from: Member, to: Member, body = "Hallo") =>
    call<SendResult>(from.token, "POST", `/messenger/send/${to.username}`, { body });
  const action = (m: Member, threadId: number, name: string) =>
    call<ThreadActionResult>(m.token, "POST", `/messenger/threads/${threadId}/${name}`);
  const notifications = async (m: Member) => (await call<NotificationList>(m.token, "GET", "/notifications")).json.data!;
  const messageNotifications = async (m: Member) => (await notifications(m)).items.filter((item) => item.event === "message");
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  async function pushJobs(userId: number): Promise<number> {
    const rows = await rt.deps.db.selectFrom("jobs").select(["payload"]).where("kind", "=", "notification.push").execute();
    return rows.filter((row) => (JSON.parse(row.payload) as { user_id: number; event: string }).user_id === userId).length;
  }

  it("tells the recipient once per thread until they read it; never the sender; the hint follows the commit", async () => {
    const client = await member();
    const escort = await member(USER_TYPE.escort);
    published.length = 0;
    const first = await send(client, escort, "Hallo, hast du morgen Zeit?");
    expect(first.status).toBe(201);
    const threadId = first.json.data!.thread_id;
    await settle();

    const got = await messageNotifications(escort);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      event: "message",
      kind: "messages",
      actor: { username: client.username },
      url: `messenger/${client.username}`,
      read_at: null,
    });
    expect(await messageNotifications(client)).toHaveLength(0);
    const hint = published.find((e) => e.event.type === "notification");
    expect(hint).toMatchObject({
      to: [escort.id],
      event: { type: "notification", id: got[0]!.id, event: "message", url: `messenger/${client.username}` },
    });
    expect(published.filter((e) => e.event.type === "notification" && e.to.includes(client.id))).toHaveLength(0);
    expect(await pushJobs(escort.id)).toBe(1);

    // A burst before she reads: still one notification, one push, no further hint.
    for (const text of ["Bist du da?", "Ich warte", "Melde dich"]) expect((await send(client, escort, text)).status).toBe(201);
    await settle();
    expect(await messageNotifications(escort)).toHaveLength(1);
    expect(await pushJobs(escort.id)).toBe(1);
    expect(published.filter((e) => e.event.type === "notification")).toHaveLength(1);

    // Reading the thread reads its notification; the next message notifies again.
    expect((await action(escort, threadId, "read")).status).toBe(200);
    const afterRead = await messageNotifications(escort);
    expect(afterRead).toHaveLength(1);
    expect(afterRead[0]!.read_at).not.toBeNull();
    expect((await send(client, escort, "Noch eine Frage")).status).toBe(201);
    const again = await messageNotifications(escort);
    expect(again).toHaveLength(2);
    expect(again.filter((item) => item.read_at === null)).toHaveLength(1);
    expect(await pushJobs(escort.id)).toBe(2);

    // Answering reads the thread too.
    expect((await send(escort, client, "Ja, gern")).status).toBe(201);
    expect((await messageNotifications(escort)).every((item) => item.read_at !== null)).toBe(true);
    // The client got one for the answer; the escort cannot touch it by id.
    const clientsOwn = await messageNotifications(client);
    expect(clientsOwn).toHaveLength(1);
    expect((await call(escort.token, "PUT", `/notifications/${clientsOwn[0]!.id}/read`, { read: true })).status).toBe(404);
    expect((await call(escort.token, "DELETE", `/notifications/${clientsOwn[0]!.id}`)).status).toBe(404);
    expect((await messageNotifications(client))[0]!.read_at).toBeNull();
  });

  it("follows the recipient's choices: bar off stores nothing but pushes once per burst; everything off is silence", async () => {
    const client = await member();
    const quietPush = await member(USER_TYPE.escort);
    const silent = await member(USER_TYPE.escort);
    const prefs = (m: Member, messages: Record<string, boolean>) => call(m.token, "PUT", "/settings/notifications", { messages });
    expect((await prefs(quietPush, { email: false, push: true, bar: false })).status).toBe(200);
    expect((await prefs(silent, { email: false, push: false, bar: false })).status).toBe(200);
    published.length = 0;
    for (const text of ["eins", "zwei", "drei"]) {
      expect((await send(client, quietPush, text)).status).toBe(201);
      expect((await send(client, silent, text)).status).toBe(201);
    }
    await settle();
    expect(await messageNotifications(quietPush)).toHaveLength(0);
    expect(await pushJobs(quietPush.id)).toBe(1);
    expect(await messageNotifications(silent)).toHaveLength(0);
    expect(await pushJobs(silent.id)).toBe(0);
    expect(published.filter((e) => e.event.type === "notification")).toHaveLength(0);
  });

  it("keeps the requests folder and 'no thanks' quiet", async () => {
    const escort = await member(USER_TYPE.escort);
    const client = await member();
    const saved = await call(escort.token, "PUT", "/settings/first_contact_filter", { genders: [2] });
    expect(saved.status).toBe(200);
    const first = await send(client, escort, "Hallo");
    expect(first.status).toBe(201);
    expect((await send(client, escort, "Hallo?")).status).toBe(201);
    expect(await messageNotifications(escort)).toHaveLength(0);
    expect(await pushJobs(escort.id)).toBe(0);
    // Accepted, it is a conversation like any other.
    expect((await action(escort, first.json.data!.thread_id, "accept")).status).toBe(200);
    expect((await send(client, escort, "Danke")).status).toBe(201);
    expect(await messageNotifications(escort)).toHaveLength(1);

    // No thanks ends the conversation without a notification.
    const other = await member();
    expect((await send(other, escort, "Hi")).status).toBe(201);
    const beforeClient = (await messageNotifications(other)).length;
    const noThanks = await call<SendResult>(escort.token, "POST", `/messenger/no-thanks/${other.username}`);
    expect(noThanks.status).toBe(201);
    expect(await messageNotifications(other)).toHaveLength(beforeClient);
  });

  describe("online status", () => {
    const thread = async (viewer: Member, partner: Member) =>
      (await call<ThreadList>(viewer.token, "GET", "/messenger/threads?folder=inbox")).json.data!.items.find(
        (item) => item.partner.username === partner.username || item.partner.username === "",
      );
    const statusIn = async (viewer: Member, partner: Member) => {
      const list = (await thread(viewer, partner))!.partner.online_status;
      const conversation = (await call<Conversation>(viewer.token, "GET", `/messenger/messages/${partner.username}`)).json.data!;
      expect(conversation.partner.online_status, "the list and the conversation agree").toBe(list);
      return list;
    };

    it("comes from live presence: none, available, chatting, unavailable; stored activity is no substitute", async () => {
      const viewer = await member();
      const partner = await member(USER_TYPE.escort);
      expect((await send(viewer, partner)).status).toBe(201);
      expect((await send(partner, viewer)).status).toBe(201);
      // The partner just wrote (last_active_at is now) but holds no socket: none.
      expect(await statusIn(viewer, partner)).toBe(ONLINE_STATUS.none);
      const tab = {};
      rt.deps.presence.socketOpened(partner.id, tab, false);
      try {
        expect(await statusIn(viewer, partner)).toBe(ONLINE_STATUS.available);
        rt.deps.presence.typed(partner.id);
        expect(await statusIn(viewer, partner)).toBe(ONLINE_STATUS.chatting);
        rt.clock.advance(60_000);
        rt.deps.presence.heartbeat(partner.id, tab, "away");
        expect(await statusIn(viewer, partner)).toBe(ONLINE_STATUS.unavailable);
      } finally {
        rt.deps.presence.socketClosed(partner.id, tab);
      }
      expect(await statusIn(viewer, partner)).toBe(ONLINE_STATUS.none);
    });

    it("shows an invisible member as offline, by their socket or by the stored switch", async () => {
      const viewer = await member();
      const hiding = await member(USER_TYPE.escort, { plus: true });
      expect((await send(viewer, hiding)).status).toBe(201);
      const tab = {};
      rt.deps.presence.socketOpened(hiding.id, tab, true);
      try {
        expect(await statusIn(viewer, hiding)).toBe(ONLINE_STATUS.none);
        // Switched invisible after the socket opened (its handshake flag says visible): the stored switch wins.
        rt.deps.presence.socketOpened(hiding.id, tab, false);
        expect(await statusIn(viewer, hiding)).toBe(ONLINE_STATUS.available);
        await rt.deps.db.updateTable("users").set({ invisible_browsing: 1 }).where("id", "=", hiding.id).execute();
        expect(await statusIn(viewer, hiding)).toBe(ONLINE_STATUS.none);
      } finally {
        rt.deps.presence.socketClosed(hiding.id, tab);
      }
    });

    it("is unknown across a block either way and for members who cannot be reached", async () => {
      const viewer = await member(USER_TYPE.client, { plus: true });
      const cases: Array<[string, (m: Member) => Promise<unknown>]> = [
        [
          "blocked by the viewer",
          (m) => rt.deps.db.insertInto("blocks").values({ blocker_id: viewer.id, blocked_id: m.id, created_at: rt.clock.now() }).execute(),
        ],
        [
          "blocked the viewer",
          (m) => rt.deps.db.insertInto("blocks").values({ blocker_id: m.id, blocked_id: viewer.id, created_at: rt.clock.now() }).execute(),
        ],
        ["paused", (m) => rt.deps.db.updateTable("users").set({ status: "paused" }).where("id", "=", m.id).execute()],
        ["banned", (m) => rt.deps.db.updateTable("users").set({ status: "banned" }).where("id", "=", m.id).execute()],
        ["hidden", (m) => rt.deps.db.updateTable("profiles").set({ is_visible: 0 }).where("user_id", "=", m.id).execute()],
      ];
      for (const [name, apply] of cases) {
        const other = await member(USER_TYPE.escort);
        expect((await send(viewer, other)).status, name).toBe(201);
        const tab = {};
        rt.deps.presence.socketOpened(other.id, tab, false);
        try {
          expect(await statusIn(viewer, other), name).toBe(ONLINE_STATUS.available);
          await apply(other);
          expect(await statusIn(viewer, other), name).toBe(ONLINE_STATUS.unknown);
        } finally {
          rt.deps.presence.socketClosed(other.id, tab);
        }
      }
    });
  });
});
