/**
 * Stream keys for RTMP ingest (issue 31 item 1, ADR 125): one per creator, 32 characters of base64url (192 bits),
 * stored as its SHA-256 with a four-character hint, shown once when made; making a new one retires the old one at
 * once (a leaked key is rotated, not revealed again).
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { ApiDeps } from "../../api/types";
import { fail } from "../../api/errors";
import { LIVE_STREAM_KEY_CHARS } from "../../contract/live";
import { LIVE_STREAM_KEY_HINT_CHARS, type LiveStreamKeyCreated, type LiveStreamKeyState } from "../../contract/live-media";
import { USER_TYPE } from "../../contract/users";
import { sha256 } from "../../lib/crypto";
import type { Database } from "../../db/schema";
import { RTMP_APP } from "../../integrations/live-video/rtmp";
import { runningEngine } from "./media-engine-registry";

/** Escorts and businesses broadcast (issue 31 item 1); members watch. */
const CREATOR_TYPES: ReadonlySet<number> = new Set([USER_TYPE.escort, USER_TYPE.business]);

function assertCreator(userType: number): void {
  if (!CREATOR_TYPES.has(userType)) throw fail.forbidden();
}

/** OBS's "Server" field: LIVE_RTMP_PUBLIC_URL, or the public host with the ingest's port; null while RTMP is off. */
export function rtmpUrlOf(deps: ApiDeps): string | null {
  const { rtmpPublicUrl } = deps.config.liveVideo;
  if (rtmpPublicUrl) return rtmpPublicUrl;
  const port = runningEngine(deps)?.rtmpPort() || deps.config.liveVideo.rtmpPort;
  if (!port) return null;
  return `rtmp://${new URL(deps.config.publicUrl).hostname}:${port}/${RTMP_APP}`;
}

export async function streamKeyState(deps: ApiDeps, user: { id: number; userType: number }): Promise<LiveStreamKeyState> {
  assertCreator(user.userType);
  const row = await deps.db
    .selectFrom("live_stream_keys")
    .select(["key_hint", "created_at"])
    .where("creator_id", "=", user.id)
    .executeTakeFirst();
  return { rtmp_url: rtmpUrlOf(deps), key_hint: row?.key_hint ?? null, key_created_at: row?.created_at ?? null };
}

export async function rotateStreamKey(deps: ApiDeps, user: { id: number; userType: number }): Promise<LiveStreamKeyCreated> {
  assertCreator(user.userType);
  // 24 random bytes are exactly 32 base64url characters.
  const key = randomBytes((LIVE_STREAM_KEY_CHARS * 3) / 4).toString("base64url");
  const hint = key.slice(0, LIVE_STREAM_KEY_HINT_CHARS);
  const now = deps.clock.now();
  await deps.db
    .insertInto("live_stream_keys")
    .values({ creator_id: user.id, key_hash: sha256(key), key_hint: hint, created_at: now })
    .onConflict((oc) => oc.column("creator_id").doUpdateSet({ key_hash: sha256(key), key_hint: hint, created_at: now }))
    .execute();
  return { key, rtmp_url: rtmpUrlOf(deps), key_hint: hint, key_created_at: now };
}

/**
 * The member's data export (GDPR Art. 15/20, ADR 128): that a stream key exists and when the current one was made (its
 * creation or last rotation: a rotation replaces the row, so earlier keys' times are not kept). Never the key, its
 * hash or its hint — the export is a file that travels; the key publishes in the member's name.
 */
export async function streamKeyForExport(db: Kysely<Database>, creatorId: number) {
  const row = await db.selectFrom("live_stream_keys").select("created_at").where("creator_id", "=", creatorId).executeTakeFirst();
  return row ? { exists: true, current_key_created_at: Number(row.created_at) } : { exists: false, current_key_created_at: null };
}
