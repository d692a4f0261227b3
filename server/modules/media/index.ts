/** The public face of the media module: Stored images and their variants, for the modules that show photos. Other modules import only this file. */
export * from "./images";
export { deleteMediaFiles, storageOf } from "./service";
export { MASTER_FILE } from "./variants";
export { encodeVideoHandler } from "./video";
export { removeChunkedUploads, sweepChunkedUploads } from "./chunked";
