/**
 * Brute-force protection on /oauth/v2/token (login-policy.ts): per account,
 * per IP, per IP and day, platform-wide; the captcha that lets a blocked
 * attempt through; windows that reset with the clock.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CAPTCHA_TTL_MS, createCaptcha } from "#server/modules/auth/captcha";
import { slotMs } from "#server/lib/rate-limit";
import { LOGIN_LIMITS, loginWindows } from "#server/modules/auth/login-policy";
import { expectErrorShape, freshIp, passwordLogin } from "../../helpers/auth";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe(`login limits and captcha (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let day = 0;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });
  // Every test starts at midnight of a day of its own: all windows (5 min,
  // 15 min, 1 h, 1 day) begin there, and no test inherits another's counts.
  beforeEach(() => {
    day += 1;
    rt.clock.set(Date.UTC(2027, 0, 1) + day * DAY);
  });

  async function failLogins(identifiers: string[], ip?: () => string) {
    const answers = [];
    for (const identifier of identifiers) answers.push(await passwordLogin(rt, identifier, "wrong-password-1", ip ? ip() : freshIp()));
    return answers;
  }

  async function seedCounter(bucket: string, hits: number) {
    await rt.deps.db.insertInto("rate_counters").values({ bucket, window_start: rt.clock.now(), hits }).execute();
  }

  it("uses the limits ADR 005 sets", () => {
    expect(LOGIN_LIMITS).toEqual({
      account: { key: "exception.account_login.exceeded_limit", windowMs: 15 * MINUTE, limit: 5 },
      ip: { key: "exception.ip_login.exceeded_limit", windowMs: HOUR, limit: 10 },
      ipDaily: { key: "exception.one_ip_daily_login.exceeded_limit", windowMs: DAY, limit: 100 },
      global: { key: "exception.login_global.exceeded_limit", windowMs: 5 * MINUTE, limit: 1000 },
    });
  });

  describe("per account", () => {
    it("asks for a captcha after 5 failures in 15 minutes, from any IP, and refuses even the right password", async () => {
      const user = await createUser(rt);
      const answers = await failLogins([user.username, user.email, user.username.toUpperCase(), user.email, user.username]);
      expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
      // The fifth failure already tells the form to show the captcha.
      expect(answers.map((a) => a.body.captcha_required ?? false)).toEqual([false, false, false, false, true]);

      const blocked = await passwordLogin(rt, user.username, user.password, freshIp());
      expect(blocked.status).toBe(429);
      expectErrorShape(blocked.body, 429);
      expect(blocked.body.captcha_required).toBe(true);
      expect(blocked.body.errors).toEqual([
        expect.objectContaining({ code: 429, key: "exception.account_login.exceeded_limit", source: "captcha_answer" }),
      ]);
      expect(blocked.body.access_token).toBeUndefined();
    });

    it("limits an unknown account the same way (no enumeration)", async () => {
      const answers = await failLogins(Array.from({ length: 5 }, () => "ghost_account"));
      expect(answers.every((a) => a.status === 400)).toBe(true);
      const blocked = await passwordLogin(rt, "ghost_account", "wrong-password-1", freshIp());
      expect(blocked.status).toBe(429);
      expect(blocked.body.errors?.[0]?.key).toBe("exception.account_login.exceeded_limit");
    });

    it("does not count a successful login as a failure", async () => {
      const user = await createUser(rt);
      await failLogins(Array.from({ length: 4 }, () => user.username));
      expect((await passwordLogin(rt, user.username, user.password, freshIp())).status).toBe(200);
      expect((await passwordLogin(rt, user.username, "wrong-password-1", freshIp())).status).toBe(400);
      expect((await passwordLogin(rt, user.username, user.password, freshIp())).status).toBe(429);
    });

    it("lets at most 5 of a burst of parallel guesses through", async () => {
      const user = await createUser(rt);
      const burst = await Promise.all(Array.from({ length: 20 }, () => passwordLogin(rt, user.username, "wrong-password-1", freshIp())));
      const statuses = burst.map((a) => a.status).sort();
      expect(statuses.filter((s) => s === 400)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
      expect((await passwordLogin(rt, user.username, user.password, freshIp())).status).toBe(429);
    });

    it("opens again when the 15-minute window has passed (a failure counts at most one minute longer)", async () => {
      const user = await createUser(rt);
      await failLogins(Array.from({ length: 5 }, () => user.username));
      rt.clock.advance(14 * MINUTE);
      expect((await passwordLogin(rt, user.username, user.password, freshIp())).status).toBe(429);
      rt.clock.advance(MINUTE + slotMs(LOGIN_LIMITS.account));
      expect((await passwordLogin(rt, user.username, user.password, freshIp())).status).toBe(200);
    });
  });

  describe("captcha", () => {
    async function lockedUser() {
      const user = await createUser(rt);
      await failLogins(Array.from({ length: 5 }, () => user.username));
      return user;
    }

    it("lets the attempt through when solved (answer case-insensitive)", async () => {
      const user = await lockedUser();
      const captcha = await createCaptcha(rt.deps, "ABCDE");
      const { status, body } = await passwordLogin(rt, user.username, user.password, freshIp(), {
        captcha_id: captcha.id,
        captcha_answer: " abcde ",
      });
      expect(status).toBe(200);
      expect(typeof body.access_token).toBe("string");
    });

    it("refuses a wrong answer or an unknown challenge with captcha_not_verified on captcha_answer", async () => {
      const user = await lockedUser();
      const captcha = await createCaptcha(rt.deps, "ABCDE");
      for (const extra of [
        { captcha_id: captcha.id, captcha_answer: "ABCDF" },
        { captcha_id: "no-such-challenge", captcha_answer: "ABCDE" },
      ]) {
        const { status, body } = await passwordLogin(rt, user.username, user.password, freshIp(), extra);
        expect(status).toBe(400);
        expectErrorShape(body, 400);
        expect(body.captcha_required).toBe(true);
        expect(body.errors).toEqual([expect.objectContaining({ key: "exception.login.captcha_not_verified", source: "captcha_answer" })]);
      }
    });

    it("is single-use: a wrong answer burns it, and so does a solved attempt", async () => {
      const user = await lockedUser();
      const burnt = await createCaptcha(rt.deps, "ABCDE");
      await passwordLogin(rt, user.username, user.password, freshIp(), { captcha_id: burnt.id, captcha_answer: "XXXXX" });
      const retry = await passwordLogin(rt, user.username, user.password, freshIp(), { captcha_id: burnt.id, captcha_answer: "ABCDE" });
      expect(retry.body.errors?.[0]?.key).toBe("exception.login.captcha_not_verified");

      const used = await createCaptcha(rt.deps, "KMNPR");
      const wrongPassword = await passwordLogin(rt, user.username, "wrong-password-1", freshIp(), {
        captcha_id: used.id,
        captcha_answer: "KMNPR",
      });
      expect(wrongPassword.status).toBe(400);
      expect(wrongPassword.body.errors?.[0]?.key).toBe("exception.login.invalid_credentials");
      expect(wrongPassword.body.captcha_required).toBe(true);
      const again = await passwordLogin(rt, user.username, user.password, freshIp(), { captcha_id: used.id, captcha_answer: "KMNPR" });
      expect(again.status).toBe(400);
      expect(again.body.errors?.[0]?.key).toBe("exception.login.captcha_not_verified");
    });

    it("expires after 10 minutes", async () => {
      expect(CAPTCHA_TTL_MS).toBe(10 * MINUTE);
      const user = await lockedUser();
      const fresh = await createCaptcha(rt.deps, "ABCDE");
      const stale = await createCaptcha(rt.deps, "EFHKM");
      rt.clock.advance(10 * MINUTE - 1000);
      expect(
        (await passwordLogin(rt, user.username, user.password, freshIp(), { captcha_id: fresh.id, captcha_answer: "ABCDE" })).status,
      ).toBe(200);
      rt.clock.advance(1000);
      // Still inside the account's 15-minute window, so a captcha is still needed.
      const late = await passwordLogin(rt, user.username, "wrong-password-1", freshIp(), { captcha_id: stale.id, captcha_answer: "EFHKM" });
      expect(late.status).toBe(400);
      expect(late.body.errors?.[0]?.key).toBe("exception.login.captcha_not_verified");
    });
  });

  describe("per IP", () => {
    it("asks for a captcha after 10 failures from one IP within an hour, for any account", async () => {
      const ip = freshIp();
      const user = await createUser(rt);
      const answers = await failLogins(
        Array.from({ length: 10 }, (_, i) => `ghost_${i}`),
        () => ip,
      );
      expect(answers.every((a) => a.status === 400)).toBe(true);
      const blocked = await passwordLogin(rt, user.username, user.password, ip);
      expect(blocked.status).toBe(429);
      expect(blocked.body.errors).toEqual([
        expect.objectContaining({ key: "exception.ip_login.exceeded_limit", source: "captcha_answer" }),
      ]);
      // Other addresses are not affected.
      expect((await passwordLogin(rt, user.username, user.password, freshIp())).status).toBe(200);
      rt.clock.advance(HOUR + slotMs(LOGIN_LIMITS.ip));
      expect((await passwordLogin(rt, user.username, user.password, ip)).status).toBe(200);
    });

    it("asks for a captcha after 100 attempts of any outcome from one IP in a day", async () => {
      const ip = freshIp();
      const user = await createUser(rt);
      // 97 earlier attempts seeded directly (100 scrypt checks would only slow
      // the suite); the 3 real, successful ones below must be counted too.
      await seedCounter(loginWindows("any", ip).ipDaily.bucket, 97);
      for (let i = 0; i < 3; i++) expect((await passwordLogin(rt, user.username, user.password, ip)).status).toBe(200);
      const blocked = await passwordLogin(rt, user.username, user.password, ip);
      expect(blocked.status).toBe(429);
      expect(blocked.body.errors).toEqual([
        expect.objectContaining({ key: "exception.one_ip_daily_login.exceeded_limit", source: "captcha_answer" }),
      ]);
      const captcha = await createCaptcha(rt.deps, "ABCDE");
      expect((await passwordLogin(rt, user.username, user.password, ip, { captcha_id: captcha.id, captcha_answer: "ABCDE" })).status).toBe(
        200,
      );
      rt.clock.advance(DAY - 1);
      expect((await passwordLogin(rt, user.username, user.password, ip)).status).toBe(429);
      rt.clock.advance(slotMs(LOGIN_LIMITS.ipDaily) + 1);
      expect((await passwordLogin(rt, user.username, user.password, ip)).status).toBe(200);
    });
  });

  describe("platform-wide", () => {
    it("asks everyone for a captcha after 1000 failures in 5 minutes", async () => {
      const user = await createUser(rt);
      const global = loginWindows("any", "any").global.bucket;
      // 999 failures elsewhere, seeded; one real failure makes 1000.
      await seedCounter(global, 999);
      expect((await passwordLogin(rt, "ghost_wave", "wrong-password-1", freshIp())).status).toBe(400);
      const blocked = await passwordLogin(rt, user.username, user.password, freshIp());
      expect(blocked.status).toBe(429);
      expect(blocked.body.errors).toEqual([
        expect.objectContaining({ key: "exception.login_global.exceeded_limit", source: "captcha_answer" }),
      ]);
      const captcha = await createCaptcha(rt.deps, "ABCDE");
      expect(
        (await passwordLogin(rt, user.username, user.password, freshIp(), { captcha_id: captcha.id, captcha_answer: "ABCDE" })).status,
      ).toBe(200);
      rt.clock.advance(5 * MINUTE + slotMs(LOGIN_LIMITS.global));
      expect((await passwordLogin(rt, user.username, user.password, freshIp())).status).toBe(200);
    });

    it("a credential-stuffing wave on one account never locks its owner out: it raises a captcha, a solved one passes (issue 9 item 7)", async () => {
      const victim = await createUser(rt);
      // 30 real failures on the victim from 10 addresses, on top of 1,000 platform-wide failures.
      const attackers = Array.from({ length: 10 }, () => freshIp());
      for (let round = 0; round < 3; round++) for (const ip of attackers) await passwordLogin(rt, victim.username, "wrong-password-1", ip);
      await rt.deps.db
        .updateTable("rate_counters")
        .set({ hits: 1_000 })
        .where("bucket", "=", loginWindows("any", "any").global.bucket)
        .execute();
      const owner = freshIp();
      const asked = await passwordLogin(rt, victim.username, victim.password, owner);
      expect(asked.status).toBe(429);
      expect(asked.body.captcha_required).toBe(true);
      const captcha = await createCaptcha(rt.deps, "ABCDE");
      const solved = await passwordLogin(rt, victim.username, victim.password, owner, { captcha_id: captcha.id, captcha_answer: "ABCDE" });
      expect(solved.status).toBe(200);
      expect(solved.body.access_token).toBeTruthy();
    });
  });
});
