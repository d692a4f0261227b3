/**
 * The thread list's page in one statement (ADR 178): each entry's partner, state and avatar as the conversation
 * itself answers them (its own reads: the pair, the blocks, avatarsOf), for every state a partner can be in, as a
 * basic and as a plus viewer (other media levels, another statement); a change of the data shows on the next list
 * (nothing is kept); and the statements are the same texts whatever the number of partners on the page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Conversation, SendResult, ThreadList, ThreadSummary } from "#server/contract/messenger";
import { USER_TYPE } from "#server/contract/users";
import { TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { callJson } from "../../helpers/api-call";
import { createMessengerRuntime, listedMember } from "./fixtures";

type Member = Awaited<ReturnType<typeof listedMember>>;

describe(`messenger thread list (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let close: () => Promise<void>;
  let recording: string[] | null = null;
  beforeAll(async () => {
    ({ rt, close } = await createMessengerRuntime({ onQuery: (sql) => recording?.push(sql) }));
  });
  afterAll(() => close());

  function call<T>(token: string, method: string, path: string) {
    return callJson<{ data?: T }>(rt, token, method, `/api/v2/messenger${path}`);
  }
  const threads = async (viewer: Member) => (await call<ThreadList>(viewer.token, "GET", "/threads?folder=inbox")).json.data!;
  /** The thread of a pair, by "viewer:other" ids. */
  const threadIds = new Map<string, number>();
  const entryWith = (list: ThreadList, viewer: Member, other: Member): ThreadSummary | undefined =>
    list.items.find((item) => item.thread_id === threadIds.get(`${viewer.id}:${other.id}`));

  async function write(from: Member, to: Member) {
    const sent = await callJson<{ data?: SendResult }>(rt, from.token, "POST", `/api/v2/messenger/send/${to.username}`, { body: "Hallo" });
    expect(sent.status).toBe(201);
    threadIds.set(`${from.id}:${to.id}`, sent.json.data!.thread_id);
    threadIds.set(`${to.id}:${from.id}`, sent.json.data!.thread_id);
  }

  let avatarCounter = 0;
  async function avatar(owner: Member, visibility: string, position: number) {
    avatarCounter += 1;
    await rt.deps.db
      .insertInto("media")
      .values({
        user_id: owner.id,
        kind: "photo",
        visibility,
        status: 1,
        storage_key: `k${avatarCounter}`,
        mime_type: "image/jpeg",
        width: 800,
        height: 1000,
        bytes: 1,
        position,
        is_avatar: 1,
        created_at: rt.clock.now(),
        public_id: `threadavatar${avatarCounter}`,
        variant_widths: "320,640",
      } as never)
      .execute();
  }

  /** Each entry as the conversation with that partner answers its partner and state. */
  async function expectAsConversations(viewer: Member, others: Member[]) {
    const list = await threads(viewer);
    for (const other of others) {
      const entry = entryWith(list, viewer, other);
      expect(entry, other.username).toBeDefined();
      const seen = (await call<Conversation>(viewer.token, "GET", `/messages/${other.username}`)).json.data!;
      expect({ state: entry!.state, partner: entry!.partner }, other.username).toEqual({ state: seen.state, partner: seen.partner });
    }
    return list;
  }

  it("shows each partner, state and avatar as the conversation does, for a basic and a plus viewer", { timeout: 60_000 }, async () => {
    const plus = await listedMember(rt, USER_TYPE.client, { plus: true });
    const basic = await listedMember(rt, USER_TYPE.client);
    const pictured = await listedMember(rt, USER_TYPE.escort);
    // Two avatars: the plus members' one first by position, the public one after it.
    await avatar(pictured, "plus_member", 0);
    await avatar(pictured, "public", 1);
    const iBlocked = await listedMember(rt, USER_TYPE.escort);
    const blockedMe = await listedMember(rt, USER_TYPE.escort);
    const saidNo = await listedMember(rt, USER_TYPE.escort);
    const paused = await listedMember(rt, USER_TYPE.escort);
    await avatar(paused, "public", 0);
    const support = await listedMember(rt, USER_TYPE.escort);
    for (const other of [pictured, iBlocked, blockedMe, saidNo, paused, support]) await write(plus, other);
    await write(basic, pictured);

    const blockOf = (from: Member, to: Member) =>
      rt.deps.db.insertInto("blocks").values({ blocker_id: from.id, blocked_id: to.id, created_at: rt.clock.now() }).execute();
    await blockOf(plus, iBlocked);
    await blockOf(blockedMe, plus);
    expect((await callJson(rt, saidNo.token, "POST", `/api/v2/messenger/no-thanks/${plus.username}`)).status).toBe(201);
    await rt.deps.db.updateTable("users").set({ status: "paused" }).where("id", "=", paused.id).execute();
    await rt.deps.db.updateTable("users").set({ user_type: USER_TYPE.team }).where("id", "=", support.id).execute();

    const list = await expectAsConversations(plus, [pictured, iBlocked, blockedMe, saidNo, paused, support]);
    expect(list.items.map((item) => item.state).sort()).toEqual(
      ["blocked_by_user", "blocked_user", "no_thanks", "normal", "support", "user_paused"].sort(),
    );
    // The plus member sees the plus avatar (first by position); the basic member the public one.
    expect(entryWith(list, plus, pictured)!.partner.avatar!.path).toContain("threadavatar1");
    const basicList = await expectAsConversations(basic, [pictured]);
    expect(entryWith(basicList, basic, pictured)!.partner.avatar!.path).toContain("threadavatar2");
    // Where the conversation is not theirs to have, no avatar and no presence.
    expect(entryWith(list, plus, paused)!.partner).toMatchObject({ avatar: null, user_id: null, online_status: 5 });

    // A deleted partner keeps the thread without a name (the conversation answers 404 there).
    await rt.deps.db.updateTable("users").set({ status: "deleted" }).where("id", "=", pictured.id).execute();
    const afterDelete = entryWith(await threads(plus), plus, pictured)!;
    expect(afterDelete.state).toBe("deleted");
    expect(afterDelete.partner).toMatchObject({ username: "", display_name: "", user_id: null, avatar: null });
  });

  it("shows a change of the data on the next list: a block lifted, an avatar gone", async () => {
    const me = await listedMember(rt, USER_TYPE.client, { plus: true });
    const other = await listedMember(rt, USER_TYPE.escort);
    await avatar(other, "public", 0);
    await write(me, other);
    expect(entryWith(await threads(me), me, other)!.partner.avatar).not.toBeNull();
    await rt.deps.db.insertInto("blocks").values({ blocker_id: me.id, blocked_id: other.id, created_at: rt.clock.now() }).execute();
    expect(entryWith(await threads(me), me, other)!.state).toBe("blocked_user");
    await rt.deps.db.deleteFrom("blocks").where("blocker_id", "=", me.id).execute();
    await rt.deps.db.updateTable("media").set({ status: 2 }).where("user_id", "=", other.id).execute();
    const entry = entryWith(await threads(me), me, other)!;
    expect(entry.state).toBe("normal");
    expect(entry.partner.avatar).toBeNull();
  });

  it("reads a page in the same statements whatever the number of partners on it", async () => {
    const statementsOf = async (viewer: Member) => {
      recording = [];
      try {
        expect((await call<ThreadList>(viewer.token, "GET", "/threads?folder=inbox")).status).toBe(200);
        return recording;
      } finally {
        recording = null;
      }
    };
    const one = await listedMember(rt, USER_TYPE.client, { plus: true });
    const three = await listedMember(rt, USER_TYPE.client, { plus: true });
    const escorts = [
      await listedMember(rt, USER_TYPE.escort),
      await listedMember(rt, USER_TYPE.escort),
      await listedMember(rt, USER_TYPE.escort),
    ];
    await write(one, escorts[0]!);
    for (const escort of escorts) await write(three, escort);
    await statementsOf(one);
    await statementsOf(three);
    rt.clock.advance(2 * 60_000);
    const withOne = await statementsOf(one);
    rt.clock.advance(2 * 60_000);
    const withThree = await statementsOf(three);
    expect((await threads(three)).items).toHaveLength(3);
    expect(withThree).toEqual(withOne);
    // The token check, the activity write, the viewer's row, the page with its partners, the folder counts.
    expect(withThree.length).toBeLessThanOrEqual(5);
  });
});
