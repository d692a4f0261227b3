/**
 * DiscourseConnect, the provider side (Discourse's "Setup DiscourseConnect" documentation; ADR 134). Discourse sends
 * the member with `sso` (a base64 payload of URL-encoded fields: nonce, return_sso_url) and `sig` (HMAC-SHA256 of the
 * base64 string with discourse_connect_secret, in hex). We answer the same way: a base64 payload of the member's
 * fields and its HMAC, sent to return_sso_url as `sso` and `sig`.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export function signPayload(secret: string, base64Payload: string): string {
  return createHmac("sha256", secret).update(base64Payload).digest("hex");
}

/** Whether `sig` is the HMAC of `sso`: compared in constant time, so a forger learns nothing from timing. */
export function signatureValid(secret: string, sso: string, sig: string): boolean {
  if (!/^[0-9a-f]{64}$/i.test(sig)) return false;
  const expected = Buffer.from(signPayload(secret, sso), "hex");
  const given = Buffer.from(sig, "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The fields of a signed payload; null when it is not base64 of URL-encoded fields. */
export function decodePayload(sso: string): URLSearchParams | null {
  if (!/^[A-Za-z0-9+/=\r\n]+$/.test(sso)) return null;
  const text = Buffer.from(sso, "base64").toString("utf8");
  if (!text.includes("=")) return null;
  return new URLSearchParams(text);
}

/** The fields as a signed payload: the base64 string and its signature. */
export function encodePayload(secret: string, fields: URLSearchParams): { sso: string; sig: string } {
  const sso = Buffer.from(fields.toString(), "utf8").toString("base64");
  return { sso, sig: signPayload(secret, sso) };
}
