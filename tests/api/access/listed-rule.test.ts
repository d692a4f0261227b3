/**
 * Issue 8 item 3: the listed-profile rule exists twice by necessity — as SQL in migration 0011's triggers
 * (which keep search_profiles) and as the query builder's isListedProfile (pages, directory, media). This
 * test keeps them from drifting: over every combination of the facts the rule reads, the profiles the
 * triggers list are exactly the profiles isListedProfile selects. On SQLite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REGISTER_COMPLETED_STEP, USER_TYPE } from "#server/contract/users";
import { isListedProfile } from "#server/modules/access/index";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";

describe(`the listed-profile rule, in the triggers and in the query builder (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  it("lists exactly the same profiles", async () => {
    const statuses = ["active", "paused", "deactivated", "banned", "deleted", "claimable"] as const;
    const types = [USER_TYPE.client, USER_TYPE.escort, USER_TYPE.business, USER_TYPE.team];
    const steps = [REGISTER_COMPLETED_STEP - 1, REGISTER_COMPLETED_STEP];
    const ids: number[] = [];
    for (const status of statuses)
      for (const userType of types)
        for (const step of steps)
          for (const visible of [0, 1]) {
            const { id } = await createUser(rt, { userType });
            await rt.deps.db
              .insertInto("profiles")
              .values({ user_id: id, display_name: `p${id}`, is_visible: visible, updated_at: 0 })
              .execute();
            // Changed after the profile exists, as the product does: the triggers must follow each change.
            await rt.deps.db.updateTable("users").set({ status, register_completed_step: step }).where("id", "=", id).execute();
            ids.push(id);
          }
    const byTriggers = (await rt.deps.db.selectFrom("search_profiles").select("user_id").where("user_id", "in", ids).execute())
      .map((row) => row.user_id)
      .sort((a, b) => a - b);
    const byBuilder = (
      await rt.deps.db
        .selectFrom("users")
        .innerJoin("profiles", "profiles.user_id", "users.id")
        .select("users.id")
        .where("users.id", "in", ids)
        .where((eb) => isListedProfile(eb))
        .execute()
    )
      .map((row) => row.id)
      .sort((a, b) => a - b);
    expect(byTriggers.length, "some combinations are listed").toBeGreaterThan(0);
    expect(byTriggers.length, "and most are not").toBeLessThan(ids.length / 4);
    expect(byTriggers).toEqual(byBuilder);
  }, 60_000); // 96 accounts with real password hashes: slow on a loaded machine, not a slow rule.
});
