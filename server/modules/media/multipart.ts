/**
 * Streams a multipart upload to disk (ADR 018): busboy parses the body as it
 * arrives and every file part goes straight into its own temp file, so a
 * request never holds more than a chunk of a file in memory (Hono's
 * parseBody/formData buffer whole bodies). Caps: IMAGES_PER_UPLOAD files of at
 * most IMAGE_MAX_BYTES each, a few short text fields, and the whole body
 * (maxBodyBytes) while it streams, Content-Length or not. The first broken cap
 * stops reading at once; the host then drains what the client still sends for
 * a moment before closing (@hono/node-server), so the client reads our answer.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { ApiError, errorItem } from "../../api/errors";
import type { ErrorItem } from "../../contract/errors";

export interface ReceivedFile {
  /** Temp file holding the part's bytes. */
  path: string;
  bytes: number;
  /** Position among the non-empty file parts (errors name it as `files.N`). */
  index: number;
  /** The file's name as the browser sent it (fileLabel): an error about the file names it (`params.file`). */
  name?: string;
  /** The form field it came in (one of `fileField`'s names). */
  field?: string;
}

const FILE_LABEL_MAX = 80;

/** The `file` param of an error about one received file (none when its name is empty). */
export const named = (file: Pick<ReceivedFile, "name">): { file?: string } => (file.name ? { file: file.name } : {});

/**
 * A sent file name as an error may show it: its last path segment, without control characters, at most 80
 * characters (the middle left out). Only ever shown as text; never used as a path.
 */
export function fileLabel(filename: string): string {
  const last = filename.split(/[\\/]/).pop() ?? "";
  // By characters, not UTF-16 units: an emoji is never cut in half.
  const chars = [
    ...[...last]
      .filter((char) => char.charCodeAt(0) >= 0x20 && char !== "\u007f")
      .join("")
      .trim(),
  ];
  if (chars.length <= FILE_LABEL_MAX) return chars.join("");
  const tail = Math.floor((FILE_LABEL_MAX - 1) / 2);
  return `${chars.slice(0, FILE_LABEL_MAX - 1 - tail).join("")}…${chars.slice(-tail).join("")}`;
}

export interface ReceivedUpload {
  files: ReceivedFile[];
  fields: Map<string, string>;
  /** Removes the temp files; call it in a finally. */
  cleanup(): Promise<void>;
}

export interface UploadLimits {
  tmpDir: string;
  /** The form field that carries files (or several, e.g. a document's front and back); file parts under other names are discarded. */
  fileField: string | readonly string[];
  maxFiles: number;
  maxFileBytes: number;
  /** The whole body, read or discarded; beyond it reading stops with 413. */
  maxBodyBytes: number;
  /** Text fields kept (others are ignored); each at most `fieldMaxBytes`. */
  fields: readonly string[];
  /** The longest text field in bytes (default 1 KiB: short settings such as `visibility`). */
  fieldMaxBytes?: number;
  /** The error of a longer field, at that field; default `validation.malformed_body` (a field no form makes that long). */
  fieldTooLongKey?: string;
  /** The error of a file over maxFileBytes and where it points; default the photo form's (files.N). */
  tooLarge?: { key: string; source: (index: number) => string };
}

const DEFAULT_FIELD_MAX_BYTES = 1024;
const MAX_PARTS_BESIDES_FILES = 16;

const malformed = () => new ApiError(400, [errorItem(400, "validation.malformed_body")]);

class BodyTooLarge extends Error {}

/** Passes the body through and stops it once it exceeds `max` bytes (a body without Content-Length). */
function byteCap(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.byteLength;
      if (seen > max) done(new BodyTooLarge());
      else done(null, chunk);
    },
  });
}

export async function receiveUpload(request: Request, limits: UploadLimits): Promise<ReceivedUpload> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !request.body) throw malformed();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: {
        // One byte more than allowed, so "exactly at the limit" and "over it" can be told apart.
        fileSize: limits.maxFileBytes + 1,
        files: limits.maxFiles,
        fields: MAX_PARTS_BESIDES_FILES,
        fieldSize: limits.fieldMaxBytes ?? DEFAULT_FIELD_MAX_BYTES,
        parts: limits.maxFiles + MAX_PARTS_BESIDES_FILES,
        headerPairs: 20,
      },
    });
  } catch {
    throw malformed(); // no boundary
  }
  await mkdir(limits.tmpDir, { recursive: true });

  const fileFields: readonly string[] = typeof limits.fileField === "string" ? [limits.fileField] : limits.fileField;
  const received: ReceivedFile[] = [];
  const fields = new Map<string, string>();
  const writes: Promise<void>[] = [];
  let refusal: ApiError | null = null;
  const stop = new AbortController();
  const refuse = (status: number, item: ErrorItem) => {
    refusal ??= new ApiError(status, [item]);
    // Not inside busboy's own event handler: destroying it there breaks its state.
    queueMicrotask(() => stop.abort());
  };
  const cleanup = async () => {
    await Promise.all(received.map((file) => rm(file.path, { force: true })));
  };

  parser.on("file", (name, stream, info) => {
    if (!fileFields.includes(name) || !info.filename || refusal) {
      stream.resume();
      return;
    }
    const file: ReceivedFile = {
      path: join(limits.tmpDir, `${randomUUID()}.part`),
      bytes: 0,
      index: received.length,
      name: fileLabel(info.filename),
      field: name,
    };
    received.push(file);
    stream.on("data", (chunk: Buffer) => {
      file.bytes += chunk.byteLength;
    });
    stream.on("limit", () => {
      const tooLarge = limits.tooLarge ?? { key: "validation.image.file_too_large", source: (index: number) => `files.${index}` };
      refuse(413, errorItem(413, tooLarge.key, tooLarge.source(file.index), { max: limits.maxFileBytes, ...named(file) }));
    });
    writes.push(pipeline(stream, createWriteStream(file.path)));
  });
  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) refuse(400, errorItem(400, limits.fieldTooLongKey ?? "validation.malformed_body", name));
    else if (limits.fields.includes(name) && !fields.has(name)) fields.set(name, value);
  });
  parser.on("filesLimit", () => {
    refuse(400, errorItem(400, "validation.image.too_many", fileFields[0], { max: limits.maxFiles }));
  });
  parser.on("partsLimit", () => refuse(400, errorItem(400, "validation.malformed_body")));
  parser.on("fieldsLimit", () => refuse(400, errorItem(400, "validation.malformed_body")));

  try {
    const body = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
    await pipeline(body, byteCap(limits.maxBodyBytes), parser, { signal: stop.signal });
    await Promise.all(writes);
  } catch (err) {
    await Promise.allSettled(writes);
    await cleanup();
    if (refusal) throw refusal;
    if (err instanceof BodyTooLarge) throw new ApiError(413, [errorItem(413, "validation.malformed_body")]);
    throw malformed();
  }
  if (refusal) {
    await cleanup();
    throw refusal;
  }
  // A browser sends an empty part for a file input left empty: not a file.
  const files = received.filter((file) => file.bytes > 0);
  await Promise.all(received.filter((file) => file.bytes === 0).map((file) => rm(file.path, { force: true })));
  files.forEach((file, index) => (file.index = index));
  return {
    files,
    fields,
    cleanup: async () => {
      await Promise.all(files.map((file) => rm(file.path, { force: true })));
    },
  };
}
