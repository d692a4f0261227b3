/**
 * Opaque access and refresh tokens, stored as SHA-256 digests with expiry (ADR 004, ADR 016).
 * The API enforces the spec's 24-hour session window itself: a token unused for 24 hours stops
 * working, and each use slides the window, unless the member chose "keep me logged in" at sign-in
 * (then the token lives its 30 days). The web tier's cookies only mirror this.
 * Refresh tokens rotate; presenting one that was exchanged more than a few seconds ago means it leaked
 * (the thief or the owner is replaying it), so the whole family of tokens derived from that sign-in is
 * revoked.
 */
import { isStaffUserType } from "../../contract/moderation";
import { recordActiveMonth } from "../transparency/index";
import { SESSION_WINDOW_MS } from "../../contract/constants";
import type { DB } from "../../db/index";
import { precompiled, type Slots } from "../../db/precompiled";
import type { Clock } from "../../lib/clock";
import { randomToken, sha256 } from "../../lib/crypto";
import type { IssuedTokens } from "../../contract/auth";
import type { TokenOwner } from "../../api/types";
// TokenOwner is declared with the API's request types (no module is imported from there); users of auth find it here.
export type { IssuedTokens, TokenOwner };

export const ACCESS_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 90 * 24 * 60 * 60 * 1000;
/**
 * Two tabs or a retried request may exchange the same refresh token at once: within this interval after
 * the rotation, a second exchange is refused but not taken for a leak (the family lives on).
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;
/** The window slides at most this often per token: one write per token and 5 minutes, not per request. */
export const SESSION_SLIDE_STEP_MS = 5 * 60 * 1000;

export interface SessionOptions {
  /** "Keep me logged in": no 24-hour window. */
  keepLoggedIn?: boolean;
  /** A refresh rotation continues its family; a sign-in starts one. */
  familyId?: string;
  /** A refresh rotation carries on when its sign-in passed the staff second factor (ADR 117); a sign-in has not. */
  secondFactorAt?: number | null;
}

export async function issueTokens(
  db: DB,
  clock: Clock,
  userId: number,
  clientIp: string | null,
  { keepLoggedIn = false, familyId = randomToken(), secondFactorAt = null }: SessionOptions = {},
): Promise<IssuedTokens> {
  const access = randomToken();
  const refresh = randomToken();
  const now = clock.now();
  await db
    .insertInto("access_tokens")
    .values({
      user_id: userId,
      token_hash: sha256(access),
      refresh_hash: sha256(refresh),
      created_at: now,
      expires_at: now + ACCESS_TOKEN_TTL_MS,
      refresh_expires_at: now + REFRESH_TOKEN_TTL_MS,
      revoked_at: null,
      client_ip: clientIp,
      idle_expires_at: keepLoggedIn ? null : now + SESSION_WINDOW_MS,
      family_id: familyId,
      rotated_at: null,
      second_factor_at: secondFactorAt,
    })
    .execute();
  return { access_token: access, token_type: "bearer", expires_in: ACCESS_TOKEN_TTL_MS / 1000, refresh_token: refresh };
}

/** The user behind a live access token, or null. Banned and deleted users have none. Slides the window. */
export async function resolveAccessToken(db: DB, clock: Clock, token: string): Promise<TokenOwner | null> {
  const now = clock.now();
  const [row] = await tokenOwnerByHash(db, { hash: sha256(token), now });
  if (!row) return null;
  // Art. 24(2): the member used the service signed in this month (staff are no recipients; ADR 114).
  if (!isStaffUserType(row.userType)) await recordActiveMonth(db, row.userId, now);
  if (row.idleExpiresAt !== null && row.idleExpiresAt - now < SESSION_WINDOW_MS - SESSION_SLIDE_STEP_MS) {
    await db
      .updateTable("access_tokens")
      .set({ idle_expires_at: now + SESSION_WINDOW_MS })
      .where("id", "=", row.tokenId)
      .execute();
  }
  return { tokenId: row.tokenId, userId: row.userId, userType: row.userType, secondFactorAt: row.secondFactorAt };
}

/** The token lookup of every signed-in request, built once (ADR 148). */
const tokenOwnerByHash = precompiled((db, slot: Slots<{ hash: string; now: number }>) =>
  liveTokens(db, slot("now"))
    .select([
      "access_tokens.id as tokenId",
      "access_tokens.idle_expires_at as idleExpiresAt",
      "access_tokens.second_factor_at as secondFactorAt",
      "users.id as userId",
      "users.user_type as userType",
    ])
    .where("access_tokens.token_hash", "=", slot("hash")),
);

/** The access tokens that still open a session at `now`: not revoked, not expired, not idle, owner allowed in. */
function liveTokens(db: DB, now: number) {
  return db
    .selectFrom("access_tokens")
    .innerJoin("users", "users.id", "access_tokens.user_id")
    .where("access_tokens.revoked_at", "is", null)
    .where("access_tokens.expires_at", ">", now)
    .where((eb) => eb.or([eb("access_tokens.idle_expires_at", "is", null), eb("access_tokens.idle_expires_at", ">", now)]))
    .where("users.status", "not in", ["banned", "deleted"]);
}

/**
 * Of these token ids, the ones that no longer open a session (revoked by a logout, a new password or a replayed
 * refresh token; expired; idle past the 24-hour window; owner banned or deleted) — for connections that
 * outlive the request that checked them (the websocket hub). Does not slide the window: only use does.
 */
export async function endedTokenIds(db: DB, clock: Clock, tokenIds: readonly number[]): Promise<Set<number>> {
  const ended = new Set(tokenIds);
  for (let start = 0; start < tokenIds.length; start += 500) {
    const slice = tokenIds.slice(start, start + 500);
    const live = await liveTokens(db, clock.now()).select("access_tokens.id").where("access_tokens.id", "in", slice).execute();
    for (const row of live) ended.delete(row.id);
  }
  return ended;
}

/** Ends every token of a family (a leaked refresh token was replayed). */
async function revokeFamily(db: DB, now: number, familyId: string): Promise<void> {
  await db
    .updateTable("access_tokens")
    .set({ revoked_at: now })
    .where("family_id", "=", familyId)
    .where("revoked_at", "is", null)
    .execute();
}

/**
 * Rotates a refresh token: the old pair is revoked, a new pair of the same family issued with the same
 * session policy. A refresh token that was already exchanged ends the whole family. A session whose
 * 24-hour window ran out cannot be revived by its refresh token.
 */
export async function rotateRefreshToken(
  db: DB,
  clock: Clock,
  refreshToken: string,
  clientIp: string | null,
): Promise<IssuedTokens | null> {
  const now = clock.now();
  const row = await db
    .selectFrom("access_tokens")
    .innerJoin("users", "users.id", "access_tokens.user_id")
    .select([
      "access_tokens.id as id",
      "access_tokens.user_id as userId",
      "access_tokens.family_id as familyId",
      "access_tokens.revoked_at as revokedAt",
      "access_tokens.rotated_at as rotatedAt",
      "access_tokens.refresh_expires_at as refreshExpiresAt",
      "access_tokens.idle_expires_at as idleExpiresAt",
      "access_tokens.second_factor_at as secondFactorAt",
      "users.status as status",
    ])
    .where("refresh_hash", "=", sha256(refreshToken))
    .executeTakeFirst();
  if (!row) return null;
  if (row.rotatedAt !== null) {
    // Only tokens issued since migration 0014 have a family (and a rotation time to replay).
    if (row.familyId !== null && now - row.rotatedAt > REFRESH_REUSE_GRACE_MS) await revokeFamily(db, now, row.familyId);
    return null;
  }
  if (row.revokedAt !== null || row.refreshExpiresAt <= now || row.status === "banned" || row.status === "deleted") return null;
  if (row.idleExpiresAt !== null && row.idleExpiresAt <= now) return null;
  const rotated = await db
    .updateTable("access_tokens")
    .set({ revoked_at: now, rotated_at: now })
    .where("id", "=", row.id)
    .where("rotated_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  // A concurrent exchange of the same refresh token won the race (within the grace interval by definition).
  if (Number(rotated.numUpdatedRows) !== 1) return null;
  return issueTokens(db, clock, row.userId, clientIp, {
    keepLoggedIn: row.idleExpiresAt === null,
    familyId: row.familyId ?? undefined,
    secondFactorAt: row.secondFactorAt,
  });
}

export async function revokeToken(db: DB, clock: Clock, tokenId: number): Promise<void> {
  await db
    .updateTable("access_tokens")
    .set({ revoked_at: clock.now() })
    .where("id", "=", tokenId)
    .where("revoked_at", "is", null)
    .execute();
}

/** Ends the member's other sessions (a password change, a deactivation): every token but the caller's. */
export async function revokeOtherTokens(db: DB, userId: number, keepTokenId: number, now: number): Promise<void> {
  const open = db.updateTable("access_tokens").set({ revoked_at: now }).where("user_id", "=", userId).where("revoked_at", "is", null);
  await open.where("id", "!=", keepTokenId).execute();
}
