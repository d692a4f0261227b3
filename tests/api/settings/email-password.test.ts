import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENT_PASSWORD_LIMIT, EMAIL_CHANGE_TTL_MS } from "#server/contract/settings";
import { createTestRuntime, createUser, login, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { callJson } from "../../helpers/api-call";

interface Answer {
  data?: { email?: string; is_email_verified?: boolean; pending?: { email: string; expires_at: number } | null; changed?: boolean };
  errors?: Array<{ key: string; source?: string }>;
}

describe(`settings: e-mail and password (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(() => rt.close());

  const member = async () => signIn(rt, await createUser(rt));

  function call(token: string | undefined, method: string, path: string, body?: unknown) {
    return callJson<Answer>(rt, token, method, `/api/v2/settings/${path}`, body);
  }

  const mailsTo = (address: string) =>
    rt.deps.db.selectFrom("mail_outbox").select(["template", "text_body"]).where("recipient", "=", address).orderBy("id").execute();

  async function confirmToken(address: string): Promise<string> {
    const mails = (await mailsTo(address)).filter((mail) => mail.template === "email_change_confirm");
    const link = /https?:\/\/\S+email_password\?confirm=[A-Za-z0-9_%-]+/.exec(mails[mails.length - 1]!.text_body)![0];
    return new URL(link).searchParams.get("confirm")!;
  }

  const dataOf = async (token: string) => (await rt.request("/api/v2/user/data", { token })).status;

  describe("password", () => {
    it("needs the current password, ends every other session, keeps this one, and tells the owner", async () => {
      const user = await member();
      const other = String((await login(rt, user.username, user.password)).body.access_token);
      const wrong = await call(user.token, "PUT", "password", {
        current_password: "nope-nope-1",
        password: "Neues-Passwort-9",
        password_confirmation: "Neues-Passwort-9",
      });
      expect(wrong.status).toBe(400);
      expect(wrong.json.errors).toEqual([
        expect.objectContaining({ key: "exception.settings.current_password_wrong", source: "current_password" }),
      ]);
      const mismatch = await call(user.token, "PUT", "password", {
        current_password: user.password,
        password: "Neues-Passwort-9",
        password_confirmation: "Anderes-9",
      });
      expect(mismatch.status).toBe(400);
      expect(mismatch.json.errors?.[0]).toMatchObject({
        key: "validation.password.confirmation_mismatch",
        source: "password_confirmation",
      });

      const changed = await call(user.token, "PUT", "password", {
        current_password: user.password,
        password: "Neues-Passwort-9",
        password_confirmation: "Neues-Passwort-9",
      });
      expect(changed.status).toBe(200);
      expect(await dataOf(user.token)).toBe(200);
      expect(await dataOf(other)).toBe(401);
      expect((await login(rt, user.username, user.password)).status).toBe(400);
      expect((await login(rt, user.username, "Neues-Passwort-9")).status).toBe(200);
      expect((await mailsTo(user.email)).map((mail) => mail.template)).toContain("password_changed");
    });

    it("lets at most five of a burst of parallel wrong passwords be checked", async () => {
      const user = await member();
      const burst = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          call(user.token, "PUT", "password", {
            current_password: `wrong-${i}-password`,
            password: "Neues-Passwort-9",
            password_confirmation: "Neues-Passwort-9",
          }),
        ),
      );
      expect(burst.filter((answer) => answer.status === 400)).toHaveLength(CURRENT_PASSWORD_LIMIT.limit);
      expect(burst.filter((answer) => answer.status === 429)).toHaveLength(12 - CURRENT_PASSWORD_LIMIT.limit);
    });

    it("tells an account without a password (Google sign-in) to set one first, without counting it", async () => {
      const user = await member();
      await rt.deps.db.updateTable("users").set({ password_hash: "!unusable" }).where("id", "=", user.id).execute();
      const answer = await call(user.token, "PUT", "password", {
        current_password: "anything-1",
        password: "Neues-Passwort-9",
        password_confirmation: "Neues-Passwort-9",
      });
      expect(answer.status).toBe(400);
      expect(answer.json.errors?.[0]).toMatchObject({ key: "exception.settings.no_password", source: "current_password" });
    });

    it("stops checking current passwords after five wrong ones in a quarter hour", async () => {
      const user = await member();
      const attempt = (current: string) =>
        call(user.token, "PUT", "password", {
          current_password: current,
          password: "Neues-Passwort-9",
          password_confirmation: "Neues-Passwort-9",
        });
      for (let i = 0; i < CURRENT_PASSWORD_LIMIT.limit; i++) expect((await attempt(`wrong-${i}-password`)).status).toBe(400);
      const locked = await attempt(user.password);
      expect(locked.status).toBe(429);
      expect(locked.json.errors?.[0]).toMatchObject({ key: "exception.settings.too_many_attempts", source: "current_password" });
    });
  });

  describe("e-mail address", () => {
    it("changes only through the link to the new address; the old one is told at the request and at the change", async () => {
      const user = await member();
      const fresh = `new_${user.username}@example.test`;
      const requested = await call(user.token, "PUT", "email", { email: fresh, current_password: user.password });
      expect(requested.status).toBe(200);
      expect(requested.json.data).toEqual({
        email: user.email,
        is_email_verified: true,
        pending: { email: fresh, expires_at: rt.clock.now() + EMAIL_CHANGE_TTL_MS },
      });
      // Nothing changed yet: login mails and resets still go to the old address.
      const before = await rt.deps.db.selectFrom("users").select("email").where("id", "=", user.id).executeTakeFirstOrThrow();
      expect(before.email).toBe(user.email);
      expect((await mailsTo(user.email)).map((mail) => mail.template)).toContain("email_change_requested");
      const noticeText = (await mailsTo(user.email)).find((mail) => mail.template === "email_change_requested")!.text_body;
      expect(noticeText).not.toContain(fresh);

      // A reset link that went to the old address before the change…
      await rt.request("/api/v2/registration/password/forgot", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: user.email }),
      });
      const resetMail = (await mailsTo(user.email)).filter((mail) => mail.template === "password_reset").pop()!;
      const resetToken = new URL(/https?:\/\/\S+reset_password\?token=[A-Za-z0-9_%-]+/.exec(resetMail.text_body)![0]).searchParams.get(
        "token",
      )!;
      const token = await confirmToken(fresh);
      // Another signed-in member cannot use it; the owner, or anyone holding the link, can.
      const stranger = await member();
      const foreign = await call(stranger.token, "POST", "email/confirm", { token });
      expect(foreign.status).toBe(403);
      expect(foreign.json.errors?.[0]?.key).toBe("exception.email_verification.other_account");
      const confirmed = await call(undefined, "POST", "email/confirm", { token });
      expect(confirmed.status).toBe(200);
      const after = await rt.deps.db
        .selectFrom("users")
        .select(["email", "email_key", "email_verified_at"])
        .where("id", "=", user.id)
        .executeTakeFirstOrThrow();
      expect(after).toMatchObject({ email: fresh, email_key: fresh.toLowerCase() });
      expect(after.email_verified_at).not.toBeNull();
      expect((await mailsTo(user.email)).map((mail) => mail.template)).toContain("email_changed");
      // The link works once.
      expect((await call(undefined, "POST", "email/confirm", { token })).status).toBe(400);
      // …stops working with the old address.
      const reset = await rt.request("/api/v2/registration/password/reset", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token: resetToken, password: "Uebernahme-123", password_confirmation: "Uebernahme-123" }),
      });
      expect(reset.status).toBe(400);
      expect((await call(user.token, "GET", "email")).json.data).toMatchObject({ email: fresh, pending: null });
    });

    it("refuses a wrong password, the same address, a taken one; a newer request and a cancel void the older link", async () => {
      const user = await member();
      const someone = await member();
      const wrong = await call(user.token, "PUT", "email", { email: "x@example.test", current_password: "nope-nope-1" });
      expect(wrong.json.errors?.[0]).toMatchObject({ key: "exception.settings.current_password_wrong", source: "current_password" });
      const same = await call(user.token, "PUT", "email", { email: user.email.toUpperCase(), current_password: user.password });
      expect(same.json.errors?.[0]).toMatchObject({ key: "exception.settings.email_unchanged", source: "email" });
      const taken = await call(user.token, "PUT", "email", { email: someone.email, current_password: user.password });
      expect(taken.status).toBe(409);
      expect(taken.json.errors?.[0]).toMatchObject({ key: "exception.signup.email_taken", source: "email" });
      const bad = await call(user.token, "PUT", "email", { email: "not-an-address", current_password: user.password });
      expect(bad.status).toBe(400);
      expect(bad.json.errors?.[0]?.source).toBe("email");

      await call(user.token, "PUT", "email", { email: `first_${user.username}@example.test`, current_password: user.password });
      const first = await confirmToken(`first_${user.username}@example.test`);
      await call(user.token, "PUT", "email", { email: `second_${user.username}@example.test`, current_password: user.password });
      expect((await call(undefined, "POST", "email/confirm", { token: first })).status).toBe(400);
      const second = await confirmToken(`second_${user.username}@example.test`);
      expect((await call(user.token, "DELETE", "email/pending")).json.data?.pending).toBeNull();
      expect((await call(undefined, "POST", "email/confirm", { token: second })).status).toBe(400);
    });

    it("keeps one open request when two arrive at once", async () => {
      const user = await member();
      await Promise.all(
        ["a", "b"].map((tag) =>
          call(user.token, "PUT", "email", { email: `${tag}_${user.username}@example.test`, current_password: user.password }),
        ),
      );
      const open = await rt.deps.db
        .selectFrom("email_changes")
        .select("id")
        .where("user_id", "=", user.id)
        .where("closed_at", "is", null)
        .execute();
      expect(open).toHaveLength(1);
    });

    it("lets a link expire after a day", async () => {
      const user = await member();
      const address = `late_${user.username}@example.test`;
      await call(user.token, "PUT", "email", { email: address, current_password: user.password });
      const token = await confirmToken(address);
      rt.clock.advance(EMAIL_CHANGE_TTL_MS);
      const late = await call(undefined, "POST", "email/confirm", { token });
      expect(late.status).toBe(400);
      expect(late.json.errors?.[0]).toMatchObject({ key: "exception.settings.email_change_invalid", source: "token" });
    });

    it("asks for a login", async () => {
      expect((await call(undefined, "GET", "email")).status).toBe(401);
      expect((await call(undefined, "PUT", "password", { current_password: "a", password: "b", password_confirmation: "b" })).status).toBe(
        401,
      );
    });
  });
});
