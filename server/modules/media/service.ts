/**
 * Photo uploads and the media file gate. Uploads are stored through the
 * configured MediaStorage as sized variants (ADR 018) and start pending 0:
 * only the owner (and the back office) sees them until a team member accepts
 * them (ADR 030). Files are served by the row's random public id (ADR 017).
 */
import { randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps, AuthUser } from "../../api/types";
import {
  MEDIA_KIND,
  MEDIA_STATUS,
  MEDIA_VARIANT_MIME,
  MEDIA_VISIBILITY,
  ORIGINAL_VARIANT,
  parseVariantName,
  type MediaItem,
  type MediaVariantFormat,
  type MediaVisibility,
} from "../../contract/media";
import { defaultUploadVisibility, UPLOADS_PER_HOUR, uploadVisibilitiesFor } from "../../contract/media-upload";
import { VIDEO_VARIANT } from "../../contract/media-video";
import type { MediaTable } from "../../db/schema";
import { createMediaStorage, type MediaStorage } from "../../integrations/storage/index";
import type { ByteRange, StoredObject } from "../../integrations/storage/storage";
import { isOverLimit, msUntilRoom, recordHit, type Window } from "../../lib/rate-limit";
import {
  isBlockedBetween,
  isPublishedFor,
  MEDIA_OWNER_COLUMNS,
  mayOpenMedium,
  mediaAccess,
  mediaOwnerOf,
  viewerContext,
} from "../access/index";
import { isStaffUserType } from "../../contract/moderation";
import { buyerCopy } from "./buyer-copies";
import { bufferObject, previewBytes, PREVIEW_VARIANT } from "./paid-delivery";
import { isValidMediaGrant, mediaImageOf, storageKeysOf, variantStorageKey } from "./images";
import { named, type ReceivedFile } from "./multipart";
import { imageQueueOf } from "./queue";
import { checkImageHeaders, MASTER_FILE, renderVariants, type RenderedImage } from "./variants";
import { watermarkSignature } from "../../contract/media-gallery";
import { watermarkSettingsOf } from "./watermark-settings";

const ITEM_COLUMNS = ["id", "public_id", "visibility", "status", "width", "height", "variant_widths", "position", "is_avatar"] as const;
/** A media row as ITEM_COLUMNS reads it. */
type MediaRow = Pick<Selectable<MediaTable>, (typeof ITEM_COLUMNS)[number]>;

function toItem(row: MediaRow, rejectionReason: string | null = null): MediaItem {
  return {
    id: row.id,
    visibility: row.visibility,
    status: row.status,
    rejection_reason: rejectionReason,
    position: row.position,
    is_avatar: row.is_avatar === 1,
    image: mediaImageOf(row),
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

/** A fresh variant-set prefix: media/ab/ab12… (256 directories on the local disk). */
export function newStorageKey(): string {
  const name = randomBytes(16).toString("hex");
  return `media/${name.slice(0, 2)}/${name}`;
}

/**
 * The visibility an upload asked for (a form field), or the member type's default; an unknown value is a
 * field error. Whether this member may give it is uploadPhotos'/uploadVideo's check.
 */
export function requestedUploadVisibility(requested: string | undefined, userType: number): MediaVisibility {
  if (!requested) return defaultUploadVisibility(userType);
  if (!(MEDIA_VISIBILITY as readonly string[]).includes(requested)) throw fail.badRequest("validation.invalid", "visibility");
  return requested as MediaVisibility;
}

const HOUR = 60 * 60 * 1000;
export const uploadWindow = (userId: number): Window => ({ bucket: `media-upload:${userId}`, windowMs: HOUR, limit: UPLOADS_PER_HOUR });

/** The 429 of an upload limit: its key names the limit (`max`), retry_after the seconds until there is room. */
export async function uploadLimited(deps: ApiDeps, window: Window, now: number, key = "exception.media.upload_limit"): Promise<ApiError> {
  const retryAfter = Math.max(1, Math.ceil((await msUntilRoom(deps.db, now, window)) / 1000));
  return new ApiError(429, [errorItem(429, key, undefined, { max: window.limit })], { retry_after: retryAfter });
}

/** Refuses a user already at the hourly upload limit before the request's body is read. */
export async function assertUploadAllowed(deps: ApiDeps, userId: number): Promise<void> {
  const window = uploadWindow(userId);
  const now = deps.clock.now();
  if (await isOverLimit(deps.db, now, window)) throw await uploadLimited(deps, window, now);
}

/**
 * Counts an upload that carries photos (a form sent without a new photo costs
 * nothing); the one over the limit gets 429 with the seconds until the window ends.
 */
export async function countUpload(deps: ApiDeps, userId: number): Promise<void> {
  const window = uploadWindow(userId);
  const now = deps.clock.now();
  if ((await recordHit(deps.db, now, window)) > window.limit) throw await uploadLimited(deps, window, now);
}

export async function storeVariants(storage: MediaStorage, key: string, image: RenderedImage): Promise<number> {
  let bytes = 0;
  // The master is private: its name is no variant name, so the file gate never serves it (ADR 029).
  if (image.master) await storage.put(`${key}/${MASTER_FILE}`, image.master, { contentType: MEDIA_VARIANT_MIME.jpeg });
  for (const variant of image.variants) {
    await storage.put(variantStorageKey(key, variant.width, variant.format), variant.data, {
      contentType: MEDIA_VARIANT_MIME[variant.format],
    });
    bytes += variant.data.byteLength;
  }
  return bytes;
}

/**
 * Checks every file's header first (size, type, pixels, width: cheap, nothing
 * decoded), so a batch with one bad file costs no decoding and every bad file
 * gets its own error with source files.N. Then renders and stores the photos
 * one at a time, each in a slot of the process-wide image queue, and inserts
 * all rows at once (all or nothing). The user's first photo becomes the avatar.
 */
export async function uploadPhotos(
  deps: ApiDeps,
  user: { id: number; userType: number },
  files: readonly ReceivedFile[],
  visibility: MediaVisibility,
): Promise<MediaItem[]> {
  if (!uploadVisibilitiesFor(user.userType).includes(visibility)) throw fail.badRequest("validation.invalid", "visibility");
  const headers = await checkImageHeaders(files);

  const storage = storageOf(deps);
  const queue = imageQueueOf(deps);
  // New photos get the member's current watermark at once (ADR 029).
  const watermark = await watermarkSettingsOf(deps, user.id);
  const stored: { key: string; image: RenderedImage; bytes: number }[] = [];
  const removeStored = async () => {
    for (const { key, image } of stored) {
      await storage.delete(`${key}/${MASTER_FILE}`).catch(() => undefined);
      for (const variant of image.variants)
        await storage.delete(variantStorageKey(key, variant.width, variant.format)).catch(() => undefined);
    }
  };
  try {
    for (const [i, file] of files.entries()) {
      const image = await queue.run(async () => {
        try {
          return await renderVariants(file.path, headers[i], { watermark, master: true });
        } catch {
          // A header that reads fine over a broken body.
          throw new ApiError(400, [
            errorItem(400, "validation.image.invalid_type", `files.${file.index}`, file.name ? named(file) : undefined),
          ]);
        }
      });
      const key = newStorageKey();
      stored.push({ key, image, bytes: 0 });
      stored[stored.length - 1]!.bytes = await storeVariants(storage, key, image);
    }
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
          stored.map(({ key, image, bytes }, index) => ({
            user_id: user.id,
            kind: MEDIA_KIND.photo,
            visibility,
            status: MEDIA_STATUS.pending,
            storage_key: key,
            mime_type: MEDIA_VARIANT_MIME.jpeg,
            width: image.width,
            height: image.height,
            variant_widths: image.widths.join(","),
            bytes,
            position: start + index,
            is_avatar: !hasAvatar && index === 0 ? 1 : 0,
            watermark: watermarkSignature(watermark),
            created_at: now,
          })),
        )
        .returning([...ITEM_COLUMNS])
        .execute();
    });
    return rows.sort((a, b) => a.position - b.position).map((row) => toItem(row));
  } catch (err) {
    // Files first, rows after: a failure leaves no row without files, and no files without a row.
    await removeStored();
    throw err;
  }
}

export async function listMyMedia(deps: ApiDeps, userId: number): Promise<MediaItem[]> {
  const rows = await deps.db
    .selectFrom("media")
    .select([...ITEM_COLUMNS])
    .where("user_id", "=", userId)
    .orderBy("position")
    .orderBy("id")
    .execute();
  const reasons = await rejectionReasonsOf(deps, rows);
  return rows.map((row) => toItem(row, reasons.get(row.id) ?? null));
}

/** Why the owner's refused media were refused (the back office's decision, ADR 030), by media id. */
export async function rejectionReasonsOf(deps: ApiDeps, rows: ReadonlyArray<{ id: number; status: number }>): Promise<Map<number, string>> {
  const rejected = rows.filter((row) => row.status === MEDIA_STATUS.rejected).map((row) => row.id);
  if (rejected.length === 0) return new Map();
  const decisions = await deps.db.selectFrom("media_decisions").select(["media_id", "reason"]).where("media_id", "in", rejected).execute();
  return new Map(decisions.flatMap((row) => (row.reason ? [[row.media_id, row.reason] as const] : [])));
}

export interface MediaFile {
  object: StoredObject;
  mimeType: string;
  /**
   * shared: the same for every viewer (guest-visible), so shared caches may keep it; paid: a paid or fans-only
   * medium's file, checked on every request and never kept by any cache (ADR 093).
   */
  access: "shared" | "private" | "paid";
  /** The answer is the asked byte range of a video (206), not the whole file. */
  ranged?: boolean;
}

const PUBLIC_ID = /^[0-9a-f]{32}$/;

/**
 * One variant of a media row for this viewer (ADR 017); 404 alike for
 * "missing" and "not allowed", so a key reveals nothing. The rule is
 * access/visibility.ts mediaAccess: the owner's status and profile, blocks,
 * the photo's status and visibility, or a valid grant. Then issue 28 (ADR 093):
 * a scheduled medium exists for others only from its publication on; a paid or
 * fans-only medium opens to others only with a grant bound to their session and
 * while access/paid-media.ts mayOpenMedium says so — asked on every request —,
 * its photos delivered with the viewer's name drawn on; `preview.jpg` is the
 * blurred preview everyone who may see the medium gets.
 */
export async function readMediaVariant(
  deps: ApiDeps,
  publicId: string,
  variantName: string,
  user: AuthUser | null,
  grant: string | undefined,
  range?: ByteRange,
): Promise<MediaFile> {
  const isVideoFile = variantName === VIDEO_VARIANT;
  const isPreview = variantName === PREVIEW_VARIANT;
  const variant = isVideoFile || isPreview ? null : parseVariantName(variantName);
  if (!PUBLIC_ID.test(publicId) || (!variant && !isVideoFile && !isPreview)) throw fail.notFound();
  const row = await deps.db
    .selectFrom("media")
    .innerJoin("users", "users.id", "media.user_id")
    .leftJoin("profiles", "profiles.user_id", "media.user_id")
    .select([
      "media.kind",
      "media.visibility",
      "media.status",
      "media.storage_key",
      "media.mime_type",
      "media.variant_widths",
      "media.id",
      "media.access",
      "media.publish_at",
      ...MEDIA_OWNER_COLUMNS,
    ])
    .where("media.public_id", "=", publicId)
    .executeTakeFirst();
  // A video row serves its encoded file and its poster's variants (ADR 034); a photo row no video file.
  if (!row || (row.kind !== MEDIA_KIND.photo && row.kind !== MEDIA_KIND.video) || (isVideoFile && row.kind !== MEDIA_KIND.video))
    throw fail.notFound();

  const hasVariants = row.variant_widths !== null;
  let key: string;
  let mimeType: string;
  let format: MediaVariantFormat | null = null;
  if (isPreview) {
    key = `${row.storage_key}/${PREVIEW_VARIANT}`;
    mimeType = MEDIA_VARIANT_MIME.jpeg;
  } else if (isVideoFile || !variant) {
    // Encoded yet? Until then there is no file to serve (the poster's variants arrive with it).
    if (!hasVariants) throw fail.notFound();
    key = `${row.storage_key}/${VIDEO_VARIANT}`;
    mimeType = "video/mp4";
  } else if (variant === ORIGINAL_VARIANT) {
    // Only rows stored before variants have a single original file.
    if (hasVariants) throw fail.notFound();
    key = row.storage_key;
    mimeType = row.mime_type;
  } else {
    if (!storageKeysOf(row).includes(variantStorageKey(row.storage_key, variant.width, variant.format))) throw fail.notFound();
    key = variantStorageKey(row.storage_key, variant.width, variant.format);
    mimeType = MEDIA_VARIANT_MIME[variant.format];
    format = variant.format;
  }

  const viewer = await viewerContext(deps, user);
  const owner = mediaOwnerOf(row);
  const now = deps.clock.now();
  const paidViewer = { id: viewer.id, isStaff: viewer.id !== null && isStaffUserType(viewer.userType) };
  const paidMedium = { id: row.id, user_id: row.user_id, access: row.access };
  // Seeing that a medium exists is not opening it (access/paid-media.ts, ADR 092, 093): a paid, fans-only or bundled
  // medium is locked — it opens only to those the one paid-access rule names, checked on every request.
  const isPaid = !(await mayOpenMedium(deps.db, { id: null, isStaff: false }, paidMedium, now));
  const blocked = viewer.id !== null && viewer.id !== owner.id && (await isBlockedBetween(deps, viewer.id, owner.id));
  // The unbound grant (the claim preview) opens open media only; a locked medium needs a grant bound to the viewer.
  const granted = isPaid
    ? viewer.id !== null && isValidMediaGrant(deps.config.appSecret, publicId, grant, now, viewer.id)
    : isValidMediaGrant(deps.config.appSecret, publicId, grant, now);
  const access = mediaAccess(viewer, owner, row, { blocked, granted });
  if (!access) throw fail.notFound();
  if (!isPublishedFor(paidViewer, row, now)) throw fail.notFound();
  const storage = storageOf(deps);

  if (isPreview) {
    // Only a locked medium has a preview; an open one is its variants.
    if (!isPaid) throw fail.notFound();
    const bytes = await previewBytes(storage, row, (task) => imageQueueOf(deps).run(task));
    if (!bytes) throw fail.notFound();
    return { object: bufferObject(bytes), mimeType, access: access === "shared" ? "shared" : "private" };
  }

  if (isPaid) {
    const mayOpen = paidViewer.isStaff || viewer.id === owner.id;
    if (!mayOpen) {
      if (!granted || !(await mayOpenMedium(deps.db, paidViewer, paidMedium, now))) throw fail.notFound();
      if (format !== null) {
        // The buyer's copy: their name on the delivered variant (the stored one stays as it is), kept for a while.
        const buyer = await deps.db.selectFrom("users").select(["id", "username"]).where("id", "=", viewer.id!).executeTakeFirstOrThrow();
        const bytes = await buyerCopy(
          deps,
          storage,
          { medium: row, sourceKey: key, variant: key.slice(row.storage_key.length + 1), format, buyer },
          (task) => imageQueueOf(deps).run(task),
        );
        if (!bytes) throw fail.notFound();
        return { object: bufferObject(bytes), mimeType, access: "paid" };
      }
    }
    const object = await storage.open(key, isVideoFile ? range : undefined);
    if (!object) throw fail.notFound();
    return { object, mimeType, access: "paid", ranged: isVideoFile && range !== undefined };
  }

  const object = await storage.open(key, isVideoFile ? range : undefined);
  if (!object) throw fail.notFound();
  return { object, mimeType, access, ranged: isVideoFile && range !== undefined };
}

/**
 * Deletes the files of photo rows already deleted (the `media.delete_files` job an account's deletion
 * enqueues with its rows), except files another row still uses (seeded photos share theirs). A storage
 * error fails the job, which retries it; files already gone are no error, so a rerun is harmless.
 */
export async function deleteMediaFiles(
  deps: ApiDeps,
  rows: ReadonlyArray<{ storage_key: string; variant_widths: string | null }>,
): Promise<void> {
  if (rows.length === 0) return;
  const storage = storageOf(deps);
  const keys = [...new Set(rows.map((row) => row.storage_key))];
  const stillUsed = new Set(
    (await deps.db.selectFrom("media").select("storage_key").where("storage_key", "in", keys).execute()).map((row) => row.storage_key),
  );
  for (const row of rows) {
    if (stillUsed.has(row.storage_key)) continue;
    for (const key of storageKeysOf(row)) await storage.delete(key);
    // Files beside the variants: a photo's private master, a video's encoded file and its unencoded source.
    for (const extra of [MASTER_FILE, VIDEO_VARIANT, "source", PREVIEW_VARIANT]) await storage.delete(`${row.storage_key}/${extra}`);
    stillUsed.add(row.storage_key);
  }
}
