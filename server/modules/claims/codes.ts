/**
 * 6-digit verification codes (profile claims, SMS). Stored as an HMAC with
 * the app secret and the row's purpose, so a leaked table does not give the
 * codes away (a plain SHA-256 of 10^6 values is reversed in a moment).
 */
import { randomInt } from "node:crypto";
import { VERIFICATION_CODE_LENGTH } from "../../contract/invites";
import { hmac, safeEqual } from "../../lib/crypto";

export function newVerificationCode(): string {
  return String(randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, "0");
}

export function hashVerificationCode(secret: string, purpose: string, code: string): string {
  return hmac(secret, `${purpose}:${code}`);
}

export function verificationCodeMatches(secret: string, purpose: string, code: string, stored: string | null): boolean {
  return stored !== null && safeEqual(hashVerificationCode(secret, purpose, code), stored);
}

/** "j***@example.com", "+49******4567": enough for the owner to recognise, too little to harvest. */
export function maskTarget(kind: "email" | "phone", target: string): string {
  if (kind === "phone")
    return target.length <= 6 ? "*".repeat(target.length) : `${target.slice(0, 3)}${"*".repeat(target.length - 7)}${target.slice(-4)}`;
  const [local = "", domain = ""] = target.split("@");
  return `${local.slice(0, 1)}***@${domain}`;
}
