/**
 * GET /backoffice/audit (issue 30 item 5): backend staff read the trail newest first, filtered by actor, action
 * prefix, subject and days, paged by an id cursor; the keys an action changed come with each row. Team and members
 * are refused by the matrix (permission-matrix.test.ts walks that); a bad filter is a 400 at its field.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuditPage } from "#server/contract/audit";
import { AUDIT_PAGE_SIZE } from "#server/contract/audit";
import { USER_TYPE } from "#server/contract/users";
import { recordAudit } from "#server/modules/audit/index";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, createUser, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface Answer {
  data: AuditPage;
  errors?: Array<{ key: string; source?: string }>;
}

describe(`the audit viewer (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let backend: { id: number; username: string; token: string };
  let other: { id: number; username: string };

  beforeAll(async () => {
    rt = await createTestRuntime();
    backend = await signIn(rt, await createUser(rt, { userType: USER_TYPE.backend }));
    other = await createUser(rt, { userType: USER_TYPE.team });
    await rt.deps.db.transaction().execute(async (trx) => {
      for (let i = 0; i < AUDIT_PAGE_SIZE + 5; i += 1) {
        const entry = { actorId: other.id, action: "promo.update", subjectType: "promo_code", subjectId: String(i), reason: "Korrektur" };
        await recordAudit(trx, { ...entry, before: { value: 10, code: "A" }, after: { value: 20, code: "A" } }, rt.clock.now());
      }
      const refund = { actorId: backend.id, action: "order.refund", subjectType: "order", subjectId: "42", reason: "Kulanz" };
      await recordAudit(trx, { ...refund, before: null, after: { amount_cents: 100 } }, rt.clock.now());
    });
  }, 60_000);
  afterAll(async () => {
    await rt.close();
  });

  const list = (query = "") => callJson<Answer>(rt, backend.token, "GET", `/api/v2/backoffice/audit${query}`);

  it("pages the trail newest first by an id cursor, with the changed keys", async () => {
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.json.data.items).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.json.data.items[0]).toMatchObject({ action: "order.refund", actor_name: backend.username, subject_id: "42" });
    const ids = first.json.data.items.map((r) => r.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const update = first.json.data.items.find((r) => r.action === "promo.update")!;
    expect(update.changes).toEqual([{ key: "value", before: "10", after: "20" }]);
    const next = await list(`?before=${first.json.data.next_before}`);
    expect(next.json.data.items.length).toBeGreaterThanOrEqual(6);
    expect(Math.max(...next.json.data.items.map((r) => r.id))).toBeLessThan(Math.min(...ids));
  });

  it("filters by actor, action prefix, subject and days", async () => {
    const byActor = await list(`?actor=${backend.username.toUpperCase()}`);
    expect(byActor.json.data.items.map((r) => r.action)).toEqual(["order.refund"]);
    expect((await list("?action=order.")).json.data.items).toHaveLength(1);
    expect((await list("?subject_type=promo_code&subject_id=3")).json.data.items.map((r) => r.subject_id)).toEqual(["3"]);
    expect((await list("?from=2000-01-01&to=2000-01-02")).json.data.items).toEqual([]);
  });

  it("answers a bad filter with a 400 at its field, never a 5xx", async () => {
    const reversed = await list("?from=2030-02-01&to=2030-01-01");
    expect(reversed.status).toBe(400);
    expect(reversed.json.errors?.[0]).toMatchObject({ key: "validation.audit.range_reversed", source: "to" });
    for (const query of ["?from=gestern", "?action=order%25", "?before=-1", "?before=abc"]) {
      expect((await list(query)).status, query).toBe(400);
    }
  });
});
