/**
 * The escort search's "exclusive content" filter (spec section 6, issue 28 item 6; ADR 093) through the real search on
 * both databases: profiles with an accepted, published paid or fans-only medium at a level the searcher has, or an
 * accepted, active bundle; not a scheduled one, a pending medium, a rejected or inactive bundle. (That only escort searches
 * offer it is contract/search allowedFilters', tested in paid-media.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUNDLE_STATUS } from "#server/contract/creators";
import { USER_TYPE } from "#server/contract/users";
import { createProfile, northOf } from "../../helpers/search-fixtures";
import { createTestRuntime, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

/** A place no other profile of this runtime lives near. */
const HERE = { lat: 48.4, lon: 10.9 };

describe(`exclusive content search (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime({ geoData: true });
  }, 120_000);
  afterAll(() => rt.close());

  async function medium(
    userId: number,
    values: { access: string; price?: number | null; visibility?: string; status?: number; publishAt?: number | null },
  ) {
    await rt.deps.db
      .insertInto("media")
      .values({
        user_id: userId,
        kind: "photo",
        visibility: values.visibility ?? "public",
        status: values.status ?? 1,
        storage_key: `test/exclusive-${userId}-${Math.random().toString(36).slice(2)}`,
        mime_type: "image/jpeg",
        width: 600,
        height: 800,
        variant_widths: "320",
        bytes: 10,
        position: 1,
        access: values.access,
        price: values.price ?? null,
        publish_at: values.publishAt ?? null,
        created_at: rt.clock.now(),
      })
      .execute();
  }

  async function bundle(creatorId: number, status: number, isActive = 1) {
    const now = rt.clock.now();
    await rt.deps.db
      .insertInto("bundles")
      .values({ creator_id: creatorId, title: "B", price: 5, status, is_active: isActive, created_at: now, updated_at: now })
      .execute();
  }

  async function search(userType: string, token?: string): Promise<string[]> {
    const res = await rt.request("/api/v2/search/user-and-business", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        filterquery: { user_type: userType, location: { ...HERE, radius: 20 }, only_show_type: ["exclusive_content"] },
        page_no: 1,
      }),
      ...(token ? { token } : {}),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Array<{ username: string }> }).data.map((hit) => hit.username).sort();
  }

  it("lists escorts with published paid media or an accepted active bundle, and only those", async () => {
    const at = (km: number) => northOf(HERE, km);
    const fans = await createProfile(rt, { point: at(1) });
    const ppv = await createProfile(rt, { point: at(2) });
    const withBundle = await createProfile(rt, { point: at(3) });
    const scheduled = await createProfile(rt, { point: at(4) });
    const rejectedBundle = await createProfile(rt, { point: at(5) });
    const pendingMedium = await createProfile(rt, { point: at(6) });
    const plusOnly = await createProfile(rt, { point: at(7) });
    const openOnly = await createProfile(rt, { point: at(8) });
    const inactiveBundle = await createProfile(rt, { point: at(9) });
    await medium(fans.id, { access: "fans" });
    await medium(ppv.id, { access: "ppv", price: 4 });
    await bundle(withBundle.id, BUNDLE_STATUS.accepted);
    await medium(scheduled.id, { access: "ppv", price: 4, publishAt: rt.clock.now() + 60 * 60 * 1000 });
    await bundle(rejectedBundle.id, BUNDLE_STATUS.rejected);
    await medium(pendingMedium.id, { access: "fans", status: 0 });
    await medium(plusOnly.id, { access: "fans", visibility: "plus_member" });
    await medium(openOnly.id, { access: "open" });
    await bundle(inactiveBundle.id, BUNDLE_STATUS.accepted, 0);

    expect(await search("escort")).toEqual([fans.username, ppv.username, withBundle.username].sort());
    // A plus member also has the plus_member level.
    const plus = await createProfile(rt, { userType: USER_TYPE.client, isMember: true, point: at(30) });
    const token = (await login(rt, plus.username, plus.password)).body.access_token as string;
    expect(await search("escort", token)).toEqual([fans.username, ppv.username, withBundle.username, plusOnly.username].sort());
    // Published now: the scheduled one joins.
    rt.clock.advance(2 * 60 * 60 * 1000);
    expect(await search("escort")).toEqual([fans.username, ppv.username, withBundle.username, scheduled.username].sort());
  });
});
