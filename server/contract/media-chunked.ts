/**
 * The chunked upload of spec section 7 (ADR 029): POST with ?jwt={token}, multipart with `chunk`,
 * `meta` {chunkIndex, chunkRange, chunkSize, totalSize, mimeType} and action=upload; a final POST
 * action=end with meta {last_chunk, totalSize, mimeType}. Pieces of 512 KB; the answer is JSON.
 * Resumable: GET …/{upload_id} lists the pieces the server holds.
 */
import * as v from "valibot";
import { CHUNK_SIZE } from "./chunked-basics";
import { IMAGE_FORMATS, IMAGE_MAX_BYTES } from "./media-upload";

export {
  CHUNK_SIZE,
  chunkCount,
  chunkRangeOf,
  COMPRESS_FROM_BYTES,
  COMPRESS_MAX_SIDE,
  COMPRESS_QUALITY,
  type ChunkedUploadState,
} from "./chunked-basics";

/** Unfinished chunked uploads one member may keep at once (the 17th start is refused). */
export const CHUNKED_UPLOADS_OPEN_MAX = 16;
/** Pieces of an upload not finished within this time are removed. */
export const CHUNKED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
/** The client names its upload (so it can resume after a reload): 16-64 URL-safe characters. */
export const UPLOAD_ID = /^[A-Za-z0-9_-]{16,64}$/;

const int = (min: number, max: number) =>
  v.pipe(
    v.number("validation.invalid"),
    v.integer("validation.invalid"),
    v.minValue(min, "validation.invalid"),
    v.maxValue(max, "validation.invalid"),
  );
const mimeType = v.picklist(Object.values(IMAGE_FORMATS), "validation.image.invalid_type");
const MAX_CHUNKS = Math.ceil(IMAGE_MAX_BYTES / CHUNK_SIZE);

export const chunkMetaSchema = v.object(
  {
    chunkIndex: int(0, MAX_CHUNKS - 1),
    chunkRange: v.pipe(v.string("validation.invalid"), v.regex(/^\d{1,9}-\d{1,9}$/, "validation.invalid")),
    chunkSize: int(1, CHUNK_SIZE),
    totalSize: int(1, IMAGE_MAX_BYTES),
    mimeType,
  },
  "validation.required",
);
export type ChunkMeta = v.InferOutput<typeof chunkMetaSchema>;

export const endMetaSchema = v.object(
  { last_chunk: int(0, MAX_CHUNKS - 1), totalSize: int(1, IMAGE_MAX_BYTES), mimeType },
  "validation.required",
);
export type EndMeta = v.InferOutput<typeof endMetaSchema>;

/**
 * The upload-only token (ADR 029): what page script gets instead of the session, which stays in an
 * httpOnly cookie. It opens the two chunked upload endpoints and nothing else, for one member, for
 * this long.
 */
export const UPLOAD_TOKEN_TTL_MS = 30 * 60 * 1000;
/** Marks the token's kind; no session token has this prefix (they are random base64url). */
export const UPLOAD_TOKEN_PREFIX = "mu1.";

/** POST /media/upload/token answers this. */
export interface UploadToken {
  token: string;
  /** Epoch milliseconds. */
  expires_at: number;
}
