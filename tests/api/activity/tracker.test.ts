/**
 * The activity tracker's endpoint (issue 32 item 2, ADR 132): batches of newline-separated JSON, plain or gzip (g=1).
 * Malformed lines are refused one by one without failing the batch; oversized bodies and gzip bombs get 413 before
 * they are read or inflated past the cap; the member comes from the token, counts only with consent and never with
 * DNT/Sec-GPC; the rollup turns the events into the dashboard's views and clicks.
 */
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTIVITY_BODY_MAX_BYTES, ACTIVITY_INFLATED_MAX_BYTES } from "#server/contract/activity";
import { ACTIVITY_CONSENT } from "#server/contract/consents";
import type { DashboardCharts } from "#server/contract/dashboard";
import { USER_TYPE } from "#server/contract/users";
import { ACTIVITY_RATE_WINDOW, rollupActivity } from "#server/modules/activity/index";
import { grantConsent } from "#server/modules/consents/index";
import { freshIp } from "../../helpers/auth";
import { addBerlinProfile, createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

describe(`activity tracker (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  async function member(userType: number, consent = true) {
    const user = await createUser(rt, { userType });
    await addBerlinProfile(rt, user.id, user.username);
    if (consent) await grantConsent(rt.deps.db, user.id, ACTIVITY_CONSENT, rt.clock.now());
    const { body } = await login(rt, user.username, user.password, freshIp());
    return { ...user, token: String(body.access_token) };
  }

  const event = (object: number, title = "profile_view", extra: Record<string, unknown> = {}) =>
    JSON.stringify({
      actor: { id: 999_999 },
      object,
      title,
      provider: "profile",
      generator: "velora-tracker/1",
      published: 1,
      id: `e${Math.random()}`,
      ...extra,
    });

  async function post(
    body: string | Uint8Array<ArrayBuffer>,
    options: { token?: string; query?: string; type?: string; headers?: Record<string, string>; ip?: string } = {},
  ) {
    const response = await rt.request(`/api/v2/activity/events?t=${rt.clock.now()}${options.query ?? ""}`, {
      method: "POST",
      token: options.token,
      ip: options.ip ?? freshIp(),
      body,
      headers: { "content-type": options.type ?? "text/plain;charset=UTF-8", "user-agent": BROWSER, ...options.headers },
    });
    return {
      status: response.status,
      accepted: Number(response.headers.get("x-activity-accepted")),
      rejected: Number(response.headers.get("x-activity-rejected")),
      body: response.status === 204 ? null : ((await response.json()) as { errors: Array<{ key: string }> }),
    };
  }

  async function rawCount(userId: number) {
    const row = await rt.deps.db
      .selectFrom("activity_events")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("user_id", "=", userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async function charts(token: string) {
    const response = await rt.request("/api/v2/dashboard/charts?range=7", { token });
    return ((await response.json()) as { data: DashboardCharts }).data;
  }

  it("stores the valid lines of a batch and refuses the malformed ones without failing it", async () => {
    const escort = await member(USER_TYPE.escort);
    const client = await member(USER_TYPE.client);
    const lines = [
      event(escort.id),
      "{not json",
      event(escort.id, "phone_click"),
      JSON.stringify({ object: "x", title: "profile_view", published: 1, id: "a" }),
      event(escort.id, "unknown_kind"),
      "x".repeat(5000),
      event(escort.id, "website_click"),
      "",
    ].join("\n");
    const answer = await post(lines, { token: client.token });
    expect(answer).toMatchObject({ status: 204, accepted: 3, rejected: 4 });
    expect(await rawCount(escort.id)).toBe(3);
  });

  it("reads application/x-ndjson and gzip bodies (g=1); refuses other content types with 415", async () => {
    const escort = await member(USER_TYPE.escort);
    const client = await member(USER_TYPE.client);
    const gz = gzipSync(Buffer.from([event(escort.id), event(escort.id, "phone_click")].join("\n")));
    expect(await post(gz, { token: client.token, query: "&g=1" })).toMatchObject({ status: 204, accepted: 2, rejected: 0 });
    expect(await post(event(escort.id), { token: client.token, type: "application/x-ndjson" })).toMatchObject({ status: 204, accepted: 1 });
    const json = await post(event(escort.id), { token: client.token, type: "application/json" });
    expect(json.status).toBe(415);
    expect(json.body?.errors[0]?.key).toBe("validation.malformed_body");
    // A body that says g=1 but is no gzip is the client's mistake: 400, not a 5xx.
    expect((await post("plain text", { token: client.token, query: "&g=1" })).status).toBe(400);
  });

  it("refuses an oversized body and a gzip bomb with 413, before inflating past the cap", async () => {
    const escort = await member(USER_TYPE.escort);
    const client = await member(USER_TYPE.client);
    const big = Array.from({ length: Math.ceil(ACTIVITY_BODY_MAX_BYTES / 150) + 10 }, () => event(escort.id)).join("\n");
    expect(Buffer.byteLength(big)).toBeGreaterThan(ACTIVITY_BODY_MAX_BYTES);
    expect((await post(big, { token: client.token })).status).toBe(413);
    // 64 MB of zeros are ~64 KB of gzip: under the body cap, far over the inflated cap.
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
    expect(bomb.byteLength).toBeLessThan(ACTIVITY_BODY_MAX_BYTES);
    const before = process.memoryUsage().arrayBuffers;
    const answer = await post(bomb, { token: client.token, query: "&g=1" });
    expect(answer.status).toBe(413);
    expect(answer.body?.errors[0]?.key).toBe("validation.malformed_body");
    // Inflating stopped at the cap: nowhere near the 64 MB the bomb would have become.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(16 * ACTIVITY_INFLATED_MAX_BYTES);
    expect(await rawCount(escort.id)).toBe(0);
  });

  it("takes the member from the token, never from the body: guests, members without consent, DNT and Sec-GPC store nothing", async () => {
    const escort = await member(USER_TYPE.escort);
    const withoutConsent = await member(USER_TYPE.client, false);
    const client = await member(USER_TYPE.client);
    expect(await post(event(escort.id))).toMatchObject({ status: 204, accepted: 0, rejected: 1 });
    expect(await post(event(escort.id), { token: withoutConsent.token })).toMatchObject({ status: 204, accepted: 0, rejected: 1 });
    expect(await post(event(escort.id), { token: client.token, headers: { dnt: "1" } })).toMatchObject({ status: 204, accepted: 0 });
    expect(await post(event(escort.id), { token: client.token, headers: { "sec-gpc": "1" } })).toMatchObject({ status: 204, accepted: 0 });
    // The owner's own clicks, and events about a client's profile (no dashboard), do not count.
    expect(await post(event(escort.id), { token: escort.token })).toMatchObject({ accepted: 0, rejected: 1 });
    expect(await post(event(client.id), { token: escort.token })).toMatchObject({ accepted: 0, rejected: 1 });
    expect(await rawCount(escort.id)).toBe(0);
    // The actor in the body names somebody else: the stored visitor is still the token's member (one visitor twice).
    await post([event(escort.id, "phone_click", { actor: 1 }), event(escort.id, "phone_click", { actor: 2 })].join("\n"), {
      token: client.token,
    });
    const visitors = await rt.deps.db.selectFrom("activity_events").select("visitor").distinct().where("user_id", "=", escort.id).execute();
    expect(visitors).toHaveLength(1);
  });

  it("takes 1,000 batches sent within one second's worth of requests: every valid line stored exactly once, none lost", async () => {
    // Issue 32 "Tests": the endpoint at 1,000 batches a second. Correctness only (the rate is measured by
    // scripts/bench-tracker.mjs): 20 members (50 batches each, under their 60 a minute), 5 profiles, every 4th batch
    // gzip, each batch two valid lines and one broken one, 100 requests in flight at a time.
    const profiles = await Promise.all(Array.from({ length: 5 }, () => member(USER_TYPE.escort)));
    const senders = await Promise.all(Array.from({ length: 20 }, () => member(USER_TYPE.client)));
    const kinds = ["profile_view", "phone_click", "website_click"];
    const expected = new Map<number, number>();
    const answers: Array<{ status: number; accepted: number; rejected: number }> = [];
    for (let wave = 0; wave < 10; wave++) {
      const batch = Array.from({ length: 100 }, (_, i) => {
        const n = wave * 100 + i;
        const profile = profiles[n % profiles.length]!;
        expected.set(profile.id, (expected.get(profile.id) ?? 0) + 2);
        const text = [event(profile.id, kinds[n % kinds.length]), "{broken", event(profile.id, "profile_view")].join("\n");
        const gzip = n % 4 === 0;
        return post(gzip ? new Uint8Array(gzipSync(text)) : text, { token: senders[n % senders.length]!.token, query: gzip ? "&g=1" : "" });
      });
      answers.push(...(await Promise.all(batch)));
    }
    expect(answers.filter((answer) => answer.status !== 204)).toEqual([]);
    expect(answers.reduce((sum, answer) => sum + answer.accepted, 0)).toBe(2000);
    expect(answers.reduce((sum, answer) => sum + answer.rejected, 0)).toBe(1000);
    for (const profile of profiles) expect(await rawCount(profile.id)).toBe(expected.get(profile.id));
    const total = await rt.deps.db
      .selectFrom("activity_events")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where(
        "user_id",
        "in",
        profiles.map((profile) => profile.id),
      )
      .executeTakeFirstOrThrow();
    expect(Number(total.n)).toBe(2000);
  }, 120_000);

  it("limits each visitor's batches a minute (429 past the limit)", async () => {
    const escort = await member(USER_TYPE.escort);
    const client = await member(USER_TYPE.client);
    for (let i = 0; i < ACTIVITY_RATE_WINDOW.limit; i++) expect((await post(event(escort.id), { token: client.token })).status).toBe(204);
    const refused = await post(event(escort.id), { token: client.token });
    expect(refused.status).toBe(429);
    expect(refused.body?.errors[0]?.key).toBe("exception.activity.too_many");
  });

  it("events in, rollup, dashboard numbers: distinct visitors per day; the server's and the browser's view count once", async () => {
    const escort = await member(USER_TYPE.escort);
    const [a, b, c] = [await member(USER_TYPE.client), await member(USER_TYPE.client), await member(USER_TYPE.client)];
    // a: views (server and browser), clicks the phone twice and the website; b: views and clicks the phone; c: views.
    const detail = (token: string) =>
      rt.request(`/api/v2/profiles/${escort.username}/detail`, { token, headers: { "user-agent": BROWSER } });
    for (const m of [a, b, c]) expect((await detail(m.token)).status).toBe(200);
    await post(
      [event(escort.id), event(escort.id, "phone_click"), event(escort.id, "phone_click"), event(escort.id, "website_click")].join("\n"),
      {
        token: a.token,
      },
    );
    await post([event(escort.id), event(escort.id, "phone_click")].join("\n"), { token: b.token });
    // Today's numbers show before the rollup ran (counted from the raw rows still kept), and the rollup writes the same.
    const before = await charts(escort.token);
    expect(before.series.views.at(-1)).toBe(3);
    expect(before.series.phone_clicks.at(-1)).toBe(2);
    expect(before.series.website_clicks.at(-1)).toBe(1);
    const { days } = await rollupActivity(rt.deps);
    expect(days.length).toBeGreaterThan(0);
    const rolled = await rt.deps.db.selectFrom("profile_view_days").select("views").where("user_id", "=", escort.id).execute();
    expect(rolled.map((row) => Number(row.views))).toEqual([3]);
    const after = await charts(escort.token);
    expect(after.totals).toEqual(before.totals);
    expect(after.series.views.at(-1)).toBe(3);
    expect(after.series.phone_clicks.at(-1)).toBe(2);
    expect(after.series.website_clicks.at(-1)).toBe(1);
    expect(after.tracked).toEqual(expect.arrayContaining(["phone_clicks", "website_clicks"]));
    // Another run without new events changes nothing (a recount of whole days).
    await rollupActivity(rt.deps);
    expect((await charts(escort.token)).totals).toEqual(after.totals);
    // Nobody else's numbers: a's dashboard (a client) has none, another escort's shows zeros.
    const other = await member(USER_TYPE.escort);
    expect((await charts(other.token)).totals.views).toBe(0);
  });

  it("the member gives and withdraws the tracker's consent; /user/data says so; the special-category one is not given this way", async () => {
    const client = await member(USER_TYPE.client, false);
    const userData = async () =>
      ((await (await rt.request("/api/v2/user/data", { token: client.token })).json()) as { data: { activity_tracking: boolean } }).data;
    expect((await userData()).activity_tracking).toBe(false);
    const given = await rt.request(`/api/v2/user/consents/${ACTIVITY_CONSENT}`, { method: "PUT", token: client.token });
    expect(given.status).toBe(200);
    expect(((await given.json()) as { data: Array<{ purpose: string }> }).data.map((c) => c.purpose)).toContain(ACTIVITY_CONSENT);
    expect((await userData()).activity_tracking).toBe(true);
    expect((await rt.request("/api/v2/user/consents/special_category_data", { method: "PUT", token: client.token })).status).toBe(400);
    expect((await rt.request("/api/v2/user/consents/everything", { method: "PUT", token: client.token })).status).toBe(404);
    expect((await rt.request(`/api/v2/user/consents/${ACTIVITY_CONSENT}`, { method: "PUT" })).status).toBe(401);
    expect((await rt.request(`/api/v2/user/consents/${ACTIVITY_CONSENT}`, { method: "DELETE", token: client.token })).status).toBe(200);
    expect((await userData()).activity_tracking).toBe(false);
  });

  it("prunes raw events of days past the kept ones once they are counted", async () => {
    const escort = await member(USER_TYPE.escort);
    const client = await member(USER_TYPE.client);
    await post(event(escort.id), { token: client.token });
    await rollupActivity(rt.deps);
    expect(await rawCount(escort.id)).toBe(1);
    rt.clock.advance(3 * 24 * 60 * 60 * 1000);
    const { pruned } = await rollupActivity(rt.deps);
    expect(pruned).toBeGreaterThan(0);
    expect(await rawCount(escort.id)).toBe(0);
  });
});
