/**
 * Phone verification: POST /registration/sms/send and /sms/verify with the
 * outbox provider and with the HTTP gateway (msw stands in for it).
 */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SMS_NUMBER_LIMIT, SMS_USER_LIMIT, VERIFICATION_CODE_TTL_MS, VERIFICATION_MAX_ATTEMPTS } from "#server/contract/invites";
import { expectErrorShape, freshIp, jsonOf } from "../../helpers/auth";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const GATEWAY = "http://sms-gateway.test/v1/messages";
const HOUR = 60 * 60 * 1000;
const msw = setupServer();
let numberCounter = 0;
/** A German mobile number no other test has used (per-number limits stay per test). */
const freshNumber = () => `0151${String(2000000 + ++numberCounter).padStart(7, "0")}`;

describe(`phone verification by SMS (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    msw.listen({ onUnhandledRequest: "error" });
    rt = await createTestRuntime();
  });
  afterEach(() => {
    msw.resetHandlers();
    rt.deps.config.sms = { apiUrl: undefined, apiKey: undefined, sender: "Velora" };
  });
  afterAll(async () => {
    msw.close();
    await rt.close();
  });

  async function signedIn() {
    const user = await createUser(rt);
    const { body } = await login(rt, user.username, user.password, freshIp());
    return { ...user, token: body.access_token as string };
  }
  const send = (token: string, body: unknown) =>
    rt.request("/api/v2/registration/sms/send", {
      method: "POST",
      token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      ip: freshIp(),
    });
  const verify = (token: string, code: unknown) =>
    rt.request("/api/v2/registration/sms/verify", {
      method: "POST",
      token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code }),
      ip: freshIp(),
    });
  const firstError = async (response: Response) => ((await jsonOf(response)).errors as Array<{ key: string; source?: string }>)[0]!;

  async function outboxCode(e164: string): Promise<string> {
    const row = await rt.deps.db
      .selectFrom("mail_outbox")
      .select(["text_body", "template"])
      .where("recipient", "=", `sms:${e164}`)
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(row.template).toBe("sms_verification");
    return /\b(\d{6})\b/.exec(row.text_body)![1]!;
  }

  it("needs a login", async () => {
    const response = await rt.request("/api/v2/registration/sms/send", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(401);
  });

  it("sends a code to the outbox and verifying it sets the phone", async () => {
    const user = await signedIn();
    const national = freshNumber();
    const e164 = `+49${national.slice(1)}`;
    const sent = await send(user.token, { country_code: 49, phone: national.replace(/^(\d{4})/, "$1 ") });
    expect(sent.status).toBe(200);
    expect((await jsonOf(sent)).data).toMatchObject({ expires_at: rt.clock.now() + VERIFICATION_CODE_TTL_MS });
    const status = await jsonOf(await rt.request("/api/v2/registration/sms", { token: user.token }));
    expect(status.data).toMatchObject({ phone: null, pending: { attempts_left: VERIFICATION_MAX_ATTEMPTS } });

    const ok = await verify(user.token, await outboxCode(e164));
    expect(ok.status).toBe(200);
    const row = await rt.deps.db
      .selectFrom("users")
      .select(["phone", "phone_verified_at"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ phone: e164, phone_verified_at: rt.clock.now() });
    // The code is spent.
    expect((await verify(user.token, await outboxCode(e164))).status).toBe(400);
  });

  it("validates country code and number at their fields", async () => {
    const user = await signedIn();
    const cases: Array<[unknown, string, string]> = [
      [{ country_code: 1, phone: "5551234567" }, "country_code", "validation.phone.country_code"],
      [{ country_code: 49, phone: "0151-abc" }, "phone", "validation.phone.invalid"],
      [{ country_code: 49, phone: "++4915112345" }, "phone", "validation.phone.invalid"],
      [{ country_code: 43, phone: "+4915112345678" }, "phone", "validation.phone.country_mismatch"],
      [{ country_code: 49 }, "phone", "validation.required"],
    ];
    for (const [body, source, key] of cases) {
      const response = await send(user.token, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      const json = await jsonOf(response);
      expectErrorShape(json, 400);
      expect((json.errors as Array<{ key: string; source?: string }>)[0]).toMatchObject({ source, key });
    }
    // The country code may arrive as a form string; Swiss international format is fine.
    expect((await send(user.token, { country_code: "41", phone: "+41791234567" })).status).toBe(200);
  });

  it("voids the code after 5 wrong tries and refuses an expired one", async () => {
    const user = await signedIn();
    const national = freshNumber();
    await send(user.token, { country_code: 49, phone: national });
    const right = await outboxCode(`+49${national.slice(1)}`);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 1; i < VERIFICATION_MAX_ATTEMPTS; i++)
      expect((await firstError(await verify(user.token, wrong))).key).toBe("exception.sms.code_invalid");
    expect((await verify(user.token, wrong)).status).toBe(429);
    expect((await verify(user.token, right)).status).toBe(400);

    const second = freshNumber();
    await send(user.token, { country_code: 49, phone: second });
    const code = await outboxCode(`+49${second.slice(1)}`);
    rt.clock.advance(VERIFICATION_CODE_TTL_MS);
    const expired = await verify(user.token, code);
    expect(expired.status).toBe(400);
    expect(await firstError(expired)).toMatchObject({ key: "exception.sms.no_pending_code", source: "code" });
    expect(await firstError(await verify(user.token, "12a456"))).toMatchObject({
      key: "validation.verification_code.invalid",
      source: "code",
    });
  });

  it("limits sends per user and per number", async () => {
    const user = await signedIn();
    for (let i = 0; i < SMS_USER_LIMIT.limit; i++)
      expect((await send(user.token, { country_code: 49, phone: freshNumber() })).status).toBe(200);
    const over = await send(user.token, { country_code: 49, phone: freshNumber() });
    expect(over.status).toBe(429);
    expect((await firstError(over)).key).toBe("exception.sms.too_many_requests");

    rt.clock.advance(HOUR);
    const shared = freshNumber();
    for (let i = 0; i < SMS_NUMBER_LIMIT.limit; i++) {
      const other = await signedIn();
      expect((await send(other.token, { country_code: 49, phone: shared })).status).toBe(200);
    }
    const stranger = await signedIn();
    expect((await send(stranger.token, { country_code: 49, phone: shared })).status).toBe(429);
  });

  it("delivers through the HTTP gateway with the API key", async () => {
    rt.deps.config.sms = { apiUrl: GATEWAY, apiKey: "sms-key-1", sender: "Velora" };
    const received: Array<{ auth: string | null; body: { to: string; text: string; sender: string } }> = [];
    msw.use(
      http.post(GATEWAY, async ({ request }) => {
        received.push({
          auth: request.headers.get("authorization"),
          body: (await request.json()) as { to: string; text: string; sender: string },
        });
        return HttpResponse.json({ id: "msg-1", status: "queued" }, { status: 202 });
      }),
    );
    const user = await signedIn();
    const national = freshNumber();
    const e164 = `+49${national.slice(1)}`;
    expect((await send(user.token, { country_code: 49, phone: national })).status).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]!.auth).toBe("Bearer sms-key-1");
    expect(received[0]!.body).toMatchObject({ to: e164, sender: "Velora" });
    const code = /\b(\d{6})\b/.exec(received[0]!.body.text)![1]!;
    // Nothing went to the outbox.
    expect(
      await rt.deps.db.selectFrom("mail_outbox").select("id").where("recipient", "=", `sms:${e164}`).executeTakeFirst(),
    ).toBeUndefined();
    expect((await verify(user.token, code)).status).toBe(200);
  });

  it("reports a gateway failure as exception.sms.send_failed, never a 5xx, and keeps the quota", async () => {
    rt.deps.config.sms = { apiUrl: GATEWAY, apiKey: "sms-key-1", sender: "Velora" };
    msw.use(http.post(GATEWAY, () => HttpResponse.json({ error: "boom" }, { status: 500 })));
    const user = await signedIn();
    for (let i = 0; i < SMS_USER_LIMIT.limit + 1; i++) {
      const response = await send(user.token, { country_code: 49, phone: freshNumber() });
      expect(response.status).toBe(400);
      const json = await jsonOf(response);
      expectErrorShape(json, 400);
      expect((json.errors as Array<{ key: string }>)[0]!.key).toBe("exception.sms.send_failed");
    }
    msw.use(http.post(GATEWAY, () => HttpResponse.error()));
    expect((await firstError(await send(user.token, { country_code: 49, phone: freshNumber() }))).key).toBe("exception.sms.send_failed");
    // No code was stored for a message that never left.
    expect((await jsonOf(await rt.request("/api/v2/registration/sms", { token: user.token }))).data).toMatchObject({ pending: null });
  });
});
