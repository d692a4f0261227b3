/**
 * The consents group (ADR 023) through the real API on both databases: ethnicity and sexual orientation are
 * stored only with a separate, timestamped, withdrawable consent, given at the registration's profile step and
 * withdrawn there or through DELETE /user/consents/{purpose}.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPECIAL_DATA_CONSENT } from "#server/contract/consents";
import { GENDER, REGISTER_STEP, USER_TYPE } from "#server/contract/users";
import { createTestRuntime, listedMemberWith, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { callJson } from "../../helpers/api-call";

interface Body<T> {
  code: number;
  data: T;
  errors?: Array<{ code: number; key: string; source?: string }>;
}

describe(`special-category data and its consent (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime({ geoData: true });
  }, 60_000);
  afterAll(() => rt.close());

  /** A signed-in user with a listed profile in Berlin. */
  const member = (options?: Parameters<typeof listedMemberWith>[1]) => listedMemberWith(rt, options);

  async function call<T>(path: string, init: { token?: string; method?: string; body?: unknown } = {}) {
    const { status, json } = await callJson<Body<T>>(rt, init.token, init.method ?? "GET", path, init.body);
    return { status, body: json };
  }

  async function put(token: string, path: string, body?: unknown) {
    return call<{ next_step: string }>(`/api/v2/registration/${path}`, { token, method: "PUT", body: body ?? {} });
  }

  const profile = { relationship_status: 1, city: "Hamburg" };
  const special = async (userId: number) => {
    const traits = await rt.deps.db
      .selectFrom("profile_traits")
      .select(["group_key", "option_id"])
      .where("user_id", "=", userId)
      .where("group_key", "in", ["race_type", "sexuality"])
      .orderBy("group_key")
      .execute();
    const consents = await rt.deps.db.selectFrom("consents").selectAll().where("user_id", "=", userId).orderBy("id").execute();
    const searchRow = await rt.deps.db.selectFrom("search_profiles").select("race_type").where("user_id", "=", userId).executeTakeFirst();
    return { traits: traits.map((t) => `${t.group_key}:${t.option_id}`), consents, searchRace: searchRow?.race_type ?? null };
  };

  it("takes the profile step without ethnicity or sexual orientation, and stores neither nor a consent", async () => {
    const user = await member({ completedStep: REGISTER_STEP.photo });
    const saved = await put(user.token, "profile", profile);
    expect(saved.status).toBe(200);
    expect(await special(user.id)).toEqual({ traits: [], consents: [], searchRace: null });
  });

  it("refuses ethnicity or sexual orientation without the consent, at the consent field, storing nothing", async () => {
    const user = await member({ completedStep: REGISTER_STEP.photo });
    for (const extra of [{ race_type: 1 }, { sexuality: 3 }, { race_type: 1, special_data_consent: false }]) {
      const refused = await put(user.token, "profile", { ...profile, ...extra });
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.map((e) => [e.key, e.source])).toEqual([
        ["validation.steps.special_data_consent_required", "special_data_consent"],
      ]);
    }
    expect((await special(user.id)).traits).toEqual([]);
  });

  it("stores them with the consent and its time; unticking withdraws it and deletes both, search included", async () => {
    // Registered already (listed in search): the step is redone, as the profile settings will.
    const user = await member();
    rt.clock.advance(1000);
    const grantedAt = rt.clock.now();
    expect((await put(user.token, "profile", { ...profile, race_type: 2, sexuality: 3, special_data_consent: true })).status).toBe(200);
    const given = await special(user.id);
    expect(given.traits).toEqual(["race_type:2", "sexuality:3"]);
    expect(given.consents).toEqual([expect.objectContaining({ purpose: SPECIAL_DATA_CONSENT, granted_at: grantedAt, withdrawn_at: null })]);
    expect(given.searchRace).toBe(2);
    const listed = await call<Array<{ purpose: string; granted_at: number }>>("/api/v2/user/consents", { token: user.token });
    expect(listed.body.data).toEqual([{ purpose: SPECIAL_DATA_CONSENT, granted_at: grantedAt }]);

    // Saving again with the tick keeps the first consent (one grant, its own time).
    rt.clock.advance(1000);
    expect((await put(user.token, "profile", { ...profile, race_type: 1, special_data_consent: true })).status).toBe(200);
    expect((await special(user.id)).consents).toHaveLength(1);
    expect((await special(user.id)).traits).toEqual(["race_type:1"]);

    rt.clock.advance(1000);
    const withdrawnAt = rt.clock.now();
    expect((await put(user.token, "profile", profile)).status).toBe(200);
    const gone = await special(user.id);
    expect(gone.traits).toEqual([]);
    expect(gone.searchRace).toBeNull();
    expect(gone.consents).toEqual([expect.objectContaining({ granted_at: grantedAt, withdrawn_at: withdrawnAt })]);
  });

  it("withdraws through DELETE /user/consents/{purpose}, deleting what it covered", async () => {
    const user = await member({ userType: USER_TYPE.escort, gender: GENDER.female });
    expect((await put(user.token, "profile", { ...profile, race_type: 4, special_data_consent: true })).status).toBe(200);
    expect((await special(user.id)).searchRace).toBe(4);
    const withdrawn = await call<unknown[]>(`/api/v2/user/consents/${SPECIAL_DATA_CONSENT}`, { token: user.token, method: "DELETE" });
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.data).toEqual([]);
    const after = await special(user.id);
    expect(after.traits).toEqual([]);
    expect(after.searchRace).toBeNull();
    expect(after.consents[0]?.withdrawn_at).not.toBeNull();
    expect((await call(`/api/v2/user/consents/whatever`, { token: user.token, method: "DELETE" })).status).toBe(404);
    expect((await call(`/api/v2/user/consents/${SPECIAL_DATA_CONSENT}`, { method: "DELETE" })).status).toBe(401);
  });
});
