/**
 * Signed provider messages (issue 26, ADR 075): HMAC-SHA256 over "<timestamp>.<raw body>", sent as
 * `t=<unix seconds>,v1=<hex digest>`. The timestamp is signed with the body, so an old message cannot be replayed
 * with a fresh time, and a message older (or newer) than the tolerance is refused whatever its signature.
 * Digests are compared in constant time.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

export function signPayload(secret: string, body: string, timestampSeconds: number): string {
  const digest = createHmac("sha256", secret).update(`${timestampSeconds}.${body}`).digest("hex");
  return `t=${timestampSeconds},v1=${digest}`;
}

function constantTimeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, "utf8");
  const right = Buffer.from(b, "utf8");
  // Equal lengths first (timingSafeEqual throws otherwise); the length of a hex digest is no secret.
  return left.length === right.length && timingSafeEqual(left, right);
}

export type SignatureVerdict = "ok" | "missing" | "malformed" | "stale" | "mismatch";

/** Checks a `t=…,v1=…` header against the raw body: "ok", or why not. */
export function verifyPayload(
  secret: string,
  body: string,
  header: string | undefined,
  nowMs: number,
  toleranceSeconds: number,
): SignatureVerdict {
  if (!header) return "missing";
  const parts = new Map<string, string>();
  for (const piece of header.split(",")) {
    const at = piece.indexOf("=");
    if (at > 0) parts.set(piece.slice(0, at).trim(), piece.slice(at + 1).trim());
  }
  const t = parts.get("t");
  const v1 = parts.get("v1");
  if (!t || !v1 || !/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) return "malformed";
  const timestamp = Number(t);
  if (Math.abs(nowMs / 1000 - timestamp) > toleranceSeconds) return "stale";
  const expected = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return constantTimeEqualHex(expected, v1) ? "ok" : "mismatch";
}

/**
 * The "sorted-sha256" scheme (ADR 075): lower-case hex SHA-256 of the secret followed by the fields sorted by name,
 * each "name=value", joined with ":" ("secret:a=1:b=2"); the `signature` field itself is left out. This is the
 * scheme one adult-friendly provider documents for its postbacks (tested with its documented example value).
 */
export function sortedFieldsSignature(secret: string, fields: Record<string, string>): string {
  const pairs = Object.keys(fields)
    .filter((name) => name !== "signature")
    .sort()
    .map((name) => `${name}=${fields[name] ?? ""}`);
  return createHash("sha256")
    .update([secret, ...pairs].join(":"))
    .digest("hex");
}

export function verifySortedFields(secret: string, fields: Record<string, string>): boolean {
  const given = (fields.signature ?? "").toLowerCase();
  if (!/^[0-9a-f]{64}$/.test(given)) return false;
  return constantTimeEqualHex(sortedFieldsSignature(secret, fields), given);
}
