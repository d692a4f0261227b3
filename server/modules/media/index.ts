/** The public face of the media module: Stored images and their variants, for the modules that show photos. Other modules import only this file. */
export * from "./images";
export { deleteMediaFiles, storageOf } from "./service";
export { MASTER_FILE } from "./variants";
export { encodeVideoHandler } from "./video";
export { removeChunkedUploads, sweepChunkedUploads } from "./chunked";
// The messenger stores its photos through the same pipeline (header checks, variants without EXIF, the queue).
export { checkImageHeaders, renderVariants } from "./variants";
export { newStorageKey, storeVariants } from "./service";
export { receiveUpload, type ReceivedFile } from "./multipart";
export { imageQueueOf } from "./queue";
