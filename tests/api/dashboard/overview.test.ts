/**
 * GET /dashboard (issue 33 item 4, ADR 160): the start page's cards in one call. It must answer what the six calls it
 * replaced answer (consents, registration steps, settings index, phone, age check, the member's moderation), read
 * at the moment of the call: after each input changes — by the member's own API call, by a job (media processing)
 * or by staff (a moderation decision, a forced age check) — the next answer shows it. And it runs fewer statements.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AGE_VERIFICATION_STATUS, type AgeVerificationState } from "#server/contract/age-verification";
import { SPECIAL_DATA_CONSENT, type ConsentItem } from "#server/contract/consents";
import type { DashboardOverview } from "#server/contract/dashboard";
import { MEDIA_STATUS } from "#server/contract/media";
import { TEXT_REVIEW_STATUS, type MyModeration } from "#server/contract/moderation";
import type { PhoneStatus } from "#server/contract/invites";
import type { StepData } from "#server/contract/registration-steps";
import { profileCompleteness, type SettingsIndex } from "#server/contract/settings";
import { USER_TYPE } from "#server/contract/users";
import { freshIp } from "../../helpers/auth";
import { addBerlinProfile, createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

describe(`dashboard overview (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let statements = 0;
  beforeAll(async () => {
    rt = await createTestRuntime({ onQuery: () => void statements++ });
  });
  afterAll(async () => {
    await rt.close();
  });

  async function member(userType: number, businessKind?: string) {
    const user = await createUser(rt, { userType });
    await addBerlinProfile(rt, user.id, user.username);
    if (businessKind) await rt.deps.db.updateTable("users").set({ business_kind: businessKind }).where("id", "=", user.id).execute();
    const { body } = await login(rt, user.username, user.password, freshIp());
    return { ...user, token: String(body.access_token) };
  }

  async function get<T>(token: string | undefined, path: string): Promise<{ status: number; data: T }> {
    const response = await rt.request(`/api/v2${path}`, { token });
    const body = (await response.json()) as { data: T };
    return { status: response.status, data: body.data };
  }

  /** The overview as the six calls it replaced make it (the dashboard loader's former mapping). */
  async function fromSixCalls(token: string): Promise<DashboardOverview> {
    const [consents, steps, settings, phone, age, moderation] = await Promise.all([
      get<ConsentItem[]>(token, "/user/consents"),
      get<StepData>(token, "/registration/steps"),
      get<SettingsIndex>(token, "/settings"),
      get<PhoneStatus>(token, "/registration/sms"),
      get<AgeVerificationState>(token, "/verification/fsk18"),
      get<MyModeration>(token, "/moderation/my"),
    ]);
    for (const call of [consents, steps, settings, phone, age, moderation]) expect(call.status).toBe(200);
    return {
      completeness: profileCompleteness(steps.data, { userType: steps.data.user_type, businessKind: null }),
      settings_groups: settings.data.groups,
      phone_verified: phone.data.phone_verified_at !== null,
      age_check: age.data.status,
      special_consent_granted_at: consents.data.find((c) => c.purpose === SPECIAL_DATA_CONSENT)?.granted_at ?? null,
      moderation: {
        texts: moderation.data.texts.map((text) => ({ field: text.field, status: text.status, reason: text.reason })),
        media_pending: moderation.data.media.pending,
        media_rejected: moderation.data.media.rejected.length,
      },
    };
  }

  async function overview(token: string): Promise<DashboardOverview> {
    const { status, data } = await get<DashboardOverview>(token, "/dashboard");
    expect(status).toBe(200);
    return data;
  }

  async function addPhoto(userId: number, status: number): Promise<number> {
    const row = await rt.deps.db
      .insertInto("media")
      .values({
        user_id: userId,
        kind: "photo",
        visibility: "public",
        status,
        storage_key: `test/overview-${userId}-${status}-${rt.clock.now()}`,
        mime_type: "image/jpeg",
        width: 160,
        height: 160,
        variant_widths: "160",
        bytes: 100,
        position: 0,
        created_at: rt.clock.now(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it("answers what the six calls answered, after each input changes by the member, a job or staff", async () => {
    const escort = await member(USER_TYPE.escort);
    const expectSame = async () => {
      const one = await overview(escort.token);
      expect(one).toEqual(await fromSixCalls(escort.token));
      return one;
    };

    const fresh = await expectSame();
    expect(fresh).toMatchObject({
      phone_verified: false,
      age_check: "init",
      special_consent_granted_at: null,
      moderation: { texts: [], media_pending: 0, media_rejected: 0 },
    });
    expect(fresh.completeness?.items.find((item) => item.key === "photo")?.done).toBe(false);

    // A photo the media job has processed waits for the team: waiting, and the completeness counts it.
    const photo = await addPhoto(escort.id, MEDIA_STATUS.pending);
    const waiting = await expectSame();
    expect(waiting.moderation.media_pending).toBe(1);
    expect(waiting.completeness?.items.find((item) => item.key === "photo")?.done).toBe(true);

    // Staff refuse it (a moderation decision): refused lately, no longer waiting.
    await rt.deps.db.updateTable("media").set({ status: MEDIA_STATUS.rejected }).where("id", "=", photo).execute();
    await rt.deps.db
      .insertInto("media_decisions")
      .values({
        media_id: photo,
        user_id: escort.id,
        status: MEDIA_STATUS.rejected,
        reason: "poor_quality",
        decided_by: escort.id,
        decided_at: rt.clock.now(),
      })
      .execute();
    const refused = await expectSame();
    expect(refused.moderation).toMatchObject({ media_pending: 0, media_rejected: 1 });

    // A text proposed by the member waits for the team.
    await rt.deps.db
      .insertInto("profile_text_changes")
      .values({
        user_id: escort.id,
        field: "description",
        value: "A proposed description.",
        status: TEXT_REVIEW_STATUS.pending,
        reason: null,
        created_at: rt.clock.now(),
        decided_at: null,
        decided_by: null,
      })
      .execute();
    const proposed = await expectSame();
    expect(proposed.moderation.texts).toEqual([{ field: "description", status: TEXT_REVIEW_STATUS.pending, reason: null }]);

    // The phone verified, the special-category consent given, the age check verified by the provider or staff.
    const now = rt.clock.now();
    await rt.deps.db.updateTable("users").set({ phone: "+4915112345678", phone_verified_at: now }).where("id", "=", escort.id).execute();
    await rt.deps.db
      .insertInto("consents")
      .values({ user_id: escort.id, purpose: SPECIAL_DATA_CONSENT, granted_at: now, withdrawn_at: null })
      .execute();
    await rt.deps.db
      .insertInto("age_verifications")
      .values({ user_id: escort.id, status: AGE_VERIFICATION_STATUS.verified, provider: "fake", verified_at: now, updated_at: now })
      .execute();
    const verified = await expectSame();
    expect(verified).toMatchObject({ phone_verified: true, age_check: "verified", special_consent_granted_at: now });

    // The member withdraws the consent through the API: the next answer no longer has it.
    const withdrawn = await rt.request(`/api/v2/user/consents/${SPECIAL_DATA_CONSENT}`, { method: "DELETE", token: escort.token });
    expect(withdrawn.status).toBe(200);
    expect((await expectSame()).special_consent_granted_at).toBeNull();
  });

  it("gives each kind of member their own settings pages, and staff no completeness", async () => {
    const client = await member(USER_TYPE.client);
    const business = await member(USER_TYPE.business, "agency");
    const staff = await member(USER_TYPE.team);
    expect(await overview(client.token)).toEqual(await fromSixCalls(client.token));
    const ofBusiness = await overview(business.token);
    const settings = await get<SettingsIndex>(business.token, "/settings");
    expect(ofBusiness.settings_groups).toEqual(settings.data.groups);
    expect(ofBusiness.settings_groups).not.toEqual((await overview(client.token)).settings_groups);
    expect((await overview(staff.token)).completeness).toBeNull();
  });

  it("needs a token and runs fewer statements than the six calls", async () => {
    expect((await get<unknown>(undefined, "/dashboard")).status).toBe(401);
    const client = await member(USER_TYPE.client);
    await overview(client.token);
    statements = 0;
    await overview(client.token);
    const one = statements;
    statements = 0;
    await fromSixCalls(client.token);
    const six = statements;
    // 13 with the token check; the six calls ran 19 and a token check each.
    expect(one).toBeLessThanOrEqual(14);
    expect(one).toBeLessThan(six);
  });
});
