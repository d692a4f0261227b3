/**
 * Sealed references (ADR 079). The payment port's providers see only the configuration, not the database, so what a
 * direct debit's start takes from the payment step (the IBAN and the holder's exact name) travels to the bank module
 * inside the order's provider_reference, encrypted and authenticated with a key derived from APP_SECRET (AES-256-GCM):
 * nobody reads or forges it, and the bank module turns it into a mandate row on its next pass.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const PREFIX = "s1.";

function keyOf(secret: string): Buffer {
  return createHash("sha256").update(`bank-seal|${secret}`).digest();
}

export function seal(secret: string, value: unknown): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The sealed value, or null for anything not sealed with this secret (a forged or foreign reference). */
export function unseal<T>(secret: string, sealed: string | null | undefined): T | null {
  if (!sealed || !sealed.startsWith(PREFIX)) return null;
  try {
    const raw = Buffer.from(sealed.slice(PREFIX.length), "base64url");
    if (raw.length < 29) return null;
    const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** ISO 11649 check digits of a creditor reference body (letters count A=10 … Z=35, mod 97). */
function rfCheck(body: string): string {
  const digits = `${body}RF00`.replace(/[A-Z]/g, (ch) => String(ch.charCodeAt(0) - 55));
  let mod = 0;
  for (const digit of digits) mod = (mod * 10 + Number(digit)) % 97;
  return String(98 - mod).padStart(2, "0");
}

/**
 * The payment reference a bank transfer (TR) must carry: an ISO 11649 structured creditor reference ("RF" + check
 * digits + 12 characters derived from the order's id with APP_SECRET), which banks keep intact and which a typo
 * cannot turn into another order's (the check digits fail).
 */
export function transferReference(secret: string, orderRef: string): string {
  const body = BigInt(`0x${createHash("sha256").update(`bank-ref|${secret}|${orderRef}`).digest("hex").slice(0, 16)}`)
    .toString(36)
    .toUpperCase()
    .padStart(12, "0")
    .slice(-12);
  return `RF${rfCheck(body)}${body}`;
}

/** The valid creditor references in a remittance text (spaces and case as members type them). */
export function creditorReferencesIn(text: string | null): string[] {
  if (!text) return [];
  const compact = text.toUpperCase().replace(/[\s-]+/g, "");
  const found = new Set<string>();
  for (const match of compact.matchAll(/RF(\d{2})([A-Z0-9]{12})/g)) {
    if (rfCheck(match[2] as string) === match[1]) found.add(match[0]);
  }
  return [...found];
}

/** "RF18 0000 …" in groups of four for printing. */
export function formatReference(reference: string): string {
  return reference.replace(/(.{4})(?=.)/g, "$1 ");
}
