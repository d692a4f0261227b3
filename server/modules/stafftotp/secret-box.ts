/**
 * The TOTP secret at rest (ADR 117): sealed with AES-256-GCM under a key derived from APP_SECRET (HKDF-SHA-256, its
 * own label, so no other use of APP_SECRET shares the key), with the account's id as additional data — a sealed secret
 * copied onto another staff account's row does not open. A database dump alone reveals no secret; losing APP_SECRET
 * loses every enrolment (backend staff reset them, ADR 117).
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const VERSION = "t1.";
const keys = new Map<string, Buffer>();

function keyOf(appSecret: string): Buffer {
  let key = keys.get(appSecret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", appSecret, "velora", "staff-totp-secret/v1", 32));
    keys.set(appSecret, key);
  }
  return key;
}

const aad = (userId: number) => Buffer.from(`staff-totp:${userId}`);

export function sealSecret(appSecret: string, userId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(appSecret), iv);
  cipher.setAAD(aad(userId));
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The secret, or null when it was sealed under another APP_SECRET or for another account (or is no sealed value). */
export function openSecret(appSecret: string, userId: number, sealed: string): string | null {
  if (!sealed.startsWith(VERSION)) return null;
  try {
    const raw = Buffer.from(sealed.slice(VERSION.length), "base64url");
    if (raw.length < 29) return null;
    const decipher = createDecipheriv("aes-256-gcm", keyOf(appSecret), raw.subarray(0, 12));
    decipher.setAAD(aad(userId));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
