/**
 * Issue 30 item 4 (small audit gaps): ending a trusted flagger takes an optional reason that the audit row keeps (a
 * too long one is refused next to its field); releasing a claim the caller does not hold changes nothing and writes no
 * audit row, releasing one they hold writes one with the claim as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ClaimReleased } from "#server/contract/queues";
import type { TrustedFlagger } from "#server/contract/transparency";
import { USER_TYPE } from "#server/contract/users";
import { VERIFICATION_STATUS } from "#server/contract/verification";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, createUser, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface Answer<T> {
  data?: T;
  errors?: Array<{ key: string; source?: string }>;
}

describe(`audit rows of ending a trusted flagger and releasing a claim (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(async () => await rt?.close());

  const api = <T>(token: string, method: string, path: string, body?: unknown) =>
    callJson<Answer<T>>(rt, token, method, `/api/v2${path}`, body);
  const trail = (action: string, subjectId: number) =>
    rt.deps.db.selectFrom("audit_log").selectAll().where("action", "=", action).where("subject_id", "=", String(subjectId)).execute();

  async function award(backend: { token: string }) {
    const flagger = await createUser(rt);
    const added = await api<TrustedFlagger>(backend.token, "POST", "/backoffice/trusted-flaggers", {
      username: flagger.username,
      organisation: "Meldestelle Nürnberg e. V.",
      coordinator_reference: `DSC-DE-${flagger.id}`,
      starts_on: "2026-01-01",
      ends_on: "2027-12-31",
    });
    expect(added.status, JSON.stringify(added.json)).toBe(201);
    return added.json.data!.id;
  }

  it("ending a trusted flagger writes the reason given, none when left empty, and refuses a too long one", async () => {
    const backend = await signIn(rt, await createUser(rt, { userType: USER_TYPE.backend }));
    const first = await award(backend);
    const tooLong = await api(backend.token, "POST", `/backoffice/trusted-flaggers/${first}/end`, { reason: "x".repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.errors![0]).toMatchObject({ key: "validation.transparency.end_reason_too_long", source: "reason" });
    expect(await trail("trusted_flagger.end", first)).toHaveLength(0);

    const reason = "Schreiben des Koordinators vom 2. Dezember: Status widerrufen.";
    const ended = await api<TrustedFlagger>(backend.token, "POST", `/backoffice/trusted-flaggers/${first}/end`, { reason: `  ${reason} ` });
    expect(ended.status).toBe(200);
    const [row] = await trail("trusted_flagger.end", first);
    expect(row).toMatchObject({ reason, actor_id: backend.id });
    expect(JSON.parse(row!.before_json!)).toEqual({ revoked_at: null });

    // Without a body (an older client) or with an empty reason: ended, and the row says there was none.
    const second = await award(backend);
    expect((await api(backend.token, "POST", `/backoffice/trusted-flaggers/${second}/end`, { reason: "   " })).status).toBe(200);
    expect((await trail("trusted_flagger.end", second))[0]!.reason).toBeNull();
  });

  it("releasing a claim one does not hold writes no audit row; releasing one's own writes one with the claim before", async () => {
    const [team, team2] = [
      await signIn(rt, await createUser(rt, { userType: USER_TYPE.team })),
      await signIn(rt, await createUser(rt, { userType: USER_TYPE.team })),
    ];
    const owner = await createUser(rt, { userType: USER_TYPE.escort });
    const check = await rt.deps.db
      .insertInto("verification_checks")
      .values({
        user_id: owner.id,
        kind: "id",
        status: VERIFICATION_STATUS.pending,
        created_at: rt.clock.now(),
        submitted_at: rt.clock.now(),
        due_at: rt.clock.now(),
        file_prefix: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const item = { queue: "verifications", item_id: Number(check.id) };

    const nothing = await api<ClaimReleased>(team.token, "POST", "/backoffice/claims/release", item);
    expect(nothing.status).toBe(200);
    expect(nothing.json.data).toMatchObject({ released: false });
    expect(await trail("queues.release", item.item_id)).toHaveLength(0);

    expect((await api(team.token, "POST", "/backoffice/claims", item)).status).toBe(200);
    // Another staff member's live claim is not theirs to give back: 409, no row.
    expect((await api(team2.token, "POST", "/backoffice/claims/release", item)).status).toBe(409);
    expect(await trail("queues.release", item.item_id)).toHaveLength(0);

    const released = await api<ClaimReleased>(team.token, "POST", "/backoffice/claims/release", item);
    expect(released.json.data).toMatchObject({ released: true });
    const rows = await trail("queues.release", item.item_id);
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.before_json!)).toMatchObject({ staff_id: team.id });
    expect(rows[0]!.after_json).toBeNull();
  });
});
