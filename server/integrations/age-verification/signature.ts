/**
 * Signed webhooks of the age-verification providers (issue 30 item 1, ADR 105): HMAC-SHA256 over
 * "<timestamp>.<nonce>.<raw body>", sent as the header `t=<unix seconds>,n=<nonce>,v1=<hex digest>`.
 * The timestamp and the nonce are signed with the body: an old message cannot be sent again with a fresh time, a
 * message outside the tolerance is refused whatever its signature, and the receiver stores each nonce it accepted so
 * the same message inside the window is refused too (the store is the module's, table age_verification_nonces).
 * Digests are compared in constant time.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A nonce is 16 to 64 URL-safe characters: enough entropy, and a bounded key in the nonce store. */
const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

export interface SignedHeader {
  timestamp: number;
  nonce: string;
  digest: string;
}

export type SignatureVerdict = "missing" | "malformed" | "stale" | "mismatch";

export function newNonce(): string {
  return randomBytes(18).toString("base64url");
}

function digestOf(secret: string, timestampSeconds: number, nonce: string, body: string): string {
  return createHmac("sha256", secret).update(`${timestampSeconds}.${nonce}.${body}`).digest("hex");
}

export function signWebhook(secret: string, body: string, timestampSeconds: number, nonce: string = newNonce()): string {
  return `t=${timestampSeconds},n=${nonce},v1=${digestOf(secret, timestampSeconds, nonce, body)}`;
}

function parseHeader(header: string): SignedHeader | null {
  const parts = new Map<string, string>();
  for (const piece of header.split(",")) {
    const at = piece.indexOf("=");
    if (at > 0) parts.set(piece.slice(0, at).trim(), piece.slice(at + 1).trim());
  }
  const t = parts.get("t");
  const n = parts.get("n");
  const v1 = parts.get("v1");
  if (!t || !n || !v1 || !/^\d{1,12}$/.test(t) || !NONCE_PATTERN.test(n) || !/^[0-9a-f]{64}$/.test(v1)) return null;
  return { timestamp: Number(t), nonce: n, digest: v1 };
}

/**
 * Checks a signature header against the raw body: the signed timestamp and nonce when it holds, else why not.
 * Whether the nonce was seen before is the caller's question (it owns the store).
 */
export function verifyWebhook(
  secret: string,
  body: string,
  header: string | undefined,
  nowMs: number,
  toleranceSeconds: number,
): { ok: true; timestamp: number; nonce: string } | { ok: false; verdict: SignatureVerdict } {
  if (!header) return { ok: false, verdict: "missing" };
  const parsed = parseHeader(header);
  if (!parsed) return { ok: false, verdict: "malformed" };
  if (Math.abs(nowMs / 1000 - parsed.timestamp) > toleranceSeconds) return { ok: false, verdict: "stale" };
  const expected = Buffer.from(digestOf(secret, parsed.timestamp, parsed.nonce, body), "utf8");
  const given = Buffer.from(parsed.digest, "utf8");
  // Both are 64 hex characters here (the pattern above), so timingSafeEqual never sees different lengths.
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, verdict: "mismatch" };
  return { ok: true, timestamp: parsed.timestamp, nonce: parsed.nonce };
}
