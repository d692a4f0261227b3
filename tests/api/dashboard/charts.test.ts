/**
 * Dashboard charts (issue 10 item 1, ADR 033): profile views are counted per profile and Berlin calendar
 * day, one per viewer and day; guests are told apart by a hash of address and browser that is kept only
 * for the day; the series are the caller's own, and nobody can ask for anybody else's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardCharts } from "#server/contract/dashboard";
import { USER_TYPE } from "#server/contract/users";
import { freshIp } from "../../helpers/auth";
import { addBerlinProfile, createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { callJson } from "../../helpers/api-call";
import { rollupActivity } from "#server/modules/activity/index";
import { plusMember } from "../messenger/fixtures";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const OTHER_BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Version/18.0 Mobile Safari/604.1";
const DAY = 24 * 60 * 60 * 1000;

describe(`dashboard charts (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  async function member(userType: number, withProfile = true) {
    const user = await createUser(rt, { userType });
    if (withProfile) await addBerlinProfile(rt, user.id, user.username);
    const { body } = await login(rt, user.username, user.password, freshIp());
    return { ...user, token: String(body.access_token) };
  }

  async function view(username: string, options: { token?: string; ip?: string; ua?: string | null } = {}) {
    const headers: Record<string, string> = {};
    if (options.ua !== null) headers["user-agent"] = options.ua ?? BROWSER;
    const response = await rt.request(`/api/v2/profiles/${username}/detail`, { token: options.token, ip: options.ip, headers });
    expect(response.status).toBe(200);
  }

  /** The numbers come from the activity rollup (ADR 132), which the job runs every few minutes: run it first. */
  async function charts(token: string | undefined, query = "") {
    await rollupActivity(rt.deps);
    const response = await rt.request(`/api/v2/dashboard/charts${query}`, { token });
    const body = (await response.json()) as { data: DashboardCharts; errors?: Array<{ key: string; source?: string }> };
    return { status: response.status, body };
  }

  /** Sessions end after 24 hours (ADR 016): a test that moves the clock by days signs in again. */
  async function fresh(user: { username: string; password: string; token: string }) {
    const { body } = await login(rt, user.username, user.password, freshIp());
    user.token = String(body.access_token);
  }

  const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Berlin" }).format(rt.clock.now());

  it("counts each viewer once per day: members by account, guests by address and browser; not the owner, staff or crawlers", async () => {
    const escort = await member(USER_TYPE.escort);
    const client = await member(USER_TYPE.client);
    const team = await member(USER_TYPE.team, false);

    await view(escort.username, { token: client.token });
    await view(escort.username, { token: client.token }); // a reload
    await view(escort.username, { token: client.token, ip: freshIp() }); // the same member elsewhere
    await view(escort.username, { ip: "192.0.2.7" }); // a guest
    await view(escort.username, { ip: "192.0.2.7" }); // the same guest again
    await view(escort.username, { ip: "192.0.2.7", ua: OTHER_BROWSER }); // another person behind the same address
    await view(escort.username, { token: escort.token }); // the owner
    await view(escort.username, { token: team.token }); // a moderator
    await view(escort.username, { ip: "192.0.2.8", ua: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" });
    await view(escort.username, { ip: "192.0.2.9", ua: null }); // a script without a browser name

    const { status, body } = await charts(escort.token);
    expect(status).toBe(200);
    expect(body.data.range).toBe(30);
    expect(body.data.days).toHaveLength(30);
    expect(body.data.days.at(-1)).toBe(today());
    expect(body.data.series.views.at(-1)).toBe(3);
    expect(body.data.series.views.slice(0, -1).every((n) => n === 0)).toBe(true);
    expect(body.data.totals).toEqual({ views: 3, favorites: 0, contacts: 0, phone_clicks: 0, website_clicks: 0 });
    // Nobody favorited this profile or wrote to its owner.
    expect(body.data.series.favorites).toEqual(Array(30).fill(0));
    expect(body.data.series.contacts).toEqual(Array(30).fill(0));
    expect(body.data.tracked).toEqual(["views", "favorites", "contacts", "phone_clicks", "website_clicks"]);

    // The next day the same viewer counts again, on that day.
    rt.clock.advance(DAY);
    await fresh(escort);
    await fresh(client);
    await view(escort.username, { token: client.token });
    const next = await charts(escort.token, "?range=7");
    expect(next.body.data.days).toHaveLength(7);
    expect(next.body.data.series.views.slice(-2)).toEqual([3, 1]);
  });

  it("counts as contacts the members who wrote to the owner for the first time, on that day (ADR 070)", async () => {
    const escort = await plusMember(rt, USER_TYPE.escort);
    const [first, second, written] = [
      await plusMember(rt, USER_TYPE.client),
      await plusMember(rt, USER_TYPE.client),
      await plusMember(rt, USER_TYPE.client),
    ];
    const team = await plusMember(rt, USER_TYPE.team);
    const send = async (from: { token: string }, to: { username: string }, body: string) =>
      expect((await callJson(rt, from.token, "POST", `/api/v2/messenger/send/${to.username}`, { body })).status).toBe(201);

    await send(first, escort, "Hallo, hast du morgen Zeit?");
    await send(first, escort, "Gegen 20 Uhr?"); // the same member again: still one contact
    await send(escort, first, "Ja, gern."); // her answer is no contact of hers
    await send(escort, written, "Hallo!"); // nor is a conversation she began, even once he answers
    await send(written, escort, "Hallo zurück!");
    await send(team, escort, "Dein Foto ist freigegeben."); // support is not a contact
    rt.clock.advance(DAY);
    for (const user of [escort, first, second]) await fresh(user);
    await send(second, escort, "Guten Morgen!");

    const { body } = await charts(escort.token, "?range=7");
    expect(body.data.series.contacts).toEqual([0, 0, 0, 0, 0, 1, 1]);
    expect(body.data.totals.contacts).toBe(2);
    // The member who wrote has a chart of their own only if they may (clients have none), never the escort's.
    expect((await charts(first.token)).status).toBe(403);
  });

  it("counts a guest's view that arrives through /batch, as the profile page sends it", async () => {
    const escort = await member(USER_TYPE.escort);
    const response = await rt.request("/api/v2/batch", {
      method: "POST",
      ip: "192.0.2.60",
      headers: { "content-type": "application/json", "user-agent": BROWSER },
      body: JSON.stringify({ requests: { detail: { path: `/api/v2/profiles/${escort.username}/detail` } } }),
    });
    expect(response.status).toBe(200);
    expect((await charts(escort.token)).body.data.totals.views).toBe(1);
  });

  it("stores no address, browser or viewer id, only a day's hash, and drops the hashes of past days", async () => {
    const escort = await member(USER_TYPE.escort);
    const client = await member(USER_TYPE.client);
    await view(escort.username, { token: client.token, ip: "192.0.2.44" });
    await view(escort.username, { ip: "192.0.2.45" });
    // The raw events of the activity store (ADR 132) hold the mark, not the viewer.
    const marks = await rt.deps.db.selectFrom("activity_events").selectAll().where("user_id", "=", escort.id).execute();
    expect(marks).toHaveLength(2);
    for (const mark of marks) {
      expect(Object.keys(mark).sort()).toEqual(["day", "id", "kind", "received_at", "source", "user_id", "visitor"]);
      expect(mark.visitor).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(mark.visitor).not.toContain(String(client.id));
    }
    // Two days later the rollup deletes the older raw events once counted; the counts stay.
    rt.clock.advance(2 * DAY);
    await fresh(escort);
    await fresh(client);
    await view(escort.username, { token: client.token });
    expect((await charts(escort.token)).body.data.totals.views).toBe(3);
    const days = (await rt.deps.db.selectFrom("activity_events").select("day").distinct().execute()).map((row) => row.day);
    expect(days).toEqual([today()]);
  });

  it("counts by the Berlin calendar day", async () => {
    const escort = await member(USER_TYPE.business);
    const client = await member(USER_TYPE.client);
    const start = rt.clock.now();
    rt.clock.set(Date.UTC(2026, 11, 1, 22, 30)); // 23:30 in Berlin, 1 December
    await fresh(escort);
    await fresh(client);
    await view(escort.username, { token: client.token });
    rt.clock.set(Date.UTC(2026, 11, 1, 23, 30)); // 00:30 in Berlin, 2 December: a new day for the same viewer
    await view(escort.username, { token: client.token });
    const { body } = await charts(escort.token, "?range=7");
    expect(body.data.days.slice(-2)).toEqual(["2026-12-01", "2026-12-02"]);
    expect(body.data.series.views.slice(-2)).toEqual([1, 1]);
    rt.clock.set(start + 11 * DAY);
  });

  it("answers only the caller's own series: guests 401, other members their own, no parameter names a member", async () => {
    const escort = await member(USER_TYPE.escort);
    const rival = await member(USER_TYPE.escort);
    const client = await member(USER_TYPE.client);
    await view(escort.username, { token: client.token });
    expect((await charts(escort.token)).body.data.totals.views).toBe(1);

    expect((await charts(undefined)).status).toBe(401);
    // Another escort reads their own (empty) series, never the escort's.
    expect((await charts(rival.token)).body.data.totals.views).toBe(0);
    for (const query of [`?user_id=${escort.id}`, `?username=${escort.username}`, `?range=30&user=${escort.id}`]) {
      const { status, body } = await charts(rival.token, query);
      expect(status, query).toBe(400);
      expect(body.errors?.[0]?.key).toBe("validation.invalid");
    }
    // Clients have no charts.
    const forClient = await charts(client.token);
    expect(forClient.status).toBe(403);
    expect(forClient.body.errors?.[0]?.key).toBe("exception.dashboard.no_charts_for_user_type");
  });

  it("refuses ranges other than 7, 30 and 90 with a 400", async () => {
    const escort = await member(USER_TYPE.escort);
    for (const range of ["7", "30", "90"])
      expect((await charts(escort.token, `?range=${range}`)).body.data.days).toHaveLength(Number(range));
    for (const range of ["31", "0", "-7", "abc", "", "1e9", "7&range=30"]) {
      const { status, body } = await charts(escort.token, `?range=${range}`);
      expect(status, range).toBe(400);
      expect(body.errors?.[0]?.source).toBe("range");
    }
  });
});
