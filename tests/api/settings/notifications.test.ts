import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_PREFERENCES } from "#server/contract/settings";
import { wantsNotification } from "#server/modules/settings/notifications.service";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

describe(`notification preferences (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  async function member() {
    const user = await createUser(rt);
    return { ...user, token: String((await login(rt, user.username, user.password)).body.access_token) };
  }

  async function call(token: string | undefined, method: string, body?: unknown) {
    const response = await rt.request("/api/v2/settings/notifications", {
      method,
      token,
      ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
    return { status: response.status, json: (await response.json()) as { data?: unknown; errors?: Array<{ source?: string }> } };
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
