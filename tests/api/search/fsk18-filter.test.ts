/**
 * The escort search's "fsk18 photos" filter (spec section 6; issue 30 items 1 and 3, ADR 105) through the real search on
 * both databases: it lists escorts with an accepted adult photo, and only for a viewer whose fsk18 content is open in
 * this login session (identified by the provider and the PIN entered: the access kernel's age gate). For everyone
 * else — guests, members, members verified but not authenticated in this session — the filter is not offered and a
 * forged parameter is ignored (the same hits as without it); user/data tells the web tier which case it is.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGE_VERIFICATION_STATUS } from "#server/contract/age-verification";
import type { SearchFilters } from "#server/contract/search";
import { USER_TYPE } from "#server/contract/users";
import { createProfile, northOf } from "../../helpers/search-fixtures";
import { createTestRuntime, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

/** A place no other profile of this runtime lives near. */
const HERE = { lat: 49.99, lon: 8.27 };

describe(`fsk18 photos search filter (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime({ geoData: true });
  }, 120_000);
  afterAll(() => rt.close());

  async function photo(userId: number, visibility: string, status = 1) {
    await rt.deps.db
      .insertInto("media")
      .values({
        user_id: userId,
        kind: "photo",
        visibility,
        status,
        storage_key: `test/fsk18-${userId}-${Math.random().toString(36).slice(2)}`,
        mime_type: "image/jpeg",
        width: 600,
        height: 800,
        variant_widths: "320",
        bytes: 10,
        position: 1,
        access: "open",
        price: null,
        publish_at: null,
        created_at: rt.clock.now(),
      })
      .execute();
  }

  async function search(token: string | undefined, onlyShow: string[]): Promise<string[]> {
    const res = await rt.request("/api/v2/search/user-and-business", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        filterquery: { user_type: "escort", location: { ...HERE, radius: 20 }, only_show_type: onlyShow },
        page_no: 1,
      }),
      ...(token ? { token } : {}),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Array<{ username: string }> }).data.map((hit) => hit.username).sort();
  }

  async function offered(token: string | undefined): Promise<string[]> {
    const res = await rt.request("/api/v2/search/filters", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ user_type: "escort" }),
      ...(token ? { token } : {}),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: SearchFilters }).data.only_show_types;
  }

  async function userData(token: string) {
    const res = await rt.request("/api/v2/user/data", { token });
    return ((await res.json()) as { data: { age_verified: boolean; fsk18_open: boolean } }).data;
  }

  /** A client identified by the provider; `pinEntered`: authenticated in the session of the token returned. */
  async function verifiedClient(km: number, pinEntered: boolean) {
    const client = await createProfile(rt, { userType: USER_TYPE.client, point: northOf(HERE, km) });
    const now = rt.clock.now();
    await rt.deps.db
      .insertInto("age_verifications")
      .values({ user_id: client.id, status: AGE_VERIFICATION_STATUS.verified, provider: "fake", verified_at: now, updated_at: now })
      .execute();
    const token = (await login(rt, client.username, client.password)).body.access_token as string;
    if (pinEntered) {
      const session = await rt.deps.db
        .selectFrom("access_tokens")
        .select("family_id")
        .where("user_id", "=", client.id)
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow();
      await rt.deps.db
        .insertInto("age_verification_sessions")
        .values({ family_id: session.family_id!, user_id: client.id, authenticated_at: now })
        .execute();
    }
    return token;
  }

  it("lists escorts with accepted adult photos for an age-verified session, and ignores a forged filter from anyone else", async () => {
    const adult = await createProfile(rt, { point: northOf(HERE, 1) });
    const pendingAdult = await createProfile(rt, { point: northOf(HERE, 2) });
    const plain = await createProfile(rt, { point: northOf(HERE, 3) });
    await photo(adult.id, "fsk18");
    await photo(pendingAdult.id, "fsk18", 0);
    await photo(plain.id, "public");
    const everyone = [adult.username, pendingAdult.username, plain.username].sort();

    const open = await verifiedClient(30, true);
    expect(await userData(open)).toMatchObject({ age_verified: true, fsk18_open: true });
    expect(await offered(open)).toContain("fsk18_photos");
    expect(await search(open, ["fsk18_photos"])).toEqual([adult.username]);
    expect(await search(open, [])).toEqual(everyone);

    // Identified, but the PIN not entered in this session: the closed user group is not open.
    const noPin = await verifiedClient(31, false);
    expect(await userData(noPin)).toMatchObject({ age_verified: true, fsk18_open: false });
    expect(await offered(noPin)).not.toContain("fsk18_photos");
    expect(await search(noPin, ["fsk18_photos"])).toEqual(everyone);

    const member = await createProfile(rt, { userType: USER_TYPE.client, point: northOf(HERE, 32) });
    const memberToken = (await login(rt, member.username, member.password)).body.access_token as string;
    expect((await userData(memberToken)).fsk18_open).toBe(false);
    expect(await offered(memberToken)).not.toContain("fsk18_photos");
    expect(await search(memberToken, ["fsk18_photos"])).toEqual(everyone);

    expect(await offered(undefined)).not.toContain("fsk18_photos");
    expect(await search(undefined, ["fsk18_photos"])).toEqual(everyone);
  });
});
