/**
 * Global setup of a vitest run: names this run, so that the PostgreSQL schemas its test files create
 * (tests/helpers/runtime.ts) carry the name, and drops them all when the run ends.
 *
 * Why not each file its own at its end: Kysely's migrator lists the tables of every schema it can see, and a
 * schema dropped by another worker during that listing fails it ("schema … does not exist"); with two workers
 * that happened about once a run.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export const RUN_PREFIX_ENV = "VELORA_TEST_SCHEMA_PREFIX";
/** The test PostgreSQL unless DATABASE_URL_TEST names another: the machine's `test` database. */
export const TEST_DATABASE_URL = process.env.DATABASE_URL_TEST ?? "postgres://postgres@127.0.0.1:5432/test";

export function setup(): () => Promise<void> {
  const prefix = `t_${randomBytes(4).toString("hex")}_`;
  // Workers are started after global setup and inherit the environment.
  process.env[RUN_PREFIX_ENV] = prefix;
  return async () => {
    if (process.env.TEST_DB !== "postgres") return;
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    try {
      await client.connect();
      const { rows } = await client.query<{ name: string }>("SELECT nspname AS name FROM pg_namespace WHERE starts_with(nspname, $1)", [
        prefix,
      ]);
      for (const { name } of rows) await client.query(`DROP SCHEMA "${name}" CASCADE`);
    } finally {
      await client.end().catch(() => undefined);
    }
  };
}
