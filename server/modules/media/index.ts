/** The public face of the media module: Stored images and their variants, for the modules that show photos. Other modules import only this file. */
import { mediaPart } from "../../db/seed/media";
import { defineFeature, defineJob } from "../manifest";
import * as m0087 from "./migrations/0087_media_buyer_copies";
import { findReportedMedia, removeReportedMedia, restoreReportedMedia } from "./reports";
import { registerMedia } from "./routes";
import { deleteMediaFiles, storageOf } from "./service";
import { encodeVideoHandler, type EncodeVideoPayload } from "./video";
export * from "./images";
export { storageOf } from "./service";
export { MASTER_FILE } from "./variants";
export { removeChunkedUploads, sweepChunkedUploads } from "./chunked";
// The messenger stores its photos through the same pipeline (header checks, variants without EXIF, the queue).
export { checkImageHeaders, renderVariants } from "./variants";
export { newStorageKey, storeVariants } from "./service";
export { receiveUpload, type ReceivedFile } from "./multipart";
export { imageQueueOf } from "./queue";
// Paid and fans-only media in every list (issue 28, ADR 093).
export { LISTED_MEDIA_COLUMNS, listedMediaFor, lockedPreviewOf, type ListedMediaRow } from "./paid-listing";
export { PREVIEW_VARIANT } from "./paid-delivery";
export { BUYER_COPY_TTL_MS, sweepBuyerCopies } from "./buyer-copies";

export const manifest = defineFeature({
  name: "media",
  routes: registerMedia,
  migrations: { "0087_media_buyer_copies": m0087 },
  jobs: {
    /** Remove the files of media rows already deleted (an account's deletion, a deleted photo). */
    "media.delete_files": defineJob<{ files: Array<{ storage_key: string; variant_widths: string | null }> }>((deps) => ({
      run: (payload) => deleteMediaFiles(deps, payload.files),
    })),
    /** Encode an uploaded video into the stored MP4 and its poster (ADR 034). */
    "media.encode_video": defineJob<EncodeVideoPayload>(encodeVideoHandler),
    /** Remove stored objects no row points to any more (e.g. the exports of a deleted account). */
    "storage.delete": defineJob<{ keys: string[] }>((deps) => ({
      async run(payload) {
        for (const key of payload.keys) await storageOf(deps).delete(key);
      },
    })),
  },
  seed: [{ order: 40, part: mediaPart }],
  reportTypes: {
    /** A photo or video the reporter may see; removed by refusing it, restored by accepting it (ADR 112). */
    media: { queue: "reports", find: findReportedMedia, removeContent: removeReportedMedia, restoreContent: restoreReportedMedia },
  },
});
