/**
 * Tours (issue 10 item 5, ADR 028) through the real API on both databases: the rules (three open tours,
 * dates, length, overlap, who may tour), authorization by id, and the effect an active tour has on search
 * and the directory (listed in the tour city with "in town from/to", matched by on_tour) — and that an
 * upcoming, past or cancelled tour has none.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TOUR_MAX_DAYS, TOURS_MAX_OPEN } from "#server/contract/tours";
import { USER_TYPE } from "#server/contract/users";
import { clearDirectoryCache } from "#server/modules/seo/service";
import { startOfDay, todayIn } from "#server/modules/tours/service";
import { createTestRuntime, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { BERLIN, createProfile } from "../../helpers/search-fixtures";
import { callJson } from "../../helpers/api-call";

interface Body<T> {
  data: T;
  errors?: Array<{ key: string; source?: string }>;
}
interface TourList {
  tours: Array<{ id: number; city_name: string; city_key: string; date_from: string; date_to: string; status: string }>;
  open_count: number;
  max_open: number;
}
interface Hit {
  user_id: number;
  username: string;
  distance_km: number | null;
  tour: { city_name: string; date_from: string; date_to: string } | null;
}

const MUENCHEN = { lat: 48.1374, lon: 11.5755 };
const DAY = 86_400_000;

describe(`tours (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime({ geoData: true });
  }, 60_000);
  afterAll(() => rt.close());

  async function call<T>(path: string, init: { token?: string; method?: string; body?: unknown } = {}) {
    const { status, json } = await callJson<Body<T>>(rt, init.token, init.method ?? "GET", path, init.body);
    return { status, body: json };
  }

  async function escort(options: Parameters<typeof createProfile>[1] = {}) {
    const user = await createProfile(rt, options);
    const token = String((await login(rt, user.username, user.password)).body.access_token);
    return { ...user, token };
  }

  /** The calendar day `days` from today (site time zone). */
  const day = (days: number) => todayIn(rt.clock.now() + days * DAY);
  const create = (token: string, body: Record<string, unknown>) => call<TourList>("/api/v2/tours", { token, method: "POST", body });

  it("keeps the rules: three open tours, dates not in the past, from before to, at most the longest length, no overlap", async () => {
    const me = await escort();
    const empty = await call<TourList>("/api/v2/tours", { token: me.token });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ tours: [], open_count: 0, max_open: TOURS_MAX_OPEN });

    const past = await create(me.token, { city: "München", date_from: day(-1), date_to: day(2) });
    expect(past.status).toBe(400);
    expect(past.body.errors?.[0]).toMatchObject({ key: "validation.tours.in_the_past", source: "date_from" });
    const reversed = await create(me.token, { city: "München", date_from: day(5), date_to: day(3) });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors?.[0]).toMatchObject({ key: "validation.tours.to_before_from", source: "date_to" });
    const tooLong = await create(me.token, { city: "München", date_from: day(1), date_to: day(TOUR_MAX_DAYS + 1) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.errors?.[0]?.source).toBe("date_to");
    expect(tooLong.body.errors?.[0]?.key).toMatch(/^validation\.tours\.too_long/);
    const longest = await create(me.token, { city: "München", date_from: day(1), date_to: day(TOUR_MAX_DAYS) });
    expect(longest.status).toBe(200);
    const badDate = await create(me.token, { city: "München", date_from: "2026-02-31", date_to: day(3) });
    expect(badDate.status).toBe(400);
    expect(badDate.body.errors?.[0]).toMatchObject({ key: "validation.tours.date_invalid", source: "date_from" });
    // An empty or malformed date is a field error too, never a 500 (the fuzz found one).
    for (const date_from of ["", "2026-13-45", "x"]) {
      const answer = await create(me.token, { city: "München", date_from, date_to: day(3) });
      expect(answer.status, date_from).toBe(400);
      expect(
        answer.body.errors?.map((error) => error.source),
        date_from,
      ).toContain("date_from");
    }
    const unknownCity = await create(me.token, { city: "Atlantis Nirgendwo", date_from: day(100), date_to: day(101) });
    expect(unknownCity.status).toBe(400);
    expect(unknownCity.body.errors?.[0]).toMatchObject({ key: "validation.city_unknown", source: "city" });
    const overlapping = await create(me.token, { city: "Hamburg", date_from: day(5), date_to: day(6) });
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.errors?.[0]).toMatchObject({ key: "validation.tours.overlaps", source: "date_from" });

    expect((await create(me.token, { city: "Hamburg", date_from: day(100), date_to: day(101) })).status).toBe(200);
    const third = await create(me.token, { city: "de-koeln", date_from: day(110), date_to: day(111) });
    expect(third.status).toBe(200);
    expect(third.body.data.open_count).toBe(3);
    expect(third.body.data.tours.map((t) => t.city_name)).toEqual(["Köln", "Hamburg", "München"]);
    const fourth = await create(me.token, { city: "Dresden", date_from: day(120), date_to: day(121) });
    expect(fourth.status).toBe(409);
    expect(fourth.body.errors?.[0]?.key).toMatch(/^exception\.tours\.limit_reached/);

    // A cancelled tour no longer counts; past ones neither.
    const koeln = third.body.data.tours[0]!;
    const cancelled = await call<TourList>(`/api/v2/tours/${koeln.id}/cancel`, { token: me.token, method: "POST" });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.tours.find((t) => t.id === koeln.id)?.status).toBe("cancelled");
    expect((await call(`/api/v2/tours/${koeln.id}/cancel`, { token: me.token, method: "POST" })).status).toBe(409);
    expect((await create(me.token, { city: "Dresden", date_from: day(120), date_to: day(121) })).status).toBe(200);
  });

  it("reads calendar days in Europe/Berlin, summer and winter time alike", () => {
    expect(startOfDay("2026-07-01")).toBe(Date.UTC(2026, 5, 30, 22));
    expect(startOfDay("2026-01-15")).toBe(Date.UTC(2026, 0, 14, 23));
    // The nights the clocks change.
    expect(startOfDay("2026-03-29")).toBe(Date.UTC(2026, 2, 28, 23));
    expect(startOfDay("2026-03-30")).toBe(Date.UTC(2026, 2, 29, 22));
    expect(startOfDay("2026-10-25")).toBe(Date.UTC(2026, 9, 24, 22));
    expect(startOfDay("2026-10-26")).toBe(Date.UTC(2026, 9, 25, 23));
    expect(todayIn(Date.UTC(2026, 5, 30, 22, 30))).toBe("2026-07-01");
    expect(todayIn(Date.UTC(2026, 5, 30, 21, 30))).toBe("2026-06-30");
  });

  it("holds the limit when four tours are announced at once", async () => {
    const me = await escort();
    const results = await Promise.all(
      [10, 20, 30, 40].map((start) => create(me.token, { city: "München", date_from: day(start), date_to: day(start + 1) })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 409]);
    expect((await call<TourList>("/api/v2/tours", { token: me.token })).body.data.open_count).toBe(TOURS_MAX_OPEN);
  });

  it("answers only the owner: another member's tour id is refused, and only escorts tour", async () => {
    const owner = await escort();
    const other = await escort();
    const made = await create(owner.token, { city: "München", date_from: day(3), date_to: day(4) });
    const id = made.body.data.tours[0]!.id;
    expect((await call(`/api/v2/tours/${id}/cancel`, { token: other.token, method: "POST" })).status).toBe(404);
    expect((await call(`/api/v2/tours/${id}`, { token: other.token, method: "DELETE" })).status).toBe(404);
    expect((await call<TourList>("/api/v2/tours", { token: other.token })).body.data.tours).toEqual([]);
    expect((await call<TourList>("/api/v2/tours", { token: owner.token })).body.data.tours[0]?.status).toBe("upcoming");
    expect((await call(`/api/v2/tours/abc`, { token: owner.token, method: "DELETE" })).status).toBe(404);
    expect((await call(`/api/v2/tours/${id}`, { method: "DELETE" })).status).toBe(401);
    expect((await call("/api/v2/tours", { method: "POST", body: {} })).status).toBe(401);
    const badBody = await rt.request("/api/v2/tours", {
      method: "POST",
      token: owner.token,
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(badBody.status).toBe(400);

    const client = await escort({ userType: USER_TYPE.client });
    expect((await call("/api/v2/tours", { token: client.token })).status).toBe(403);
    expect((await create(client.token, { city: "München", date_from: day(3), date_to: day(4) })).status).toBe(403);
    const business = await escort({ userType: USER_TYPE.business });
    expect((await call("/api/v2/tours", { token: business.token })).status).toBe(403);

    expect((await call<TourList>(`/api/v2/tours/${id}`, { token: owner.token, method: "DELETE" })).body.data.tours).toEqual([]);
  });

  async function search(filterquery: Record<string, unknown>) {
    const result = await call<Hit[]>("/api/v2/search/user-and-business", { method: "POST", body: { filterquery, page_size: 48 } });
    expect(result.status).toBe(200);
    return result.body.data;
  }
  async function directoryNames(city: string, region: string) {
    clearDirectoryCache(rt.deps.db);
    const page = await call<{ profiles: Array<{ username: string; tour: unknown }> }>(
      `/api/v2/seo/directory?category=escort&country=deutschland&region=${region}&city=${city}`,
    );
    return page.status === 200 ? page.body.data.profiles : [];
  }

  it("an active tour lists a Berlin escort in München's search and directory with its dates and on_tour; upcoming, past and cancelled ones do not", async () => {
    const berliner = await escort({ point: BERLIN });
    const local = await escort({ point: MUENCHEN, cityId: 2867714, citySlug: "muenchen", regionCode: "02" });
    const made = await create(berliner.token, { city: "München", date_from: day(2), date_to: day(4) });
    expect(made.status).toBe(200);
    const tourId = made.body.data.tours[0]!.id;
    const inMuenchen = () => search({ location: { ...MUENCHEN, radius: 20 } });
    const onTourInMuenchen = () => search({ location: { ...MUENCHEN, radius: 20 }, only_show_type: ["on_tour"] });

    // Upcoming: not yet.
    expect((await inMuenchen()).map((h) => h.user_id)).not.toContain(berliner.id);
    expect((await onTourInMuenchen()).map((h) => h.user_id)).not.toContain(berliner.id);

    // Two days later it is active (as of the server clock; no job runs).
    rt.clock.set(startOfDay(day(2)) + 3_600_000);
    // Access tokens are short-lived: sign in again after the clock moved.
    berliner.token = String((await login(rt, berliner.username, berliner.password)).body.access_token);
    const hits = await inMuenchen();
    const hit = hits.find((h) => h.user_id === berliner.id);
    expect(hit?.tour).toEqual({
      city_name: "München",
      date_from: made.body.data.tours[0]!.date_from,
      date_to: made.body.data.tours[0]!.date_to,
    });
    expect(hit?.distance_km).toBeLessThan(20);
    expect(hits.find((h) => h.user_id === local.id)?.tour).toBeNull();
    const onTour = (await onTourInMuenchen()).map((h) => h.user_id);
    expect(onTour).toContain(berliner.id);
    expect(onTour).not.toContain(local.id);
    // At home she is still listed, but not "on tour" there.
    expect((await search({ location: { ...BERLIN, radius: 5 } })).map((h) => h.user_id)).toContain(berliner.id);
    expect((await search({ location: { ...BERLIN, radius: 5 }, only_show_type: ["on_tour"] })).map((h) => h.user_id)).not.toContain(
      berliner.id,
    );
    const directory = await directoryNames("muenchen", "bayern");
    expect(directory.find((p) => p.username === berliner.username)?.tour).toMatchObject({ city_name: "München" });
    expect(directory.map((p) => p.username)).toContain(local.username);
    // The region page counts members where they live: no link to Berlin under Bayern.
    clearDirectoryCache(rt.deps.db);
    const bayern = await call<{ places: Array<{ path: string }> }>(
      "/api/v2/seo/directory?category=escort&country=deutschland&region=bayern",
    );
    expect(bayern.body.data.places.map((p) => p.path)).toEqual(["escort/deutschland/bayern/muenchen"]);
    const list = await call<TourList>("/api/v2/tours", { token: berliner.token });
    expect(list.body.data.tours[0]?.status).toBe("active");
    // The profile page shows it.
    const detail = await call<{ tours: Array<{ city_name: string; status: string }> }>(`/api/v2/profiles/${berliner.username}/detail`);
    expect(detail.body.data.tours).toEqual([expect.objectContaining({ city_name: "München", status: "active" })]);

    // Cancelled: gone from München at once.
    expect((await call(`/api/v2/tours/${tourId}/cancel`, { token: berliner.token, method: "POST" })).status).toBe(200);
    expect((await inMuenchen()).map((h) => h.user_id)).not.toContain(berliner.id);
    expect((await directoryNames("muenchen", "bayern")).map((p) => p.username)).not.toContain(berliner.username);
    expect((await call<{ tours: unknown[] }>(`/api/v2/profiles/${berliner.username}/detail`)).body.data.tours).toEqual([]);

    // Past: a second tour, over after its last day.
    const again = await create(berliner.token, { city: "München", date_from: day(0), date_to: day(1) });
    expect(again.status).toBe(200);
    expect((await onTourInMuenchen()).map((h) => h.user_id)).toContain(berliner.id);
    rt.clock.set(startOfDay(day(2)));
    berliner.token = String((await login(rt, berliner.username, berliner.password)).body.access_token);
    expect((await inMuenchen()).map((h) => h.user_id)).not.toContain(berliner.id);
    expect((await onTourInMuenchen()).map((h) => h.user_id)).not.toContain(berliner.id);
    expect((await call<TourList>("/api/v2/tours", { token: berliner.token })).body.data.tours[0]?.status).toBe("past");
  });
});
