import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USER_TYPE } from "#server/contract/users";
import { createTestRuntime, listedMember, TEST_DB, type TestRuntime } from "../../helpers/runtime";

/** Issue 11 item 4: a member's private note shows on their own list tiles, and only there. */
describe(`private notes in the favorites list (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  async function plusClient() {
    const member = await listedMember(rt, USER_TYPE.client);
    await rt.deps.db.updateTable("users").set({ is_member: 1, member_until: null }).where("id", "=", member.id).execute();
    return member;
  }

  async function favoritesOf(token: string) {
    const response = await rt.request("/api/v2/favorites?type=1", { token });
    expect(response.status).toBe(200);
    return ((await response.json()) as { data: { items: Array<{ username: string; private_note: string | null }> } }).data.items;
  }

  it("each member's tile carries their own note, never another member's", async () => {
    const escort = await listedMember(rt);
    const anna = await plusClient();
    const ben = await plusClient();
    for (const member of [anna, ben]) {
      expect((await rt.request(`/api/v2/favorites/${escort.username}`, { method: "POST", token: member.token })).status).toBe(200);
    }
    const put = await rt.request(`/api/v2/profiles/${escort.username}/notes`, {
      method: "PUT",
      token: anna.token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ text: "Mag Jazz, lieber abends" }),
    });
    expect(put.status).toBe(200);

    expect(await favoritesOf(anna.token)).toEqual([
      expect.objectContaining({ username: escort.username, private_note: "Mag Jazz, lieber abends" }),
    ]);
    // Ben keeps the same profile: his tile has no note, and Anna's never reaches him.
    expect(await favoritesOf(ben.token)).toEqual([expect.objectContaining({ username: escort.username, private_note: null })]);
  });
});
