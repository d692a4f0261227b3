/**
 * A real API over a real database for integration tests. TEST_DB=postgres
 * runs on PostgreSQL (DATABASE_URL_TEST, default the machine's `test`
 * database) in a database of its own per test file (a copy of the run's migrated template); otherwise SQLite in memory.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LogEvent } from "kysely";
import pg from "pg";
import { createApiApp, type ApiApp } from "#server/api/app";
import type { ApiDeps } from "#server/api/types";
import { loadConfig } from "#server/config";
import { GENDER, USER_TYPE } from "#server/contract/users";
import { ensureGeoData } from "#server/db/geo/load";
import { migrateToLatest, openDatabase, type DatabaseHandle } from "#server/db/index";
import { checkDeclaredResponse, routeMatchers } from "./response-contract";
import { outboxMailer } from "#server/integrations/mail/mailer";
import { jobHandlersFor } from "#server/jobs/handlers";
import { allMigrationsFor, featureRegistry } from "#server/modules/index";
import { createJobRunner, type JobRunner } from "#server/jobs/queue";
import { manualClock } from "#server/lib/clock";
import { hashPassword } from "#server/lib/crypto";
import { createLogger } from "#server/ops/logger";
import { RUN_PREFIX_ENV, TEMPLATE_DATABASE_ENV, TEST_DATABASE_URL, testDatabaseUrl } from "../setup/postgres-schemas";
import { inProcessBus } from "#server/realtime/bus";
import { createPresence } from "#server/realtime/presence";

/**
 * One scrypt hash per password for the whole test file, at a cost of N=2^10 instead of 2^15: a real hash that
 * verifyPassword checks with the cost it carries, so logins verify for real, but each of the thousands of test
 * logins costs about 1 ms instead of 30-100 ms of CPU. Hashes the API makes (sign-up, password change) keep the
 * product's cost (tests/api/auth/login.test.ts checks it).
 */
const TEST_PASSWORD_COST = { N: 1 << 10, r: 8, p: 1 };
const passwordHashes = new Map<string, Promise<string>>();
export function passwordHashOf(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) passwordHashes.set(password, (hash = hashPassword(password, TEST_PASSWORD_COST)));
  return hash;
}

export const TEST_DB = process.env.TEST_DB === "postgres" ? "postgres" : "sqlite";
export const POSTGRES_BASE_URL = TEST_DATABASE_URL;

export interface TestRuntime {
  api: ApiApp;
  deps: ApiDeps;
  clock: ReturnType<typeof manualClock>;
  database: DatabaseHandle;
  /** Calls the API as a browser would reach it through the host. */
  request(path: string, init?: RequestInit & { ip?: string; token?: string }): Promise<Response>;
  /** The job runner with the product's handlers; `jobs.runDue()` runs what is due now. */
  jobs: JobRunner;
  close(): Promise<void>;
}

/**
 * Points the runtime's media store and upload scratch space at a fresh temporary folder, so tests that
 * store files never share them; returns the folder (remove it in afterAll).
 */
export function storeMediaInTemporaryDir(runtime: TestRuntime, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const config = runtime.deps.config as { mediaDir: string; uploadTmpDir: string };
  config.mediaDir = join(dir, "media");
  config.uploadTmpDir = join(dir, "upload-tmp");
  return dir;
}

/**
 * A schema of its own on the test PostgreSQL (tests that run migrations step by step use it too). The run's
 * global setup drops the run's schemas at its end (tests/setup/postgres-schemas.ts: a drop while another worker
 * migrates fails that migration).
 */
export async function createPostgresSchema(): Promise<{ url: string }> {
  const schema = `${process.env[RUN_PREFIX_ENV] ?? "t_"}${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_BASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(POSTGRES_BASE_URL);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return { url: url.toString() };
}

/**
 * Errors the API logs reach console.error, which fails the test (tests/setup/vitest.setup.ts) unless the
 * test expects it: an unexpected failure must not hide in a silent log.
 */
export const testLogger = createLogger({ level: "error" }, { write: (line: string) => console.error(line.trimEnd()) });

/**
 * A migrated database of its own: a copy of the run's template (tests/setup/postgres-schemas.ts). Without a template
 * (a run whose global setup did not make one) an empty schema, which the runtime then migrates.
 */
export async function createMigratedPostgresDatabase(): Promise<{ url: string }> {
  const template = process.env[TEMPLATE_DATABASE_ENV];
  if (!template) return createPostgresSchema();
  const name = `${process.env[RUN_PREFIX_ENV] ?? "t_"}${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: POSTGRES_BASE_URL });
  await admin.connect();
  try {
    // PostgreSQL refuses a copy while another session is connected to the template; nobody should be, but a
    // refusal is retried a few times rather than failing a test file.
    for (let attempt = 1; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
        break;
      } catch (error) {
        if (attempt >= 5 || !/being accessed by other users/.test(String(error))) throw error;
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
      }
    }
  } finally {
    await admin.end();
  }
  return { url: testDatabaseUrl(name) };
}

export interface TestRuntimeOptions {
  /** Sees every SQL statement the runtime's database runs (BEGIN and COMMIT included): query-count tests. */
  onQuery?: (sql: string) => void;
  /**
   * Loads the countries, regions and cities (as every start of the product does) for tests whose cities resolve:
   * sign-up and profile steps, search, the directory, tours. It takes seconds: give beforeAll a longer timeout.
   */
  geoData?: boolean;
}

export async function createTestRuntime(options: TestRuntimeOptions = {}): Promise<TestRuntime> {
  const databaseUrl = TEST_DB === "postgres" ? (await createMigratedPostgresDatabase()).url : ":memory:";
  const config = { ...loadConfig({ NODE_ENV: "test", APP_SECRET: "test-secret" }), databaseUrl, publicUrl: "http://velora.test" };
  const onQuery = options.onQuery;
  const database = openDatabase(databaseUrl, {
    poolSize: 4,
    ...(onQuery ? { log: (event: LogEvent) => onQuery(event.query.sql) } : {}),
  });
  await migrateToLatest(database, allMigrationsFor);
  if (options.geoData) await ensureGeoData(database.db);
  const clock = manualClock();
  const bus = inProcessBus();
  const deps: ApiDeps = {
    db: database.db,
    dialect: database.dialect,
    config,
    clock,
    mailer: outboxMailer(database.db, clock),
    log: testLogger,
    bus,
    presence: createPresence({ bus, clock, instanceId: "test" }),
    features: featureRegistry(),
  };
  const api = createApiApp(deps);
  const matchers = routeMatchers(api.routes);
  const jobs = createJobRunner({ db: deps.db, dialect: deps.dialect, clock, log: testLogger, handlers: jobHandlersFor(deps) });
  return {
    api,
    deps,
    clock,
    database,
    jobs,
    async request(path, init = {}) {
      const { ip, token, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (token) headers.set("authorization", `Bearer ${token}`);
      const request = new Request(`http://velora.test${path}`, { ...rest, headers });
      const response = await api.fetch(request, { remoteAddress: ip ?? "203.0.113.10" });
      await checkDeclaredResponse(matchers, request.method, new URL(request.url), response);
      return response;
    },
    async close() {
      deps.presence.close();
      await bus.close();
      await database.close();
    },
  };
}

/**
 * The users row of a member who finished registration, as createUser writes it; a test that needs hundreds
 * of members inserts these at once with an unusable password hash (scrypt for each would only slow the suite).
 */
export function userRow(input: {
  username: string;
  email?: string;
  passwordHash: string;
  userType?: number;
  status?: "active" | "banned" | "deleted";
  now: number;
}) {
  const email = input.email ?? `${input.username}@example.test`;
  return {
    username: input.username,
    username_key: input.username.toLowerCase(),
    email,
    email_key: email.toLowerCase(),
    password_hash: input.passwordHash,
    user_type: input.userType ?? 1,
    gender: 1,
    salutation: "mr",
    birth_date: "1990-01-15",
    language: "de",
    member_until: null,
    email_verified_at: input.now,
    register_completed_step: 10,
    status: input.status ?? "active",
    created_at: input.now,
    updated_at: input.now,
    last_login_at: null,
  };
}

let counter = 0;
/** Inserts a user directly (registration is tested through its own API). */
export async function createUser(
  runtime: TestRuntime,
  overrides: Partial<{ username: string; email: string; password: string; userType: number; status: "active" | "banned" | "deleted" }> = {},
) {
  counter += 1;
  const username = overrides.username ?? `user_${counter}_${randomBytes(3).toString("hex")}`;
  const email = overrides.email ?? `${username}@example.test`;
  const password = overrides.password ?? "correct-horse-1";
  const row = await runtime.deps.db
    .insertInto("users")
    .values(
      userRow({
        username,
        email,
        passwordHash: await passwordHashOf(password),
        userType: overrides.userType,
        status: overrides.status,
        now: runtime.clock.now(),
      }),
    )
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, username, email, password };
}

/** Logs in through /oauth/v2/token and returns the token response. */
export async function login(runtime: TestRuntime, username: string, password: string, ip?: string) {
  const response = await runtime.request("/oauth/v2/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "password", username, password }).toString(),
    ip,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A listed profile in Berlin for a user made with createUser (visible, with a point: search and pages find it). */
export async function addBerlinProfile(runtime: TestRuntime, userId: number, username: string): Promise<void> {
  await runtime.deps.db
    .insertInto("profiles")
    .values({
      user_id: userId,
      display_name: `Name ${username}`,
      city_name: "Berlin",
      city_slug: "berlin",
      country_code: "DE",
      region_code: "16",
      lat: 52.52,
      lon: 13.405,
      is_visible: 1,
      updated_at: runtime.clock.now(),
    })
    .execute();
}

/** Signs a user made with createUser in (from `ip`: a fresh one keeps per-address limits apart) and adds its access token. */
export async function signIn<User extends { username: string; password: string }>(runtime: TestRuntime, user: User, ip?: string) {
  return { ...user, token: String((await login(runtime, user.username, user.password, ip)).body.access_token) };
}

/** A member with a listed Berlin profile, signed in: the usual other party of an authorization test. */
export async function listedMember(runtime: TestRuntime, userType: number = 2, ip?: string) {
  const user = await createUser(runtime, { userType });
  await addBerlinProfile(runtime, user.id, user.username);
  return signIn(runtime, user, ip);
}

/**
 * listedMember in a chosen state: a client (by default) or another type, its gender, how far it registered and
 * whether its address is verified (ADR 024).
 */
export async function listedMemberWith(
  runtime: TestRuntime,
  options: { userType?: number; verified?: boolean; completedStep?: number; gender?: number } = {},
) {
  const user = await createUser(runtime, { userType: options.userType ?? USER_TYPE.client });
  await runtime.deps.db
    .updateTable("users")
    .set({
      email_verified_at: options.verified === false ? null : runtime.clock.now(),
      register_completed_step: options.completedStep ?? 10,
      gender: options.gender ?? GENDER.male,
    })
    .where("id", "=", user.id)
    .execute();
  await addBerlinProfile(runtime, user.id, user.username);
  return signIn(runtime, user);
}
