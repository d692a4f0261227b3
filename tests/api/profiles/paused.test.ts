/**
 * A paused profile (ADR 026) is not "not found" (issue 25 item 7, ADR 070): its detail answers 403
 * exception.profile.paused to guests and members, so the page can say it is paused; a block still hides that it
 * exists (404), a deactivated account stays unknown (404), the owner keeps their own profile, and resuming brings
 * the profile back at the same address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USER_TYPE } from "#server/contract/users";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, listedMember, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface Answer {
  errors?: Array<{ key: string }>;
}

describe(`a paused profile (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  const detail = (token: string | undefined, username: string) => callJson<Answer>(rt, token, "GET", `/api/v2/profiles/${username}/detail`);
  const answer = async (token: string | undefined, username: string) => {
    const response = await detail(token, username);
    return [response.status, response.json.errors?.[0]?.key ?? null];
  };

  it("tells guests and members that it is paused, hides even that from a blocked member, and comes back on resume", async () => {
    const [escort, client, blocked] = [
      await listedMember(rt, USER_TYPE.escort),
      await listedMember(rt, USER_TYPE.client),
      await listedMember(rt, USER_TYPE.client),
    ];
    expect((await callJson(rt, escort.token, "POST", `/api/v2/block/${blocked.username}`)).status).toBe(200);
    expect((await callJson(rt, escort.token, "POST", "/api/v2/user/pause")).status).toBe(200);

    expect(await answer(undefined, escort.username)).toEqual([403, "exception.profile.paused"]);
    expect(await answer(client.token, escort.username)).toEqual([403, "exception.profile.paused"]);
    expect(await answer(blocked.token, escort.username)).toEqual([404, "exception.profile.not_found"]);
    expect((await detail(escort.token, escort.username)).status).toBe(200);
    // The other reads of the profile answer the same.
    expect((await callJson<Answer>(rt, client.token, "GET", `/api/v2/profiles/${escort.username}/mini`)).json.errors?.[0]?.key).toBe(
      "exception.profile.paused",
    );

    expect((await callJson(rt, escort.token, "POST", "/api/v2/user/resume")).status).toBe(200);
    expect((await detail(undefined, escort.username)).status).toBe(200);
  });

  it("keeps a deactivated account unknown", async () => {
    const [escort, client] = [await listedMember(rt, USER_TYPE.escort), await listedMember(rt, USER_TYPE.client)];
    await rt.deps.db.updateTable("users").set({ status: "deactivated" }).where("id", "=", escort.id).execute();
    expect(await answer(client.token, escort.username)).toEqual([404, "exception.profile.not_found"]);
  });
});
