/**
 * Staff accounts from the command line (ADR 056): the service `npm run staff:create` calls, its rules (a stronger
 * password than a member's, refused weak ones, a taken name or address), and the command itself once, on a database
 * of its own (SQLite file or PostgreSQL schema) as an operator runs it.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "#server/api/errors";
import { PASSWORD_MIN } from "#server/contract/validation";
import { STAFF_PASSWORD_MIN } from "#server/contract/staff";
import { USER_TYPE } from "#server/contract/users";
import { openDatabase } from "#server/db/index";
import { createStaffAccount, hasStaffAccount } from "#server/modules/staff/index";
import { expectErrorShape, freshIp, passwordLogin } from "../../helpers/auth";
import { createPostgresSchema, createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const STRONG = "Kiefernzapfen-Leuchtturm-42";

/** The error items a refused call carries, as [source, key] pairs. */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; items: Array<[string | undefined, string]> }> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  const apiError = err as ApiError;
  expectErrorShape({ code: apiError.status, errors: apiError.items }, apiError.status);
  return { status: apiError.status, items: apiError.items.map((item) => [item.source, item.key]) };
}

describe(`staff accounts (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  it("creates backend and team accounts that sign in and open the back office", async () => {
    expect(await hasStaffAccount(rt.deps.db)).toBe(false);
    const backend = await createStaffAccount(rt.deps, {
      username: "ops_anna",
      email: "Anna@Example.org",
      role: "backend",
      password: STRONG,
    });
    expect(backend).toMatchObject({ username: "ops_anna", email: "Anna@Example.org", role: "backend" });
    const team = await createStaffAccount(rt.deps, { username: "ops_ben", email: "ben@example.org", role: "team", password: `${STRONG}b` });
    expect(await hasStaffAccount(rt.deps.db)).toBe(true);

    const rows = await rt.deps.db
      .selectFrom("users")
      .select(["id", "user_type", "status", "password_hash", "demo_account", "email_key", "email_verified_at"])
      .where("id", "in", [backend.id, team.id])
      .orderBy("id")
      .execute();
    expect(rows.map((row) => row.user_type)).toEqual([USER_TYPE.backend, USER_TYPE.team]);
    for (const row of rows) {
      expect(row).toMatchObject({ status: "active", demo_account: 0 });
      expect(row.email_verified_at).not.toBeNull();
      // The product's full scrypt cost (ADR 004), never the password itself.
      expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
      expect(row.password_hash).not.toContain(STRONG);
    }
    expect(rows[0]!.email_key).toBe("anna@example.org");

    for (const [username, password] of [
      ["ops_anna", STRONG],
      ["anna@example.org", STRONG],
      ["ops_ben", `${STRONG}b`],
    ] as const) {
      const login = await passwordLogin(rt, username, password, freshIp());
      expect(login.status).toBe(200);
      const queue = await rt.request("/api/v2/backoffice/queue", { token: login.body.access_token });
      expect(queue.status).toBe(200);
    }
  });

  it("asks more of a staff password than of a member's, and says why at the password", async () => {
    const attempt = (password: string, username = "ops_weak", email = "weak@example.org") =>
      refusal(createStaffAccount(rt.deps, { username, email, role: "backend", password }));
    // A password a member may have (PASSWORD_MIN, a letter, a digit) is too short for staff.
    const memberGrade = "abcdefg1".slice(0, PASSWORD_MIN);
    expect(await attempt(memberGrade)).toEqual({
      status: 400,
      items: [
        ["password", "validation.password.too_short"],
        ["password", "validation.password.too_common"],
      ],
    });
    expect((await attempt("Lighthouse-pine-cone")).items).toEqual([["password", "validation.password.needs_digit"]]);
    expect((await attempt("2026-0412-7788-99")).items).toEqual([["password", "validation.password.needs_letter"]]);
    expect((await attempt("aaaaaaaaabbbbbbb111")).items).toEqual([["password", "validation.password.too_few_distinct"]]);
    for (const common of ["MyPassword-Lighthouse-7", "Qwertz-Leuchtturm-2026", "Velora-Leuchtturm-2026"])
      expect((await attempt(common)).items).toEqual([["password", "validation.password.too_common"]]);
    // The demo's published password, made long enough for every other rule.
    expect((await attempt("demo-pass-2026-Leuchtturm")).items).toEqual([["password", "validation.password.too_common"]]);
    // The account's own name or mailbox.
    expect((await attempt("Leuchtturm-ops_weak-77")).items).toEqual([["password", "validation.password.contains_name"]]);
    expect((await attempt("Leuchtturm-Mailbox-77", "ops_other", "mailbox@example.org")).items).toEqual([
      ["password", "validation.password.contains_name"],
    ]);
    expect((await attempt("x".repeat(200))).items).toContainEqual(["password", "validation.password.too_long"]);
    expect(STAFF_PASSWORD_MIN).toBeGreaterThan(PASSWORD_MIN);
    // Nothing of it was stored.
    const stored = await rt.deps.db.selectFrom("users").select("id").where("username_key", "in", ["ops_weak", "ops_other"]).execute();
    expect(stored).toEqual([]);
  });

  it("refuses a taken name or address, an unknown role and malformed input with field errors", async () => {
    const member = await createUser(rt);
    const taken = await refusal(
      createStaffAccount(rt.deps, { username: member.username.toUpperCase(), email: member.email, role: "team", password: STRONG }),
    );
    expect(taken).toEqual({
      status: 409,
      items: [
        ["username", "exception.signup.username_taken"],
        ["email", "exception.signup.email_taken"],
      ],
    });
    expect(
      await refusal(createStaffAccount(rt.deps, { username: "ops_cleo", email: "cleo@example.org", role: "admin", password: STRONG })),
    ).toEqual({
      status: 400,
      items: [["role", "validation.staff.role_invalid"]],
    });
    const malformed = await refusal(
      createStaffAccount(rt.deps, { username: "x", email: "not-an-address", role: "team", password: STRONG }),
    );
    expect(malformed.items.map(([source]) => source)).toEqual(["username", "email"]);
    // A member's own type stays what it was.
    const row = await rt.deps.db.selectFrom("users").select("user_type").where("id", "=", member.id).executeTakeFirstOrThrow();
    expect(row.user_type).toBe(USER_TYPE.client);
  });
});

describe(`npm run staff:create (${TEST_DB})`, () => {
  let dir: string;
  let databaseUrl: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "velora-staff-cli-"));
    databaseUrl = TEST_DB === "postgres" ? (await createPostgresSchema()).url : `sqlite:${join(dir, "fresh.sqlite")}`;
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  function run(args: string[], password: string): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ["scripts/run-ts.mjs", "server/ops/accounts-cli.ts", "staff-create", ...args], {
        env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, STAFF_PASSWORD: password, NODE_ENV: "development" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
      child.on("close", (code) => resolve({ code, output }));
    });
  }

  it(
    "migrates a fresh database, creates the account from STAFF_PASSWORD, and refuses a weak one with the reasons",
    { timeout: 60_000 },
    async () => {
      const args = ["--username", "ops_cli", "--email", "cli@example.org", "--role", "backend"];
      const weak = await run(args, "short1");
      expect(weak.code).toBe(1);
      expect(weak.output).toContain(`password: The password must be at least ${STAFF_PASSWORD_MIN} characters long.`);

      const created = await run(args, STRONG);
      expect(created.output).toMatch(/created backend account ops_cli <cli@example\.org> \(id \d+\)/);
      expect(created.code).toBe(0);

      const handle = openDatabase(databaseUrl);
      try {
        const rows = await handle.db.selectFrom("users").select(["username", "user_type", "status"]).execute();
        expect(rows).toEqual([{ username: "ops_cli", user_type: USER_TYPE.backend, status: "active" }]);
      } finally {
        await handle.close();
      }
      const usage = await run(["--username", "ops_cli"], STRONG);
      expect(usage.code).toBe(2);
      expect(usage.output).toContain("usage: npm run staff:create");
    },
  );
});
