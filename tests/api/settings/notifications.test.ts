import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "#server/contract/settings";
import { USER_TYPE } from "#server/contract/users";
import { wantsNotification } from "#server/modules/settings/notifications.service";
import { createTestRuntime, createUser, login, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { callJson } from "../../helpers/api-call";

describe(`notification preferences (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(() => rt.close());

  const member = async () => signIn(rt, await createUser(rt));

  function call(token: string | undefined, method: string, body?: unknown) {
    return callJson<{ data?: unknown; errors?: Array<{ source?: string }> }>(rt, token, method, "/api/v2/settings/notifications", body);
  }

  it("starts from the defaults (no news by e-mail without a yes), and keeps every choice, per member", async () => {
    const user = await member();
    const other = await member();
    expect((await call(user.token, "GET")).json.data).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(DEFAULT_NOTIFICATION_PREFERENCES.news.email).toBe(false);
    const saved = await call(user.token, "PUT", { messages: { email: true, bar: true }, news: { email: true } });
    expect(saved.status).toBe(200);
    expect(saved.json.data).toMatchObject({
      messages: { email: true, push: false, bar: true },
      dates: { email: false, push: false, bar: false },
      news: { email: true, push: false, bar: false },
    });
    expect(await wantsNotification(rt.deps, user.id, "news", "email")).toBe(true);
    // A second save, and two at once, overwrite the stored choices.
    await Promise.all([
      call(user.token, "PUT", { news: { email: true }, dates: { bar: true } }),
      call(user.token, "PUT", { news: { email: true }, dates: { bar: true } }),
    ]);
    expect(await wantsNotification(rt.deps, user.id, "dates", "bar")).toBe(true);
    expect(await wantsNotification(rt.deps, user.id, "messages", "email")).toBe(false);
    expect(await wantsNotification(rt.deps, user.id, "dates", "push")).toBe(false);
    // Another member still has the defaults.
    expect(await wantsNotification(rt.deps, other.id, "dates", "push")).toBe(true);
    expect((await call(other.token, "GET")).json.data).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it("refuses what is not a switch, and asks for a login", async () => {
    const user = await member();
    const bad = await call(user.token, "PUT", { messages: { email: "maybe" } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors?.[0]?.source).toBe("messages.email");
    expect((await call(undefined, "GET")).status).toBe(401);
  });
});

describe(`date review display (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(() => rt.close());

  async function member(userType: number) {
    const user = await createUser(rt, { userType });
    await rt.deps.db
      .insertInto("profiles")
      .values({ user_id: user.id, display_name: user.username, review_count: 3, rating_avg: 4.5, updated_at: 0 })
      .execute();
    return { ...user, token: String((await login(rt, user.username, user.password)).body.access_token) };
  }

  const call = (token: string, method: string, body?: unknown) =>
    callJson<{ data?: unknown }>(rt, token, method, "/api/v2/settings/date_review_display", body);

  it("shows reviews until the escort says otherwise; clients have no such setting", async () => {
    const escort = await member(USER_TYPE.escort);
    expect((await call(escort.token, "GET")).json.data).toEqual({ show_reviews: true, show_rating: true, review_count: 3 });
    const saved = await call(escort.token, "PUT", { show_reviews: true });
    expect(saved.json.data).toEqual({ show_reviews: true, show_rating: false, review_count: 3 });
    const row = await rt.deps.db
      .selectFrom("profiles")
      .select(["reviews_shown", "rating_shown"])
      .where("user_id", "=", escort.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ reviews_shown: 1, rating_shown: 0 });
    const client = await member(USER_TYPE.client);
    expect((await call(client.token, "GET")).status).toBe(403);
    expect((await call(client.token, "PUT", { show_reviews: false })).status).toBe(403);
  });

  it("a hidden average and hidden reviews leave the search tiles too", async () => {
    const user = await createUser(rt, { userType: USER_TYPE.escort });
    await rt.deps.db
      .insertInto("profiles")
      .values({
        user_id: user.id,
        display_name: user.username,
        city_name: "Berlin",
        country_code: "DE",
        region_code: "16",
        lat: 52.52,
        lon: 13.405,
        is_visible: 1,
        review_count: 3,
        rating_avg: 4.5,
        updated_at: 0,
      })
      .execute();
    const token = String((await login(rt, user.username, user.password)).body.access_token);
    const tile = async () => {
      const response = await rt.request("/api/v2/search/user-and-business", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          filterquery: { user_type: "escort", location: { lat: 52.52, lon: 13.405, radius: 5 } },
          query: { name: user.username },
          page_no: 1,
        }),
      });
      return ((await response.json()) as { data: Array<{ username: string; review_count: number; rating_avg: number | null }> }).data.find(
        (hit) => hit.username === user.username,
      );
    };
    expect(await tile()).toMatchObject({ review_count: 3, rating_avg: 4.5 });
    await call(token, "PUT", { show_reviews: false, show_rating: false });
    expect(await tile()).toMatchObject({ review_count: 0, rating_avg: null });
  });
});
