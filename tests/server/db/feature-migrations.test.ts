/**
 * Migrations a feature declares in its manifest (ADR 067) beside the released list, on both databases: the released
 * names stay exactly as databases have recorded them, a database migrated by the old list sees only the features'
 * new migrations as pending (nothing renamed, nothing out of order), and a badly named or placed one is refused.
 */
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, pendingMigrations, type DatabaseHandle } from "#server/db/index";
import { LAST_RELEASED_MIGRATION, releasedMigrationsFor } from "#server/db/migrations/index";
import { allMigrationsFor, FEATURES } from "#server/modules/index";
import { defineFeature } from "#server/modules/manifest";
import { migrationsOf } from "#server/modules/registry";
import { createPostgresSchema, TEST_DB } from "../../helpers/runtime";

/** The names kysely's migration table holds on every database migrated before ADR 067, in the old list's order. */
const RELEASED = [
  "0001_init",
  "0002_content_removal",
  "0003_profile_data",
  "0004_signup",
  "0005_business_escorts",
  "0006_public_profiles",
  "0007_geo_search",
  "0008_invites_claims_phone",
  "0009_mail_delivery",
  "0010_signup_tracking",
  "0011_search_profiles",
  "0012_media_variants",
  "0013_consents",
  "0014_session_window_token_families",
  "0015_business_link_consent",
  "0016_email_changes",
  "0017_first_contact_filters",
  "0018_account_deletions",
  "0019_notification_preferences",
  "0020_review_display",
  "0021_jobs",
  "0022_data_exports",
  "0023_search_visibility",
  "0024_tours",
  "0025_media_gallery",
  "0026_moderation",
  "0027_profile_views",
  "0028_media_video",
  "0029_favorites",
  "0030_profile_visits",
  "0031_friend_links",
  "0032_profile_notes",
  "0033_reports",
  "0034_profile_extras",
  "0035_messenger",
  "0040_notifications",
  "0045_search_popularity",
  "0046_dates",
  "0047_date_reviews",
  "0048_messenger_client_keys",
  "0059_report_email_confirmation",
  "0056_demo_accounts",
];

const noop = { up: () => async () => {} };

describe(`migrations declared by feature manifests (${TEST_DB})`, () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    const url = TEST_DB === "postgres" ? (await createPostgresSchema()).url : ":memory:";
    database = openDatabase(url, { poolSize: 1 });
  });
  afterAll(async () => {
    await database.close();
  });

  it("keep the released list's names, and add the features' after it", () => {
    expect(Object.keys(releasedMigrationsFor(database.dialect))).toEqual(RELEASED);
    const all = Object.keys(allMigrationsFor(database.dialect));
    expect(all.slice(0, RELEASED.length)).toEqual(RELEASED);
    const declared = FEATURES.flatMap((feature) => Object.keys(("migrations" in feature ? feature.migrations : undefined) ?? {})).sort();
    expect(all.slice(RELEASED.length)).toEqual(declared);
    for (const name of declared) expect(name > LAST_RELEASED_MIGRATION).toBe(true);
  });

  it("a database migrated by the old list has only the features' migrations pending, then none", async () => {
    const schema =
      database.dialect === "postgres"
        ? (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(database.db)).rows[0]?.schema
        : undefined;
    // Exactly what the product ran before: the released list alone.
    const old = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => releasedMigrationsFor(database.dialect) },
      migrationTableSchema: schema,
    });
    expect((await old.migrateToLatest()).error).toBeUndefined();
    expect(await pendingMigrations(database, releasedMigrationsFor)).toEqual([]);

    const declared = Object.keys(allMigrationsFor(database.dialect)).slice(RELEASED.length);
    expect(await pendingMigrations(database, allMigrationsFor)).toEqual(declared);
    expect(await migrateToLatest(database, allMigrationsFor)).toEqual(declared);
    expect(await pendingMigrations(database, allMigrationsFor)).toEqual([]);
    // kysely's table holds the released names unchanged, in the order they ran, and the new ones after them.
    const recorded = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY timestamp, name`.execute(database.db);
    expect(recorded.rows.map((row) => row.name).sort()).toEqual([...RELEASED, ...declared].sort());
    // Two full migrations in a row: on a busy CI machine, while the other worker's files migrate too (kysely's
    // migration lock is one per database), this took more than the default 20 s once.
  }, 120_000);

  it("refuse a feature migration named unlike the others, sorting before the released ones, or declared twice", () => {
    const of =
      (...features: ReturnType<typeof defineFeature>[]) =>
      () =>
        migrationsOf(features, database.dialect);
    expect(of(defineFeature({ name: "a", migrations: { "0061_fine": noop } }))).not.toThrow();
    expect(of(defineFeature({ name: "a", migrations: { "61_short": noop } }))).toThrow(/not named/);
    expect(of(defineFeature({ name: "a", migrations: { "0061_Upper": noop } }))).toThrow(/not named/);
    expect(of(defineFeature({ name: "a", migrations: { "0057_late": noop } }))).toThrow(/sorts before/);
    expect(of(defineFeature({ name: "a", migrations: { "0001_init": noop } }))).toThrow(/sorts before/);
    expect(
      of(defineFeature({ name: "a", migrations: { "0061_same": noop } }), defineFeature({ name: "b", migrations: { "0061_same": noop } })),
    ).toThrow(/declared twice/);
  });
});
