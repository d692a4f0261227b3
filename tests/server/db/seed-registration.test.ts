import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USER_TYPE } from "#server/contract/users";
import { seedDemoData } from "#server/db/seed/index";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../../helpers/runtime";

describe(`seeded registration step data (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let mediaDir: string;
  beforeAll(async () => {
    rt = await createTestRuntime();
    mediaDir = await mkdtemp(join(tmpdir(), "velora-seed-steps-"));
    await seedDemoData({ db: rt.deps.db, clock: rt.clock, config: { ...rt.deps.config, mediaDir }, profiles: 60 });
  }, 120_000);
  afterAll(async () => {
    await rt.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  async function idOf(username: string) {
    return (await rt.deps.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
  }

  it("gives the demo escort services, several prices and a schedule, and the demo club opening hours", async () => {
    const escort = await idOf("demo_escort");
    const groups = await rt.deps.db.selectFrom("profile_traits").select("group_key").distinct().where("user_id", "=", escort).execute();
    expect(groups.map((g) => g.group_key)).toEqual(
      expect.arrayContaining(["relationship_status", "sexuality", "languages", "escort_service", "meeting_option"]),
    );
    const prices = await rt.deps.db
      .selectFrom("profile_prices")
      .select("duration_minutes")
      .where("user_id", "=", escort)
      .where("item_type", "=", 1)
      .execute();
    expect(prices.map((p) => p.duration_minutes).sort((a, b) => Number(a) - Number(b))).toEqual([30, 60, 120]);
    expect((await rt.deps.db.selectFrom("profile_schedule").select("day").where("user_id", "=", escort).execute()).length).toBeGreaterThan(
      0,
    );
    const club = await idOf("demo_club");
    expect(
      (await rt.deps.db.selectFrom("profile_schedule").select("day").where("user_id", "=", club).execute()).length,
    ).toBeGreaterThanOrEqual(4);
  });

  it("gives every individual past the profile step the required traits", async () => {
    const rows = await rt.deps.db
      .selectFrom("users")
      .leftJoin("profile_traits", (join) =>
        join.onRef("profile_traits.user_id", "=", "users.id").on("profile_traits.group_key", "=", "sexuality"),
      )
      .select(["users.username", "profile_traits.option_id"])
      .where("users.user_type", "in", [USER_TYPE.client, USER_TYPE.escort])
      .where("users.register_completed_step", ">=", 3)
      .execute();
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.filter((r) => r.option_id === null)).toEqual([]);
  });
});
