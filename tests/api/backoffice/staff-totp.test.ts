/**
 * Staff sign-in's second factor (issue 30 item 5, ADR 117) against the real API: enrolment, the second step after the
 * password, replayed and wrong codes, the lockout, recovery codes, the production rule and the demo's exemption, and
 * who may reset whose authenticator. Codes come from otplib at the runtime's clock, as an authenticator app makes them.
 */
import { generate } from "otplib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AppConfig } from "#server/config";
import {
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_LOCK_MINUTES,
  SECOND_FACTOR_MAX_FAILURES,
  type RecoveryCodeSet,
  type SecondFactorSetup,
  type SecondFactorStatus,
} from "#server/contract/staff-totp";
import { USER_TYPE } from "#server/contract/users";
import { openSecret } from "#server/modules/stafftotp/secret-box";
import { callJson } from "../../helpers/api-call";
import { expectErrorShape, freshIp, tokenRequest } from "../../helpers/auth";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { connectClient, startHub, stopHub } from "../../helpers/ws";

const STATUS = "/api/v2/staff/second-factor";
const BACKOFFICE_CALL = "/api/v2/backoffice/audit";
const TEAM_CALL = "/api/v2/backoffice/members";

interface Staff {
  id: number;
  username: string;
  password: string;
}

describe(`staff second factor (${TEST_DB})`, () => {
  let rt: TestRuntime;
  const config = () => rt.deps.config as { -readonly [K in keyof AppConfig]: AppConfig[K] };

  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });
  afterEach(() => {
    config().staffSecondFactor = "optional";
    config().demoMode = false;
  });

  const staff = (userType: number = USER_TYPE.backend, username?: string): Promise<Staff> =>
    createUser(rt, { userType, ...(username ? { username } : {}) });
  const signIn = async (user: Staff) => {
    const answer = await login(rt, user.username, user.password, freshIp());
    expect(answer.status).toBe(200);
    return String(answer.body.access_token);
  };
  const call = <T = Record<string, unknown>>(token: string | undefined, method: string, path: string, body?: unknown) =>
    callJson<T>(rt, token, method, path, body);
  const codeNow = (secret: string) => generate({ secret, epoch: Math.floor(rt.clock.now() / 1000) });
  /** The next 30-second step: a new code (a code of the same step is a replay). */
  const nextStep = () => rt.clock.advance(30_000);
  const auditRows = (subjectId: number, action: string) =>
    rt.deps.db
      .selectFrom("audit_log")
      .select(["actor_id", "reason", "after_json"])
      .where("subject_type", "=", "staff_account")
      .where("subject_id", "=", String(subjectId))
      .where("action", "=", action)
      .execute();

  /** Sets up and confirms an authenticator for a signed-in staff member; answers its secret and recovery codes. */
  async function enrol(token: string): Promise<{ secret: string; codes: string[] }> {
    const setup = await call<{ data: SecondFactorSetup }>(token, "POST", `${STATUS}/setup`);
    expect(setup.status).toBe(200);
    const confirmed = await call<{ data: RecoveryCodeSet }>(token, "POST", `${STATUS}/confirm`, {
      code: await codeNow(setup.json.data.secret),
    });
    expect(confirmed.status).toBe(200);
    nextStep();
    return { secret: setup.json.data.secret, codes: confirmed.json.data.codes };
  }

  it("enrols: a secret with its otpauth URI, a wrong first code refused, the right one turns it on with ten recovery codes", async () => {
    const backend = await staff();
    const token = await signIn(backend);
    const before = await call<{ data: SecondFactorStatus }>(token, "GET", STATUS);
    expect(before.json.data).toMatchObject({ enabled_at: null, due: null, required: false, setup: null });

    const setup = await call<{ data: SecondFactorSetup }>(token, "POST", `${STATUS}/setup`);
    expect(setup.status).toBe(200);
    const { secret, uri } = setup.json.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`otpauth://totp/Velora:${backend.username}?`);
    expect(uri).toContain(`secret=${secret}`);
    // The started setup shows again on its owner's page (a form post cannot keep it), never to anyone else.
    expect((await call<{ data: SecondFactorStatus }>(token, "GET", STATUS)).json.data.setup?.secret).toBe(secret);

    // Sealed at rest: the row holds no readable secret, and only this APP_SECRET and this account open it.
    const row = await rt.deps.db.selectFrom("staff_totp").selectAll().where("user_id", "=", backend.id).executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret);
    expect(openSecret(rt.deps.config.appSecret, backend.id, row.secret_sealed)).toBe(secret);
    expect(openSecret("another-secret", backend.id, row.secret_sealed)).toBeNull();
    expect(openSecret(rt.deps.config.appSecret, backend.id + 1, row.secret_sealed)).toBeNull();

    const wrongCode = (Number(await codeNow(secret)) + 1) % 1_000_000;
    const wrong = await call(token, "POST", `${STATUS}/confirm`, { code: String(wrongCode).padStart(6, "0") });
    expect(wrong.status).toBe(400);
    expectErrorShape(wrong.json, 400);
    expect(JSON.stringify(wrong.json)).toContain("exception.staff_totp.wrong_code");
    const malformed = await call(token, "POST", `${STATUS}/confirm`, { code: "12ab" });
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.json)).toContain("validation.staff_totp.code");

    const confirmed = await call<{ data: RecoveryCodeSet }>(token, "POST", `${STATUS}/confirm`, { code: await codeNow(secret) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.data.codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(confirmed.json.data.codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of confirmed.json.data.codes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    // Stored as digests only.
    const stored = await rt.deps.db.selectFrom("staff_totp_recovery_codes").select("code_hash").where("user_id", "=", backend.id).execute();
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    expect(stored.map((r) => r.code_hash)).not.toContain(confirmed.json.data.codes[0]!.replace(/-/g, ""));

    // This sign-in proved both factors: it stays a staff session; the state says so.
    expect((await call(token, "GET", BACKOFFICE_CALL)).status).toBe(200);
    const after = await call<{ data: SecondFactorStatus }>(token, "GET", STATUS);
    expect(after.json.data).toMatchObject({ due: null, recovery_codes_left: RECOVERY_CODE_COUNT, setup: null });
    expect(after.json.data.enabled_at).toBe(rt.clock.now());
    expect(await auditRows(backend.id, "staff_totp.enrol")).toEqual([expect.objectContaining({ actor_id: backend.id })]);
    // A second setup while it is on: a colleague resets it first.
    expect((await call(token, "POST", `${STATUS}/setup`)).status).toBe(409);
  });

  it("holds a new sign-in back until its code: 403 on staff and member routes, the guest's answer on public ones", async () => {
    const backend = await staff();
    const { secret } = await enrol(await signIn(backend));
    const token = await signIn(backend);

    const refused = await call(token, "GET", BACKOFFICE_CALL);
    expect(refused.status).toBe(403);
    expectErrorShape(refused.json, 403);
    expect(JSON.stringify(refused.json)).toContain("exception.staff.second_factor_pending");
    // Not a member session either (any route that needs a token), and no privilege where guests are welcome.
    expect((await call(token, "GET", "/api/v2/notifications/summary")).status).toBe(403);
    expect((await call(token, "POST", `${STATUS}/recovery-codes`, { code: "123456" })).status).toBe(403);
    expect((await call(token, "GET", "/api/v2/definitions/languages")).status).toBe(200);
    const userData = await call<{ data: { next_destination: string | null } }>(token, "GET", "/api/v2/user/data");
    expect(userData.status).toBe(200);
    expect(userData.json.data.next_destination).toBe("login/second-factor");
    expect((await call<{ data: SecondFactorStatus }>(token, "GET", STATUS)).json.data.due).toBe("verify");

    // The realtime socket refuses it as the router does (ADR 128), and opens once the code is given.
    const hub = await startHub({ db: rt.deps.db, clock: rt.clock, bus: rt.deps.bus, presence: rt.deps.presence, api: rt.deps });
    try {
      await expect(connectClient(hub.base, token)).rejects.toThrow("refused 403");
      const verified = await call<{ data: { verified: boolean; used_recovery_code: boolean } }>(token, "POST", `${STATUS}/verify`, {
        code: await codeNow(secret),
      });
      expect(verified.status).toBe(200);
      expect(verified.json.data).toMatchObject({ verified: true, used_recovery_code: false });
      const socket = await connectClient(hub.base, token);
      socket.ws.terminate();
    } finally {
      await stopHub(hub);
    }
    expect((await call(token, "GET", BACKOFFICE_CALL)).status).toBe(200);
    expect(
      (await call<{ data: { next_destination: string | null } }>(token, "GET", "/api/v2/user/data")).json.data.next_destination,
    ).toBeNull();
    // Nothing left to verify.
    expect((await call(token, "POST", `${STATUS}/verify`, { code: "123456" })).status).toBe(409);
    // Signing out works before the second step too.
    const other = await signIn(backend);
    expect((await call(other, "POST", "/api/v2/user/logout")).status).toBe(200);
  });

  it("accepts a code once per step and account: the same code on a second sign-in is refused", async () => {
    const team = await staff(USER_TYPE.team);
    const { secret } = await enrol(await signIn(team));
    const first = await signIn(team);
    const second = await signIn(team);
    const code = await codeNow(secret);
    expect((await call(first, "POST", `${STATUS}/verify`, { code })).status).toBe(200);
    const replayed = await call(second, "POST", `${STATUS}/verify`, { code });
    expect(replayed.status).toBe(400);
    expect(JSON.stringify(replayed.json)).toContain("exception.staff_totp.wrong_code");
    // A code of the step before is older than the accepted one: refused as well.
    const earlier = await generate({ secret, epoch: Math.floor(rt.clock.now() / 1000) - 30 });
    expect((await call(second, "POST", `${STATUS}/verify`, { code: earlier })).status).toBe(400);
    expect((await call(second, "GET", TEAM_CALL)).status).toBe(403);
    nextStep();
    expect((await call(second, "POST", `${STATUS}/verify`, { code: await codeNow(secret) })).status).toBe(200);
    expect((await call(second, "GET", TEAM_CALL)).status).toBe(200);
  });

  it(`locks the second step for ${SECOND_FACTOR_LOCK_MINUTES} minutes after ${SECOND_FACTOR_MAX_FAILURES} wrong codes, with an audit row`, async () => {
    const backend = await staff();
    const { secret, codes } = await enrol(await signIn(backend));
    const token = await signIn(backend);
    for (let i = 0; i < SECOND_FACTOR_MAX_FAILURES; i++) {
      expect(
        (await call(token, "POST", `${STATUS}/verify`, { code: "000000" === (await codeNow(secret)) ? "111111" : "000000" })).status,
      ).toBe(400);
    }
    const locked = await call<{ retry_after: number }>(token, "POST", `${STATUS}/verify`, { code: await codeNow(secret) });
    expect(locked.status).toBe(429);
    expect(JSON.stringify(locked.json)).toContain("exception.staff_totp.locked");
    expect(locked.json.retry_after).toBe(SECOND_FACTOR_LOCK_MINUTES * 60);
    // A recovery code does not open the lock either.
    expect((await call(token, "POST", `${STATUS}/verify`, { code: codes[0] })).status).toBe(429);
    const rows = await auditRows(backend.id, "staff_totp.lockout");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actor_id).toBeNull();
    expect((await call<{ data: SecondFactorStatus }>(token, "GET", STATUS)).json.data.locked_until).toBe(
      rt.clock.now() + SECOND_FACTOR_LOCK_MINUTES * 60_000,
    );

    rt.clock.advance(SECOND_FACTOR_LOCK_MINUTES * 60_000);
    expect((await call(token, "POST", `${STATUS}/verify`, { code: await codeNow(secret) })).status).toBe(200);
  });

  it("takes a recovery code instead of a code, once; a new set replaces the old one", async () => {
    const backend = await staff();
    const { secret, codes } = await enrol(await signIn(backend));
    const first = await signIn(backend);
    // Typed as printed, in capitals with spaces: the same code.
    const typed = codes[0]!.toUpperCase().replace(/-/g, " ");
    const used = await call<{ data: { used_recovery_code: boolean; recovery_codes_left: number } }>(first, "POST", `${STATUS}/verify`, {
      code: typed,
    });
    expect(used.status).toBe(200);
    expect(used.json.data).toMatchObject({ used_recovery_code: true, recovery_codes_left: RECOVERY_CODE_COUNT - 1 });
    expect(await auditRows(backend.id, "staff_totp.recovery_code_used")).toHaveLength(1);

    const second = await signIn(backend);
    expect((await call(second, "POST", `${STATUS}/verify`, { code: codes[0] })).status).toBe(400);
    expect((await call(second, "GET", BACKOFFICE_CALL)).status).toBe(403);

    // A new set needs a current code of the authenticator (a recovery code is not one).
    expect((await call(first, "POST", `${STATUS}/recovery-codes`, { code: codes[1] })).status).toBe(400);
    const renewed = await call<{ data: RecoveryCodeSet }>(first, "POST", `${STATUS}/recovery-codes`, { code: await codeNow(secret) });
    expect(renewed.status).toBe(200);
    expect(renewed.json.data.codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(await auditRows(backend.id, "staff_totp.recovery_codes_regenerated")).toEqual([
      expect.objectContaining({ actor_id: backend.id }),
    ]);
    expect((await call(second, "POST", `${STATUS}/verify`, { code: codes[1] })).status).toBe(400);
    expect((await call(second, "POST", `${STATUS}/verify`, { code: renewed.json.data.codes[0] })).status).toBe(200);
  });

  it("says so when the stored secret no longer opens (APP_SECRET changed), instead of taking any code", async () => {
    const backend = await staff();
    const { secret } = await enrol(await signIn(backend));
    await rt.deps.db
      .updateTable("staff_totp")
      .set({ secret_sealed: "t1.sealed-under-another-secret" })
      .where("user_id", "=", backend.id)
      .execute();
    const token = await signIn(backend);
    const refused = await call(token, "POST", `${STATUS}/verify`, { code: await codeNow(secret) });
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.json)).toContain("exception.staff_totp.unreadable");
    expect((await call(token, "GET", BACKOFFICE_CALL)).status).toBe(403);
  });

  it("in production a staff account without an authenticator reaches only its enrolment", async () => {
    config().staffSecondFactor = "required";
    const team = await staff(USER_TYPE.team);
    const token = await signIn(team);
    const refused = await call(token, "GET", TEAM_CALL);
    expect(refused.status).toBe(403);
    expectErrorShape(refused.json, 403);
    expect(JSON.stringify(refused.json)).toContain("exception.staff.second_factor_required");
    expect((await call(token, "GET", "/api/v2/notifications/summary")).status).toBe(403);
    expect((await call<{ data: { next_destination: string | null } }>(token, "GET", "/api/v2/user/data")).json.data.next_destination).toBe(
      "backoffice/security",
    );
    const status = await call<{ data: SecondFactorStatus }>(token, "GET", STATUS);
    expect(status.json.data).toMatchObject({ due: "enrol", required: true });
    // Nothing to verify yet: the second step is no way around enrolment.
    expect((await call(token, "POST", `${STATUS}/verify`, { code: "123456" })).status).toBe(409);

    await enrol(token);
    expect((await call(token, "GET", TEAM_CALL)).status).toBe(200);
  });

  it("lets the demo's seeded staff sign in without it only in DEMO_MODE", async () => {
    config().staffSecondFactor = "required";
    const demoTeam = await staff(USER_TYPE.team, "demo_team");
    const other = await staff(USER_TYPE.team);

    config().demoMode = true;
    expect((await call(await signIn(demoTeam), "GET", TEAM_CALL)).status).toBe(200);
    expect((await call(await signIn(other), "GET", TEAM_CALL)).status).toBe(403);

    config().demoMode = false;
    const refused = await call(await signIn(demoTeam), "GET", TEAM_CALL);
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.json)).toContain("exception.staff.second_factor_required");
  });

  it("keeps the passed second step through a refresh; a new sign-in owes it again", async () => {
    const backend = await staff();
    const { secret } = await enrol(await signIn(backend));
    const answer = await login(rt, backend.username, backend.password, freshIp());
    const token = String(answer.body.access_token);
    const pendingRefresh = await tokenRequest(rt, { grant_type: "refresh_token", refresh_token: String(answer.body.refresh_token) });
    // A refreshed pending sign-in is still pending.
    expect((await call(pendingRefresh.body.access_token, "GET", BACKOFFICE_CALL)).status).toBe(403);
    expect((await call(pendingRefresh.body.access_token, "POST", `${STATUS}/verify`, { code: await codeNow(secret) })).status).toBe(200);
    const refreshed = await tokenRequest(rt, { grant_type: "refresh_token", refresh_token: String(pendingRefresh.body.refresh_token) });
    expect((await call(refreshed.body.access_token, "GET", BACKOFFICE_CALL)).status).toBe(200);
    // The rotated token ended; a new sign-in starts without the second step.
    expect((await call(token, "GET", BACKOFFICE_CALL)).status).toBe(401);
    expect((await call(await signIn(backend), "GET", BACKOFFICE_CALL)).status).toBe(403);
  });

  it("is for staff only: a client cannot reach the security API", async () => {
    const client = await createUser(rt, { userType: USER_TYPE.client });
    const token = await signIn(client);
    for (const [method, path, body] of [
      ["GET", STATUS, undefined],
      ["POST", `${STATUS}/setup`, undefined],
      ["POST", `${STATUS}/confirm`, { code: "123456" }],
      ["POST", `${STATUS}/recovery-codes`, { code: "123456" }],
      ["POST", `${STATUS}/verify`, { code: "123456" }],
      ["GET", "/api/v2/backoffice/staff-second-factor", undefined],
      ["POST", `/api/v2/backoffice/staff-second-factor/${client.id}/reset`, { reason: "Zugang verloren, bitte zurücksetzen." }],
    ] as const) {
      const answer = await call(token, method, path, body);
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(JSON.stringify(answer.json)).toContain("exception.backoffice.staff_only");
    }
    expect((await call(undefined, "GET", STATUS)).status).toBe(401);
    expect(await rt.deps.db.selectFrom("staff_totp").select("user_id").where("user_id", "=", client.id).execute()).toEqual([]);
  });

  it("lets backend staff reset a colleague's authenticator (sessions end, audit row); team cannot", async () => {
    const backend = await staff();
    const backendToken = await signIn(backend);
    const colleague = await staff(USER_TYPE.team);
    const colleagueToken = await signIn(colleague);
    await enrol(colleagueToken);
    const reason = "Telefon verloren, neu einrichten.";

    const team = await staff(USER_TYPE.team);
    const teamToken = await signIn(team);
    const byTeam = await call(teamToken, "POST", `/api/v2/backoffice/staff-second-factor/${colleague.id}/reset`, { reason });
    expect(byTeam.status).toBe(403);
    expect(JSON.stringify(byTeam.json)).toContain("exception.backoffice.role_forbidden");
    expect((await call(teamToken, "GET", "/api/v2/backoffice/staff-second-factor")).status).toBe(403);

    const list = await call<{ data: { items: Array<{ id: number; enabled_at: number | null; recovery_codes_left: number }> } }>(
      backendToken,
      "GET",
      "/api/v2/backoffice/staff-second-factor",
    );
    expect(list.status).toBe(200);
    expect(list.json.data.items.find((item) => item.id === colleague.id)).toMatchObject({ recovery_codes_left: RECOVERY_CODE_COUNT });
    expect(list.json.data.items.find((item) => item.id === team.id)).toMatchObject({ enabled_at: null });

    expect(
      (await call(backendToken, "POST", `/api/v2/backoffice/staff-second-factor/${colleague.id}/reset`, { reason: "kurz" })).status,
    ).toBe(400);
    const member = await createUser(rt, { userType: USER_TYPE.escort });
    expect((await call(backendToken, "POST", `/api/v2/backoffice/staff-second-factor/${member.id}/reset`, { reason })).status).toBe(404);
    expect((await call(backendToken, "POST", `/api/v2/backoffice/staff-second-factor/${backend.id}/reset`, { reason })).status).toBe(403);
    expect((await call(backendToken, "POST", `/api/v2/backoffice/staff-second-factor/${team.id}/reset`, { reason })).status).toBe(409);

    const reset = await call(backendToken, "POST", `/api/v2/backoffice/staff-second-factor/${colleague.id}/reset`, { reason });
    expect(reset.status).toBe(200);
    // Every sign-in of the colleague ended; the next one sets up a new authenticator.
    expect((await call(colleagueToken, "GET", TEAM_CALL)).status).toBe(401);
    const again = await signIn(colleague);
    expect((await call<{ data: SecondFactorStatus }>(again, "GET", STATUS)).json.data).toMatchObject({ enabled_at: null, due: null });
    expect(await rt.deps.db.selectFrom("staff_totp_recovery_codes").select("id").where("user_id", "=", colleague.id).execute()).toEqual([]);
    const rows = await auditRows(colleague.id, "staff_totp.reset");
    expect(rows).toEqual([expect.objectContaining({ actor_id: backend.id, reason })]);
  });
});
