/**
 * Migration 0012 (ADR 023) on both databases: ethnicity and sexual
 * orientation stored before there was a consent for them are deleted, the
 * other traits stay, and the search_profiles triggers (ADR 011) take the
 * deleted values out of search.
 */
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allMigrationsFor } from "#server/modules/index";
import { openDatabase, type DatabaseHandle } from "#server/db/index";
import { createPostgresSchema, TEST_DB } from "../../helpers/runtime";

describe(`migration 0012: consents (${TEST_DB})`, () => {
  let database: DatabaseHandle;
  let migrator: Migrator;
  beforeAll(async () => {
    const url = TEST_DB === "postgres" ? (await createPostgresSchema()).url : ":memory:";
    database = openDatabase(url, { poolSize: 1 });
    const schema =
      database.dialect === "postgres"
        ? (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(database.db)).rows[0]?.schema
        : undefined;
    migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => allMigrationsFor(database.dialect) },
      migrationTableSchema: schema,
    });
  });
  afterAll(async () => {
    await database.close();
  });

  it("deletes race_type and sexuality stored without consent, keeps the rest, and search follows", async () => {
    const step = await migrator.migrateTo("0011_search_profiles");
    expect(step.error).toBeUndefined();
    const db = database.db;
    const now = Date.UTC(2026, 10, 1);
    const { id } = await db
      .insertInto("users")
      .values({
        username: "before_consent",
        username_key: "before_consent",
        email: "before@example.test",
        email_key: "before@example.test",
        password_hash: "x",
        user_type: 2,
        gender: 2,
        salutation: "ms",
        birth_date: "1990-01-15",
        language: "de",
        member_until: null,
        email_verified_at: now,
        register_completed_step: 10,
        status: "active",
        created_at: now,
        updated_at: now,
        last_login_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("profile_traits")
      .values([
        { user_id: id, group_key: "race_type", option_id: 3 },
        { user_id: id, group_key: "sexuality", option_id: 1 },
        { user_id: id, group_key: "figure_type", option_id: 2 },
      ])
      .execute();
    await db.insertInto("profiles").values({ user_id: id, display_name: "Vorher", is_visible: 1, updated_at: now }).execute();
    const before = await db.selectFrom("search_profiles").select(["race_type", "figure_type"]).where("user_id", "=", id).executeTakeFirst();
    expect(before).toEqual({ race_type: 3, figure_type: 2 });

    const rest = await migrator.migrateToLatest();
    expect(rest.error).toBeUndefined();
    const traits = await db.selectFrom("profile_traits").select("group_key").where("user_id", "=", id).execute();
    expect(traits.map((t) => t.group_key)).toEqual(["figure_type"]);
    const after = await db.selectFrom("search_profiles").select(["race_type", "figure_type"]).where("user_id", "=", id).executeTakeFirst();
    expect(after).toEqual({ race_type: null, figure_type: 2 });
    expect(await db.selectFrom("consents").selectAll().execute()).toEqual([]);
  });
});
