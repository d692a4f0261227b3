/**
 * Issue 30 item 5, ADR 116: the staff permission matrix holds on every back-office operation the OpenAPI document
 * lists. Guests get 401; clients, escorts and businesses 403 exception.backoffice.staff_only; the team 403
 * exception.backoffice.role_forbidden on every backend-only one — and none of these calls changes anything. The matrix
 * is printed in docs/architecture.md, and that table is checked against it.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffRouteProblems, type RegisteredRoute } from "#server/api/router";
import { STAFF_PERMISSIONS, STAFF_PERMISSION_NAMES, roleMay } from "#server/contract/staff-permissions";
import { STAFF_ROLE_NAMES } from "#server/contract/staff";
import { USER_TYPE } from "#server/contract/users";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, createUser, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { backofficeOperations, filledPath, type StaffOperation } from "./openapi-staff";

interface ErrorAnswer {
  errors?: Array<{ key: string }>;
}

/** A digest of every table's rows: equal before and after means the refused calls changed nothing. */
async function databaseDigest(rt: TestRuntime): Promise<string> {
  const tables = (await rt.deps.db.introspection.getTables()).map((t) => t.name).sort();
  const hash = createHash("sha256");
  for (const table of tables) {
    // Rows as the database returns them, ordered by their whole text so the order of the scan does not matter.
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(rt.deps.db);
    const lines = rows.rows
      .map((row) => JSON.stringify(row, (_, value: unknown) => (typeof value === "bigint" ? String(value) : value)))
      .sort();
    hash.update(`${table}\n${lines.join("\n")}\n`);
  }
  return hash.digest("hex");
}

describe(`the staff permission matrix on every back-office operation (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let operations: StaffOperation[];
  const members: Record<"client" | "escort" | "business", string> = { client: "", escort: "", business: "" };
  let team = "";
  let backend = "";

  beforeAll(async () => {
    rt = await createTestRuntime();
    operations = await backofficeOperations(rt);
    for (const kind of ["client", "escort", "business"] as const) {
      members[kind] = (await signIn(rt, await createUser(rt, { userType: USER_TYPE[kind] }))).token;
    }
    team = (await signIn(rt, await createUser(rt, { userType: USER_TYPE.team }))).token;
    backend = (await signIn(rt, await createUser(rt, { userType: USER_TYPE.backend }))).token;
    // A member's first signed-in request of a month records them as active (DSA Art. 24(2), ADR 114): made here, so
    // the refused calls below are the only thing the digest could see.
    for (const token of [...Object.values(members), team, backend]) await callJson(rt, token, "GET", "/api/v2/user/data");
  }, 60_000);
  afterAll(async () => {
    await rt.close();
  });

  const send = (token: string | undefined, op: StaffOperation) =>
    callJson<ErrorAnswer>(rt, token, op.method.toUpperCase(), filledPath(op.path), op.method === "get" ? undefined : {});

  it("finds the back-office operations, each with a permission of the matrix", () => {
    expect(operations.length).toBeGreaterThan(40);
    for (const op of operations) expect(STAFF_PERMISSION_NAMES, op.key).toContain(op.permission);
  });

  it("refuses guests (401), members of every kind (403 staff_only) and the team where the role lacks the right, changing nothing", async () => {
    const before = await databaseDigest(rt);
    for (const op of operations) {
      expect((await send(undefined, op)).status, `${op.key} as a guest`).toBe(401);
      for (const [kind, token] of Object.entries(members)) {
        const answer = await send(token, op);
        expect(answer.status, `${op.key} as ${kind}`).toBe(403);
        expect(answer.json.errors?.[0]?.key, `${op.key} as ${kind}`).toBe("exception.backoffice.staff_only");
      }
      if (!roleMay("team", op.permission!)) {
        const answer = await send(team, op);
        expect(answer.status, `${op.key} as team`).toBe(403);
        expect(answer.json.errors?.[0]?.key, `${op.key} as team`).toBe("exception.backoffice.role_forbidden");
      }
    }
    expect(await databaseDigest(rt)).toBe(before);
  }, 120_000);

  it("lets the permitted role past the check (whatever the handler then answers)", async () => {
    for (const op of operations) {
      const token = roleMay("team", op.permission!) ? team : backend;
      const answer = await send(token, op);
      const refused = answer.status === 403 && answer.json.errors?.some((e) => e.key.startsWith("exception.backoffice."));
      expect(refused, `${op.key}: ${JSON.stringify(answer.json)}`).toBe(false);
      expect(answer.status, op.key).toBeLessThan(500);
    }
  }, 120_000);

  it("refuses a back-office route without a permission or without a token at start-up", () => {
    const route = (fullPath: string, spec: Partial<RegisteredRoute["spec"]>) =>
      ({
        fullPath,
        spec: { method: "post", path: fullPath, summary: "x", tag: "backoffice", auth: "required", ...spec },
      }) as RegisteredRoute;
    expect(staffRouteProblems([route("/api/v2/backoffice/things", { staff: "queues.decide" })])).toEqual([]);
    expect(staffRouteProblems([route("/api/v2/user/things", {})])).toEqual([]);
    expect(staffRouteProblems([route("/api/v2/backoffice/things", {})])).toEqual([
      "POST /api/v2/backoffice/things declares no staff permission (RouteOptions.staff, contract/staff-permissions)",
    ]);
    expect(staffRouteProblems([route("/api/v2/backoffice", { staff: "audit.read", auth: "optional" })])).toHaveLength(1);
    // The real list holds.
    expect(staffRouteProblems(rt.api.routes)).toEqual([]);
  });
});

describe("the matrix in docs/architecture.md", () => {
  it("prints exactly the matrix", () => {
    const header = `| permission | ${STAFF_ROLE_NAMES.join(" | ")} |`;
    const rows = STAFF_PERMISSION_NAMES.map(
      (permission) => `| \`${permission}\` | ${STAFF_ROLE_NAMES.map((role) => (roleMay(role, permission) ? "yes" : "—")).join(" | ")} |`,
    );
    const table = [header, `|---|${STAFF_ROLE_NAMES.map(() => "---").join("|")}|`, ...rows].join("\n");
    // The table sits in a list item: compare the lines without their indent.
    const doc = readFileSync("docs/architecture.md", "utf8")
      .split("\n")
      .map((line) => line.trim())
      .join("\n");
    expect(doc, `docs/architecture.md must hold this table:\n${table}`).toContain(table);
    expect(Object.keys(STAFF_PERMISSIONS)).toEqual(STAFF_PERMISSION_NAMES);
  });
});
