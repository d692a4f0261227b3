/**
 * Business signup tracking (issue 3 item 2, spec section 3): the business
 * walk records the funnel codes 1, 2, 3, 3.1, 4 once each, individuals record
 * nothing, and each business reads only its own events.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUSINESS_SIGNUP_TRACKING_TYPES } from "#server/contract/registration";
import { MEDIA_STATUS } from "#server/contract/media";
import { USER_TYPE } from "#server/contract/users";
import { freshIp, jsonOf } from "../../helpers/auth";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { businessSignUpBody, individualSignUpBody } from "../../helpers/registration-bodies";

type Json = Record<string, unknown>;
interface TrackingAnswer {
  types: string[];
  events: Array<{ type: string; created_at: number }>;
}

describe(`business signup tracking (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    // The basic step's city resolves against the geo tables.
    rt = await createTestRuntime({ geoData: true });
  }, 60_000);
  afterAll(() => rt.close());

  const send = (method: string, path: string, body: unknown, token?: string) =>
    rt.request(`/api/v2/registration/${path}`, {
      method,
      token,
      ip: freshIp(),
      headers: { "content-type": "application/json", "accept-language": "de" },
      body: JSON.stringify(body),
    });

  async function signUpBusiness(landingPageId?: string): Promise<{ id: number; token: string }> {
    const response = await send(
      "POST",
      "business/sign-up",
      businessSignUpBody({
        company_name: "Club Nordlicht",
        business_kind: "club",
        ...(landingPageId ? { landing_page_id: landingPageId } : {}),
      }),
    );
    expect(response.status).toBe(201);
    const data = (await jsonOf(response)).data as Json;
    return { id: Number(data.user_id), token: String(data.access_token) };
  }

  async function signUpEscort(): Promise<{ id: number; token: string }> {
    const response = await send("POST", "sign-up", individualSignUpBody());
    expect(response.status).toBe(201);
    const data = (await jsonOf(response)).data as Json;
    return { id: Number(data.user_id), token: String(data.access_token) };
  }

  async function put(token: string, path: string, body: unknown) {
    const response = await send("PUT", path, body, token);
    expect(response.status).toBe(200);
  }

  async function rowsOf(userId: number) {
    return rt.deps.db
      .selectFrom("signup_tracking")
      .select(["type", "landing_page_id", "created_at"])
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute();
  }

  async function tracking(token: string) {
    const response = await rt.request("/api/v2/registration/business/tracking", { token });
    return { status: response.status, body: await jsonOf(response) };
  }

  async function addPhoto(userId: number) {
    await rt.deps.db
      .insertInto("media")
      .values({
        user_id: userId,
        kind: "photo",
        visibility: "public",
        status: MEDIA_STATUS.accepted,
        storage_key: `test/tracking-${userId}.jpg`,
        mime_type: "image/jpeg",
        width: 600,
        height: 800,
        bytes: 60_000,
        position: 0,
        is_avatar: 1,
        created_at: rt.clock.now(),
      })
      .execute();
  }

  const description = { description: "Unser Club ".repeat(15) };

  it("records 1, 2, 3, 3.1, 4 in order and once each along the business walk", async () => {
    const business = await signUpBusiness("sommer-lp");
    expect((await rowsOf(business.id)).map((r) => r.type)).toEqual(["1"]);

    await put(business.token, "business/services", { company_service: [1, 3], company_room: [1], environment: [3] });
    // Saving a finished step again is no new progress.
    await put(business.token, "business/services", { company_service: [1], company_room: [1], environment: [3] });
    await put(business.token, "business/schedule", { schedule: [{ day: 1, time_from: "11:00", time_to: "23:00" }] });
    await put(business.token, "business/description", description);
    await put(business.token, "business/description", description);
    await addPhoto(business.id);
    await put(business.token, "business/photo", {});
    await put(business.token, "business/photo", {});
    // Escorts are optional and outside the funnel.
    await put(business.token, "business/escorts", { usernames: [] });

    const rows = await rowsOf(business.id);
    expect(rows.map((r) => r.type)).toEqual(["1", "2", "3", "3.1", "4"]);
    expect(rows.every((r) => r.landing_page_id === "sommer-lp")).toBe(true);

    const { status, body } = await tracking(business.token);
    expect(status).toBe(200);
    const data = body.data as TrackingAnswer;
    expect(data.types).toEqual([...BUSINESS_SIGNUP_TRACKING_TYPES]);
    expect(data.events.map((e) => e.type)).toEqual(["1", "2", "3", "3.1", "4"]);
    expect(data.events.every((e) => typeof e.created_at === "number")).toBe(true);
  });

  it("stops where the business stopped", async () => {
    const business = await signUpBusiness();
    await put(business.token, "business/services", { company_service: [2], company_room: [1], environment: [3] });
    const data = (await tracking(business.token)).body.data as TrackingAnswer;
    expect(data.events.map((e) => e.type)).toEqual(["1", "2"]);
    expect((await rowsOf(business.id))[0]?.landing_page_id).toBeNull();
  });

  it("records nothing for individuals, who have no business funnel", async () => {
    const escort = await signUpEscort();
    expect(await rowsOf(escort.id)).toEqual([]);
    const { status } = await tracking(escort.token);
    expect(status).toBe(403);
    const row = await rt.deps.db.selectFrom("users").select("user_type").where("id", "=", escort.id).executeTakeFirstOrThrow();
    expect(row.user_type).toBe(USER_TYPE.escort);
  });

  it("answers only the caller's own events: B never sees A's progress", async () => {
    const a = await signUpBusiness("lp-a");
    await put(a.token, "business/services", { company_service: [1], company_room: [1], environment: [3] });
    const b = await signUpBusiness();
    const answer = await rt.request(`/api/v2/registration/business/tracking?user_id=${a.id}`, { token: b.token });
    expect(answer.status).toBe(200);
    const data = (await jsonOf(answer)).data as TrackingAnswer;
    expect(data.events.map((e) => e.type)).toEqual(["1"]);
    expect((await rt.request("/api/v2/registration/business/tracking")).status).toBe(401);
  });
});
