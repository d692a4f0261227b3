/**
 * The photos of a check (ADR 107): received through the media module's streaming upload (busboy, caps), checked by
 * content (sharp reads the header: JPEG, PNG or WebP, size and pixel limits), turned upright and stored again as a
 * JPEG without any metadata (no EXIF, GPS or camera data survive), under a random prefix in the private storage.
 * Nothing serves that storage to browsers: only GET /verification/files/{id}/{side} after its access check.
 */
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { ApiError } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import type { VerificationFileSide } from "../../contract/verification";
import { checkImageHeaders, imageQueueOf, storageOf, type ReceivedFile } from "../media/index";

/** Wide enough to read a document's small print, small enough to keep a check's files modest. */
const STORED_MAX_WIDTH = 1600;
const STORED_QUALITY = 85;

export const newFilePrefix = () => `verification/${randomUUID()}`;
export const fileKey = (prefix: string, side: VerificationFileSide) => `${prefix}/${side}.jpg`;

/** Checks every file first (each error at its field), then stores each under its side. */
export async function storeCheckFiles(
  deps: ApiDeps,
  prefix: string,
  files: ReadonlyArray<{ side: VerificationFileSide; file: ReceivedFile }>,
): Promise<void> {
  try {
    await checkImageHeaders(files.map(({ file }) => file));
  } catch (err) {
    // The media check names files.N; the forms here name each file's field.
    if (!(err instanceof ApiError)) throw err;
    const sideOf = (source: string | undefined) => files.find(({ file }) => source === `files.${file.index}`)?.side ?? source;
    throw new ApiError(
      err.status,
      err.items.map((item) => ({ ...item, ...(item.source ? { source: sideOf(item.source) } : {}) })),
    );
  }
  const storage = storageOf(deps);
  for (const { side, file } of files) {
    const jpeg = await imageQueueOf(deps).run(() =>
      sharp(file.path).rotate().resize({ width: STORED_MAX_WIDTH, withoutEnlargement: true }).jpeg({ quality: STORED_QUALITY }).toBuffer(),
    );
    await storage.put(fileKey(prefix, side), jpeg, { contentType: "image/jpeg" });
  }
}

/** Removes a check's photos (after its retention, or when its submission was refused). */
export async function deleteCheckFiles(deps: ApiDeps, prefix: string): Promise<void> {
  const storage = storageOf(deps);
  for (const side of ["photo", "front", "back"] as const) await storage.delete(fileKey(prefix, side));
}
