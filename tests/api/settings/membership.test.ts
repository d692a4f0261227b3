/**
 * GET /settings/membership (issue 10) through the real API on both databases: plus running, with and without
 * an end, lapsed, never had; the benefits per kind of member; always the caller's own state; 401 without login.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MembershipState } from "#server/contract/membership";
import { USER_TYPE } from "#server/contract/users";
import { createTestRuntime, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { createProfile } from "../../helpers/search-fixtures";

const DAY = 86_400_000;
// Spec section 6's two lists, in its order (the membership page shows them as they are).
const CLIENT_LIST = [
  "unlimited_contact_escorts",
  "exclusive_media",
  "see_visitors_favorites",
  "invisible_browsing",
  "notes",
  "ad_free",
  "advanced_filters",
];
const PROVIDER_LIST = [
  "unlimited_contact_clients",
  "see_visitors",
  "better_search_position",
  "invisible_browsing",
  "free_rise_up",
  "trust_level",
  "ad_free",
];

describe(`membership state (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(() => rt.close());

  async function stateOf(user: { username: string; password: string } | null) {
    const token = user ? String((await login(rt, user.username, user.password)).body.access_token) : undefined;
    const response = await rt.request("/api/v2/settings/membership", { token });
    return { status: response.status, body: (await response.json()) as { data: MembershipState } };
  }

  it("refuses a guest", async () => {
    expect((await stateOf(null)).status).toBe(401);
  });

  it("a client without plus: basic, the client benefits, plus can be bought", async () => {
    const client = await createProfile(rt, { userType: USER_TYPE.client });
    const { status, body } = await stateOf(client);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      plus_member: false,
      member_until: null,
      lapsed: false,
      benefits_for: "client",
      benefits: CLIENT_LIST,
      purchase_available: true,
    });
  });

  it("an escort with plus sees her own end date and the provider benefits; another member's token reads only their own", async () => {
    const escort = await createProfile(rt, { isMember: true });
    const other = await createProfile(rt, { userType: USER_TYPE.client });
    const row = await rt.deps.db.selectFrom("users").select("member_until").where("id", "=", escort.id).executeTakeFirstOrThrow();
    const mine = (await stateOf(escort)).body.data;
    expect(mine).toMatchObject({ plus_member: true, member_until: Number(row.member_until), lapsed: false, benefits_for: "provider" });
    expect(mine.benefits).toEqual(PROVIDER_LIST);
    expect((await stateOf(other)).body.data).toMatchObject({ plus_member: false, member_until: null });
  });

  it("a lapsed membership and one without an end", async () => {
    const lapsed = await createProfile(rt, { isMember: true, userType: USER_TYPE.business });
    const ended = rt.clock.now() - 3 * DAY;
    await rt.deps.db.updateTable("users").set({ member_until: ended }).where("id", "=", lapsed.id).execute();
    expect((await stateOf(lapsed)).body.data).toMatchObject({
      plus_member: false,
      member_until: ended,
      lapsed: true,
      benefits_for: "provider",
    });
    const open = await createProfile(rt, { isMember: true });
    await rt.deps.db.updateTable("users").set({ member_until: null }).where("id", "=", open.id).execute();
    expect((await stateOf(open)).body.data).toMatchObject({ plus_member: true, member_until: null, lapsed: false });
  });
});
