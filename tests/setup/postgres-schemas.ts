/**
 * Global setup of a vitest run: names this run, so that the PostgreSQL schemas and databases its test files create
 * (tests/helpers/runtime.ts) carry the name, and drops them all when the run ends.
 *
 * Why not each file its own at its end: Kysely's migrator lists the tables of every schema it can see, and a
 * schema dropped by another worker during that listing fails it ("schema … does not exist"); with two workers
 * that happened about once a run.
 *
 * On PostgreSQL it also migrates one template database for the run: every test runtime's database is a copy of it
 * (CREATE DATABASE … TEMPLATE, about 0.3 s) instead of running every migration again in a schema of its own (one to
 * several seconds a file, and all files wait for each other on kysely's one migration lock per database).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export const RUN_PREFIX_ENV = "VELORA_TEST_SCHEMA_PREFIX";
/** The name of the run's migrated template database (PostgreSQL runs only). */
export const TEMPLATE_DATABASE_ENV = "VELORA_TEST_TEMPLATE_DATABASE";
/** The test PostgreSQL unless DATABASE_URL_TEST names another: the machine's `test` database. */
export const TEST_DATABASE_URL = process.env.DATABASE_URL_TEST ?? "postgres://postgres@127.0.0.1:5432/test";

/** The URL of another database on the test server. */
export function testDatabaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function migrateTemplate(name: string): Promise<void> {
  await withAdmin((client) => client.query(`CREATE DATABASE "${name}"`));
  // Imported here: only PostgreSQL runs need the server's migrations in the main process.
  const { migrateToLatest, openDatabase } = await import("../../server/db/index");
  const { allMigrationsFor } = await import("../../server/modules/index");
  const database = openDatabase(testDatabaseUrl(name), { poolSize: 1 });
  try {
    await migrateToLatest(database, allMigrationsFor);
  } finally {
    // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to.
    await database.close();
  }
}

export async function setup(): Promise<() => Promise<void>> {
  const prefix = `t_${randomBytes(4).toString("hex")}_`;
  // Workers are started after global setup and inherit the environment.
  process.env[RUN_PREFIX_ENV] = prefix;
  if (process.env.TEST_DB === "postgres") {
    const template = `${prefix}template`;
    await migrateTemplate(template);
    process.env[TEMPLATE_DATABASE_ENV] = template;
  }
  return async () => {
    if (process.env.TEST_DB !== "postgres") return;
    await withAdmin(async (client) => {
      const schemas = await client.query<{ name: string }>("SELECT nspname AS name FROM pg_namespace WHERE starts_with(nspname, $1)", [
        prefix,
      ]);
      for (const { name } of schemas.rows) await client.query(`DROP SCHEMA "${name}" CASCADE`);
      const databases = await client.query<{ name: string }>("SELECT datname AS name FROM pg_database WHERE starts_with(datname, $1)", [
        prefix,
      ]);
      for (const { name } of databases.rows) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    });
  };
}
