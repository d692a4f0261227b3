/**
 * The profiles group through the real API on a real database (issue 4 item 6):
 * visibility of profiles (listed, paused, hidden, members-only, blocks both
 * ways), media levels per viewer, and user B trying user A's private things.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MEDIA_STATUS, mediaFallbackUrl, type MediaImage, type MediaVisibility } from "#server/contract/media";
import { USER_TYPE } from "#server/contract/users";
import { TRUST_CRITERIA } from "#server/contract/verification";
import { drivingMinutes } from "#server/modules/profiles/service";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface Body<T> {
  code: number;
  data: T;
  errors?: Array<{ code: number; key: string; source?: string }>;
}
interface Detail {
  username: string;
  is_owner: boolean;
  gallery: Array<{ id: number; visibility: string; image: MediaImage }>;
  hidden_media: Record<string, number>;
  traits: Array<{ group_key: string; option_ids: number[] }>;
  prices: { times: Array<{ duration_minutes: number; price_eur: number }>; extras: Array<{ name: string; price_eur: number }> };
  work_hours: { schedule: Array<{ day: number; time_from: string }>; available_now: boolean };
  actions: { can_favorite: boolean; can_message: boolean; can_request_date: boolean; verify_email_first: boolean };
  location: { city_slug: string; region: { slug: string } | null; country_slug: string | null };
  reviews: { count: number };
  tours: unknown[];
}

const LEVELS: MediaVisibility[] = ["public", "logged_in", "plus_member", "fsk18", "private"];

describe(`profiles API (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let mediaKey = 0;

  async function person(
    options: { userType?: number; city?: [string, number, number]; member?: boolean; membersOnly?: boolean; visible?: boolean } = {},
  ) {
    const user = await createUser(rt, { userType: options.userType ?? USER_TYPE.escort });
    const [slug, lat, lon] = options.city ?? ["berlin", 52.52, 13.405];
    const now = rt.clock.now();
    await rt.deps.db
      .insertInto("profiles")
      .values({
        user_id: user.id,
        display_name: `Name ${user.username}`,
        city_name: slug === "berlin" ? "Berlin" : "Potsdam",
        city_slug: slug,
        country_code: "DE",
        region_code: slug === "berlin" ? "16" : "11",
        lat,
        lon,
        status_text: "Hallo",
        description: "Beschreibung",
        is_visible: options.visible === false ? 0 : 1,
        members_only: options.membersOnly ? 1 : 0,
        updated_at: now,
      })
      .execute();
    if (options.member)
      await rt.deps.db
        .updateTable("users")
        .set({ is_member: 1, member_until: now + 86_400_000 })
        .where("id", "=", user.id)
        .execute();
    const token = String((await login(rt, user.username, user.password)).body.access_token);
    return { ...user, token };
  }

  async function addMedia(userId: number, visibility: MediaVisibility, position: number, status: number = MEDIA_STATUS.accepted) {
    mediaKey += 1;
    const row = await rt.deps.db
      .insertInto("media")
      .values({
        user_id: userId,
        kind: "photo",
        visibility,
        status,
        storage_key: `test/profile-${mediaKey}.jpg`,
        mime_type: "image/jpeg",
        width: 600,
        height: 800,
        bytes: 60_000,
        position,
        is_avatar: position === 0 ? 1 : 0,
        created_at: rt.clock.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function get<T>(path: string, token?: string) {
    const response = await rt.request(path, { token });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Body<T> };
  }

  let owner: Awaited<ReturnType<typeof person>>;
  let client: Awaited<ReturnType<typeof person>>;
  let plus: Awaited<ReturnType<typeof person>>;
  const mediaIds = new Map<MediaVisibility, number>();

  beforeAll(async () => {
    rt = await createTestRuntime();
    owner = await person();
    client = await person({ userType: USER_TYPE.client });
    plus = await person({ userType: USER_TYPE.client, member: true });
    for (const [i, level] of LEVELS.entries()) mediaIds.set(level, await addMedia(owner.id, level, i));
    await addMedia(owner.id, "public", 9, MEDIA_STATUS.pending);
    await rt.deps.db
      .insertInto("profile_traits")
      .values([
        { user_id: owner.id, group_key: "languages", option_id: 1 },
        { user_id: owner.id, group_key: "hair_color", option_id: 2 },
        { user_id: owner.id, group_key: "escort_service", option_id: 113 },
      ])
      .execute();
    await rt.deps.db
      .insertInto("profile_prices")
      .values([
        { user_id: owner.id, item_type: 1, duration_minutes: 60, name: null, price_eur: 200, position: 0 },
        { user_id: owner.id, item_type: 2, duration_minutes: null, name: "Dessous", price_eur: 30, position: 0 },
      ])
      .execute();
    await rt.deps.db
      .insertInto("profile_schedule")
      .values({ user_id: owner.id, day: 5, time_from: "18:00", time_to: "02:00", is_over_day: 1 })
      .execute();
  });

  afterAll(async () => {
    await rt.close();
  });

  const galleryLevels = (detail: Detail) => detail.gallery.map((m) => m.visibility).sort();

  it("shows guests only public media, with hidden counts and sign-up actions off", async () => {
    const res = await get<Detail>(`/api/v2/profiles/${owner.username}/detail`);
    expect(res.status).toBe(200);
    expect(galleryLevels(res.body.data)).toEqual(["public"]);
    expect(res.body.data.hidden_media).toEqual({ logged_in: 1, plus_member: 1, fsk18: 1 });
    expect(res.body.data.actions).toEqual({ can_favorite: false, can_message: false, can_request_date: false, verify_email_first: false });
    expect(res.headers.get("cache-control")).toBe("public, max-age=60");
  });

  it("adds logged_in for members and plus_member for plus members; fsk18 and private stay hidden", async () => {
    const member = await get<Detail>(`/api/v2/profiles/${owner.username}/detail`, client.token);
    expect(galleryLevels(member.body.data)).toEqual(["logged_in", "public"]);
    expect(member.body.data.actions.can_request_date).toBe(true);
    expect(member.headers.get("cache-control")).toBe("private, no-store");
    const plusView = await get<Detail>(`/api/v2/profiles/${owner.username}/detail`, plus.token);
    expect(galleryLevels(plusView.body.data)).toEqual(["logged_in", "plus_member", "public"]);
    expect(plusView.body.data.hidden_media).toEqual({ fsk18: 1 });
  });

  it("lets the owner see every level, pending media included", async () => {
    const res = await get<Detail>(`/api/v2/profiles/${owner.username}/detail`, owner.token);
    expect(res.body.data.is_owner).toBe(true);
    expect(galleryLevels(res.body.data)).toEqual(["fsk18", "logged_in", "plus_member", "private", "public", "public"]);
  });

  it("does not let user B fetch A's private or plus media file, by id or by the key the owner sees", async () => {
    const mine = await get<Detail>(`/api/v2/profiles/${owner.username}/detail`, owner.token);
    for (const level of ["private", "plus_member"] as const) {
      const item = mine.body.data.gallery.find((m) => m.visibility === level)!;
      expect((await rt.request(`/api/v2/media/${mediaIds.get(level)}/file`, { token: client.token })).status).toBe(404);
      const file = await rt.request(`/api/v2${mediaFallbackUrl(item.image)}`, { token: client.token });
      expect(file.status, level).toBe(404);
    }
  });

  it("answers the page data: traits with ids, prices, schedule, location, empty reviews and tours", async () => {
    const { body } = await get<Detail>(`/api/v2/profiles/${owner.username}/detail`);
    expect(body.data.traits).toEqual(
      expect.arrayContaining([
        { group_key: "hair_color", option_ids: [2] },
        { group_key: "languages", option_ids: [1] },
      ]),
    );
    expect(body.data.prices).toEqual({ times: [{ duration_minutes: 60, price_eur: 200 }], extras: [{ name: "Dessous", price_eur: 30 }] });
    expect(body.data.work_hours.schedule).toEqual([{ day: 5, time_from: "18:00", time_to: "02:00", is_over_day: true }]);
    expect(body.data.location).toMatchObject({ city_slug: "berlin", country_slug: "deutschland", region: { slug: "berlin" } });
    expect(body.data.reviews.count).toBe(0);
    expect(body.data.tours).toEqual([]);
  });

  it("finds usernames case-insensitively and rejects invalid ones with 404", async () => {
    expect((await get(`/api/v2/profiles/${owner.username.toUpperCase()}/mini`)).status).toBe(200);
    expect((await get(`/api/v2/profiles/no_such_person_x/mini`)).status).toBe(404);
    expect((await get(`/api/v2/profiles/${encodeURIComponent("bad..name")}/mini`)).status).toBe(404);
  });

  it("hides paused, hidden and unfinished profiles from others but not from their owner", async () => {
    const paused = await person();
    await rt.deps.db.updateTable("users").set({ status: "paused" }).where("id", "=", paused.id).execute();
    const hidden = await person({ visible: false });
    const unfinished = await person();
    await rt.deps.db.updateTable("users").set({ register_completed_step: 3 }).where("id", "=", unfinished.id).execute();
    for (const p of [hidden, unfinished]) {
      const res = await get(`/api/v2/profiles/${p.username}/detail`, client.token);
      expect(res.status).toBe(404);
      expect(res.body.errors?.[0]?.key).toBe("exception.profile.not_found");
    }
    // A paused profile says that it is paused, nothing of it (ADR 070; tests/api/profiles/paused.test.ts).
    const res = await get(`/api/v2/profiles/${paused.username}/detail`, client.token);
    expect([res.status, res.body.errors?.[0]?.key]).toEqual([403, "exception.profile.paused"]);
    expect(res.body.data).toBeUndefined();
    expect((await get(`/api/v2/profiles/${hidden.username}/detail`, hidden.token)).status).toBe(200);
  });

  it("answers 404 to both sides of a block, in either direction", async () => {
    const a = await person();
    const b = await person({ userType: USER_TYPE.client });
    const c = await person({ userType: USER_TYPE.client });
    await rt.deps.db.insertInto("blocks").values({ blocker_id: a.id, blocked_id: b.id, created_at: rt.clock.now() }).execute();
    expect((await get(`/api/v2/profiles/${a.username}/detail`, b.token)).status).toBe(404);
    expect((await get(`/api/v2/profiles/${b.username}/mini`, a.token)).status).toBe(404);
    expect((await get(`/api/v2/profiles/${a.username}/detail`, c.token)).status).toBe(200);
    const nearby = await get<Array<{ username: string }>>(`/api/v2/profiles/${owner.username}/nearby`, b.token);
    expect(nearby.body.data.map((p) => p.username)).not.toContain(a.username);
    const nearbyForOther = await get<Array<{ username: string }>>(`/api/v2/profiles/${owner.username}/nearby`, c.token);
    expect(nearbyForOther.body.data.map((p) => p.username)).toContain(a.username);
  });

  it("shows members-only profiles to members and a 403 members_only to guests", async () => {
    const secret = await person({ membersOnly: true });
    const guest = await get(`/api/v2/profiles/${secret.username}/detail`);
    expect(guest.status).toBe(403);
    expect(guest.body.errors?.[0]?.key).toBe("exception.profile.members_only");
    expect((await get(`/api/v2/profiles/${secret.username}/detail`, client.token)).status).toBe(200);
    const nearbyForGuest = await get<Array<{ username: string }>>(`/api/v2/profiles/${owner.username}/nearby`);
    expect(nearbyForGuest.body.data.map((p) => p.username)).not.toContain(secret.username);
  });

  it("lists nearby profiles of the same type closest first, never the profile itself", async () => {
    const far = await person({ city: ["potsdam", 52.39, 13.06] });
    const res = await get<Array<{ username: string; distance_km: number }>>(`/api/v2/profiles/${owner.username}/nearby`, client.token);
    const names = res.body.data.map((p) => p.username);
    expect(names).not.toContain(owner.username);
    expect(names).not.toContain(client.username);
    expect(names[names.length - 1]).toBe(far.username);
    const distances = res.body.data.map((p) => p.distance_km);
    expect([...distances].sort((x, y) => x - y)).toEqual(distances);
  });

  it("gives region box, trust level, tags, work hours and avatars", async () => {
    const region = await get<{ nearby_cities: Array<{ slug: string; distance_km: number }> }>(
      `/api/v2/profiles/${owner.username}/regionbox`,
    );
    expect(region.body.data.nearby_cities.map((c) => c.slug)).toContain("potsdam");
    const trust = await get<{ level: number; max: number; criteria: Array<{ key: string; met: boolean }> }>(
      `/api/v2/profiles/${owner.username}/trust-level`,
    );
    expect(trust.body.data.max).toBe(TRUST_CRITERIA.length);
    expect(trust.body.data.criteria.find((c) => c.key === "email_verified")?.met).toBe(true);
    expect(trust.body.data.criteria.find((c) => c.key === "public_photo")?.met).toBe(true);
    const tags = await get<Array<{ group_key: string; option_id: number }>>(`/api/v2/profiles/${owner.username}/tags`);
    expect(tags.body.data).toEqual([{ group_key: "escort_service", option_id: 113 }]);
    const hours = await get<{ schedule: unknown[] }>(`/api/v2/profiles/${owner.username}/work-hours`);
    expect(hours.body.data.schedule).toHaveLength(1);
    const avatars = await get<Array<{ id: number }>>(`/api/v2/profiles/${owner.username}/avatars`);
    expect(avatars.body.data.map((m) => m.id)).toEqual([mediaIds.get("public")]);
  });

  it("estimates driving minutes from a given point or the viewer's own profile", async () => {
    const fromPotsdam = await get<{ minutes: number; distance_km: number }>(
      `/api/v2/profiles/${owner.username}/driving-minutes?lat=52.39&lon=13.06`,
    );
    expect(fromPotsdam.status).toBe(200);
    expect(fromPotsdam.body.data.minutes).toBe(drivingMinutes(fromPotsdam.body.data.distance_km));
    expect(fromPotsdam.body.data.minutes).toBeGreaterThan(30);
    const noOrigin = await get(`/api/v2/profiles/${owner.username}/driving-minutes`);
    expect(noOrigin.status).toBe(400);
    expect((await get(`/api/v2/profiles/${owner.username}/driving-minutes?lat=abc&lon=1`)).status).toBe(400);
    const own = await get<{ minutes: number }>(`/api/v2/profiles/${owner.username}/driving-minutes`, client.token);
    expect(own.body.data.minutes).toBe(1);
  });
});
