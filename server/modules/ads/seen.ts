/**
 * The impression pixel's signature (ADR 140 decision 2, ADR 146): `{day}.{nonce}.{mac}`, the mac an HMAC-SHA-256 over
 * creative, day and the render's nonce under a key derived from the app secret for this purpose only. Anyone may load
 * a pixel the page gave them — once: the nonce counts a single time (table ad_seen) — but no one can make up another.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { AD_SEEN_TOKEN } from "../../contract/ads";
import { randomText } from "../../lib/random-pool";

/** A signature is valid on the render's day and the next (a page left open over midnight, a late lazy load). */
export const AD_SEEN_VALID_DAYS = 2;

const keys = new Map<string, Buffer>();
function keyOf(appSecret: string): Buffer {
  let key = keys.get(appSecret);
  if (!key) keys.set(appSecret, (key = createHmac("sha256", appSecret).update("ads-seen/v1").digest()));
  return key;
}

const macOf = (appSecret: string, creativeId: number, day: number, nonce: string) =>
  createHmac("sha256", keyOf(appSecret)).update(`${creativeId}:${day}:${nonce}`).digest("base64url");

/** A new render's token for one creative. */
export function signSeen(appSecret: string, creativeId: number, day: number, nonce = randomText(16, "base64url")): string {
  return `${day}.${nonce}.${macOf(appSecret, creativeId, day, nonce)}`;
}

/** The render's nonce and day when the token is this creative's, signed by us and not expired; else null. */
export function verifySeen(appSecret: string, creativeId: number, token: string, today: number): { nonce: string; day: number } | null {
  const match = AD_SEEN_TOKEN.exec(token);
  if (!match) return null;
  const [, dayText = "", nonce = "", mac = ""] = match;
  const day = Number(dayText);
  if (day > today || day <= today - AD_SEEN_VALID_DAYS) return null;
  const expected = Buffer.from(macOf(appSecret, creativeId, day, nonce));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { nonce, day } : null;
}
