/**
 * The signed complaint link of a statement whose member cannot sign in (ADR 123): a ban (`account_terminated`) or an
 * Art. 23 suspension (`account_suspended`) closes the account, so the statement's mail carries a link to the statement's
 * complaint page that works without a session. The token names the statement and its expiry (the end of the complaint
 * window); its HMAC also covers the member's id and a purpose label, under a key derived from APP_SECRET for this use
 * only — it opens that one statement's complaint page and nothing else, and stops working when the window closes.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { appealUntil, type StatementRestriction } from "../../contract/statements";

/** The restrictions whose member is signed out for good or for its duration: their mail carries the signed link. */
export const SIGNED_OUT_RESTRICTIONS: readonly StatementRestriction[] = ["account_terminated", "account_suspended"];

const PURPOSE = "statement-appeal-link/v1";
const TOKEN = /^([1-9]\d{0,11})\.([1-9]\d{0,12})\.([A-Za-z0-9_-]{43})$/;

function macOf(appSecret: string, statementId: number, userId: number, expiresAt: number): Buffer {
  const key = createHmac("sha256", appSecret).update(PURPOSE).digest();
  return createHmac("sha256", key).update(`${statementId}:${userId}:${expiresAt}`).digest();
}

/** The token for one statement of one member, valid until the complaint window closes. */
export function appealLinkToken(appSecret: string, statement: { id: number; user_id: number; created_at: number }): string {
  const expiresAt = appealUntil(Number(statement.created_at));
  return `${statement.id}.${expiresAt}.${macOf(appSecret, statement.id, statement.user_id, expiresAt).toString("base64url")}`;
}

/** The statement a token names, before its signature is checked (the caller loads the statement's member). */
export function statementIdOfToken(token: string): number | null {
  const match = TOKEN.exec(token);
  return match ? Number(match[1]) : null;
}

/**
 * Checks a token against the statement's member: "forged" for a malformed token or a wrong signature (another
 * statement's, another member's, a changed expiry), "expired" after the window, else "valid".
 */
export function checkAppealLinkToken(appSecret: string, token: string, statement: { id: number; user_id: number }, now: number) {
  const match = TOKEN.exec(token);
  if (!match || Number(match[1]) !== statement.id) return "forged" as const;
  const expiresAt = Number(match[2]);
  // Compared as text, not as decoded bytes: the last of 43 base64url characters carries two unused bits, so four
  // spellings decode to one MAC — only the one we issued is accepted.
  const given = Buffer.from(match[3]!);
  const expected = Buffer.from(macOf(appSecret, statement.id, statement.user_id, expiresAt).toString("base64url"));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "forged" as const;
  return now > expiresAt ? ("expired" as const) : ("valid" as const);
}
