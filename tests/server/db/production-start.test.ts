/**
 * Issue 23 item 1 (ADR 056): a production start never contains demo accounts. On an empty database it creates the
 * schema and no one, and says how to create the first staff account; on a database that holds the demo seed's
 * accounts it refuses to start and says what to do; the demo (DEMO_MODE=1) still seeds. Runs the real bootstrap of
 * `npm run serve` on a database of its own (a SQLite file, or a PostgreSQL schema).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootstrap, StartRefused, type Runtime } from "#server/bootstrap";
import { loadConfig, type AppConfig } from "#server/config";
import { allMigrationsFor } from "#server/modules/index";
import { openDatabase } from "#server/db/index";
import { DEMO_PASSWORD, demoAccountIds, findDemoAccounts } from "#server/db/seed/index";
import { manualClock } from "#server/lib/clock";
import { eraseAccount } from "#server/modules/account/index";
import { createLogger } from "#server/ops/logger";
import { createPostgresSchema, TEST_DB } from "../../helpers/runtime";

const START = Date.UTC(2027, 2, 1, 9);

/** A logger whose lines the test reads. */
function capturedLog() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  return { log: createLogger({ level: "info" }, sink), lines };
}

async function freshDatabaseUrl(dir: string, name: string): Promise<string> {
  return TEST_DB === "postgres" ? (await createPostgresSchema()).url : `sqlite:${join(dir, `${name}.sqlite`)}`;
}

function productionConfig(databaseUrl: string, mediaDir: string, extra: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: "production",
    APP_SECRET: "production-start-test",
    PUBLIC_URL: "https://velora.example",
    DATABASE_URL: databaseUrl,
    MEDIA_DIR: mediaDir,
    LOG_LEVEL: "silent",
    ...extra,
  });
}

async function demoLogin(runtime: Runtime, username: string): Promise<number> {
  const response = await runtime.api.fetch(
    new Request("http://velora.test/oauth/v2/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "password", username, password: DEMO_PASSWORD }).toString(),
    }),
    { remoteAddress: "203.0.113.77" },
  );
  return response.status;
}

async function userCount(runtime: Runtime): Promise<number> {
  const row = await runtime.deps.db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function closeRuntime(runtime: Runtime): Promise<void> {
  runtime.deps.presence.close();
  await runtime.deps.bus.close();
  await runtime.database.close();
}

describe(`a production start (${TEST_DB})`, () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "velora-production-start-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  describe("configuration", () => {
    it("seeds an empty database for the demo, development and tests only", () => {
      const base = { APP_SECRET: "s", PUBLIC_URL: "https://velora.example" };
      expect(loadConfig({ ...base, NODE_ENV: "production" }).seedOnEmpty).toBe(false);
      expect(loadConfig({ ...base, NODE_ENV: "production", SEED_ON_EMPTY: "0" }).seedOnEmpty).toBe(false);
      expect(loadConfig({ ...base, NODE_ENV: "production", DEMO_MODE: "1" }).seedOnEmpty).toBe(true);
      expect(loadConfig({ ...base, NODE_ENV: "development" }).seedOnEmpty).toBe(true);
      expect(loadConfig({ ...base, NODE_ENV: "test" }).seedOnEmpty).toBe(true);
      expect(loadConfig({ ...base, NODE_ENV: "development", SEED_ON_EMPTY: "0" }).seedOnEmpty).toBe(false);
    });

    it("refuses SEED_ON_EMPTY=1 in production, naming DEMO_MODE", () => {
      expect(() =>
        loadConfig({ NODE_ENV: "production", APP_SECRET: "s", PUBLIC_URL: "https://velora.example", SEED_ON_EMPTY: "1" }),
      ).toThrow(/SEED_ON_EMPTY=1 is refused in production.*DEMO_MODE=1/);
    });
  });

  it("on an empty database creates the schema and no one, says how to create staff, and the demo login fails", async () => {
    const { log, lines } = capturedLog();
    const runtime = await bootstrap(productionConfig(await freshDatabaseUrl(dir, "empty"), join(dir, "media-empty")), {
      clock: manualClock(START),
      log,
    });
    try {
      expect(runtime.seeded).toBe(false);
      expect(await userCount(runtime)).toBe(0);
      // The schema is there: the readiness check's view of it.
      const migrated = await runtime.database.db.selectFrom("users").select("id").limit(1).execute();
      expect(migrated).toEqual([]);
      expect(await demoLogin(runtime, "demo_team")).toBe(400);
      expect(await demoLogin(runtime, "demo_backend")).toBe(400);
      const hint = lines
        .map((line) => JSON.parse(line) as { level: string; msg: string })
        .find((line) => line.msg.includes("staff:create"));
      expect(hint).toMatchObject({ level: "warn" });
      expect(hint?.msg).toContain("npm run staff:create -- --username <name> --email <address> --role backend");
    } finally {
      await closeRuntime(runtime);
    }
  });

  describe("and the demo seed", () => {
    let databaseUrl: string;
    beforeAll(async () => {
      databaseUrl = await freshDatabaseUrl(dir, "demo");
    });

    it("the demo (DEMO_MODE=1) still seeds, and marks every account it writes", { timeout: 120_000 }, async () => {
      const runtime = await bootstrap(productionConfig(databaseUrl, join(dir, "media-demo"), { DEMO_MODE: "1" }), {
        clock: manualClock(START),
      });
      try {
        expect(runtime.seeded).toBe(true);
        expect(await demoLogin(runtime, "demo_team")).toBe(200);
        const total = await userCount(runtime);
        expect(total).toBeGreaterThan(250);
        expect((await findDemoAccounts(runtime.deps.db)).count).toBe(total);
      } finally {
        await closeRuntime(runtime);
      }
    });

    it("a production start on it refuses, naming the accounts and what to do", { timeout: 60_000 }, async () => {
      const { log, lines } = capturedLog();
      const start = bootstrap(productionConfig(databaseUrl, join(dir, "media-demo")), { clock: manualClock(START), log });
      await expect(start).rejects.toBeInstanceOf(StartRefused);
      await expect(start).rejects.toThrow(/refusing to start in production: the database holds \d+ demo account\(s\) .*demo_client/);
      const error = await start.catch((err: Error) => err.message);
      expect(error).toContain("npm run staff:create");
      expect(error).toContain("npm run demo:remove");
      expect(error).toContain("DEMO_MODE=1");
      const fatal = lines
        .map((line) => JSON.parse(line) as { level: string; msg: string; demoAccounts?: number })
        .find((l) => l.level === "fatal");
      expect(fatal?.msg).toBe(error);
      expect(fatal?.demoAccounts).toBeGreaterThan(250);
    });

    it("after `npm run demo:remove` erased them, production starts and no demo login works", { timeout: 120_000 }, async () => {
      const handle = openDatabase(databaseUrl);
      try {
        for (const id of await demoAccountIds(handle.db)) await eraseAccount({ db: handle.db, clock: manualClock(START) }, id);
      } finally {
        await handle.close();
      }
      const runtime = await bootstrap(productionConfig(databaseUrl, join(dir, "media-demo")), { clock: manualClock(START) });
      try {
        expect(runtime.seeded).toBe(false);
        expect(await demoLogin(runtime, "demo_team")).toBe(400);
        expect(await demoLogin(runtime, "demo_client")).toBe(400);
        expect((await findDemoAccounts(runtime.deps.db)).count).toBe(0);
      } finally {
        await closeRuntime(runtime);
      }
    });
  });

  it("a database seeded before the marker existed is recognised by the seed's e-mail domain (migration 0056)", async () => {
    const handle = openDatabase(TEST_DB === "postgres" ? (await createPostgresSchema()).url : ":memory:", { poolSize: 1 });
    try {
      const schema =
        handle.dialect === "postgres"
          ? (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(handle.db)).rows[0]?.schema
          : undefined;
      const migrator = new Migrator({
        db: handle.db,
        provider: { getMigrations: async () => allMigrationsFor(handle.dialect) },
        migrationTableSchema: schema,
      });
      expect((await migrator.migrateTo("0048_messenger_client_keys")).error).toBeUndefined();
      const row = (username: string, email: string, userType: number) => ({
        username,
        username_key: username,
        email,
        email_key: email,
        password_hash: "x",
        user_type: userType,
        language: "de",
        created_at: START,
        updated_at: START,
      });
      // What an earlier seed wrote (a member, a generated profile, a staff login) and a member of one's own.
      await sql`INSERT INTO users (username, username_key, email, email_key, password_hash, user_type, language, created_at, updated_at)
        VALUES ${sql.join(
          [
            row("demo_client", "client@demo.velora.local", 1),
            row("lena_17", "lena_17@demo.velora.local", 2),
            row("demo_backend", "backend@demo.velora.local", 9),
            row("real_member", "real@example.org", 1),
          ].map((r) => sql`(${sql.join(Object.values(r))})`),
        )}`.execute(handle.db);
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const demo = await findDemoAccounts(handle.db);
      expect(demo).toEqual({ count: 3, usernames: ["demo_client", "lena_17", "demo_backend"] });
    } finally {
      await handle.close();
    }
  });
});
