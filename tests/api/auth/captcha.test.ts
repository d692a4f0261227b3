/**
 * The login captcha (ADR 021): a PNG whose answer is not in the response, an
 * ALTCHA proof of work for browsers with JavaScript, one stored challenge
 * behind both (single use, expiry, signed). The old captcha drew each
 * character as one SVG path of a known glyph, so a script read the answer
 * from the markup; that attack is replayed here.
 */
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { readFileSync } from "node:fs";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CAPTCHA_TTL_MS, createCaptcha, type IssuedCaptcha } from "#server/modules/auth/captcha";
import { CAPTCHA_ALPHABET, CAPTCHA_GLYPHS, CAPTCHA_IMAGE_HEIGHT, CAPTCHA_IMAGE_WIDTH } from "#server/modules/auth/captcha-image";
import { expectErrorShape, freshIp, passwordLogin } from "../../helpers/auth";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type Point = [number, number];

/**
 * The attack that solved the old captcha 20 of 20 times: take each glyph path
 * from the image's markup (left to right) and pick the known skeleton its
 * points fit best after scaling. Null when the markup has no glyph paths.
 */
function readAnswerFromMarkup(image: string): string | null {
  const [meta = "", data = ""] = image.split(",", 2);
  const markup = meta.endsWith(";base64") ? Buffer.from(data, "base64").toString("latin1") : decodeURIComponent(data);
  const glyphs = [...markup.matchAll(/<path transform="translate\(([-\d.]+) [-\d.]+\)[^"]*" d="([^"]+)"/g)]
    .map((m) => ({
      x: Number(m[1]),
      strokes: m[2]!.split(/(?=M)/).map((s) => [...s.matchAll(/(-?[\d.]+) (-?[\d.]+)/g)].map((p) => [Number(p[1]), Number(p[2])] as Point)),
    }))
    .sort((a, b) => a.x - b.x);
  if (glyphs.length === 0) return null;
  return glyphs
    .map(({ strokes }) => {
      let best = { char: "?", error: Infinity };
      for (const [char, skeleton] of Object.entries(CAPTCHA_GLYPHS)) {
        if (skeleton.length !== strokes.length || skeleton.some((s, i) => s.length !== strokes[i]!.length)) continue;
        const pairs = skeleton.flatMap((s, i) => s.map((g, j) => [g, strokes[i]![j]!] as const));
        const scale =
          pairs.reduce((n, [g, p]) => n + g[0] * p[0] + g[1] * p[1], 0) / pairs.reduce((n, [g]) => n + g[0] ** 2 + g[1] ** 2, 0);
        const error = pairs.reduce((n, [g, p]) => n + (p[0] - scale * g[0]) ** 2 + (p[1] - scale * g[1]) ** 2, 0);
        if (error < best.error) best = { char, error };
      }
      return best.char;
    })
    .join("");
}

/** What the login page's script does: solve the proof of work, send base64 JSON `{challenge, solution}`. */
async function solvePow(challenge: Challenge): Promise<string> {
  const solution = await solveChallenge({ challenge, deriveKey });
  expect(solution).not.toBeNull();
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}

describe(`login captcha (${TEST_DB})`, () => {
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
    rt.clock.set(Date.UTC(2027, 5, 1) + day * DAY);
  });

  async function lockedUser() {
    const user = await createUser(rt);
    for (let i = 0; i < 5; i++) await passwordLogin(rt, user.username, "wrong-password-1", freshIp());
    expect((await passwordLogin(rt, user.username, user.password, freshIp())).status).toBe(429);
    return user;
  }

  async function fetchCaptcha(ip = freshIp()): Promise<{ text: string; data: IssuedCaptcha }> {
    const response = await rt.request("/api/v2/captcha", { ip });
    expect(response.status).toBe(200);
    const text = await response.text();
    return { text, data: (JSON.parse(text) as { data: IssuedCaptcha }).data };
  }

  describe("the image for members without JavaScript", () => {
    it("is a PNG of the code, and the response carries no part of the answer", async () => {
      const { text, data } = await fetchCaptcha();
      expect(data.id).toMatch(/^[A-Za-z0-9_-]{16,}$/);
      expect(data.expires_at).toBe(rt.clock.now() + CAPTCHA_TTL_MS);
      expect(data.image).toMatch(/^data:image\/png;base64,/);
      const png = Buffer.from(data.image.split(",")[1]!, "base64");
      const meta = await sharp(png).metadata();
      expect(meta).toMatchObject({ format: "png", width: CAPTCHA_IMAGE_WIDTH, height: CAPTCHA_IMAGE_HEIGHT });
      // No vector drawing anywhere: not beside the image, not inside it.
      expect(text.replace(data.image, "")).not.toMatch(/svg|<path|<text/i);
      expect(png.toString("latin1")).not.toMatch(/<svg|<path|<text/);
      // Stored only as an HMAC: the row does not hold the code either.
      const row = await rt.deps.db.selectFrom("captcha_challenges").selectAll().where("id", "=", data.id).executeTakeFirstOrThrow();
      expect(row.used_at).toBeNull();
      expect(row.answer_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);

      // With a known code: not in the response as text, nor in the image's bytes (no text chunk, no vector).
      const known: IssuedCaptcha = await createCaptcha(rt.deps, "KMNPR");
      const knownPng = Buffer.from(known.image.split(",")[1]!, "base64");
      expect(JSON.stringify(known).toUpperCase()).not.toContain("KMNPR");
      expect(knownPng.toString("latin1").toUpperCase()).not.toContain("KMNPR");
      expect(knownPng.toString("latin1")).not.toMatch(/tEXt|iTXt|zTXt/);
    });

    it("defeats the attack that read the old captcha from its markup", async () => {
      // The attack works: it reads every captcha the old renderer made (saved from it before the change).
      const legacy = JSON.parse(readFileSync("tests/fixtures/legacy-svg-captchas.json", "utf8")) as Array<{
        answer: string;
        image: string;
      }>;
      expect(legacy.map((c) => readAnswerFromMarkup(c.image))).toEqual(legacy.map((c) => c.answer));

      // Against today's captcha it reads nothing, and its guess would not log in.
      const user = await lockedUser();
      const ip = freshIp();
      for (let i = 0; i < 20; i++) {
        const { data } = await fetchCaptcha(ip);
        expect(readAnswerFromMarkup(data.image)).toBeNull();
      }
      const { data } = await fetchCaptcha(ip);
      const guess = readAnswerFromMarkup(data.image) ?? "";
      const attempt = await passwordLogin(rt, user.username, user.password, freshIp(), { captcha_id: data.id, captcha_answer: guess });
      expect(attempt.status).toBe(429);
    });

    it("draws a fresh picture every time, even of the same code", async () => {
      const a = await createCaptcha(rt.deps, "HX7PW");
      const b = await createCaptcha(rt.deps, "HX7PW");
      expect(a.image).not.toBe(b.image);
      expect([..."HX7PW"].every((c) => CAPTCHA_ALPHABET.includes(c))).toBe(true);
    });
  });

  describe("the proof of work for browsers with JavaScript", () => {
    it("lets a locked account in with a solved proof of work and no typed code", async () => {
      const user = await lockedUser();
      const { data } = await fetchCaptcha();
      expect(data.pow.parameters).toMatchObject({ algorithm: "PBKDF2/SHA-256", data: { id: data.id } });
      expect(data.pow.signature).toMatch(/^[0-9a-f]{64}$/);
      const pow = await solvePow(data.pow);
      const { status, body } = await passwordLogin(rt, user.username, user.password, freshIp(), { captcha_id: data.id, captcha_pow: pow });
      expect(status).toBe(200);
      expect(typeof body.access_token).toBe("string");
    });

    it("is single use, and one challenge answered either way counts once", async () => {
      const user = await lockedUser();
      const { data } = await fetchCaptcha();
      const pow = await solvePow(data.pow);
      expect((await passwordLogin(rt, user.username, "wrong-password-1", freshIp(), { captcha_pow: pow })).body.errors?.[0]?.key).toBe(
        "exception.login.invalid_credentials",
      );
      const replay = await passwordLogin(rt, user.username, user.password, freshIp(), { captcha_pow: pow });
      expect(replay.status).toBe(400);
      expect(replay.body.errors?.[0]).toMatchObject({ key: "exception.login.captcha_not_verified", source: "captcha_answer" });

      // Solved by the image first: the proof of work for the same challenge is spent too.
      const both = await createCaptcha(rt.deps, "KMNPR");
      const bothPow = await solvePow(both.pow);
      expect(
        (await passwordLogin(rt, user.username, "wrong-password-1", freshIp(), { captcha_id: both.id, captcha_answer: "kmnpr" })).body
          .errors?.[0]?.key,
      ).toBe("exception.login.invalid_credentials");
      expect((await passwordLogin(rt, user.username, user.password, freshIp(), { captcha_pow: bothPow })).status).toBe(400);
    });

    it("expires with its challenge after 10 minutes", async () => {
      const user = await lockedUser();
      const { data } = await fetchCaptcha();
      const pow = await solvePow(data.pow);
      rt.clock.advance(CAPTCHA_TTL_MS);
      const late = await passwordLogin(rt, user.username, user.password, freshIp(), { captcha_pow: pow });
      expect(late.status).toBe(400);
      expect(late.body.errors?.[0]?.key).toBe("exception.login.captcha_not_verified");
    });

    it("refuses forged, tampered and malformed proofs with a 400, never a 5xx", async () => {
      const user = await lockedUser();
      const { data: a } = await fetchCaptcha();
      const { data: b } = await fetchCaptcha();
      const solvedA = JSON.parse(Buffer.from(await solvePow(a.pow), "base64").toString("utf8")) as {
        challenge: Challenge;
        solution: { counter: number; derivedKey: string };
      };
      const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");
      const flipLastByte = (hex: string) => hex.slice(0, -2) + (Number.parseInt(hex.slice(-2), 16) ^ 0xff).toString(16).padStart(2, "0");
      const attempts = [
        // A's work presented for B's challenge (the signed id is changed).
        encode({ ...solvedA, challenge: { ...solvedA.challenge, parameters: { ...solvedA.challenge.parameters, data: { id: b.id } } } }),
        // A cheaper challenge of the attacker's own making.
        encode({ ...solvedA, challenge: { ...solvedA.challenge, parameters: { ...solvedA.challenge.parameters, cost: 1 } } }),
        // A key that was not derived (the last byte flipped: a fixed "00" would leave one key in 256 unchanged).
        encode({ ...solvedA, solution: { ...solvedA.solution, derivedKey: flipLastByte(solvedA.solution.derivedKey) } }),
        // Signed with another secret.
        encode({ ...solvedA, challenge: { ...solvedA.challenge, signature: "0".repeat(64) } }),
        "not base64 at all %%%",
        Buffer.from("{broken json").toString("base64"),
        encode({ challenge: null, solution: 5 }),
        encode([1, 2, 3]),
      ];
      for (const captcha_pow of attempts) {
        const { status, body } = await passwordLogin(rt, user.username, user.password, freshIp(), { captcha_id: a.id, captcha_pow });
        expect(status).toBe(400);
        expectErrorShape(body, 400);
        expect(body.errors?.[0]?.key).toBe("exception.login.captcha_not_verified");
      }
      // A proof of work for B offered with A's id is refused, and so is an oversized payload.
      const forB = await solvePow(b.pow);
      expect((await passwordLogin(rt, user.username, user.password, freshIp(), { captcha_id: a.id, captcha_pow: forB })).status).toBe(400);
      const huge = await passwordLogin(rt, user.username, user.password, freshIp(), { captcha_pow: "A".repeat(5_000) });
      expect(huge.status).toBe(400);
      expect(huge.body.errors?.[0]).toMatchObject({ key: "validation.invalid", source: "captcha_pow" });
    });
  });
});
