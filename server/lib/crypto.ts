import { createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/** Opaque random token, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

/** Tokens are stored as SHA-256 digests: a leaked table grants nothing. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function hmac(secret: string, value: string): string {
  return createHmac("sha256", secret).update(value).digest("base64url");
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

// scrypt, memory-hard (N=2^15, r=8 → 32 MiB per hash), built into Node (ADR 004).
const SCRYPT = { N: 1 << 15, r: 8, p: 1, keyLength: 32 } as const;
const SCRYPT_MAXMEM = 64 * 1024 * 1024;

function scryptAsync(password: string, salt: Buffer, params: { N: number; r: number; p: number }, keyLength: number) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, keyLength, { ...params, maxmem: SCRYPT_MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** The cost is stored in the hash, so verifyPassword needs no setting; only tests pass a cheaper one. */
export async function hashPassword(password: string, cost: ScryptCost = SCRYPT): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, cost, SCRYPT.keyLength);
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await scryptAsync(password, Buffer.from(salt, "base64"), { N: Number(n), r: Number(r), p: Number(p) }, expected.length);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
