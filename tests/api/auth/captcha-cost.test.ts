/**
 * The captcha's price rises with failures (issue 23 item 7d, ADR 056): past a login limit, each further failed login
 * from an address or for an account doubles the proof of work of the next captcha, up to a cap; the token endpoint
 * refuses a proof solved at a lower level than the one due; the level falls as the window slides and not on a
 * success; the typed code of the picture (no JavaScript) works at any level.
 */
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CAPTCHA_MAX_LEVEL, type IssuedCaptcha } from "#server/contract/auth";
import { slotMs } from "#server/lib/rate-limit";
import { CAPTCHA_POW, createCaptcha, powCounterRange } from "#server/modules/auth/captcha";
import { captchaLevelFor, LOGIN_LIMITS } from "#server/modules/auth/login-policy";
import { expectErrorShape, freshIp, passwordLogin } from "../../helpers/auth";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const DAY = 24 * 60 * 60_000;
const KNOWN_CODE = "KMNPR";

async function solvePow(challenge: Challenge): Promise<{ payload: string; counter: number }> {
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return { payload: Buffer.from(JSON.stringify({ challenge, solution })).toString("base64"), counter: solution!.counter };
}

describe("the level rule", () => {
  it("is 0 up to each limit, one more per failure past it, capped", () => {
    const { ip, account } = { ip: LOGIN_LIMITS.ip.limit, account: LOGIN_LIMITS.account.limit };
    expect(captchaLevelFor({ ip: 0, account: 0 })).toBe(0);
    expect(captchaLevelFor({ ip, account })).toBe(0);
    expect(captchaLevelFor({ ip: ip + 1, account: 0 })).toBe(1);
    expect(captchaLevelFor({ ip: 0, account: account + 3 })).toBe(3);
    expect(captchaLevelFor({ ip: ip + 2, account: account + 1 })).toBe(2);
    expect(captchaLevelFor({ ip: ip + 100, account: 0 })).toBe(CAPTCHA_MAX_LEVEL);
  });

  it("doubles the hidden counter's range per level", () => {
    expect(powCounterRange(0)).toEqual({ min: CAPTCHA_POW.counterMin, max: CAPTCHA_POW.counterMax });
    for (let level = 1; level <= CAPTCHA_MAX_LEVEL; level++) {
      expect(powCounterRange(level).min).toBe(2 * powCounterRange(level - 1).min);
      expect(powCounterRange(level).max).toBe(2 * powCounterRange(level - 1).max);
    }
    expect(powCounterRange(CAPTCHA_MAX_LEVEL + 5)).toEqual(powCounterRange(CAPTCHA_MAX_LEVEL));
  });
});

describe(`captcha cost after failed logins (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let day = 0;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });
  beforeEach(() => {
    day += 1;
    rt.clock.set(Date.UTC(2027, 6, 1) + day * DAY);
  });

  async function fetchCaptcha(ip: string, username?: string): Promise<IssuedCaptcha> {
    const response = await rt.request(`/api/v2/captcha${username ? `?username=${encodeURIComponent(username)}` : ""}`, { ip });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: IssuedCaptcha };
    // The level the body names is the one signed into the proof of work.
    expect(data.pow.parameters.data).toEqual({ id: data.id, level: data.level });
    return data;
  }

  /** One failed login past a limit: a wrong password with a solved captcha (the picture's code, known here). */
  async function failWithCaptcha(username: string, ip: string) {
    const captcha = await createCaptcha(rt.deps, KNOWN_CODE);
    const { status, body } = await passwordLogin(rt, username, "wrong-password-1", ip, {
      captcha_id: captcha.id,
      captcha_answer: KNOWN_CODE,
    });
    expect(status).toBe(400);
    expect(body.errors?.[0]?.key).toBe("exception.login.invalid_credentials");
  }

  /** A failure under the limits (no captcha needed yet). */
  async function fail(username: string, ip: string) {
    const { status } = await passwordLogin(rt, username, "wrong-password-1", ip);
    expect(status).toBe(400);
  }

  it("rises with each failed login from one address past its limit, whatever the account, up to the cap", async () => {
    const ip = freshIp();
    expect((await fetchCaptcha(ip)).level).toBe(0);
    for (let i = 0; i < LOGIN_LIMITS.ip.limit; i++) await fail(`nobody_${day}_${i}`, ip);
    expect((await fetchCaptcha(ip)).level).toBe(0);
    const levels: number[] = [];
    for (let i = 0; i < CAPTCHA_MAX_LEVEL + 2; i++) {
      await failWithCaptcha(`someone_${day}_${i}`, ip);
      levels.push((await fetchCaptcha(ip)).level);
    }
    expect(levels).toEqual(levels.map((_, i) => Math.min(i + 1, CAPTCHA_MAX_LEVEL)));
    expect(levels.at(-1)).toBe(CAPTCHA_MAX_LEVEL);
    // Another address is not affected.
    expect((await fetchCaptcha(freshIp())).level).toBe(0);
  });

  it("rises with each failed login for one account past its limit, from any address, by username or e-mail", async () => {
    const user = await createUser(rt);
    for (let i = 0; i < LOGIN_LIMITS.account.limit; i++) await fail(user.username, freshIp());
    expect((await fetchCaptcha(freshIp(), user.username)).level).toBe(0);
    await failWithCaptcha(user.username, freshIp());
    await failWithCaptcha(user.email, freshIp());
    expect((await fetchCaptcha(freshIp(), user.username)).level).toBe(2);
    expect((await fetchCaptcha(freshIp(), user.email.toUpperCase())).level).toBe(2);
    // Without the account's name only the address counts, but the token endpoint still asks the account's level (below).
    expect((await fetchCaptcha(freshIp())).level).toBe(0);
  });

  it("refuses a proof of work solved before the latest failures raised the price, and takes one at the level due", async () => {
    const user = await createUser(rt);
    for (let i = 0; i < LOGIN_LIMITS.account.limit; i++) await fail(user.username, freshIp());
    const early = await fetchCaptcha(freshIp(), user.username);
    expect(early.level).toBe(0);
    const cheap = await solvePow(early.pow);
    await failWithCaptcha(user.username, freshIp());

    const refused = await passwordLogin(rt, user.username, user.password, freshIp(), { captcha_id: early.id, captcha_pow: cheap.payload });
    expect(refused.status).toBe(400);
    expectErrorShape(refused.body, 400);
    expect(refused.body.errors?.[0]).toMatchObject({ key: "exception.login.captcha_not_verified", source: "captcha_answer" });
    expect(refused.body.captcha_required).toBe(true);

    // A level-0 challenge whose signed level was raised by hand is a forgery.
    const forged = JSON.parse(Buffer.from(cheap.payload, "base64").toString("utf8")) as { challenge: Challenge; solution: unknown };
    forged.challenge.parameters.data = { id: early.id, level: 1 };
    const tampered = await passwordLogin(rt, user.username, user.password, freshIp(), {
      captcha_pow: Buffer.from(JSON.stringify(forged)).toString("base64"),
    });
    expect(tampered.body.errors?.[0]?.key).toBe("exception.login.captcha_not_verified");

    const due = await fetchCaptcha(freshIp(), user.username);
    expect(due.level).toBe(1);
    const dear = await solvePow(due.pow);
    // The work was really twice the base range's: the secret counter lies in the level's range.
    expect(dear.counter).toBeGreaterThanOrEqual(powCounterRange(1).min);
    expect(dear.counter).toBeLessThanOrEqual(powCounterRange(1).max);
    const accepted = await passwordLogin(rt, user.username, user.password, freshIp(), { captcha_id: due.id, captcha_pow: dear.payload });
    expect(accepted.status).toBe(200);
  });

  it("falls as the window slides past the failures, and not on a success", async () => {
    const user = await createUser(rt);
    const ip = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.account.limit; i++) await fail(user.username, freshIp());
    await failWithCaptcha(user.username, freshIp());
    await failWithCaptcha(user.username, freshIp());
    expect((await fetchCaptcha(ip, user.username)).level).toBe(2);

    // A success (here with the picture's code) is no proof that the failures were the owner's: the level stays.
    const captcha = await createCaptcha(rt.deps, KNOWN_CODE);
    const success = await passwordLogin(rt, user.username, user.password, freshIp(), {
      captcha_id: captcha.id,
      captcha_answer: KNOWN_CODE,
    });
    expect(success.status).toBe(200);
    expect((await fetchCaptcha(freshIp(), user.username)).level).toBe(2);

    // The account window (15 minutes, and at most one slot more) has slid past every failure.
    rt.clock.advance(LOGIN_LIMITS.account.windowMs + slotMs(LOGIN_LIMITS.account));
    expect((await fetchCaptcha(freshIp(), user.username)).level).toBe(0);

    // The address's window is an hour.
    const busy = freshIp();
    for (let i = 0; i < LOGIN_LIMITS.ip.limit; i++) await fail(`gone_${day}_${i}`, busy);
    await failWithCaptcha(`gone_${day}_x`, busy);
    expect((await fetchCaptcha(busy)).level).toBe(1);
    rt.clock.advance(LOGIN_LIMITS.ip.windowMs / 2);
    expect((await fetchCaptcha(busy)).level).toBe(1);
    rt.clock.advance(LOGIN_LIMITS.ip.windowMs / 2 + slotMs(LOGIN_LIMITS.ip));
    expect((await fetchCaptcha(busy)).level).toBe(0);
  });

  it("keeps the picture's typed code working at any level (members without JavaScript)", async () => {
    const user = await createUser(rt);
    for (let i = 0; i < LOGIN_LIMITS.account.limit; i++) await fail(user.username, freshIp());
    for (let i = 0; i < CAPTCHA_MAX_LEVEL; i++) await failWithCaptcha(user.username, freshIp());
    const shown = await fetchCaptcha(freshIp(), user.username);
    expect(shown.level).toBe(CAPTCHA_MAX_LEVEL);
    expect(shown.image).toMatch(/^data:image\/png;base64,/);
    const captcha = await createCaptcha(rt.deps, KNOWN_CODE);
    const { status } = await passwordLogin(rt, user.username, user.password, freshIp(), {
      captcha_id: captcha.id,
      captcha_answer: "kmnpr",
    });
    expect(status).toBe(200);
  });

  it("refuses an over-long account name in the query with a 400, never a 5xx", async () => {
    const response = await rt.request(`/api/v2/captcha?username=${"a".repeat(400)}`, { ip: freshIp() });
    expect(response.status).toBe(400);
    expectErrorShape(await response.json(), 400);
  });
});
