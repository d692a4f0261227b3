/**
 * Registration API, the way in: individual and business sign-up, the live
 * uniqueness check, e-mail verification (signed, single-use, 48 h) with its
 * rate-limited resend, and next_destination in /user/data.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REGISTER_STEP, USER_TYPE } from "#server/contract/users";
import { createInvitationCode } from "#server/modules/invitations/service";
import { EMAIL_VERIFICATION_TTL_MS, SIGNUP_LIMIT, VERIFICATION_RESEND_LIMIT } from "#server/modules/registration/sign-up.service";
import { expectErrorShape, freshIp, jsonOf, passwordLogin } from "../../helpers/auth";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { businessSignUpBody, individualSignUpBody } from "../../helpers/registration-bodies";

type Json = Record<string, unknown>;
type ErrorList = Array<{ key: string; source?: string; params?: Record<string, unknown> }>;

describe(`registration: sign-up and e-mail verification (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    // The business basic step resolves its city against the geo tables.
    rt = await createTestRuntime({ geoData: true });
  }, 60_000);
  afterAll(() => rt.close());

  const post = (path: string, body: unknown, init: { ip?: string; token?: string; language?: string } = {}) =>
    rt.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": init.language ?? "de" },
      body: JSON.stringify(body),
      ip: init.ip ?? freshIp(),
      token: init.token,
    });
  const signUp = (body: Json, init?: { ip?: string; language?: string }) => post("/api/v2/registration/sign-up", body, init);

  async function errorsOf(response: Response, status: number): Promise<ErrorList> {
    const body = await jsonOf(response);
    expect(response.status).toBe(status);
    expectErrorShape(body, status);
    return body.errors as ErrorList;
  }

  async function userData(token: string) {
    const response = await rt.request("/api/v2/user/data", { token });
    expect(response.status).toBe(200);
    return (await jsonOf(response)).data as Json;
  }

  async function latestToken(email: string): Promise<{ token: string; link: string }> {
    const mail = await rt.deps.db
      .selectFrom("mail_outbox")
      .selectAll()
      .where("recipient", "=", email)
      .where("template", "=", "email_verification")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const link = /https?:\/\/\S+/.exec(mail.text_body)?.[0] ?? "";
    return { link, token: new URL(link).searchParams.get("token") ?? "" };
  }

  async function freshAccount() {
    const input = individualSignUpBody();
    const data = (await jsonOf(await signUp(input))).data as Json;
    return { input, token: data.access_token as string, userId: data.user_id as number };
  }

  describe("individual sign-up", () => {
    it("creates the user at step 1 with a profile, signs them in and mails a verification link", async () => {
      const code = await createInvitationCode(rt.deps, { code: `INV_${Date.now()}`, maxUses: 1 });
      const input = individualSignUpBody({ landing_page_id: "summer-26", invitation_code: code });
      const response = await signUp(input, { language: "en" });
      expect(response.status).toBe(201);
      const data = (await jsonOf(response)).data as Json;
      expect(data).toMatchObject({ user_type: USER_TYPE.escort, register_completed_step: REGISTER_STEP["sign-up"], token_type: "bearer" });
      expect(typeof data.access_token).toBe("string");

      const row = await rt.deps.db
        .selectFrom("users")
        .selectAll()
        .where("id", "=", data.user_id as number)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        username: input.username,
        username_key: String(input.username).toLowerCase(),
        gender: 2,
        salutation: "ms",
        birth_date: "1995-06-15",
        language: "en",
        email_verified_at: null,
        landing_page_id: "summer-26",
        invitation_code: code,
        business_kind: null,
      });
      expect(row.password_hash).not.toContain("sicher");
      expect(row.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);
      const profile = await rt.deps.db.selectFrom("profiles").selectAll().where("user_id", "=", row.id).executeTakeFirst();
      expect(profile?.display_name).toBe(input.username);

      const { link } = await latestToken(String(input.email));
      expect(link).toMatch(/^http:\/\/velora\.test\/en\/join\/user\/email\?token=/);

      const me = await userData(data.access_token as string);
      expect(me.next_destination).toBe("join/user/photo?reason=finish_reg");
      expect(me.is_email_verified).toBe(false);
    });

    it("records a used-up or unknown invitation code as none, without refusing the sign-up", async () => {
      const code = await createInvitationCode(rt.deps, { code: `ONCE_${Date.now()}`, maxUses: 1 });
      expect((await signUp(individualSignUpBody({ invitation_code: code }))).status).toBe(201);
      for (const invitation_code of [code, "NO_SUCH_CODE"]) {
        const response = await signUp(individualSignUpBody({ invitation_code }));
        expect(response.status).toBe(201);
        const id = ((await jsonOf(response)).data as Json).user_id as number;
        const row = await rt.deps.db.selectFrom("users").select("invitation_code").where("id", "=", id).executeTakeFirstOrThrow();
        expect(row.invitation_code).toBeNull();
      }
    });

    it("refuses a taken username (any case) and a taken e-mail at their fields with 409", async () => {
      const first = individualSignUpBody();
      expect((await signUp(first)).status).toBe(201);
      const errors = await errorsOf(
        await signUp(individualSignUpBody({ username: String(first.username).toUpperCase(), email: String(first.email).toUpperCase() })),
        409,
      );
      expect(errors.map((e) => [e.key, e.source])).toEqual([
        ["exception.signup.username_taken", "username"],
        ["exception.signup.email_taken", "email"],
      ]);
    });

    it("takes an 18th birthday on the clock's today and refuses a day younger", async () => {
      const today = new Date(rt.deps.clock.now());
      const day = today.getUTCDate();
      const month = today.getUTCMonth() + 1;
      const year = today.getUTCFullYear() - 18;
      expect((await signUp(individualSignUpBody({ birth_day: day, birth_month: month, birth_year: year }))).status).toBe(201);
      const tomorrow = new Date(Date.UTC(year, month - 1, day + 1));
      const errors = await errorsOf(
        await signUp(
          individualSignUpBody({
            birth_day: tomorrow.getUTCDate(),
            birth_month: tomorrow.getUTCMonth() + 1,
            birth_year: tomorrow.getUTCFullYear(),
          }),
        ),
        400,
      );
      expect(errors).toEqual([
        expect.objectContaining({ key: "validation.signup.too_young", source: "birth_year", params: { requirement: "18" } }),
      ]);
    });

    it("refuses a date that does not exist", async () => {
      const errors = await errorsOf(await signUp(individualSignUpBody({ birth_day: 31, birth_month: 2, birth_year: 1990 })), 400);
      expect(errors).toEqual([expect.objectContaining({ key: "validation.signup.birth_date_invalid", source: "birth_year" })]);
    });

    it("requires the terms and the privacy consent, also when the fields are missing", async () => {
      let errors = await errorsOf(await signUp(individualSignUpBody({ accept_terms: false })), 400);
      expect(errors.map((e) => [e.key, e.source])).toEqual([["validation.signup.terms_required", "accept_terms"]]);
      const missing = individualSignUpBody();
      delete missing.accept_privacy;
      errors = await errorsOf(await signUp(missing), 400);
      expect(errors.map((e) => [e.key, e.source])).toEqual([["validation.signup.privacy_required", "accept_privacy"]]);
    });

    it("refuses a password that contains the username", async () => {
      const input = individualSignUpBody();
      const errors = await errorsOf(await signUp({ ...input, password: `x${String(input.username).toLowerCase()}1` }), 400);
      expect(errors.map((e) => [e.key, e.source])).toEqual([["validation.signup.password_contains_username", "password"]]);
    });

    it("validates username rules, gender codes, salutation and user type at their fields", async () => {
      const errors = await errorsOf(
        await signUp(individualSignUpBody({ username: "a__b", gender: 4, salutation: "dr", user_type: "business", email: "nope" })),
        400,
      );
      expect(Object.fromEntries(errors.map((e) => [e.source, e.key]))).toEqual({
        username: "validation.username.invalid_characters",
        gender: "validation.signup.gender_required",
        salutation: "validation.signup.salutation_required",
        user_type: "validation.signup.user_type_required",
        email: "validation.email.invalid",
      });
      const reserved = await errorsOf(await signUp(individualSignUpBody({ username: "Admin" })), 400);
      expect(reserved.map((e) => e.key)).toEqual(["validation.signup.username_reserved"]);
    });

    it("never answers 5xx for malformed input", async () => {
      for (const body of [null, [], "text", { user_type: 1 }, { ...individualSignUpBody(), birth_day: "x" }]) {
        const response = await signUp(body as Json);
        expect(response.status).toBe(400);
      }
    });

    it(`limits sign-ups to ${SIGNUP_LIMIT.limit} per address and hour, not counting refused names`, async () => {
      const ip = freshIp();
      const taken = individualSignUpBody();
      expect((await signUp(taken, { ip })).status).toBe(201);
      // A taken name does not use up the allowance.
      expect((await signUp(individualSignUpBody({ username: taken.username }), { ip })).status).toBe(409);
      for (let i = 1; i < SIGNUP_LIMIT.limit; i++) expect((await signUp(individualSignUpBody(), { ip })).status).toBe(201);
      const errors = await errorsOf(await signUp(individualSignUpBody(), { ip }), 429);
      expect(errors[0]?.key).toBe("exception.signup.exceeded_limit");
      // Another address is not affected.
      expect((await signUp(individualSignUpBody())).status).toBe(201);
    });
  });

  describe("business sign-up", () => {
    it("creates a business at the basic step with its kind, contact person and company name", async () => {
      const input = businessSignUpBody({ business_kind: "club" });
      const response = await post("/api/v2/registration/business/sign-up", input);
      expect(response.status).toBe(201);
      const data = (await jsonOf(response)).data as Json;
      expect(data).toMatchObject({ user_type: USER_TYPE.business, register_completed_step: 1 });
      const row = await rt.deps.db
        .selectFrom("users")
        .selectAll()
        .where("id", "=", data.user_id as number)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ business_kind: "club", contact_person: "Erika Muster", gender: null, birth_date: null });
      const profile = await rt.deps.db.selectFrom("profiles").selectAll().where("user_id", "=", row.id).executeTakeFirstOrThrow();
      expect(profile.display_name).toBe("Agentur Nordlicht");
      // Findable from the start: the city row's columns and a point near its centre.
      expect(profile).toMatchObject({ city_name: "Hamburg", city_slug: "hamburg", country_code: "DE", region_code: "04" });
      expect(profile.city_id).toBeGreaterThan(0);
      expect(Math.abs(Number(profile.lat) - 53.55)).toBeLessThan(0.05);
      expect(Math.abs(Number(profile.lon) - 10)).toBeLessThan(0.05);
      expect((await latestToken(String(input.email))).link).toContain("/de/join/business/email?token=");
      expect((await userData(data.access_token as string)).next_destination).toBe("join/business/services?reason=finish_reg");
    });

    it("validates kind, company, contact person and consent at their fields", async () => {
      const errors = await errorsOf(
        await post(
          "/api/v2/registration/business/sign-up",
          businessSignUpBody({ business_kind: "sauna", company_name: " ", contact_person: "", accept_terms: false }),
        ),
        400,
      );
      expect(Object.fromEntries(errors.map((e) => [e.source, e.key]))).toEqual({
        business_kind: "validation.signup.business_kind_required",
        company_name: "validation.required",
        contact_person: "validation.required",
        accept_terms: "validation.signup.terms_required",
      });
      const noCity = await errorsOf(await post("/api/v2/registration/business/sign-up", businessSignUpBody({ city: "" })), 400);
      expect(noCity.map((e) => [e.source, e.key])).toEqual([["city", "validation.required"]]);
    });

    it("refuses an unknown city at its field and creates no account", async () => {
      const input = businessSignUpBody({ city: "Qqqxyzhausen" });
      const errors = await errorsOf(await post("/api/v2/registration/business/sign-up", input), 400);
      expect(errors.map((e) => [e.source, e.key])).toEqual([["city", "validation.city_unknown"]]);
      const row = await rt.deps.db
        .selectFrom("users")
        .select("id")
        .where("username_key", "=", String(input.username).toLowerCase())
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });
  });

  describe("uniqueness check", () => {
    it("answers whether a username or an e-mail is free, case-insensitively", async () => {
      const taken = individualSignUpBody();
      await signUp(taken);
      const ask = async (query: string) =>
        (await jsonOf(await rt.request(`/api/v2/registration/unique?${query}`, { ip: freshIp() }))).data as Json;
      expect(await ask(`username=${String(taken.username).toUpperCase()}`)).toEqual({ field: "username", available: false });
      expect(await ask(`email=${encodeURIComponent(String(taken.email))}`)).toEqual({ field: "email", available: false });
      expect(await ask("username=frei_und_neu")).toEqual({ field: "username", available: true });
      const both = await rt.request("/api/v2/registration/unique?username=a&email=b", { ip: freshIp() });
      expect(both.status).toBe(400);
    });

    it("is rate limited per address", async () => {
      const ip = freshIp();
      let last: Response | undefined;
      for (let i = 0; i < 61; i++) last = await rt.request(`/api/v2/registration/unique?username=probe${i}`, { ip });
      expect(last?.status).toBe(429);
      expect(((await jsonOf(last!)).errors as ErrorList)[0]?.key).toBe("exception.signup.unique_exceeded_limit");
    });
  });

  describe("e-mail verification", () => {
    it("verifies once with the mailed token, also signed out; the token is stored hashed", async () => {
      const account = await freshAccount();
      const { token } = await latestToken(String(account.input.email));
      const stored = await rt.deps.db
        .selectFrom("email_verifications")
        .select("token_hash")
        .where("user_id", "=", account.userId)
        .execute();
      expect(stored.map((r) => r.token_hash)).not.toContain(token);

      const response = await post("/api/v2/registration/email/verify", { token });
      expect(response.status).toBe(200);
      expect((await jsonOf(response)).data).toEqual({ verified: true, user_type: USER_TYPE.escort });
      const row = await rt.deps.db.selectFrom("users").selectAll().where("id", "=", account.userId).executeTakeFirstOrThrow();
      expect(row.email_verified_at).toBe(rt.deps.clock.now());
      expect(row.email_was_verified).toBe(1);
      expect(row.is_bounced_email).toBe(0);
      expect((await userData(account.token)).is_email_verified).toBe(true);

      const again = await errorsOf(await post("/api/v2/registration/email/verify", { token }), 400);
      expect(again.map((e) => [e.key, e.source])).toEqual([["exception.email_verification.invalid_or_expired", "token"]]);
    });

    it("refuses an expired token, a forged signature and garbage", async () => {
      const account = await freshAccount();
      const { token } = await latestToken(String(account.input.email));
      const [random] = token.split(".");
      for (const forged of [`${random}.AAAA`, "nonsense", `${token}.x`]) {
        const errors = await errorsOf(await post("/api/v2/registration/email/verify", { token: forged }), 400);
        expect(errors[0]?.key).toBe("exception.email_verification.invalid_or_expired");
      }
      rt.clock.advance(EMAIL_VERIFICATION_TTL_MS + 1);
      try {
        const errors = await errorsOf(await post("/api/v2/registration/email/verify", { token }), 400);
        expect(errors[0]?.key).toBe("exception.email_verification.invalid_or_expired");
      } finally {
        rt.clock.advance(-(EMAIL_VERIFICATION_TTL_MS + 1));
      }
    });

    it("does not let user B verify user A's address while signed in as B", async () => {
      const a = await freshAccount();
      const b = await freshAccount();
      const { token } = await latestToken(String(a.input.email));
      const errors = await errorsOf(await post("/api/v2/registration/email/verify", { token }, { token: b.token }), 403);
      expect(errors[0]?.key).toBe("exception.email_verification.other_account");
      const rowA = await rt.deps.db.selectFrom("users").select("email_verified_at").where("id", "=", a.userId).executeTakeFirstOrThrow();
      expect(rowA.email_verified_at).toBeNull();
      // A's own session can use it.
      expect((await post("/api/v2/registration/email/verify", { token }, { token: a.token })).status).toBe(200);
    });

    it(`resends to the caller only, at most ${VERIFICATION_RESEND_LIMIT.limit} times an hour, and voids older links on use`, async () => {
      const a = await freshAccount();
      const b = await freshAccount();
      const first = await latestToken(String(a.input.email));
      for (let i = 0; i < VERIFICATION_RESEND_LIMIT.limit; i++) {
        expect((await post("/api/v2/registration/email/resend", {}, { token: a.token })).status).toBe(202);
      }
      const errors = await errorsOf(await post("/api/v2/registration/email/resend", {}, { token: a.token }), 429);
      expect(errors[0]?.key).toBe("exception.email_verification.exceeded_limit");
      // B's allowance and mailbox are B's own: nothing went to B.
      const toB = await rt.deps.db.selectFrom("mail_outbox").select("id").where("recipient", "=", String(b.input.email)).execute();
      expect(toB).toHaveLength(1);
      expect((await post("/api/v2/registration/email/resend", {}, { token: b.token })).status).toBe(202);
      // Guests cannot resend at all.
      expect((await post("/api/v2/registration/email/resend", {})).status).toBe(401);

      const newest = await latestToken(String(a.input.email));
      expect(newest.token).not.toBe(first.token);
      expect((await post("/api/v2/registration/email/verify", { token: newest.token })).status).toBe(200);
      expect((await post("/api/v2/registration/email/verify", { token: first.token })).status).toBe(400);
      // Verified: a resend is refused as pointless.
      const done = await errorsOf(await post("/api/v2/registration/email/resend", {}, { token: a.token }), 409);
      expect(done[0]?.key).toBe("exception.email_verification.already_verified");
    });

    it("a bounced address must be verified again, and verifying clears the bounce", async () => {
      const account = await freshAccount();
      await post("/api/v2/registration/email/verify", { token: (await latestToken(String(account.input.email))).token });
      await rt.deps.db
        .updateTable("users")
        .set({ register_completed_step: 10, is_bounced_email: 1 })
        .where("id", "=", account.userId)
        .execute();
      // Re-verification is asked for, but no page redirects there (ADR 024).
      const bounced = await userData(account.token);
      expect(bounced.must_verify_email).toBe(true);
      expect(bounced.next_destination).toBeNull();
      expect((await post("/api/v2/registration/email/resend", {}, { token: account.token })).status).toBe(202);
      await post("/api/v2/registration/email/verify", { token: (await latestToken(String(account.input.email))).token });
      const me = await userData(account.token);
      expect(me.is_bounced_email).toBe(false);
      expect(me.must_verify_email).toBe(false);
      expect(me.next_destination).toBeNull();
    });
  });

  describe("next_destination after login", () => {
    it("puts the forced age check before everything, and a finished verified user goes nowhere", async () => {
      const user = await createUser(rt);
      const login = await passwordLogin(rt, user.username, user.password, freshIp());
      const token = login.body.access_token!;
      expect((await userData(token)).next_destination).toBeNull();
      await rt.deps.db
        .updateTable("users")
        .set({ forced_fake_check: 1, register_completed_step: 2, email_verified_at: null })
        .where("id", "=", user.id)
        .execute();
      expect((await userData(token)).next_destination).toBe("user/age_check_verification?type=forced");
    });
  });
});
