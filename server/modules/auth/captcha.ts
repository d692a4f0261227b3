/**
 * A captcha that works without JavaScript: an SVG image of a short code drawn
 * with our own stroke glyphs (paths, no <text>, so the answer is not in the
 * markup), jittered and crossed by noise. Answers are single-use and expire.
 */
import { randomInt } from "node:crypto";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { recordHit } from "./rate-limit";
import { hmac, randomToken, safeEqual } from "../../lib/crypto";

export const CAPTCHA_TTL_MS = 10 * 60 * 1000;
export const CAPTCHA_LENGTH = 5;

type Stroke = Array<[number, number]>;
// Glyphs on a 4×6 grid; characters that look alike (0/O, 1/I) are left out.
const GLYPHS: Record<string, Stroke[]> = {
  "2": [
    [
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [0, 6],
      [4, 6],
    ],
  ],
  "3": [
    [
      [0, 0],
      [4, 0],
      [2, 2.5],
      [4, 3.5],
      [4, 5],
      [3, 6],
      [1, 6],
      [0, 5],
    ],
  ],
  "4": [
    [
      [3, 6],
      [3, 0],
      [0, 4],
      [4, 4],
    ],
  ],
  "5": [
    [
      [4, 0],
      [0, 0],
      [0, 2.5],
      [3, 2.5],
      [4, 3.5],
      [4, 5],
      [3, 6],
      [0, 6],
    ],
  ],
  "6": [
    [
      [4, 0],
      [1, 0],
      [0, 1.5],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 3.5],
      [3, 2.5],
      [0, 2.8],
    ],
  ],
  "7": [
    [
      [0, 0],
      [4, 0],
      [1.5, 6],
    ],
  ],
  "8": [
    [
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [1, 3],
      [0, 2],
      [0, 1],
      [1, 0],
    ],
    [
      [1, 3],
      [0, 4],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
      [4, 4],
      [3, 3],
    ],
  ],
  "9": [
    [
      [4, 3],
      [1, 3],
      [0, 2],
      [0, 1],
      [1, 0],
      [3, 0],
      [4, 1],
      [4, 5],
      [3, 6],
      [0, 6],
    ],
  ],
  A: [
    [
      [0, 6],
      [2, 0],
      [4, 6],
    ],
    [
      [1, 3.5],
      [3, 3.5],
    ],
  ],
  C: [
    [
      [4, 1],
      [3, 0],
      [1, 0],
      [0, 1],
      [0, 5],
      [1, 6],
      [3, 6],
      [4, 5],
    ],
  ],
  E: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
      [4, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  F: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
    ],
    [
      [0, 3],
      [3, 3],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [4, 6],
    ],
    [
      [0, 3],
      [4, 3],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [0, 3.5],
    ],
    [
      [1.3, 2.6],
      [4, 6],
    ],
  ],
  M: [
    [
      [0, 6],
      [0, 0],
      [2, 3],
      [4, 0],
      [4, 6],
    ],
  ],
  N: [
    [
      [0, 6],
      [0, 0],
      [4, 6],
      [4, 0],
    ],
  ],
  P: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
  ],
  R: [
    [
      [0, 6],
      [0, 0],
      [3, 0],
      [4, 1],
      [4, 2],
      [3, 3],
      [0, 3],
    ],
    [
      [2, 3],
      [4, 6],
    ],
  ],
  T: [
    [
      [0, 0],
      [4, 0],
    ],
    [
      [2, 0],
      [2, 6],
    ],
  ],
  X: [
    [
      [0, 0],
      [4, 6],
    ],
    [
      [4, 0],
      [0, 6],
    ],
  ],
};
const ALPHABET = Object.keys(GLYPHS);

const WIDTH = 200;
const HEIGHT = 64;

function jitter(range: number): number {
  return (randomInt(0, 2001) / 1000 - 1) * range;
}

export function renderCaptchaSvg(code: string): string {
  const parts: string[] = [];
  [...code].forEach((char, index) => {
    const strokes = GLYPHS[char] ?? [];
    const scale = 6 + jitter(0.8);
    const x = 16 + index * 36 + jitter(4);
    const y = 10 + jitter(5);
    const angle = jitter(16);
    const d = strokes
      .map((stroke) => stroke.map(([px, py], i) => `${i === 0 ? "M" : "L"}${(px * scale).toFixed(1)} ${(py * scale).toFixed(1)}`).join(" "))
      .join(" ");
    parts.push(
      `<path transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${angle.toFixed(1)} 12 18)" d="${d}" fill="none" stroke="#1f1630" stroke-width="${(3 + jitter(0.6)).toFixed(1)}" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  });
  for (let i = 0; i < 5; i++) {
    const points = [0, 1, 2, 3].map(() => `${randomInt(0, WIDTH)} ${randomInt(0, HEIGHT)}`);
    parts.push(
      `<path d="M${points[0]} C${points[1]} ${points[2]} ${points[3]}" fill="none" stroke="#5b4a7a" stroke-width="1.4" opacity="0.7"/>`,
    );
  }
  for (let i = 0; i < 40; i++) {
    parts.push(`<circle cx="${randomInt(0, WIDTH)}" cy="${randomInt(0, HEIGHT)}" r="1.1" fill="#5b4a7a" opacity="0.6"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="#f4eefb"/>${parts.join("")}</svg>`;
}

function answerHash(secret: string, id: string, answer: string): string {
  return hmac(secret, `${id}:${answer.trim().toUpperCase()}`);
}

export function randomCaptchaCode(): string {
  return Array.from({ length: CAPTCHA_LENGTH }, () => ALPHABET[randomInt(0, ALPHABET.length)]).join("");
}

/** `code` is injectable so integration tests can solve the challenge. */
export async function createCaptcha(deps: ApiDeps, code = randomCaptchaCode()): Promise<{ id: string; image: string; expires_at: number }> {
  const id = randomToken(16);
  const now = deps.clock.now();
  await deps.db
    .insertInto("captcha_challenges")
    .values({
      id,
      answer_hash: answerHash(deps.config.appSecret, id, code),
      created_at: now,
      expires_at: now + CAPTCHA_TTL_MS,
      used_at: null,
    })
    .execute();
  const image = `data:image/svg+xml;base64,${Buffer.from(renderCaptchaSvg(code)).toString("base64")}`;
  return { id, image, expires_at: now + CAPTCHA_TTL_MS };
}

/** True once per challenge: a used or expired challenge never verifies. */
export async function verifyCaptcha(deps: ApiDeps, id: string, answer: string): Promise<boolean> {
  const now = deps.clock.now();
  const row = await deps.db
    .selectFrom("captcha_challenges")
    .select(["answer_hash"])
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  if (!row) return false;
  const claimed = await deps.db
    .updateTable("captcha_challenges")
    .set({ used_at: now })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) return false;
  return safeEqual(row.answer_hash, answerHash(deps.config.appSecret, id, answer));
}

/** Challenges one address may fetch: generous for people, a wall for scripts. */
export const CAPTCHA_ISSUE_LIMIT = { windowMs: 10 * 60 * 1000, limit: 30 } as const;

/** A new challenge for a client, rate limited per IP (each one is a stored row). */
export async function issueCaptcha(deps: ApiDeps, clientIp: string) {
  const window = { bucket: `captcha:ip:${clientIp}`, ...CAPTCHA_ISSUE_LIMIT };
  const now = deps.clock.now();
  if ((await recordHit(deps.db, now, window)) > window.limit) throw fail.tooMany("exception.captcha.exceeded_limit");
  return createCaptcha(deps);
}
