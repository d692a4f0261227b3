/**
 * Message photos (issue 12 item 8, ADR 043): the media pipeline's checks and variants (size 50,000–20,000,000
 * bytes, JPEG/PNG/WebP by content, at least 200 px wide, re-encoded without EXIF/GPS), stored apart from the
 * gallery, and served through the app only to the two members of the thread, and only while the message is in
 * the member's view (not deleted for them).
 */
import { randomBytes } from "node:crypto";
import { ApiError, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { MEDIA_VARIANT_MIME, parseVariantName, type MediaImage } from "../../contract/media";
import { MESSENGER_ERRORS } from "../../contract/messenger";
import type { DB } from "../../db/index";
import type { MessengerPhotosTable } from "../../db/schema";
import type { StoredObject } from "../../integrations/storage/storage";
import {
  checkImageHeaders,
  imageQueueOf,
  newStorageKey,
  parseVariantWidths,
  renderVariants,
  storageOf,
  storeVariants,
  variantStorageKey,
  type ReceivedFile,
} from "../media/index";

/** Where a message photo's variants are served: the app checks the two members on every request. */
export const messagePhotoPath = (publicId: string) => `/messenger-photo/${publicId}`;

/**
 * The photos of a send, already rendered and stored: their messenger_photos columns, written with the message by
 * the service (declared here, where they are made, so the service depends on this file and never the reverse).
 */
export type PreparedPhoto = Pick<MessengerPhotosTable, "public_id" | "storage_key" | "width" | "height" | "variant_widths" | "bytes">;

export interface StoredPhoto {
  id: number;
  public_id: string;
  width: number;
  height: number;
  variant_widths: string;
}

export function photoImageOf(row: Pick<StoredPhoto, "public_id" | "width" | "height" | "variant_widths">): MediaImage {
  return { path: messagePhotoPath(row.public_id), width: row.width, height: row.height, widths: parseVariantWidths(row.variant_widths) };
}

export async function photosOfMessages(db: DB, messageIds: number[]): Promise<Map<number, StoredPhoto[]>> {
  const result = new Map<number, StoredPhoto[]>();
  if (messageIds.length === 0) return result;
  const rows = await db
    .selectFrom("messenger_photos")
    .select(["id", "message_id", "public_id", "width", "height", "variant_widths"])
    .where("message_id", "in", messageIds)
    .orderBy("position")
    .execute();
  for (const row of rows) result.set(row.message_id, [...(result.get(row.message_id) ?? []), row]);
  return result;
}

/** Checks every header first (each bad file its own error at files.N), then renders and stores one at a time. */
export async function preparePhotos(
  deps: ApiDeps,
  files: readonly ReceivedFile[],
): Promise<{ photos: PreparedPhoto[]; remove: () => Promise<void> }> {
  const headers = await checkImageHeaders(files);
  const storage = storageOf(deps);
  const photos: PreparedPhoto[] = [];
  const stored: { key: string; widths: number[] }[] = [];
  const remove = async () => {
    for (const { key, widths } of stored)
      for (const width of widths)
        for (const format of Object.keys(MEDIA_VARIANT_MIME) as Array<keyof typeof MEDIA_VARIANT_MIME>)
          await storage.delete(variantStorageKey(key, width, format)).catch(() => undefined);
  };
  try {
    for (const [i, file] of files.entries()) {
      const image = await imageQueueOf(deps).run(async () => {
        try {
          return await renderVariants(file.path, headers[i]);
        } catch {
          throw new ApiError(400, [
            {
              code: 400,
              title: "validation.image.invalid_type",
              message: "validation.image.invalid_type",
              key: "validation.image.invalid_type",
              source: `files.${file.index}`,
            },
          ]);
        }
      });
      const key = newStorageKey();
      stored.push({ key, widths: image.widths });
      const bytes = await storeVariants(storage, key, image);
      photos.push({
        public_id: randomBytes(16).toString("hex"),
        storage_key: key,
        width: image.width,
        height: image.height,
        variant_widths: image.widths.join(","),
        bytes,
      });
    }
  } catch (err) {
    await remove();
    throw err;
  }
  return { photos, remove };
}

const PUBLIC_ID = /^[0-9a-f]{32}$/;

/**
 * One variant of a message photo for a member of its thread whose view still holds the message; 404 alike for
 * missing and not allowed (another member's photo by its key reveals nothing).
 */
export async function readMessagePhoto(
  deps: ApiDeps,
  memberId: number,
  publicId: string,
  variantName: string,
): Promise<{ object: StoredObject; mimeType: string }> {
  const variant = parseVariantName(variantName);
  if (!PUBLIC_ID.test(publicId) || !variant || variant === "original") throw fail.notFound(MESSENGER_ERRORS.photoNotFound);
  const row = await deps.db
    .selectFrom("messenger_photos")
    .innerJoin("messenger_thread_members", "messenger_thread_members.thread_id", "messenger_photos.thread_id")
    .select(["messenger_photos.storage_key", "messenger_photos.variant_widths"])
    .where("messenger_photos.public_id", "=", publicId)
    .where("messenger_thread_members.member_id", "=", memberId)
    .whereRef("messenger_thread_members.deleted_up_to", "<", "messenger_photos.message_id")
    .executeTakeFirst();
  if (!row || !parseVariantWidths(row.variant_widths).includes(variant.width)) throw fail.notFound(MESSENGER_ERRORS.photoNotFound);
  const object = await storageOf(deps).open(variantStorageKey(row.storage_key, variant.width, variant.format));
  if (!object) throw fail.notFound(MESSENGER_ERRORS.photoNotFound);
  return { object, mimeType: MEDIA_VARIANT_MIME[variant.format] };
}
