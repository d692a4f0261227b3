import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FRIEND_CANCEL_COOLDOWN_MS,
  FRIEND_OPEN_REQUESTS_MAX,
  FRIEND_RECEIVED_REQUESTS_MAX,
  FRIEND_REJECT_COOLDOWN_MS,
  FRIEND_REQUESTS_PER_DAY,
  FRIENDS_MAX,
  type FriendLinkAnswer,
  type FriendList,
} from "#server/contract/friends";
import { USER_TYPE } from "#server/contract/users";
import type { MediaStorage } from "#server/integrations/storage/index";
import { buildExportArchive } from "#server/modules/privacy/export-archive";
import { addBerlinProfile, createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { unzip } from "../../helpers/zip";
import { deletionLinkToken } from "../../helpers/mail";
import { callJson } from "../../helpers/api-call";

interface Answer<T> {
  data?: T;
  errors?: Array<{ key: string; source?: string }>;
}
type Member = Awaited<ReturnType<typeof createUser>> & { token: string };

/** The archive's JSON files by name. */
async function jsonEntries(bytes: Buffer): Promise<Map<string, unknown>> {
  const entries = await unzip(bytes);
  return new Map(
    [...entries].filter(([name]) => name.endsWith(".json")).map(([name, body]) => [name, JSON.parse(body.toString("utf8")) as unknown]),
  );
}

describe(`friend links (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  async function member(userType: number = USER_TYPE.client): Promise<Member> {
    const user = await createUser(rt, { userType });
    await addBerlinProfile(rt, user.id, user.username);
    return { ...user, token: String((await login(rt, user.username, user.password)).body.access_token) };
  }

  /** Listed members who never sign in (no password hashing: many at once). */
  async function quietMembers(count: number): Promise<Array<{ id: number; username: string }>> {
    const template = await rt.deps.db.selectFrom("users").selectAll().orderBy("id").executeTakeFirstOrThrow();
    const tag = Math.random().toString(36).slice(2, 8);
    const rows = Array.from({ length: count }, (_, i) => {
      const { id: _id, ...rest } = template;
      const username = `quiet_${tag}_${i}`;
      return {
        ...rest,
        username,
        username_key: username,
        email: `${username}@example.test`,
        email_key: `${username}@example.test`,
        status: "active" as const,
      };
    });
    const made: Array<{ id: number; username: string }> = [];
    for (let i = 0; i < rows.length; i += 100) {
      made.push(
        ...(await rt.deps.db
          .insertInto("users")
          .values(rows.slice(i, i + 100))
          .returning(["id", "username"])
          .execute()),
      );
    }
    const now = rt.clock.now();
    for (let i = 0; i < made.length; i += 100) {
      await rt.deps.db
        .insertInto("profiles")
        .values(made.slice(i, i + 100).map((m) => ({ user_id: m.id, display_name: m.username, is_visible: 1, updated_at: now })))
        .execute();
    }
    return made;
  }

  function call<T>(token: string | undefined, method: string, path: string, body?: unknown) {
    return callJson<Answer<T>>(rt, token, method, `/api/v2/friends${path}`, body);
  }
  const request = (from: Member, to: { username: string }) => call<FriendLinkAnswer>(from.token, "POST", `/request/${to.username}`);
  const list = async (who: Member, type = "friends") => (await call<FriendList>(who.token, "GET", `?type=${type}`)).json.data!;
  const link = async (who: Member, other: { username: string }) =>
    (await call<FriendLinkAnswer>(who.token, "GET", `/${other.username}/accepted`)).json.data!;
  const relation = async (who: Member, other: { username: string }) => {
    const response = await rt.request(`/api/v2/profiles/${other.username}/detail`, { token: who.token });
    return ((await response.json()) as Answer<{ relation: { friend: FriendLinkAnswer | null } }>).data?.relation.friend;
  };

  it("runs the whole cycle: request, both sides see it, accept with the key, friends on both sides, unfriend", async () => {
    const anna = await member();
    const ben = await member(USER_TYPE.escort);
    const sent = await request(anna, ben);
    expect(sent.status).toBe(200);
    expect(sent.json.data).toMatchObject({ state: "request_sent", accept_key: null, can_request: false, username: ben.username });
    expect(sent.json.data?.deny_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Again (a double submit): no change, the same keys.
    expect((await request(anna, ben)).json.data).toEqual(sent.json.data);

    const annaSent = await list(anna, "sent");
    expect(annaSent.items.map((item) => [item.username, item.accept_key])).toEqual([[ben.username, null]]);
    expect(annaSent.counts).toEqual({ friends: 0, received: 0, sent: 1 });
    const benReceived = await list(ben, "received");
    expect(benReceived.items).toHaveLength(1);
    const item = benReceived.items[0]!;
    expect(item).toMatchObject({ username: anna.username, display_name: `Name ${anna.username}`, since: rt.clock.now() });
    expect(item.accept_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(item.accept_key).not.toBe(item.deny_key);
    expect(await relation(ben, anna)).toMatchObject({ state: "request_received", link_id: item.link_id, accept_key: item.accept_key });
    expect(await relation(anna, ben)).toMatchObject({ state: "request_sent", accept_key: null, deny_key: item.deny_key });

    const accepted = await call<FriendLinkAnswer>(ben.token, "POST", "/accept", { link_id: item.link_id, key: item.accept_key });
    expect(accepted.status).toBe(200);
    expect(accepted.json.data).toMatchObject({ state: "friends", link_id: item.link_id, accept_key: null, deny_key: null });
    expect((await list(anna)).items.map((i) => i.username)).toEqual([ben.username]);
    expect((await list(ben)).items.map((i) => i.username)).toEqual([anna.username]);
    expect((await list(ben, "received")).total).toBe(0);
    // The keys were for the request: used up.
    expect((await call(ben.token, "POST", "/accept", { link_id: item.link_id, key: item.accept_key })).status).toBe(404);
    expect((await request(anna, ben)).json.errors?.[0]?.key).toBe("exception.friends.already_friends");

    expect((await call(anna.token, "DELETE", `/unfriend/${item.link_id}`)).json.data).toMatchObject({ state: "none", can_request: true });
    expect((await list(ben)).total).toBe(0);
    expect(await link(ben, anna)).toMatchObject({ state: "none", link_id: null });
  });

  it("lets nobody use another member's link or key: wrong member, wrong key kind, wrong key, wrong id all 404", async () => {
    const anna = await member();
    const ben = await member(USER_TYPE.escort);
    const carl = await member();
    await request(anna, ben);
    const item = (await list(ben, "received")).items[0]!;
    const keys = { accept: item.accept_key!, deny: item.deny_key! };
    const attempts: Array<[Member, string, string]> = [
      [carl, "/accept", keys.accept],
      [carl, "/reject", keys.deny],
      [carl, "/cancel", keys.deny],
      // The sender holds no accept key; a leaked one does not work for them.
      [anna, "/accept", keys.accept],
      [anna, "/reject", keys.deny],
      // The receiver rejects, never cancels; and the accept key is no deny key.
      [ben, "/cancel", keys.deny],
      [ben, "/reject", keys.accept],
      [ben, "/accept", keys.deny],
      [ben, "/accept", "A".repeat(43)],
    ];
    for (const [who, path, key] of attempts) {
      const answer = await call(who.token, "POST", path, { link_id: item.link_id, key });
      expect(answer.status, `${who.username} ${path}`).toBe(404);
      expect(answer.json.errors?.[0]?.key).toBe("exception.friends.not_found");
    }
    // Another link's id with this key, an id that does not exist, an impossible key.
    expect((await call(ben.token, "POST", "/accept", { link_id: item.link_id + 1000, key: keys.accept })).status).toBe(404);
    expect((await call(ben.token, "POST", "/accept", { link_id: item.link_id, key: "short" })).status).toBe(400);
    expect((await call(ben.token, "POST", "/accept", { link_id: "1; drop", key: keys.accept })).status).toBe(400);
    expect((await call(ben.token, "POST", "/accept", [1])).status).toBe(400);
    // Carl sees nothing of it anywhere.
    for (const type of ["friends", "received", "sent"]) expect((await list(carl, type)).total).toBe(0);
    expect(await link(carl, anna)).toMatchObject({ state: "none" });
    // Still open for the two of them after all that.
    expect(await link(anna, ben)).toMatchObject({ state: "request_sent" });

    // Friends: only the two of them can unfriend, by their link's id.
    await call(ben.token, "POST", "/accept", { link_id: item.link_id, key: keys.accept });
    expect((await call(carl.token, "DELETE", `/unfriend/${item.link_id}`)).status).toBe(404);
    expect((await call(carl.token, "DELETE", "/unfriend/99999999999")).status).toBe(404);
    expect((await call(carl.token, "DELETE", "/unfriend/abc")).status).toBe(404);
    expect(await link(anna, ben)).toMatchObject({ state: "friends" });
    expect((await call(undefined, "GET", "")).status).toBe(401);
    expect((await call(undefined, "POST", `/request/${ben.username}`)).status).toBe(401);
    expect((await call(anna.token, "GET", "?type=friends&sort=x")).status).toBe(400);
    expect((await call(anna.token, "GET", "?type=enemies")).status).toBe(400);
  });

  it("cancels and rejects with the deny key; the sender waits out the cool-down, the receiver may ask at once", async () => {
    const anna = await member();
    const ben = await member(USER_TYPE.escort);
    await request(anna, ben);
    const sent = (await list(anna, "sent")).items[0]!;
    const cancelled = await call<FriendLinkAnswer>(anna.token, "POST", "/cancel", { link_id: sent.link_id, key: sent.deny_key });
    expect(cancelled.json.data).toMatchObject({ state: "none", can_request: false, request_blocked_reason: "cool_down" });
    expect((await list(ben, "received")).total).toBe(0);
    expect((await request(anna, ben)).json.errors?.[0]?.key).toBe("exception.friends.cool_down");
    rt.clock.advance(FRIEND_CANCEL_COOLDOWN_MS + 1);
    anna.token = String((await login(rt, anna.username, anna.password)).body.access_token);
    ben.token = String((await login(rt, ben.username, ben.password)).body.access_token);
    expect((await request(anna, ben)).status).toBe(200);

    const received = (await list(ben, "received")).items[0]!;
    expect(received.accept_key).not.toBe(sent.deny_key);
    const rejected = await call<FriendLinkAnswer>(ben.token, "POST", "/reject", { link_id: received.link_id, key: received.deny_key });
    expect(rejected.json.data).toMatchObject({ state: "none", can_request: true, request_blocked_reason: null });
    expect(await link(anna, ben)).toMatchObject({ state: "none", can_request: false, request_blocked_reason: "cool_down" });
    expect((await request(anna, ben)).status).toBe(409);
    rt.clock.advance(FRIEND_REJECT_COOLDOWN_MS - 1000);
    anna.token = String((await login(rt, anna.username, anna.password)).body.access_token);
    ben.token = String((await login(rt, ben.username, ben.password)).body.access_token);
    expect((await request(anna, ben)).json.errors?.[0]?.key).toBe("exception.friends.cool_down");
    // The member who rejected may change their mind and ask themselves.
    expect((await request(ben, anna)).json.data).toMatchObject({ state: "request_sent" });
    expect((await request(anna, ben)).json.errors?.[0]?.key).toBe("exception.friends.request_received");
  });

  it("refuses every action both ways across a block, and hides the link while it lasts", async () => {
    const anna = await member();
    const ben = await member(USER_TYPE.escort);
    const carl = await member();
    await request(anna, ben);
    await request(carl, ben);
    const benItems = (await list(ben, "received")).items;
    const fromAnna = benItems.find((i) => i.username === anna.username)!;
    const fromCarl = benItems.find((i) => i.username === carl.username)!;
    await call(ben.token, "POST", "/accept", { link_id: fromCarl.link_id, key: fromCarl.accept_key });
    const annaSent = (await list(anna, "sent")).items[0]!;
    for (const [blocker, blocked] of [
      [anna, ben],
      [ben, anna],
    ] as const) {
      await rt.deps.db
        .insertInto("blocks")
        .values({ blocker_id: blocker.id, blocked_id: blocked.id, created_at: rt.clock.now() })
        .execute();
      expect((await request(anna, ben)).status).toBe(404);
      expect((await request(ben, anna)).status).toBe(404);
      expect((await call(ben.token, "POST", "/accept", { link_id: fromAnna.link_id, key: fromAnna.accept_key })).status).toBe(404);
      expect((await call(ben.token, "POST", "/reject", { link_id: fromAnna.link_id, key: fromAnna.deny_key })).status).toBe(404);
      expect((await call(anna.token, "POST", "/cancel", { link_id: annaSent.link_id, key: annaSent.deny_key })).status).toBe(404);
      expect((await call(anna.token, "GET", `/${ben.username}/accepted`)).status).toBe(404);
      expect((await list(anna, "sent")).total).toBe(0);
      expect((await list(ben, "received")).total).toBe(0);
      await rt.deps.db.deleteFrom("blocks").execute();
    }
    // Friends across a block: no unfriend either, and the friendship is out of sight.
    await rt.deps.db.insertInto("blocks").values({ blocker_id: carl.id, blocked_id: ben.id, created_at: rt.clock.now() }).execute();
    expect((await call(ben.token, "DELETE", `/unfriend/${fromCarl.link_id}`)).status).toBe(404);
    expect((await list(ben)).total).toBe(0);
    await rt.deps.db.deleteFrom("blocks").execute();
    // Lifted: everything is as it was.
    expect((await list(ben)).total).toBe(1);
    expect((await list(ben, "received")).total).toBe(1);
  });

  it("hides banned, paused and deleted members' links and refuses them as targets", async () => {
    const anna = await member();
    const others = await Promise.all([member(USER_TYPE.escort), member(USER_TYPE.escort), member(USER_TYPE.escort)]);
    for (const other of others) await request(anna, other);
    expect((await list(anna, "sent")).total).toBe(3);
    const statuses = ["banned", "paused", "deactivated"] as const;
    for (const [i, status] of statuses.entries()) {
      await rt.deps.db.updateTable("users").set({ status }).where("id", "=", others[i]!.id).execute();
    }
    expect((await list(anna, "sent")).total).toBe(0);
    const fresh = await member(USER_TYPE.escort);
    await rt.deps.db.updateTable("users").set({ status: "paused" }).where("id", "=", fresh.id).execute();
    expect((await request(anna, fresh)).status).toBe(404);
    // A paused member asks nobody: the other could not see the request.
    await rt.deps.db.updateTable("users").set({ status: "paused" }).where("id", "=", anna.id).execute();
    const someone = await member(USER_TYPE.escort);
    expect(await link(anna, someone)).toMatchObject({ state: "none", can_request: false, request_blocked_reason: "own_profile_hidden" });
    const hidden = await request(anna, someone);
    expect(hidden.status).toBe(403);
    expect(hidden.json.errors?.[0]?.key).toBe("exception.friends.own_profile_hidden");
    await rt.deps.db.updateTable("users").set({ status: "active" }).where("id", "=", anna.id).execute();
    expect((await call(anna.token, "POST", "/request/nobody_here")).status).toBe(404);
    const self = await request(anna, anna);
    expect(self.status).toBe(400);
    expect(self.json.errors?.[0]).toMatchObject({ key: "exception.friends.self", source: "username" });
  });

  it("keeps the open-request limit under parallel posts", async () => {
    const anna = await member();
    const targets = await quietMembers(FRIEND_OPEN_REQUESTS_MAX + 3);
    const now = rt.clock.now();
    // All but two open already (as rows: the daily limit is its own test).
    await rt.deps.db
      .insertInto("friend_links")
      .values(
        targets.slice(0, FRIEND_OPEN_REQUESTS_MAX - 2).map((t) => ({
          sender_id: anna.id,
          receiver_id: t.id,
          pair_key: anna.id < t.id ? `${anna.id}:${t.id}` : `${t.id}:${anna.id}`,
          status: "pending" as const,
          accept_key: "a".repeat(43),
          deny_key: "d".repeat(43),
          requested_at: now,
          answered_at: null,
        })),
      )
      .execute();
    const answers = await Promise.all(targets.slice(FRIEND_OPEN_REQUESTS_MAX - 2).map((t) => request(anna, t)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 409, 409, 409]);
    expect(answers.filter((a) => a.status === 409).map((a) => a.json.errors?.[0]?.key)).toEqual(
      Array(3).fill(`exception.friends.open_limit?max=${FRIEND_OPEN_REQUESTS_MAX}`),
    );
    expect((await list(anna, "sent")).total).toBe(FRIEND_OPEN_REQUESTS_MAX);
  });

  it("keeps the friend limit when two requests are accepted at once, and one link per pair when both ask at once", async () => {
    const ben = await member(USER_TYPE.escort);
    const friends = await quietMembers(FRIENDS_MAX - 1);
    const now = rt.clock.now();
    const rows = friends.map((f) => ({
      sender_id: f.id,
      receiver_id: ben.id,
      pair_key: f.id < ben.id ? `${f.id}:${ben.id}` : `${ben.id}:${f.id}`,
      status: "accepted" as const,
      accept_key: null,
      deny_key: null,
      requested_at: now,
      answered_at: now,
    }));
    for (let i = 0; i < rows.length; i += 100)
      await rt.deps.db
        .insertInto("friend_links")
        .values(rows.slice(i, i + 100))
        .execute();
    const anna = await member();
    const carl = await member();
    await request(anna, ben);
    await request(carl, ben);
    const items = (await list(ben, "received")).items;
    expect(items).toHaveLength(2);
    const answers = await Promise.all(
      items.map((item) => call(ben.token, "POST", "/accept", { link_id: item.link_id, key: item.accept_key })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await list(ben)).total).toBe(FRIENDS_MAX);

    const dora = await member();
    const emil = await member();
    const both = await Promise.all([request(dora, emil), request(emil, dora), request(dora, emil)]);
    const links = await rt.deps.db
      .selectFrom("friend_links")
      .select(["sender_id", "status"])
      .where((eb) => eb.or([eb("sender_id", "=", dora.id), eb("receiver_id", "=", dora.id)]))
      .execute();
    expect(links).toHaveLength(1);
    expect(links[0]!.status).toBe("pending");
    // Whoever came first asked; the other's request is refused, the first asker's second one changes nothing.
    const doraFirst = links[0]!.sender_id === dora.id;
    expect(both.map((a) => a.status)).toEqual(doraFirst ? [200, 409, 200] : [409, 200, 409]);
    for (const refused of both.filter((a) => a.status === 409)) {
      expect(refused.json.errors?.[0]?.key).toBe("exception.friends.request_received");
    }
  });

  it("counts links to hidden and blocked members against the limits (only the lists leave them out)", async () => {
    const now = rt.clock.now();
    async function links(rows: Array<{ from: number; to: number; status: "pending" | "accepted" }>) {
      const values = rows.map(({ from, to, status }) => ({
        sender_id: from,
        receiver_id: to,
        pair_key: from < to ? `${from}:${to}` : `${to}:${from}`,
        status,
        accept_key: status === "pending" ? "a".repeat(43) : null,
        deny_key: status === "pending" ? "d".repeat(43) : null,
        requested_at: now,
        answered_at: status === "pending" ? null : now,
      }));
      for (let i = 0; i < values.length; i += 100)
        await rt.deps.db
          .insertInto("friend_links")
          .values(values.slice(i, i + 100))
          .execute();
    }
    const refusal = async (from: Member, to: { username: string }) => {
      const answer = await request(from, to);
      return [answer.status, answer.json.errors?.[0]?.key];
    };

    // Open requests: all but one to listed members, the last one to a member who paused since.
    const anna = await member();
    const open = await quietMembers(FRIEND_OPEN_REQUESTS_MAX + 1);
    await links(open.slice(0, FRIEND_OPEN_REQUESTS_MAX).map((t) => ({ from: anna.id, to: t.id, status: "pending" })));
    await rt.deps.db.updateTable("users").set({ status: "paused" }).where("id", "=", open[0]!.id).execute();
    expect((await list(anna, "sent")).total).toBe(FRIEND_OPEN_REQUESTS_MAX - 1);
    expect(await refusal(anna, open[FRIEND_OPEN_REQUESTS_MAX]!)).toEqual([
      409,
      `exception.friends.open_limit?max=${FRIEND_OPEN_REQUESTS_MAX}`,
    ]);

    // Friends: one of them blocked by the member since.
    const ben = await member();
    const friends = await quietMembers(FRIENDS_MAX);
    await links(friends.map((f) => ({ from: f.id, to: ben.id, status: "accepted" })));
    await rt.deps.db.insertInto("blocks").values({ blocker_id: ben.id, blocked_id: friends[0]!.id, created_at: now }).execute();
    expect((await list(ben)).total).toBe(FRIENDS_MAX - 1);
    const carl = await member(USER_TYPE.escort);
    expect(await refusal(ben, carl)).toEqual([409, `exception.friends.friends_limit?max=${FRIENDS_MAX}`]);
    expect(await refusal(carl, ben)).toEqual([409, "exception.friends.other_friends_limit"]);

    // Received requests: one of the senders banned since.
    const dora = await member(USER_TYPE.escort);
    const senders = await quietMembers(FRIEND_RECEIVED_REQUESTS_MAX);
    await links(senders.map((f) => ({ from: f.id, to: dora.id, status: "pending" })));
    await rt.deps.db.updateTable("users").set({ status: "banned" }).where("id", "=", senders[0]!.id).execute();
    expect((await list(dora, "received")).total).toBe(FRIEND_RECEIVED_REQUESTS_MAX - 1);
    expect(await refusal(carl, dora)).toEqual([409, "exception.friends.receiver_full"]);
  });

  it(`allows ${FRIEND_REQUESTS_PER_DAY} new requests a day`, async () => {
    const anna = await member();
    const targets = await quietMembers(FRIEND_REQUESTS_PER_DAY + 1);
    for (const target of targets.slice(0, FRIEND_REQUESTS_PER_DAY)) expect((await request(anna, target)).status).toBe(200);
    const over = await request(anna, targets.at(-1)!);
    expect(over.status).toBe(429);
    expect(over.json.errors?.[0]?.key).toBe(`exception.friends.daily_limit?max=${FRIEND_REQUESTS_PER_DAY}`);
  });

  it("account deletion removes the member's links both ways and the notes by and about them", async () => {
    const anna = await member();
    const ben = await member(USER_TYPE.escort);
    const carl = await member();
    await request(anna, ben);
    await request(carl, anna);
    await rt.deps.db.updateTable("users").set({ is_member: 1 }).where("id", "in", [anna.id, carl.id]).execute();
    for (const [who, about] of [
      [anna, ben],
      [carl, anna],
    ] as const) {
      const put = await rt.request(`/api/v2/profiles/${about.username}/notes`, {
        method: "PUT",
        token: who.token,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ text: "Notiz" }),
      });
      expect(put.status).toBe(200);
    }
    const user = (path: string, body: unknown, token?: string) =>
      rt.request(`/api/v2/user/${path}`, {
        method: "POST",
        token,
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await user("delete", { current_password: anna.password }, anna.token)).status).toBe(202);
    const token = await deletionLinkToken(rt, anna.email);
    expect((await user("delete/confirm", { token })).status).toBe(200);
    const links = await rt.deps.db
      .selectFrom("friend_links")
      .select("id")
      .where((eb) => eb.or([eb("sender_id", "=", anna.id), eb("receiver_id", "=", anna.id)]))
      .execute();
    expect(links).toEqual([]);
    const notes = await rt.deps.db
      .selectFrom("profile_notes")
      .select("text")
      .where((eb) => eb.or([eb("author_id", "=", anna.id), eb("subject_id", "=", anna.id)]))
      .execute();
    expect(notes).toEqual([]);
    expect((await list(ben, "received")).total).toBe(0);
    expect((await list(carl, "sent")).total).toBe(0);
  });

  it("exports the member's links without keys, and their own notes but not the notes about them", async () => {
    const anna = await member();
    const ben = await member(USER_TYPE.escort);
    await request(anna, ben);
    const now = rt.clock.now();
    await rt.deps.db
      .insertInto("profile_notes")
      .values([
        { author_id: anna.id, subject_id: ben.id, text: "Annas Notiz", created_at: now, updated_at: now },
        { author_id: ben.id, subject_id: anna.id, text: "Bens Notiz über Anna", created_at: now, updated_at: now },
      ])
      .execute();
    const zip = await buildExportArchive(rt.deps.db, {} as MediaStorage, { userId: anna.id, readme: "x", now });
    const entries = await jsonEntries(zip);
    expect(entries.get("friend-links.json")).toEqual({
      links: [{ other: ben.username, direction: "sent", status: "pending", requested_at: now, answered_at: null }],
    });
    expect(entries.get("notes.json")).toEqual({
      notes: [{ profile: ben.username, text: "Annas Notiz", created_at: now, updated_at: now }],
    });
    expect(JSON.stringify([...entries.values()])).not.toMatch(/accept_key|deny_key|Bens Notiz/);
  });
});
