import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAVORITES_LIMIT, type FavoriteChange, type UserList } from "#server/contract/favorites";
import { USER_TYPE } from "#server/contract/users";
import { addBerlinProfile, createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface Answer<T> {
  data?: T;
  errors?: Array<{ key: string; source?: string }>;
}

const DAY = 24 * 60 * 60 * 1000;

describe(`favorites and visitors (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  /** A listed member in Berlin, signed in; plus when asked. */
  async function member(userType: number = USER_TYPE.escort, plus = false) {
    const user = await createUser(rt, { userType });
    await addBerlinProfile(rt, user.id, user.username);
    if (plus) await rt.deps.db.updateTable("users").set({ is_member: 1, member_until: null }).where("id", "=", user.id).execute();
    return { ...user, token: await signIn(user) };
  }

  async function signIn(user: { username: string; password: string }): Promise<string> {
    return String((await login(rt, user.username, user.password)).body.access_token);
  }

  async function call<T>(token: string | undefined, method: string, path: string) {
    const response = await rt.request(`/api/v2${path}`, { method, token });
    return { status: response.status, json: (await response.json()) as Answer<T> };
  }
  const favorite = (token: string, username: string) => call<FavoriteChange>(token, "POST", `/favorites/${username}`);
  const unfavorite = (token: string, username: string) => call<FavoriteChange>(token, "DELETE", `/favorites/${username}`);
  const list = (token: string, group: "favorites" | "visitors", query: string) => call<UserList>(token, "GET", `/${group}?${query}`);
  const names = async (token: string, group: "favorites" | "visitors", query: string) =>
    (await list(token, group, query)).json.data?.items.map((item) => item.username);
  const visit = async (username: string, token: string) =>
    (await rt.request(`/api/v2/profiles/${username}/detail`, { token, headers: { "user-agent": "Mozilla/5.0 test" } })).status;

  it("adds and removes by username, idempotently, and lists whom I keep with filters and facets", async () => {
    const client = await member(USER_TYPE.client);
    const anna = await member();
    const bella = await member();
    await rt.deps.db.updateTable("profiles").set({ safe_sex_status: 1, city_id: 4242 }).where("user_id", "=", bella.id).execute();
    await rt.deps.db.insertInto("profile_traits").values({ user_id: bella.id, group_key: "figure_type", option_id: 2 }).execute();

    const added = await favorite(client.token, anna.username.toUpperCase());
    expect(added.status).toBe(200);
    expect(added.json.data).toEqual({ username: anna.username, is_favorite: true, total: 1, limit: FAVORITES_LIMIT });
    expect((await favorite(client.token, anna.username)).json.data?.total).toBe(1);
    rt.clock.advance(1000);
    await favorite(client.token, bella.username);

    const all = await list(client.token, "favorites", "type=1");
    expect(all.status).toBe(200);
    expect(all.json.data?.items.map((i) => i.username)).toEqual([bella.username, anna.username]);
    expect(all.json.data).toMatchObject({ total: 2, locked: false, page_no: 1, page_size: 12, limit: FAVORITES_LIMIT });
    expect(all.json.data?.facets.figure_type).toEqual([{ key: 2, count: 1 }]);
    expect(all.json.data?.cities).toEqual([{ id: 4242, name: "Berlin" }]);

    expect(await names(client.token, "favorites", "type=1&only_show_type=safe_sex_status")).toEqual([bella.username]);
    expect(await names(client.token, "favorites", "type=1&figure_type=2")).toEqual([bella.username]);
    expect(await names(client.token, "favorites", "type=1&city=4242")).toEqual([bella.username]);
    expect(await names(client.token, "favorites", "type=1&user_type=1")).toEqual([]);
    // Born 1990-01-15 (test helper): 26-35 at the test clock's time in 2026 (age 36 from mid-January).
    const age = (await list(client.token, "favorites", "type=1")).json.data?.items[0]?.age ?? 0;
    const bucket = age <= 35 ? "26-35" : "36-45";
    expect(await names(client.token, "favorites", `type=1&age=${bucket}`)).toHaveLength(2);
    expect(await names(client.token, "favorites", "type=1&age=18-25&age=45%2B")).toEqual([]);
    expect(await names(client.token, "favorites", "type=1&page_size=1&page_no=2")).toEqual([anna.username]);

    const removed = await unfavorite(client.token, anna.username);
    expect(removed.json.data).toMatchObject({ is_favorite: false, total: 1 });
    expect((await unfavorite(client.token, anna.username)).status).toBe(200);
    expect(await names(client.token, "favorites", "type=1")).toEqual([bella.username]);

    // The profile's relation says so (GET detail).
    const detail = await rt.request(`/api/v2/profiles/${bella.username}/detail`, { token: client.token });
    expect(((await detail.json()) as { data: { relation: { favorite: unknown } } }).data.relation.favorite).toEqual({ is_favorite: true });
  });

  it("refuses oneself, unknown, unlisted and staff; bad queries are 400; guests 401", async () => {
    const client = await member(USER_TYPE.client);
    const self = await favorite(client.token, client.username);
    expect(self.status).toBe(400);
    expect(self.json.errors?.[0]).toMatchObject({ key: "exception.favorites.self", source: "username" });
    expect((await favorite(client.token, "nobody_by_that_name")).status).toBe(404);
    for (const status of ["banned", "deleted", "paused", "deactivated", "claimable"] as const) {
      const gone = await member();
      await rt.deps.db.updateTable("users").set({ status }).where("id", "=", gone.id).execute();
      expect((await favorite(client.token, gone.username)).status, status).toBe(404);
    }
    const staff = await createUser(rt, { userType: USER_TYPE.team });
    const staffToken = String((await login(rt, staff.username, staff.password)).body.access_token);
    const escort = await member();
    expect((await favorite(staffToken, escort.username)).status).toBe(403);
    for (const query of [
      "",
      "type=3",
      "type=1&user_id=1",
      "type=1&gender=99",
      "type=1&age=10-20",
      "type=1&page_no=0",
      "type=1&page_size=500",
      "type=1&city=x",
    ]) {
      expect((await list(client.token, "favorites", query)).status, query).toBe(400);
      expect((await list(client.token, "visitors", query)).status, query).toBe(400);
    }
    expect((await call(undefined, "GET", "/favorites?type=1")).status).toBe(401);
    expect((await call(undefined, "POST", `/favorites/${escort.username}`)).status).toBe(401);
  });

  it("two members: nobody reads or changes another's favorites; type 2 is plus only, with the count for others", async () => {
    const alice = await member(USER_TYPE.client);
    const bob = await member(USER_TYPE.client, true);
    const escort = await member();
    const plusEscort = await member(USER_TYPE.escort, true);
    await favorite(alice.token, escort.username);
    await favorite(alice.token, plusEscort.username);
    await favorite(bob.token, plusEscort.username);
    // Each list is the caller's own: bob sees his one favorite, not alice's.
    expect(await names(bob.token, "favorites", "type=1")).toEqual([plusEscort.username]);
    // Removing a profile bob does not keep changes nothing of alice's.
    await unfavorite(bob.token, escort.username);
    expect(await names(alice.token, "favorites", "type=1")).toHaveLength(2);
    // Who keeps me: without plus the count only; with plus the members.
    const locked = await list(escort.token, "favorites", "type=2");
    expect(locked.json.data).toMatchObject({ locked: true, total: 1, items: [] });
    const open = await list(plusEscort.token, "favorites", "type=2");
    expect(open.json.data?.locked).toBe(false);
    expect(open.json.data?.items.map((i) => i.username).sort()).toEqual([alice.username, bob.username].sort());
    // A lapsed membership locks the list again.
    await rt.deps.db
      .updateTable("users")
      .set({ member_until: rt.clock.now() - 1 })
      .where("id", "=", plusEscort.id)
      .execute();
    expect((await list(plusEscort.token, "favorites", "type=2")).json.data).toMatchObject({ locked: true, total: 2 });
  });

  it("blocked pairs: refused both ways and gone from each other's lists; paused profiles drop out", async () => {
    const client = await member(USER_TYPE.client, true);
    const escort = await member(USER_TYPE.escort, true);
    const other = await member();
    await favorite(client.token, escort.username);
    await favorite(escort.token, client.username);
    await favorite(client.token, other.username);
    expect(await visit(escort.username, client.token)).toBe(200);
    await call(client.token, "POST", `/block/${escort.username}`);
    expect((await favorite(client.token, escort.username)).status).toBe(404);
    expect((await favorite(escort.token, client.username)).status).toBe(404);
    expect((await unfavorite(escort.token, client.username)).status).toBe(404);
    expect(await names(client.token, "favorites", "type=1")).toEqual([other.username]);
    expect(await names(escort.token, "favorites", "type=1")).toEqual([]);
    expect(await names(escort.token, "favorites", "type=2")).toEqual([]);
    expect(await names(escort.token, "visitors", "type=1")).toEqual([]);
    expect(await names(client.token, "visitors", "type=2")).toEqual([]);
    // Lifting the block brings them back.
    await call(client.token, "DELETE", `/block/${escort.username}`);
    expect(await names(escort.token, "visitors", "type=1")).toEqual([client.username]);
    // A paused profile drops out of lists (and comes back when it returns).
    await rt.deps.db.updateTable("users").set({ status: "paused" }).where("id", "=", other.id).execute();
    expect(await names(client.token, "favorites", "type=1")).toEqual([escort.username]);
    await rt.deps.db.updateTable("users").set({ status: "active" }).where("id", "=", other.id).execute();
    expect(await names(client.token, "favorites", "type=1")).toHaveLength(2);
  });

  it("records a visit once per member, profile and day; none from guests, the owner, staff or invisible plus members", async () => {
    const owner = await member(USER_TYPE.escort, true);
    const client = await member(USER_TYPE.client);
    const invisible = await member(USER_TYPE.client, true);
    await rt.deps.db.updateTable("users").set({ invisible_browsing: 1 }).where("id", "=", invisible.id).execute();
    const staff = await createUser(rt, { userType: USER_TYPE.team });
    const staffToken = String((await login(rt, staff.username, staff.password)).body.access_token);

    await visit(owner.username, client.token);
    await visit(owner.username, client.token);
    await visit(owner.username, invisible.token);
    await visit(owner.username, staffToken);
    await visit(owner.username, owner.token);
    await visit(owner.username, undefined as unknown as string);
    const seen = await list(owner.token, "visitors", "type=1");
    expect(seen.json.data?.items.map((i) => [i.username, i.visit_days])).toEqual([[client.username, 1]]);
    // Whom I looked at: free for everyone.
    expect(await names(client.token, "visitors", "type=2")).toEqual([owner.username]);
    expect(await names(invisible.token, "visitors", "type=2")).toEqual([]);
    // The next day counts again; the counter follows (sessions last 24 hours: sign in again).
    rt.clock.advance(DAY);
    for (const m of [owner, client, invisible]) m.token = await signIn(m);
    await visit(owner.username, client.token);
    expect((await list(owner.token, "visitors", "type=1")).json.data?.items[0]?.visit_days).toBe(2);
    const counters = await rt.deps.db.selectFrom("profile_counters").selectAll().where("user_id", "=", owner.id).executeTakeFirst();
    expect(counters?.visits).toBe(2);
    // A lapsed membership makes the switch ineffective: the visit is recorded.
    await rt.deps.db
      .updateTable("users")
      .set({ member_until: rt.clock.now() - 1 })
      .where("id", "=", invisible.id)
      .execute();
    await visit(owner.username, invisible.token);
    expect((await list(owner.token, "visitors", "type=1")).json.data?.items).toHaveLength(2);
    // Without plus the owner sees only how many.
    const plain = await member();
    await visit(plain.username, client.token);
    expect((await list(plain.token, "visitors", "type=1")).json.data).toMatchObject({ locked: true, total: 1, items: [] });
    // Visits older than the retention drop out.
    rt.clock.advance(91 * DAY);
    owner.token = await signIn(owner);
    expect((await list(owner.token, "visitors", "type=1")).json.data?.total).toBe(0);
  });

  it("concurrent posts: one favorite per pair, the limit holds, and concurrent visits count once", async () => {
    const client = await member(USER_TYPE.client);
    const escort = await member();
    const answers = await Promise.all(Array.from({ length: 6 }, () => favorite(client.token, escort.username)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const rows = await rt.deps.db.selectFrom("favorites").selectAll().where("user_id", "=", client.id).execute();
    expect(rows).toHaveLength(1);
    const counter = await rt.deps.db.selectFrom("profile_counters").selectAll().where("user_id", "=", escort.id).executeTakeFirst();
    expect(counter?.favorites).toBe(1);

    // The limit: fill up to one below it directly, then race three new favorites — only one gets in.
    const filler = await Promise.all(Array.from({ length: 3 }, () => member()));
    // Accounts to keep, written directly (signing up a thousand members through the API would take minutes).
    const needed = FAVORITES_LIMIT - 2;
    const now = rt.clock.now();
    const stamp = `${now}${Math.floor(Math.random() * 1e6)}`;
    const kept = await rt.deps.db
      .insertInto("users")
      .values(
        Array.from({ length: needed }, (_, i) => ({
          username: `kept_${stamp}_${i}`,
          username_key: `kept_${stamp}_${i}`,
          email: `kept_${stamp}_${i}@example.test`,
          email_key: `kept_${stamp}_${i}@example.test`,
          password_hash: "x",
          user_type: USER_TYPE.escort,
          language: "de",
          register_completed_step: 10,
          status: "active" as const,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning("id")
      .execute();
    await rt.deps.db
      .insertInto("favorites")
      .values(kept.map(({ id }) => ({ user_id: client.id, target_id: id, created_at: now, created_day: "2000-01-01" })))
      .execute();
    const raced = await Promise.all(filler.map((f) => favorite(client.token, f.username)));
    expect(raced.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect(raced.find((a) => a.status === 409)?.json.errors?.[0]?.key).toBe("exception.favorites.limit_reached");
    const total = await rt.deps.db
      .selectFrom("favorites")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("user_id", "=", client.id)
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(FAVORITES_LIMIT);

    const viewer = await member(USER_TYPE.client);
    await Promise.all(Array.from({ length: 5 }, () => visit(escort.username, viewer.token)));
    const visits = await rt.deps.db.selectFrom("profile_visits").selectAll().where("owner_id", "=", escort.id).execute();
    expect(visits.map((v) => v.visit_days)).toEqual([1]);
  });
  it("feeds the dashboard: favorites still kept, per Berlin day of adding; the counter follows", async () => {
    const escort = await member();
    const a = await member(USER_TYPE.client);
    const b = await member(USER_TYPE.client);
    await favorite(a.token, escort.username);
    await favorite(b.token, escort.username);
    const charts = async () =>
      (
        (await (await rt.request("/api/v2/dashboard/charts?range=7", { token: escort.token })).json()) as {
          data: { series: { favorites: number[] }; totals: { favorites: number }; tracked: string[] };
        }
      ).data;
    const first = await charts();
    expect(first.tracked).toContain("favorites");
    expect(first.series.favorites.at(-1)).toBe(2);
    expect(first.totals.favorites).toBe(2);
    // Taken back: it leaves the chart (no inflation by adding again), and the counter for search.
    await unfavorite(b.token, escort.username);
    await favorite(a.token, escort.username);
    expect((await charts()).totals.favorites).toBe(1);
    const counter = await rt.deps.db.selectFrom("profile_counters").selectAll().where("user_id", "=", escort.id).executeTakeFirst();
    expect(counter?.favorites).toBe(1);
  });
});
