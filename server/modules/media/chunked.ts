/**
 * The chunked upload of spec section 7 (ADR 029). Each piece is streamed to disk by the same
 * multipart reader as a whole upload (ADR 018), checked against its meta, and kept under
 * {uploadTmpDir}/chunked/{user}/{upload_id}/{index}.part; the final `end` joins the pieces into one
 * file and hands it to the ordinary photo pipeline (header checks, variants, master, watermark).
 * The token comes as ?jwt= (the spec's clients cannot set headers on their upload requests) or as
 * the usual bearer header. Pieces are addressed by the caller's own user id: nobody can add to or
 * finish another member's upload.
 */
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { randomUUID } from "node:crypto";
import * as v from "valibot";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ModuleContext } from "../../api/module-context";
import { ok } from "../../api/router";
import type { ApiDeps, AuthUser } from "../../api/types";
import {
  CHUNK_SIZE,
  CHUNKED_UPLOAD_TTL_MS,
  CHUNKED_UPLOADS_OPEN_MAX,
  chunkCount,
  chunkMetaSchema,
  chunkRangeOf,
  endMetaSchema,
  UPLOAD_ID,
  UPLOAD_TOKEN_PREFIX,
  UPLOAD_TOKEN_TTL_MS,
  type ChunkedUploadState,
} from "../../contract/media-chunked";
import { mediaOps } from "../../contract/operations/media";
import { resolveAccessToken } from "../auth/index";
import { receiveUpload } from "./multipart";
import { imageQueueOf } from "./queue";
import { mintUploadToken, resolveUploadToken } from "./upload-token";
import { assertUploadAllowed, countUpload, requestedUploadVisibility, uploadPhotos } from "./service";

interface Stored {
  totalSize: number;
  mimeType: string;
  createdAt: number;
}

const userDir = (deps: ApiDeps, userId: number) => join(deps.config.uploadTmpDir, "chunked", String(userId));

function uploadIdOf(value: string | undefined): string {
  if (!value || !UPLOAD_ID.test(value)) throw fail.badRequest("validation.invalid", "upload_id");
  return value;
}

function metaOf<S extends v.GenericSchema>(schema: S, raw: string | undefined): v.InferOutput<S> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw ?? "");
  } catch {
    throw fail.badRequest("validation.malformed_json", "meta");
  }
  const result = v.safeParse(schema, parsed);
  if (!result.success) {
    const issue = result.issues[0];
    const path = issue.path?.map((p) => String(p.key)).join(".");
    throw new ApiError(400, [errorItem(400, issue.message, path ? `meta.${path}` : "meta")]);
  }
  return result.output;
}

async function readStored(dir: string): Promise<Stored | null> {
  try {
    return JSON.parse(await readFile(join(dir, "upload.json"), "utf8")) as Stored;
  } catch {
    return null;
  }
}

async function receivedOf(dir: string): Promise<number[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .map((name) => /^(\d+)\.part$/.exec(name)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
}

/** Removes the member's uploads older than the TTL; returns the ids still open. */
async function openUploads(deps: ApiDeps, userId: number): Promise<string[]> {
  const base = userDir(deps, userId);
  const ids = await readdir(base).catch(() => [] as string[]);
  const open: string[] = [];
  for (const id of ids) {
    const stored = await readStored(join(base, id));
    if (!stored || deps.clock.now() - stored.createdAt > CHUNKED_UPLOAD_TTL_MS) await rm(join(base, id), { recursive: true, force: true });
    else open.push(id);
  }
  return open;
}

/**
 * One start at a time per member, in every process that shares the upload folder (several instances, ADR 141): the
 * pieces live in that folder, so the lock does too — a directory beside the member's uploads, since mkdir either makes
 * it or finds it, atomically. A lock older than CHUNKED_LOCK_STALE_MS was left by a process that died holding it. In
 * front of it a chain per instance, so this process's own requests wait on a promise instead of polling the disk.
 */
const memberChains = new WeakMap<ApiDeps, Map<number, Promise<unknown>>>();
const CHUNKED_LOCK_STALE_MS = 10_000;
const CHUNKED_LOCK_POLL_MS = 10;
async function withMemberLock<T>(deps: ApiDeps, userId: number, work: () => Promise<T>): Promise<T> {
  let chains = memberChains.get(deps);
  if (!chains) memberChains.set(deps, (chains = new Map()));
  const before = chains.get(userId) ?? Promise.resolve();
  const run = before.catch(() => undefined).then(() => withLockDirectory(`${userDir(deps, userId)}.lock`, work));
  chains.set(userId, run);
  try {
    return await run;
  } finally {
    if (chains.get(userId) === run) chains.delete(userId);
  }
}

async function withLockDirectory<T>(lock: string, work: () => Promise<T>): Promise<T> {
  await mkdir(join(lock, ".."), { recursive: true });
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      // Wall-clock time on purpose: the lock's age is the file system's, not the product's (movable) clock.
      const held = await stat(lock).catch(() => null);
      if (held && Date.now() - held.mtimeMs > CHUNKED_LOCK_STALE_MS) await rm(lock, { recursive: true, force: true });
      else await new Promise((done) => setTimeout(done, CHUNKED_LOCK_POLL_MS));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** Every member's chunked uploads older than the TTL go (maintenance): nobody finishes them any more. */
export async function sweepChunkedUploads(uploadTmpDir: string, now: number): Promise<number> {
  const base = join(uploadTmpDir, "chunked");
  let removed = 0;
  for (const user of await readdir(base).catch(() => [] as string[])) {
    for (const id of await readdir(join(base, user)).catch(() => [] as string[])) {
      const dir = join(base, user, id);
      const stored = await readStored(dir);
      const createdAt = stored?.createdAt ?? (await stat(dir).catch(() => null))?.mtimeMs ?? 0;
      if (now - createdAt > CHUNKED_UPLOAD_TTL_MS) {
        await rm(dir, { recursive: true, force: true });
        removed += 1;
      }
    }
  }
  return removed;
}

/** A deleted account's unfinished uploads (pieces of its photos) go with it. */
export async function removeChunkedUploads(deps: ApiDeps, userId: number): Promise<void> {
  await rm(userDir(deps, userId), { recursive: true, force: true });
}

async function stateOf(dir: string, uploadId: string, stored: Stored): Promise<ChunkedUploadState> {
  return { upload_id: uploadId, received: await receivedOf(dir), total_chunks: chunkCount(stored.totalSize) };
}

/**
 * The caller: the bearer header's user, else the ?jwt= token's (spec section 7): a session token or
 * the page's upload-only token (ADR 029), which only these endpoints accept.
 */
async function callerOf(deps: ApiDeps, user: AuthUser | null, jwt: string | undefined): Promise<AuthUser> {
  if (user) return user;
  if (jwt?.startsWith(UPLOAD_TOKEN_PREFIX)) {
    const uploader = await resolveUploadToken(deps, jwt);
    if (!uploader) throw fail.unauthorized();
    return uploader;
  }
  const owner = jwt ? await resolveAccessToken(deps.db, deps.clock, jwt) : null;
  if (!owner) throw fail.unauthorized();
  return { id: owner.userId, userType: owner.userType, tokenId: owner.tokenId };
}

export function registerChunkedUpload({ v2, deps }: ModuleContext): void {
  v2.add(
    mediaOps.uploadToken,
    {
      summary: `An upload-only token for the caller (${UPLOAD_TOKEN_TTL_MS / 60_000} minutes): accepted as ?jwt= by the chunked upload endpoints and by nothing else, so a web page can hand it to its script without exposing the session.`,
      tag: "media",
      auth: "required",
      statuses: [401],
    },
    (c, { user }) => Promise.resolve(ok(c, mintUploadToken(deps, user!.id))),
  );

  v2.add(
    mediaOps.uploadChunk,
    {
      summary: `Chunked photo upload (spec section 7), token as ?jwt= or bearer. multipart/form-data with action=upload, upload_id (16-64 of A-Z a-z 0-9 _ -), meta JSON {chunkIndex, chunkRange "start-end", chunkSize, totalSize, mimeType} and the piece as chunk: every piece ${CHUNK_SIZE} bytes except the last; answers the pieces held. Then action=end with meta {last_chunk, totalSize, mimeType} (and optional visibility): the joined file goes through the ordinary upload (201 with the items, errors as files.0). At most ${CHUNKED_UPLOADS_OPEN_MAX} unfinished uploads per member; pieces expire after 24 hours.`,
      tag: "media",
      auth: "optional",
      maxBodyBytes: CHUNK_SIZE + 64 * 1024,
      streamsBody: true,
      statuses: [200, 201, 400, 401, 409, 413, 429, 503],
    },
    async (c, { user }) => {
      const caller = await callerOf(deps, user, c.req.query("jwt"));
      imageQueueOf(deps).assertRoom();
      const upload = await receiveUpload(c.req.raw, {
        tmpDir: deps.config.uploadTmpDir,
        fileField: "chunk",
        maxFiles: 1,
        maxFileBytes: CHUNK_SIZE,
        maxBodyBytes: CHUNK_SIZE + 64 * 1024,
        fields: ["action", "upload_id", "meta", "visibility"],
      });
      try {
        const uploadId = uploadIdOf(upload.fields.get("upload_id"));
        const dir = join(userDir(deps, caller.id), uploadId);
        const action = upload.fields.get("action");
        if (action === "upload") {
          const meta = metaOf(chunkMetaSchema, upload.fields.get("meta"));
          const piece = upload.files[0];
          if (!piece) throw fail.badRequest("validation.required", "chunk");
          const range = chunkRangeOf(meta.chunkIndex, meta.totalSize);
          if (meta.chunkIndex >= chunkCount(meta.totalSize) || meta.chunkRange !== `${range.start}-${range.end}`) {
            throw fail.badRequest("validation.invalid", "meta.chunkRange");
          }
          if (meta.chunkSize !== range.size || piece.bytes !== range.size) throw fail.badRequest("validation.invalid", "meta.chunkSize");
          // Starting an upload counts the open ones and creates the new one under the member's lock, so
          // parallel first pieces cannot all pass the count.
          const stored = await withMemberLock(deps, caller.id, async () => {
            const existing = await readStored(dir);
            if (existing) return existing;
            if ((await openUploads(deps, caller.id)).length >= CHUNKED_UPLOADS_OPEN_MAX) {
              throw new ApiError(429, [errorItem(429, "exception.media.chunked_open", undefined, { max: CHUNKED_UPLOADS_OPEN_MAX })]);
            }
            const created: Stored = { totalSize: meta.totalSize, mimeType: meta.mimeType, createdAt: deps.clock.now() };
            await mkdir(dir, { recursive: true });
            await writeFile(join(dir, "upload.json"), JSON.stringify(created));
            return created;
          });
          if (stored.totalSize !== meta.totalSize || stored.mimeType !== meta.mimeType) {
            throw fail.conflict("exception.media.chunked_mismatch", "meta");
          }
          // A piece sent twice (a retry after a lost answer) replaces the first: same bytes, same place.
          await rename(piece.path, join(dir, `${meta.chunkIndex}.part`));
          return ok(c, await stateOf(dir, uploadId, stored));
        }
        if (action === "end") {
          const meta = metaOf(endMetaSchema, upload.fields.get("meta"));
          const stored = await readStored(dir);
          if (!stored) throw fail.notFound();
          if (stored.totalSize !== meta.totalSize || stored.mimeType !== meta.mimeType)
            throw fail.conflict("exception.media.chunked_mismatch", "meta");
          const total = chunkCount(stored.totalSize);
          const received = await receivedOf(dir);
          if (meta.last_chunk !== total - 1 || received.length !== total) {
            // Another `end` may have taken the pieces away since this one looked: nothing is left to finish.
            if (!(await readStored(dir))) throw fail.notFound();
            throw new ApiError(409, [errorItem(409, "exception.media.chunked_incomplete", "meta.last_chunk")], {
              received,
              total_chunks: total,
            });
          }
          const visibility = requestedUploadVisibility(upload.fields.get("visibility"), caller.userType);
          await assertUploadAllowed(deps, caller.id);
          // Take the pieces away atomically: of two `end` requests at once, one joins, the other finds nothing.
          const finishing = join(userDir(deps, caller.id), `finishing-${randomUUID()}`);
          try {
            await rename(dir, finishing);
          } catch {
            throw fail.notFound();
          }
          const joined = join(deps.config.uploadTmpDir, `${randomUUID()}.joined`);
          try {
            // One piece (512 KB) in memory at a time; piped streams with end: false pile up listeners.
            const out = await open(joined, "w");
            try {
              for (let i = 0; i < total; i++) await out.write(await readFile(join(finishing, `${i}.part`)));
            } finally {
              await out.close();
            }
            const bytes = (await stat(joined)).size;
            if (bytes !== stored.totalSize) throw fail.badRequest("validation.invalid", "meta.totalSize");
            await countUpload(deps, caller.id);
            const items = await uploadPhotos(
              deps,
              { id: caller.id, userType: caller.userType },
              [{ path: joined, bytes, index: 0 }],
              visibility,
            );
            return ok(c, items, { status: 201 });
          } finally {
            await rm(joined, { force: true });
            await rm(finishing, { recursive: true, force: true });
          }
        }
        throw fail.badRequest("validation.invalid", "action");
      } finally {
        await upload.cleanup();
      }
    },
  );

  v2.add(
    mediaOps.chunkedState,
    {
      summary:
        "The pieces the server holds of one of the caller's chunked uploads (to resume after a dropped connection); token as ?jwt= or bearer. 404 for an unknown or another member's upload.",
      tag: "media",
      auth: "optional",
      statuses: [400, 401, 404],
    },
    async (c, { user }) => {
      const caller = await callerOf(deps, user, c.req.query("jwt"));
      const uploadId = uploadIdOf(c.req.param("uploadId"));
      const dir = join(userDir(deps, caller.id), uploadId);
      const stored = await readStored(dir);
      if (!stored) throw fail.notFound();
      return ok(c, await stateOf(dir, uploadId, stored));
    },
  );
}
