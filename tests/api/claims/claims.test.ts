/**
 * Profile claims: preview, resend (rate limited), verify (5 tries, 10
 * minutes), bind password (once), and the authorization rule that a claim is
 * reachable only through its own invite code and its own bind token.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slotMs } from "#server/lib/rate-limit";
import { CLAIM_MAX_CODES, CLAIM_RESEND_LIMIT, VERIFICATION_CODE_TTL_MS, VERIFICATION_MAX_ATTEMPTS } from "#server/contract/invites";
import { createClaimableProfile } from "#server/modules/claims/service";
import { expectErrorShape, freshIp, jsonOf, passwordLogin } from "../../helpers/auth";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const HOUR = 60 * 60 * 1000;
let counter = 0;

describe(`profile claims (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  async function newClaim(kind: "email" | "phone" = "email") {
    counter += 1;
    const username = `claim_me_${counter}`;
    const target = kind === "email" ? `${username}@example.test` : `+4915100000${String(counter).padStart(3, "0")}`;
    const created = await createClaimableProfile(rt.deps, {
      username,
      displayName: `Lena ${counter}`,
      cityName: "Berlin",
      targetKind: kind,
      target,
    });
    return { ...created, username, target };
  }

  const post = (path: string, body: unknown = {}) =>
    rt.request(`/api/v2/registration/claims/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      ip: freshIp(),
    });
  const preview = (code: string) => rt.request(`/api/v2/registration/claims/${code}`, { ip: freshIp() });

  async function latestCode(recipient: string): Promise<string> {
    const mail = await rt.deps.db
      .selectFrom("mail_outbox")
      .select("text_body")
      .where("recipient", "=", recipient)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return /\b(\d{6})\b/.exec(mail.text_body)![1]!;
  }

  const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, "0");

  async function verified(claim: { invite_code: string; target: string }, recipient = claim.target) {
    expect((await post(`${claim.invite_code}/resend`)).status).toBe(200);
    const response = await post(`${claim.invite_code}/verify`, { code: await latestCode(recipient) });
    expect(response.status).toBe(200);
    return ((await jsonOf(response)).data as { bind_token: string }).bind_token;
  }

  const errorKey = async (response: Response) =>
    ((await jsonOf(response)).errors as Array<{ key: string; source?: string; params?: Record<string, number> }>)[0]!;

  it("walks preview → code → verify → password, then the account is active and signed in", async () => {
    const claim = await newClaim();
    // Before the claim the profile cannot log in: it has no usable password.
    expect((await passwordLogin(rt, claim.username, "anything-1", freshIp())).status).toBe(400);

    const first = await jsonOf(await preview(claim.invite_code));
    expect(first.data).toMatchObject({
      username: claim.username,
      display_name: `Lena ${counter}`,
      city_name: "Berlin",
      avatar: null,
      target_kind: "email",
      state: "new",
    });
    expect((first.data as { target_hint: string }).target_hint).toBe(`c***@example.test`);

    const sent = await post(`${claim.invite_code}/resend`);
    expect(sent.status).toBe(200);
    expect((await jsonOf(await preview(claim.invite_code))).data).toMatchObject({
      state: "code_sent",
      attempts_left: VERIFICATION_MAX_ATTEMPTS,
    });
    const mail = await rt.deps.db.selectFrom("mail_outbox").selectAll().where("recipient", "=", claim.target).executeTakeFirstOrThrow();
    expect(mail.template).toBe("profile_claim_code");

    const verify = await post(`${claim.invite_code}/verify`, { code: await latestCode(claim.target) });
    expect(verify.status).toBe(200);
    const { bind_token } = (await jsonOf(verify)).data as { bind_token: string };
    expect((await jsonOf(await preview(claim.invite_code))).data).toMatchObject({ state: "verified" });

    const weak = await post(`${claim.invite_code}/password`, { bind_token, password: "short", password_confirmation: "short" });
    expect(weak.status).toBe(400);
    expect((await errorKey(weak)).source).toBe("password");

    const bound = await post(`${claim.invite_code}/password`, {
      bind_token,
      password: "new-secret-77",
      password_confirmation: "new-secret-77",
    });
    expect(bound.status).toBe(200);
    const data = (await jsonOf(bound)).data as { access_token: string; user_id: number };
    expect(data.user_id).toBe(claim.user_id);
    const me = await jsonOf(await rt.request("/api/v2/user/data", { token: data.access_token }));
    expect(me.data).toMatchObject({ id: claim.user_id, status: "active", is_email_verified: true });
    expect((await passwordLogin(rt, claim.username, "new-secret-77", freshIp())).status).toBe(200);

    // Binding twice is refused, and the invite is spent.
    const again = await post(`${claim.invite_code}/password`, {
      bind_token,
      password: "other-secret-8",
      password_confirmation: "other-secret-8",
    });
    expect(again.status).toBe(409);
    expect((await errorKey(again)).key).toBe("exception.claim.already_claimed");
    expect((await preview(claim.invite_code)).status).toBe(409);
  });

  it("voids the code after 5 wrong tries, even for the right code; a new code works", async () => {
    const claim = await newClaim();
    await post(`${claim.invite_code}/resend`);
    const right = await latestCode(claim.target);
    for (let i = 1; i < VERIFICATION_MAX_ATTEMPTS; i++) {
      const response = await post(`${claim.invite_code}/verify`, { code: wrongCode(right) });
      expect(response.status).toBe(400);
      const error = await errorKey(response);
      expect(error).toMatchObject({
        key: "exception.claim.code_invalid",
        source: "code",
        params: { count: VERIFICATION_MAX_ATTEMPTS - i },
      });
    }
    const fifth = await post(`${claim.invite_code}/verify`, { code: wrongCode(right) });
    expect(fifth.status).toBe(429);
    expect((await errorKey(fifth)).key).toBe("exception.claim.code_locked");
    const rightTooLate = await post(`${claim.invite_code}/verify`, { code: right });
    expect(rightTooLate.status).toBe(429);
    expect((await jsonOf(await preview(claim.invite_code))).data).toMatchObject({ state: "new", attempts_left: 0 });

    await post(`${claim.invite_code}/resend`);
    const fresh = await post(`${claim.invite_code}/verify`, { code: await latestCode(claim.target) });
    expect(fresh.status).toBe(200);
  });

  it("refuses an expired code", async () => {
    const claim = await newClaim();
    await post(`${claim.invite_code}/resend`);
    const code = await latestCode(claim.target);
    rt.clock.advance(VERIFICATION_CODE_TTL_MS);
    const response = await post(`${claim.invite_code}/verify`, { code });
    expect(response.status).toBe(400);
    expect(await errorKey(response)).toMatchObject({ key: "exception.claim.code_expired", source: "code" });
  });

  it("limits resends to 3 an hour and 10 in all", async () => {
    const claim = await newClaim();
    for (let i = 0; i < CLAIM_RESEND_LIMIT.limit; i++) expect((await post(`${claim.invite_code}/resend`)).status).toBe(200);
    const over = await post(`${claim.invite_code}/resend`);
    expect(over.status).toBe(429);
    expect((await errorKey(over)).key).toBe("exception.claim.resend_limit");
    let sent = CLAIM_RESEND_LIMIT.limit;
    while (sent < CLAIM_MAX_CODES) {
      rt.clock.advance(HOUR + slotMs(CLAIM_RESEND_LIMIT));
      for (let i = 0; i < CLAIM_RESEND_LIMIT.limit && sent < CLAIM_MAX_CODES; i++, sent++)
        expect((await post(`${claim.invite_code}/resend`)).status).toBe(200);
    }
    rt.clock.advance(HOUR + slotMs(CLAIM_RESEND_LIMIT));
    // The last code has expired and no new one may be sent: the claim reads as locked.
    expect((await jsonOf(await preview(claim.invite_code))).data).toMatchObject({ state: "locked" });
    const locked = await post(`${claim.invite_code}/resend`);
    expect(locked.status).toBe(429);
    expect((await errorKey(locked)).key).toBe("exception.claim.locked");
  });

  it("user B cannot claim A's profile: B's bind token does not open A's claim, ids are no handle", async () => {
    const a = await newClaim();
    const b = await newClaim();
    await post(`${a.invite_code}/resend`);
    const bToken = await verified(b);
    const hijack = await post(`${a.invite_code}/password`, {
      bind_token: bToken,
      password: "hijack-pass-1",
      password_confirmation: "hijack-pass-1",
    });
    expect(hijack.status).toBe(403);
    expectErrorShape(await jsonOf(hijack), 403);
    // Not verified yet: a made-up token fails the same way.
    const guessed = await post(`${a.invite_code}/password`, {
      bind_token: "x".repeat(43),
      password: "hijack-pass-1",
      password_confirmation: "hijack-pass-1",
    });
    expect(guessed.status).toBe(403);
    // The numeric claim or user id is not an invite code.
    for (const id of [String(a.user_id), "1"]) expect((await preview(id)).status).toBe(404);
    const rowA = await rt.deps.db
      .selectFrom("users")
      .select(["status", "password_hash"])
      .where("id", "=", a.user_id)
      .executeTakeFirstOrThrow();
    expect(rowA.status).toBe("claimable");
    // B's own claim still binds.
    expect(
      (await post(`${b.invite_code}/password`, { bind_token: bToken, password: "b-secret-123", password_confirmation: "b-secret-123" }))
        .status,
    ).toBe(200);
  });

  it("a phone claim sends its code by SMS to the outbox and asks for an e-mail address", async () => {
    const claim = await newClaim("phone");
    const token = await verified(claim, `sms:${claim.target}`);
    const noEmail = await post(`${claim.invite_code}/password`, {
      bind_token: token,
      password: "phone-pass-12",
      password_confirmation: "phone-pass-12",
    });
    expect(noEmail.status).toBe(400);
    expect((await errorKey(noEmail)).source).toBe("email");
    const bound = await post(`${claim.invite_code}/password`, {
      bind_token: token,
      password: "phone-pass-12",
      password_confirmation: "phone-pass-12",
      email: `owner${counter}@example.test`,
    });
    expect(bound.status).toBe(200);
    const user = await rt.deps.db
      .selectFrom("users")
      .select(["status", "phone", "phone_verified_at", "email", "email_verified_at"])
      .where("id", "=", claim.user_id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ status: "active", phone: claim.target, email: `owner${counter}@example.test`, email_verified_at: null });
    expect(user.phone_verified_at).not.toBeNull();
  });

  it("answers 404 for unknown and expired invites", async () => {
    expect((await preview("A".repeat(32))).status).toBe(404);
    const claim = await newClaim();
    rt.clock.advance(31 * 24 * HOUR);
    const response = await preview(claim.invite_code);
    expect(response.status).toBe(404);
    expect((await errorKey(response)).key).toBe("exception.claim.not_found");
  });

  it("only team accounts pre-create claimable profiles", async () => {
    const create = async (userType: number, body: Record<string, unknown>) => {
      const user = await createUser(rt, { userType });
      const token = (await login(rt, user.username, user.password, freshIp())).body.access_token as string;
      return rt.request("/api/v2/registration/claims", {
        method: "POST",
        token,
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
        ip: freshIp(),
      });
    };
    const body = { username: "prepared_one", email: "prepared.one@example.test", display_name: "Prepared", city_name: "Köln" };
    for (const userType of [1, 2, 3]) expect((await create(userType, body)).status, `type ${userType}`).toBe(403);
    expect(
      (
        await rt.request("/api/v2/registration/claims", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        })
      ).status,
    ).toBe(401);

    const created = await create(10, body);
    expect(created.status).toBe(201);
    const { invite_code } = (await jsonOf(created)).data as { invite_code: string };
    expect((await jsonOf(await preview(invite_code))).data).toMatchObject({ username: "prepared_one", city_name: "Köln", state: "new" });
    expect((await create(9, body)).status).toBe(409);

    const both = await create(10, { username: "prepared_two", email: "p2@example.test", phone: "+4915100000999" });
    expect(both.status).toBe(400);
    expect((await errorKey(both)).key).toBe("validation.claim.email_or_phone");
    const byPhone = await create(10, { username: "prepared_three", phone: "+4915100000998" });
    expect(byPhone.status).toBe(201);
    expect((await jsonOf(await preview(((await jsonOf(byPhone)).data as { invite_code: string }).invite_code))).data).toMatchObject({
      target_kind: "phone",
      target_hint: "+49*******0998",
    });
  });
});
