/**
 * Solves the login captcha's ALTCHA proof of work in the browser (WebCrypto
 * PBKDF2). Loaded on demand, only when a captcha is shown: altcha-lib's solver
 * is a few kilobytes, the ALTCHA widget would be tens.
 */
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";

/** The payload the API expects as captcha_pow (base64 of `{challenge, solution}`), or null when it gave up. */
export async function solveProofOfWork(challenge: Challenge, controller: AbortController): Promise<string | null> {
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: 60_000 });
  if (!solution) return null;
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
}
