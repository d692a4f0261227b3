import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NO_RELATION } from "#server/contract/profile-relation";
import { USER_TYPE } from "#server/contract/users";
import { createTestRuntime, createUser, listedMember, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

/** The `relation` of the profile detail (issue 11): what the page may offer this viewer. */
describe(`profile relation to its viewer (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(() => rt.close());

  /** A listed escort in Berlin (or a client), signed in. */
  const member = (userType: number = USER_TYPE.escort) => listedMember(rt, userType);

  async function relation(username: string, token?: string) {
    const response = await rt.request(`/api/v2/profiles/${username}/detail`, { token });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { relation: unknown } }).data.relation;
  }

  it("offers nothing to guests and on one's own profile; report and block to another member", async () => {
    const escort = await member();
    const client = await member(USER_TYPE.client);
    expect(await relation(escort.username)).toEqual(NO_RELATION);
    expect(await relation(escort.username, escort.token)).toEqual(NO_RELATION);
    expect(await relation(escort.username, client.token)).toMatchObject({ can_report: true, can_block: true });
  });

  it("offers the back office nothing: looking at profiles is its work", async () => {
    const escort = await member();
    const team = await createUser(rt, { userType: USER_TYPE.team });
    const token = String((await login(rt, team.username, team.password)).body.access_token);
    expect(token.length).toBeGreaterThan(20);
    expect(await relation(escort.username, token)).toEqual(NO_RELATION);
  });
});
