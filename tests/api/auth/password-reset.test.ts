/**
 * Forgot/reset password: the mail through the outbox, the single-use 1-hour
 * token, strength rules with field sources, and the per-address limit.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "#server/lib/crypto";
import { slotMs } from "#server/lib/rate-limit";
import { PASSWORD_RESET_LIMIT, PASSWORD_RESET_TTL_MS } from "#server/modules/auth/service";
import { expectErrorShape, freshIp, jsonOf, passwordLogin } from "../../helpers/auth";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe(`password reset (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  const forgot = (email: unknown, language = "de") =>
    rt.request("/api/v2/registration/password/forgot", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": language },
      body: JSON.stringify({ email }),
      ip: freshIp(),
    });

  const reset = (body: Record<string, unknown>) =>
    rt.request("/api/v2/registration/password/reset", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      ip: freshIp(),
    });

  async function mailsTo(address: string) {
    return await rt.deps.db.selectFrom("mail_outbox").selectAll().where("recipient", "=", address).orderBy("id", "asc").execute();
  }

  /** The token from the newest reset mail to `address`, and the link it came in. */
  async function tokenFromMail(address: string) {
    const mails = await mailsTo(address);
    const mail = mails[mails.length - 1]!;
    const link = /https?:\/\/\S+reset_password\?token=[A-Za-z0-9_%-]+/.exec(mail.text_body)![0];
    const token = new URL(link).searchParams.get("token")!;
    return { mail, link, token };
  }

  it("answers 202 for an existing and for an unknown address alike", async () => {
    const user = await createUser(rt);
    const known = await forgot(user.email);
    const unknown = await forgot("nobody-here@example.test");
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await jsonOf(known)).toEqual({ code: 200, data: { sent: true } });
    expect(await jsonOf(unknown)).toEqual({ code: 200, data: { sent: true } });
    expect(await mailsTo("nobody-here@example.test")).toHaveLength(0);
  });

  it("mails a link to {publicUrl}/{lang}/reset_password?token=… in the request language", async () => {
    const user = await createUser(rt);
    expect((await forgot(user.email.toUpperCase(), "en-GB,en;q=0.9")).status).toBe(202);
    const { mail, link, token } = await tokenFromMail(user.email);
    expect(mail.template).toBe("password_reset");
    expect(mail.language).toBe("en");
    expect(mail.subject).toBe("Reset your password");
    expect(link).toBe(`http://velora.test/en/reset_password?token=${token}`);
    expect(mail.html_body).toContain(`href="http://velora.test/en/reset_password?token=${token}"`);
    expect(mail.text_body).toContain(user.username);
    // Stored as a digest only.
    const rows = await rt.deps.db.selectFrom("password_resets").selectAll().where("user_id", "=", user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows, (_k, value: unknown) => (typeof value === "bigint" ? String(value) : value))).not.toContain(token);

    await forgot(user.email, "fr");
    expect((await tokenFromMail(user.email)).link).toMatch(/^http:\/\/velora\.test\/de\/reset_password\?token=/);
  });

  it("sets the new password, ends every session and works only once", async () => {
    const user = await createUser(rt);
    const session = (await passwordLogin(rt, user.username, user.password, freshIp())).body.access_token!;
    await forgot(user.email);
    const { token } = await tokenFromMail(user.email);

    const done = await reset({ token, password: "brand-new-pass-9", password_confirmation: "brand-new-pass-9" });
    expect(done.status).toBe(200);
    expect(await jsonOf(done)).toEqual({ code: 200, data: { reset: true } });

    expect((await passwordLogin(rt, user.username, "brand-new-pass-9", freshIp())).status).toBe(200);
    expect((await passwordLogin(rt, user.username, user.password, freshIp())).status).toBe(400);
    expect((await rt.request("/api/v2/user/data", { token: session })).status).toBe(401);

    const again = await reset({ token, password: "another-pass-10", password_confirmation: "another-pass-10" });
    expect(again.status).toBe(400);
    const body = await jsonOf(again);
    expectErrorShape(body, 400);
    expect(body.errors).toEqual([expect.objectContaining({ key: "exception.password_reset.invalid_or_expired", source: "token" })]);
    expect((await passwordLogin(rt, user.username, "brand-new-pass-9", freshIp())).status).toBe(200);
  });

  it("revokes the user's other reset links once one is used", async () => {
    const user = await createUser(rt);
    await forgot(user.email);
    const first = (await tokenFromMail(user.email)).token;
    await forgot(user.email);
    const second = (await tokenFromMail(user.email)).token;
    expect(first).not.toBe(second);
    expect((await reset({ token: second, password: "second-link-11", password_confirmation: "second-link-11" })).status).toBe(200);
    const stale = await reset({ token: first, password: "first-link-12", password_confirmation: "first-link-12" });
    expect(stale.status).toBe(400);
    expect((await passwordLogin(rt, user.username, "second-link-11", freshIp())).status).toBe(200);
  });

  it("expires the link after one hour", async () => {
    expect(PASSWORD_RESET_TTL_MS).toBe(HOUR);
    const user = await createUser(rt);
    await forgot(user.email);
    const early = (await tokenFromMail(user.email)).token;
    rt.clock.advance(10 * MINUTE);
    await forgot(user.email);
    const late = (await tokenFromMail(user.email)).token;
    rt.clock.advance(50 * MINUTE);
    // The first link is exactly one hour old now; the second has 10 minutes left.
    const expired = await reset({ token: early, password: "too-late-pass-13", password_confirmation: "too-late-pass-13" });
    expect(expired.status).toBe(400);
    expect((await jsonOf(expired)).errors).toEqual([
      expect.objectContaining({ key: "exception.password_reset.invalid_or_expired", source: "token" }),
    ]);
    expect((await reset({ token: late, password: "in-time-pass-14", password_confirmation: "in-time-pass-14" })).status).toBe(200);
  });

  it("reports weak passwords on password and a mismatch on password_confirmation", async () => {
    const user = await createUser(rt);
    await forgot(user.email);
    const { token } = await tokenFromMail(user.email);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ token, password: "short1", password_confirmation: "short1" }, "password", "validation.password.too_short"],
      [{ token, password: "onlyletters", password_confirmation: "onlyletters" }, "password", "validation.password.needs_digit"],
      [{ token, password: "1234567890", password_confirmation: "1234567890" }, "password", "validation.password.needs_letter"],
      [
        { token, password: `a1${"x".repeat(200)}`, password_confirmation: `a1${"x".repeat(200)}` },
        "password",
        "validation.password.too_long",
      ],
      [
        { token, password: "good-pass-15", password_confirmation: "good-pass-16" },
        "password_confirmation",
        "validation.password.confirmation_mismatch",
      ],
      [{ token, password: "good-pass-15" }, "password_confirmation", "validation.required"],
      [{ password: "good-pass-15", password_confirmation: "good-pass-15" }, "token", "validation.required"],
    ];
    for (const [body, source, key] of cases) {
      const response = await reset(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const json = await jsonOf(response);
      expectErrorShape(json, 400);
      expect(json.errors, key).toContainEqual(expect.objectContaining({ key, source }));
    }
    const tooShort = (await jsonOf(await reset(cases[0]![0]))).errors as Array<{ params?: Record<string, unknown> }>;
    expect(tooShort[0]!.params).toEqual({ requirement: "8" });
    // None of the refused attempts used the token up.
    expect((await reset({ token, password: "good-pass-15", password_confirmation: "good-pass-15" })).status).toBe(200);
  });

  it("refuses a malformed address with a field error", async () => {
    for (const email of ["not-an-address", "", 42, null, "a@b".repeat(200)]) {
      const response = await forgot(email);
      expect(response.status).toBe(400);
      const json = await jsonOf(response);
      expectErrorShape(json, 400);
      const errors = json.errors as Array<{ source?: string }>;
      expect(errors.length).toBeGreaterThan(0);
      expect(errors.every((item) => item.source === "email")).toBe(true);
    }
  });

  it("sends no mail to banned or deleted accounts but answers the same", async () => {
    for (const status of ["banned", "deleted"] as const) {
      const user = await createUser(rt, { status });
      expect((await forgot(user.email)).status).toBe(202);
      expect(await mailsTo(user.email)).toHaveLength(0);
    }
  });

  it("sends at most 5 mails per address and hour, whatever the spelling, still answering 202", async () => {
    const user = await createUser(rt);
    rt.clock.set(Date.UTC(2028, 0, 1, 9, 0, 0));
    const spellings = [
      user.email,
      user.email.toUpperCase(),
      ` ${user.email} `,
      user.email,
      user.email,
      user.email,
      user.email.toUpperCase(),
    ];
    for (const spelling of spellings) expect((await forgot(spelling)).status).toBe(202);
    expect(await mailsTo(user.email)).toHaveLength(5);
    rt.clock.advance(HOUR + slotMs(PASSWORD_RESET_LIMIT));
    expect((await forgot(user.email)).status).toBe(202);
    expect(await mailsTo(user.email)).toHaveLength(6);
  });
});
