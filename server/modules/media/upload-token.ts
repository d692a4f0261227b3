/**
 * The upload-only token (ADR 029): `mu1.{user id}.{expiry ms}.{HMAC}`, signed with the app secret
 * over a purpose string, so it is stateless and cannot be turned into anything else. Only the
 * chunked upload endpoints read it (as ?jwt=); the session resolver never does, so it opens no
 * other endpoint. The member's status is checked on every use: a ban or deletion ends it at once.
 */
import { UPLOAD_TOKEN_PREFIX, UPLOAD_TOKEN_TTL_MS, type UploadToken } from "../../contract/media-chunked";
import { hmac, safeEqual } from "../../lib/crypto";
import type { ApiDeps, AuthUser } from "../../api/types";

const PURPOSE = "media-upload";
const signatureOf = (secret: string, userId: number, expiresAt: number) => hmac(secret, `${PURPOSE}:${userId}:${expiresAt}`);

export function mintUploadToken(deps: ApiDeps, userId: number): UploadToken {
  const expiresAt = deps.clock.now() + UPLOAD_TOKEN_TTL_MS;
  return {
    token: `${UPLOAD_TOKEN_PREFIX}${userId}.${expiresAt}.${signatureOf(deps.config.appSecret, userId, expiresAt)}`,
    expires_at: expiresAt,
  };
}

/** The member an upload token names, or null (not one, forged, expired, member gone or banned). */
export async function resolveUploadToken(deps: ApiDeps, token: string): Promise<AuthUser | null> {
  const match = /^mu1\.(\d{1,12})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const expiresAt = Number(match[2]);
  if (!safeEqual(match[3]!, signatureOf(deps.config.appSecret, userId, expiresAt))) return null;
  if (expiresAt <= deps.clock.now()) return null;
  const user = await deps.db.selectFrom("users").select(["id", "user_type", "status"]).where("id", "=", userId).executeTakeFirst();
  if (!user || user.status === "banned" || user.status === "deleted") return null;
  // No session stands behind it (tokenId 0): the chunked endpoints never read the token id.
  return { id: user.id, userType: user.user_type, tokenId: 0 };
}
