/**
 * Invitation codes: GET /registration/invitation-codes/{code} answers usable
 * codes only (unknown, expired and used-up ones are 404), and redeeming counts
 * uses atomically up to max_uses.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVITATION_LOOKUP_LIMIT } from "#server/contract/invites";
import { createInvitationCode, redeemInvitationCode } from "#server/modules/invitations/service";
import { expectErrorShape, freshIp, jsonOf } from "../../helpers/auth";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const DAY = 24 * 60 * 60 * 1000;

describe(`invitation codes (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  const lookup = (code: string, ip = freshIp()) => rt.request(`/api/v2/registration/invitation-codes/${encodeURIComponent(code)}`, { ip });

  it("answers a usable code with its inviter and remaining uses", async () => {
    const inviter = await createUser(rt);
    const code = await createInvitationCode(rt.deps, { createdByUserId: inviter.id, maxUses: 3, expiresAt: rt.clock.now() + DAY });
    const response = await lookup(code);
    expect(response.status).toBe(200);
    const body = await jsonOf(response);
    expect(body.data).toEqual({ code, expires_at: rt.clock.now() + DAY, uses_left: 3, invited_by: inviter.username });
  });

  it("refuses unknown, malformed and expired codes with 404", async () => {
    const expired = await createInvitationCode(rt.deps, { expiresAt: rt.clock.now() + DAY });
    expect((await lookup(expired)).status).toBe(200);
    rt.clock.advance(DAY);
    for (const code of [expired, "no-such-code", "bad code!", "x".repeat(65)]) {
      const response = await lookup(code);
      expect(response.status, code).toBe(404);
      const body = await jsonOf(response);
      expectErrorShape(body, 404);
      expect((body.errors as Array<{ key: string }>)[0]!.key).toBe("exception.invitation.invalid_or_expired");
    }
  });

  it("counts uses up to max_uses, then the code is spent", async () => {
    const code = await createInvitationCode(rt.deps, { maxUses: 2 });
    expect(await redeemInvitationCode(rt.deps, code)).toBe(true);
    expect((await jsonOf(await lookup(code))).data).toMatchObject({ uses_left: 1 });
    expect(await redeemInvitationCode(rt.deps, code)).toBe(true);
    expect(await redeemInvitationCode(rt.deps, code)).toBe(false);
    expect((await lookup(code)).status).toBe(404);
    const row = await rt.deps.db.selectFrom("invitation_codes").select("uses").where("code", "=", code).executeTakeFirstOrThrow();
    expect(row.uses).toBe(2);
  });

  it("keeps parallel redemptions within max_uses", async () => {
    const code = await createInvitationCode(rt.deps, { maxUses: 3 });
    const results = await Promise.all(Array.from({ length: 8 }, () => redeemInvitationCode(rt.deps, code)));
    expect(results.filter(Boolean)).toHaveLength(3);
  });

  it("an unlimited code never runs out; an expired one cannot be redeemed", async () => {
    const unlimited = await createInvitationCode(rt.deps, {});
    for (let i = 0; i < 5; i++) expect(await redeemInvitationCode(rt.deps, unlimited)).toBe(true);
    expect((await jsonOf(await lookup(unlimited))).data).toMatchObject({ uses_left: null, expires_at: null, invited_by: null });
    const soon = await createInvitationCode(rt.deps, { expiresAt: rt.clock.now() + 1000 });
    rt.clock.advance(1000);
    expect(await redeemInvitationCode(rt.deps, soon)).toBe(false);
  });

  it("throttles lookups per client address", async () => {
    const ip = freshIp();
    let last = 0;
    for (let i = 0; i <= INVITATION_LOOKUP_LIMIT.limit; i++) last = (await lookup(`guess-${i}`, ip)).status;
    expect(last).toBe(429);
  });

  it("only team accounts create invitation codes", async () => {
    const create = async (userType: number, body: Record<string, unknown>) => {
      const user = await createUser(rt, { userType });
      const token = (await login(rt, user.username, user.password, freshIp())).body.access_token as string;
      return rt.request("/api/v2/registration/invitation-codes", {
        method: "POST",
        token,
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        ip: freshIp(),
      });
    };
    expect((await create(1, { code: "SOMMER2026" })).status).toBe(403);
    const created = await create(10, { code: "SOMMER2026", max_uses: 100 });
    expect(created.status).toBe(201);
    expect((await jsonOf(await lookup("SOMMER2026"))).data).toMatchObject({ uses_left: 100 });
    expect((await create(10, { code: "SOMMER2026" })).status).toBe(409);
    const random = await create(9, {});
    expect(((await jsonOf(random)).data as { code: string }).code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect((await create(10, { code: "bad code" })).status).toBe(400);
  });
});
