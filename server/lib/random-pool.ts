/**
 * Random bytes for per-response tokens (CSP nonces, ad pixels' nonces), cut from a buffer the CSPRNG refills when it
 * is used up: one random call per few hundred tokens instead of one per token (ADRs 172, 179). Each byte serves one
 * token only.
 */
import { randomBytes, randomFillSync } from "node:crypto";

const pool = Buffer.alloc(4096);
let offset = pool.length;

/** `bytes` fresh random bytes as text in `encoding`. */
export function randomText(bytes: number, encoding: "base64" | "base64url"): string {
  if (bytes > pool.length) return randomBytes(bytes).toString(encoding);
  if (offset + bytes > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const text = pool.toString(encoding, offset, offset + bytes);
  offset += bytes;
  return text;
}
