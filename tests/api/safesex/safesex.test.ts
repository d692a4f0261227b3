/** The safesex group through the real API on both databases: who may set the badge, and where it shows. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USER_TYPE } from "#server/contract/users";
import { createTestRuntime, listedMember, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { callJson } from "../../helpers/api-call";

interface Answer<T = Record<string, unknown>> {
  data?: T;
  errors?: Array<{ key: string; source?: string }>;
}

describe(`safesex (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(() => rt.close());

  /** A listed member in Berlin, signed in. */
  const member = (userType: number = USER_TYPE.escort) => listedMember(rt, userType);

  function call<T = Record<string, unknown>>(token: string | undefined, method: string, path: string, body?: unknown) {
    return callJson<Answer<T>>(rt, token, method, `/api/v2${path}`, body);
  }

  const searchRow = (userId: number) =>
    rt.deps.db.selectFrom("search_profiles").select("safe_sex_status").where("user_id", "=", userId).executeTakeFirst();

  it("the owner sets it; the badge, the search row and the only-show filter follow", async () => {
    const escort = await member();
    expect((await call(escort.token, "GET", "/safesex")).json.data).toEqual({ safe_sex: false, can_set: true });
    const set = await call(escort.token, "PUT", "/safesex", { safe_sex: true });
    expect(set.status).toBe(200);
    expect(set.json.data).toEqual({ safe_sex: true, can_set: true });
    expect((await searchRow(escort.id))?.safe_sex_status).toBe(1);
    const detail = await call<{ badges: { safe_sex: boolean } }>(undefined, "GET", `/profiles/${escort.username}/detail`);
    expect(detail.json.data?.badges.safe_sex).toBe(true);

    await call(escort.token, "PUT", "/safesex", { safe_sex: false });
    expect((await searchRow(escort.id))?.safe_sex_status).toBe(0);
    expect(
      (await call<{ badges: { safe_sex: boolean } }>(undefined, "GET", `/profiles/${escort.username}/detail`)).json.data?.badges.safe_sex,
    ).toBe(false);
  });

  it("businesses may set it; clients may not; guests and bad bodies are refused without a 5xx", async () => {
    const business = await member(USER_TYPE.business);
    expect((await call(business.token, "PUT", "/safesex", { safe_sex: true })).status).toBe(200);
    const client = await member(USER_TYPE.client);
    expect((await call(client.token, "GET", "/safesex")).json.data).toEqual({ safe_sex: false, can_set: false });
    const refused = await call(client.token, "PUT", "/safesex", { safe_sex: true });
    expect(refused.status).toBe(403);
    expect(refused.json.errors?.[0]?.key).toBe("exception.safesex.providers_only");
    expect(
      (await rt.deps.db.selectFrom("profiles").select("safe_sex_status").where("user_id", "=", client.id).executeTakeFirst())
        ?.safe_sex_status,
    ).toBe(0);
    expect((await call(undefined, "PUT", "/safesex", { safe_sex: true })).status).toBe(401);
    const escort = await member();
    for (const body of [{}, { safe_sex: "yes" }, { safe_sex: true, other: 1 }, [true]])
      expect((await call(escort.token, "PUT", "/safesex", body)).status, JSON.stringify(body)).toBe(400);
  });
});
