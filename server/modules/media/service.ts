/**
 * Photo uploads and the media file gate. Uploads are stored through the
 * configured MediaStorage and accepted at once (status accepted 1): there is
 * no moderation queue yet — when it comes, new rows start as pending 0 and
 * only the owner sees them until a moderator accepts them.
 */
import { randomBytes } from "node:crypto";
import { ApiError, fail } from "../../api/errors";
import type { ApiDeps, AuthUser } from "../../api/types";
import type { ErrorItem } from "../../contract/errors";
import { MEDIA_KIND, MEDIA_STATUS, type MediaVisibility } from "../../contract/media";
import { mediaFileUrl, uploadVisibilitiesFor } from "../../contract/media-upload";
import { createMediaStorage, type MediaStorage } from "../../integrations/storage/index";
import { mediaLevelsFor, viewerContext } from "../profiles/access";
import { cleanImage, type CleanImage } from "./image";

export interface MediaItem {
  id: number;
  url: string;
  visibility: string;
  status: number;
  mime_type: string;
  width: number;
  height: number;
  position: number;
  is_avatar: boolean;
}

interface MediaRow {
  id: number;
  visibility: string;
  status: number;
  mime_type: string;
  width: number;
  height: number;
  position: number;
  is_avatar: number;
}

function toItem(row: MediaRow): MediaItem {
  return {
    id: row.id,
    url: mediaFileUrl(row.id),
    visibility: row.visibility,
    status: row.status,
    mime_type: row.mime_type,
    width: row.width,
    height: row.height,
    position: row.position,
    is_avatar: row.is_avatar === 1,
  };
}

const storages = new WeakMap<ApiDeps, MediaStorage>();
/** One storage per API instance (tests run several side by side with their own directories). */
export function storageOf(deps: ApiDeps): MediaStorage {
  let storage = storages.get(deps);
  if (!storage) {
    storage = createMediaStorage(deps.config);
    storages.set(deps, storage);
  }
  return storage;
}

function storageKeyFor(image: CleanImage): string {
  const name = randomBytes(16).toString("hex");
  return `media/${name.slice(0, 2)}/${name}.${image.format === "jpeg" ? "jpg" : image.format}`;
}

/**
 * Checks every file first (all-or-nothing: a batch with one bad file stores
 * nothing, and every bad file gets its own error with source files.N), then
 * stores them. The user's first photo becomes the avatar.
 */
export async function uploadPhotos(
  deps: ApiDeps,
  user: { id: number; userType: number },
  files: readonly Uint8Array[],
  visibility: MediaVisibility,
): Promise<MediaItem[]> {
  if (!uploadVisibilitiesFor(user.userType).includes(visibility)) throw fail.badRequest("validation.invalid", "visibility");
  const checked = await Promise.all(files.map((file, index) => cleanImage(file, `files.${index}`)));
  const errors: ErrorItem[] = checked.flatMap((result) => (result.ok ? [] : [result.error]));
  if (errors.length > 0) throw new ApiError(400, errors);
  const images = checked.map((result) => (result as { ok: true; image: CleanImage }).image);
  const storage = storageOf(deps);
  const keys = images.map(storageKeyFor);
  // Files first: a row never points at bytes that do not exist.
  await Promise.all(images.map((image, index) => storage.put(keys[index]!, image.data, { contentType: image.mimeType })));
  try {
    const rows = await deps.db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom("media")
        .select(({ fn }) => [fn.max<number | null>("position").as("position"), fn.max<number | null>("is_avatar").as("has_avatar")])
        .where("user_id", "=", user.id)
        .executeTakeFirst();
      const start = last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1;
      const hasAvatar = Number(last?.has_avatar ?? 0) === 1;
      const now = deps.clock.now();
      return await trx
        .insertInto("media")
        .values(
          images.map((image, index) => ({
            user_id: user.id,
            kind: MEDIA_KIND.photo,
            visibility,
            status: MEDIA_STATUS.accepted,
            storage_key: keys[index]!,
            mime_type: image.mimeType,
            width: image.width,
            height: image.height,
            bytes: image.data.byteLength,
            position: start + index,
            is_avatar: !hasAvatar && index === 0 ? 1 : 0,
            created_at: now,
          })),
        )
        .returning(["id", "visibility", "status", "mime_type", "width", "height", "position", "is_avatar"])
        .execute();
    });
    return rows.sort((a, b) => a.position - b.position).map(toItem);
  } catch (err) {
    await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
    throw err;
  }
}

export async function listMyMedia(deps: ApiDeps, userId: number): Promise<MediaItem[]> {
  const rows = await deps.db
    .selectFrom("media")
    .select(["id", "visibility", "status", "mime_type", "width", "height", "position", "is_avatar"])
    .where("user_id", "=", userId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  return rows.map(toItem);
}

/**
 * The file of a media row for this viewer; 404 alike for "missing" and "not
 * allowed" so ids reveal nothing. Who sees which visibility is decided in one
 * place (profiles/access.ts: public for all, logged_in for signed-in users,
 * plus_member for running plus memberships, fsk18 only for age-verified
 * viewers — nobody yet —, private for the owner). Others see accepted media
 * only; the owner also pending and rejected ones.
 */
export async function readMediaFile(
  deps: ApiDeps,
  mediaId: number,
  user: AuthUser | null,
): Promise<{ data: Buffer; mimeType: string; visibility: string }> {
  const media = await deps.db
    .selectFrom("media")
    .select(["user_id", "visibility", "status", "storage_key", "mime_type", "kind"])
    .where("id", "=", mediaId)
    .executeTakeFirst();
  if (!media || media.kind !== MEDIA_KIND.photo) throw fail.notFound();
  const viewer = await viewerContext(deps, user);
  const isOwner = viewer.id === media.user_id;
  const allowed =
    (isOwner || media.status === MEDIA_STATUS.accepted) &&
    mediaLevelsFor(viewer, media.user_id).includes(media.visibility as MediaVisibility);
  if (!allowed) throw fail.notFound();
  const data = await storageOf(deps).read(media.storage_key);
  if (!data) throw fail.notFound();
  return { data, mimeType: media.mime_type, visibility: media.visibility };
}
