/**
 * The login captcha (ADR 021). One challenge, two ways to answer it:
 * - with JavaScript, an ALTCHA proof of work that the browser solves on its own;
 * - without, the code shown in a raster image (captcha-image.ts), typed in.
 * Both are bound to one stored challenge: single use, 10 minutes, and the
 * answer kept only as an HMAC under APP_SECRET. Issuing is rate limited per IP.
 */
import { createChallenge, randomInt as altchaRandomInt, verifySolution, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { randomInt } from "node:crypto";
import * as v from "valibot";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { CAPTCHA_ALPHABET, renderCaptchaPng } from "./captcha-image";
import { captchaAnswerHash } from "./captcha-answer";
import { recordHit } from "../../lib/rate-limit";
import { hmac, randomToken, safeEqual } from "../../lib/crypto";
import { CAPTCHA_MAX_LEVEL, type IssuedCaptcha } from "../../contract/auth";
export type { IssuedCaptcha };

export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
export const CAPTCHA_LENGTH = 5;

/**
 * Proof-of-work difficulty: PBKDF2-SHA-256 with 1,000 rounds per try and the
 * answer hidden among 500-1,500 tries, about a second in a phone's browser
 * (WebCrypto), nothing for the server (one derivation to issue, one HMAC to verify).
 * That is level 0; each level doubles the range (login-policy.ts captchaLevelFor, ADR 056).
 */
export const CAPTCHA_POW = { algorithm: "PBKDF2/SHA-256", cost: 1_000, counterMin: 500, counterMax: 1_500 } as const;

function clampLevel(level: number): number {
  return Math.min(Math.max(0, Math.trunc(level)), CAPTCHA_MAX_LEVEL);
}

/**
 * The secret counter's range at a level: the solver tries counters from 0 up, so the expected work doubles per level
 * while issuing stays one derivation and verifying one HMAC.
 */
export function powCounterRange(level: number): { min: number; max: number } {
  const factor = 2 ** clampLevel(level);
  return { min: CAPTCHA_POW.counterMin * factor, max: CAPTCHA_POW.counterMax * factor };
}

export function randomCaptchaCode(): string {
  return Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)]).join("");
}

/** Separate keys for the two ALTCHA signatures, both derived from APP_SECRET. */
function powSecrets(appSecret: string) {
  return { hmacSignatureSecret: hmac(appSecret, "captcha-pow:challenge"), hmacKeySignatureSecret: hmac(appSecret, "captcha-pow:key") };
}

/**
 * Stores and draws a new challenge whose proof of work has the given level. `code` is injectable for tests only: no
 * route passes it, so over HTTP the code is always random.
 */
export async function createCaptcha(deps: ApiDeps, code = randomCaptchaCode(), level = 0): Promise<IssuedCaptcha> {
  const id = randomToken(16);
  const now = deps.clock.now();
  await deps.db
    .insertInto("captcha_challenges")
    .values({
      id,
      answer_hash: captchaAnswerHash(deps.config.appSecret, id, code),
      created_at: now,
      expires_at: now + CAPTCHA_TTL_MS,
      used_at: null,
    })
    .execute();
  // Expiry lives in the stored row (on the injectable clock); the signed `data.id` ties the work to it, and the signed
  // `data.level` says how much work it was, so a cheap challenge fetched early cannot stand in for a dearer one.
  const powLevel = clampLevel(level);
  const range = powCounterRange(powLevel);
  const pow = await createChallenge({
    algorithm: CAPTCHA_POW.algorithm,
    cost: CAPTCHA_POW.cost,
    counter: altchaRandomInt(range.min, range.max),
    deriveKey,
    data: { id, level: powLevel },
    ...powSecrets(deps.config.appSecret),
  });
  const image = `data:image/png;base64,${(await renderCaptchaPng(code)).toString("base64")}`;
  return { id, image, expires_at: now + CAPTCHA_TTL_MS, pow, level: powLevel };
}

/** Marks a live challenge used; true only for the one caller that got it. */
async function claim(deps: ApiDeps, id: string): Promise<{ answer_hash: string } | null> {
  const now = deps.clock.now();
  const row = await deps.db
    .selectFrom("captcha_challenges")
    .select(["answer_hash"])
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  if (!row) return null;
  const claimed = await deps.db
    .updateTable("captcha_challenges")
    .set({ used_at: now })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? row : null;
}

const hex = v.pipe(v.string(), v.regex(/^[0-9a-f]+$/));
/** What the login page's script sends: base64 of ALTCHA's `{challenge, solution}`. */
const powPayloadSchema = v.object({
  challenge: v.object({
    parameters: v.object({
      algorithm: v.literal(CAPTCHA_POW.algorithm),
      nonce: hex,
      salt: hex,
      cost: v.number(),
      keyLength: v.number(),
      keyPrefix: hex,
      keySignature: v.optional(hex),
      // Challenges issued before levels existed carry none: level 0.
      data: v.object({ id: v.string(), level: v.optional(v.pipe(v.number(), v.integer()), 0) }),
    }),
    signature: hex,
  }),
  solution: v.object({ counter: v.number(), derivedKey: hex, time: v.optional(v.number()) }),
});

/** The challenge (id and level) a well-formed, correctly signed and solved proof of work is for; null otherwise. */
async function solvedPowChallenge(deps: ApiDeps, payload: string): Promise<{ id: string; level: number } | null> {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, "base64").toString("utf8"));
  } catch {
    return null;
  }
  const parsed = v.safeParse(powPayloadSchema, decoded);
  if (!parsed.success) return null;
  // Verified against the payload as sent (the signature covers every parameter, including unknown ones).
  const raw = decoded as { challenge: Challenge; solution: { counter: number; derivedKey: string } };
  const result = await verifySolution({
    challenge: raw.challenge,
    solution: raw.solution,
    deriveKey,
    ...powSecrets(deps.config.appSecret),
  });
  return result.verified ? parsed.output.challenge.parameters.data : null;
}

export interface CaptchaAnswer {
  id?: string;
  /** The code typed from the image. */
  answer?: string;
  /** The proof of work, from the page's script. */
  pow?: string;
}

/**
 * True once per challenge: a used or expired challenge never verifies, whichever way it is answered. A proof of work
 * below `minLevel` (the failures since it was issued raised the price) does not verify either; its challenge stays
 * unspent, and the caller hands out one at the level now due. The typed code has no level: it is a person's work.
 */
export async function verifyCaptcha(deps: ApiDeps, input: CaptchaAnswer, minLevel = 0): Promise<boolean> {
  if (input.pow) {
    const solved = await solvedPowChallenge(deps, input.pow);
    if (solved === null || (input.id && input.id !== solved.id) || solved.level < minLevel) return false;
    return (await claim(deps, solved.id)) !== null;
  }
  if (!input.id || !input.answer) return false;
  const row = await claim(deps, input.id);
  return row !== null && safeEqual(row.answer_hash, captchaAnswerHash(deps.config.appSecret, input.id, input.answer));
}

/** Challenges one address may fetch: generous for people, a wall for scripts. */
export const CAPTCHA_ISSUE_LIMIT = { windowMs: 10 * 60 * 1000, limit: 30 } as const;

/**
 * A new challenge for a client, rate limited per IP (each one is a stored row and a drawn image), at the level
 * `levelDue` answers once the limit let the request through.
 */
export async function issueCaptcha(
  deps: ApiDeps,
  clientIp: string,
  levelDue: () => Promise<number> = async () => 0,
): Promise<IssuedCaptcha> {
  const window = { bucket: `captcha:ip:${clientIp}`, ...CAPTCHA_ISSUE_LIMIT };
  const now = deps.clock.now();
  if ((await recordHit(deps.db, now, window)) > window.limit) throw fail.tooMany("exception.captcha.exceeded_limit");
  return createCaptcha(deps, randomCaptchaCode(), await levelDue());
}
