/**
 * Where media bytes live: the port every adapter implements. The embedded
 * default is the local disk under MEDIA_DIR (./local.ts); the S3-compatible
 * adapter (./s3.ts, STORAGE=s3, ADR 027) maps the calls onto PutObject,
 * GetObject, HeadObject, CopyObject and DeleteObject; both pass the same
 * contract tests (tests/helpers/storage-contract.ts). Objects are addressed by keys the media
 * module derives from a media row's storage_key (one key per variant file).
 * Nothing outside this folder knows where or how bytes are kept.
 */

/** A stored object opened for reading: its bytes as a stream, its size up front. */
export interface StoredObject {
  body: ReadableStream<Uint8Array>;
  /** Bytes in `body` (the range's length when a range was asked for). */
  size: number;
  /** The whole object's size. */
  totalSize: number;
}

/** Inclusive byte positions, as HTTP Range counts them; `end` is clamped to the object. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface MediaStorage {
  /** Stores bytes under key, replacing what was there. Readers never see a partial object. */
  put(key: string, data: Uint8Array, options?: { contentType?: string }): Promise<void>;
  /** The object's bytes, or null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** Stores a file's bytes under key without holding them in memory (videos); same visibility rule as put. */
  putFile(key: string, path: string, options?: { contentType?: string }): Promise<void>;
  /**
   * The object as a stream (served to browsers without holding it in memory), or null when there is none.
   * With a range, only those bytes (video players seek with Range requests); a range starting past the
   * end is the caller's to refuse (it knows totalSize from a first open or exists()).
   */
  open(key: string, range?: ByteRange): Promise<StoredObject | null>;
  exists(key: string): Promise<boolean>;
  /** Copies an object without passing its bytes through the process where the backend allows it. */
  copy(fromKey: string, toKey: string): Promise<void>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
}

// Keys are relative, slash-separated, and every segment starts with a letter
// or digit: no absolute paths, no "..", nothing that escapes the storage root.
const STORAGE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
export const STORAGE_KEY_MAX = 255;

export function assertStorageKey(key: string): void {
  if (key.length > STORAGE_KEY_MAX || !STORAGE_KEY.test(key)) {
    throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
  }
}
