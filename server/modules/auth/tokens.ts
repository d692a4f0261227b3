/**
 * Opaque access and refresh tokens, stored as SHA-256 digests with expiry.
 * The web tier adds the 24-hour sliding window on top (spec section 4).
 */
import type { DB } from "../../db/index";
import type { Clock } from "../../lib/clock";
import { randomToken, sha256 } from "../../lib/crypto";

export const ACCESS_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 90 * 24 * 60 * 60 * 1000;

export interface IssuedTokens {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  refresh_token: string;
}

export async function issueTokens(db: DB, clock: Clock, userId: number, clientIp: string | null): Promise<IssuedTokens> {
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
    })
    .execute();
  return { access_token: access, token_type: "bearer", expires_in: ACCESS_TOKEN_TTL_MS / 1000, refresh_token: refresh };
}

export interface TokenOwner {
  tokenId: number;
  userId: number;
  userType: number;
}

/** The user behind a live access token, or null. Banned and deleted users have none. */
export async function resolveAccessToken(db: DB, clock: Clock, token: string): Promise<TokenOwner | null> {
  const row = await db
    .selectFrom("access_tokens")
    .innerJoin("users", "users.id", "access_tokens.user_id")
    .select(["access_tokens.id as tokenId", "users.id as userId", "users.user_type as userType", "users.status as status"])
    .where("access_tokens.token_hash", "=", sha256(token))
    .where("access_tokens.revoked_at", "is", null)
    .where("access_tokens.expires_at", ">", clock.now())
    .executeTakeFirst();
  if (!row || row.status === "banned" || row.status === "deleted") return null;
  return { tokenId: row.tokenId, userId: row.userId, userType: row.userType };
}

/** Rotates a refresh token: the old pair is revoked, a new pair issued. */
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
    .select(["access_tokens.id as id", "access_tokens.user_id as userId", "users.status as status"])
    .where("refresh_hash", "=", sha256(refreshToken))
    .where("revoked_at", "is", null)
    .where("refresh_expires_at", ">", now)
    .executeTakeFirst();
  if (!row || row.status === "banned" || row.status === "deleted") return null;
  const revoked = await db
    .updateTable("access_tokens")
    .set({ revoked_at: now })
    .where("id", "=", row.id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  // A concurrent rotation won the race: the token was used twice, refuse.
  if (Number(revoked.numUpdatedRows) !== 1) return null;
  return issueTokens(db, clock, row.userId, clientIp);
}

export async function revokeToken(db: DB, clock: Clock, tokenId: number): Promise<void> {
  await db
    .updateTable("access_tokens")
    .set({ revoked_at: clock.now() })
    .where("id", "=", tokenId)
    .where("revoked_at", "is", null)
    .execute();
}
