/**
 * The chunked upload of spec section 7 (ADR 029): 512 KB pieces with meta and ?jwt=, a final `end`,
 * resumable after a dropped connection (the client module app/api/media-chunked.ts against the real
 * API), meta checked, another member's upload unreachable, and the joined file goes through the
 * ordinary photo pipeline (EXIF/GPS stripped).
 */
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHUNK_SIZE, CHUNKED_UPLOAD_TTL_MS, CHUNKED_UPLOADS_OPEN_MAX, chunkCount } from "#server/contract/media-chunked";
import { removeChunkedUploads, sweepChunkedUploads } from "#server/modules/media/chunked";
import type { MediaItem } from "#server/contract/media";
import { mediaVariantUrl } from "#server/contract/media";
import { uploadInChunks } from "~/api/media-chunked";
import { freshIp } from "../../helpers/auth";
import { jpeg } from "../../helpers/images";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime, storeMediaInTemporaryDir } from "../../helpers/runtime";

describe(`chunked media upload (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let dir: string;
  let photo: Buffer;

  beforeAll(async () => {
    rt = await createTestRuntime();
    dir = storeMediaInTemporaryDir(rt, "velora-chunked-");
    photo = await jpeg(1300, 1000, { gps: true });
    expect(chunkCount(photo.byteLength)).toBeGreaterThanOrEqual(3);
  });
  afterAll(async () => {
    await rt.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function member() {
    const user = await createUser(rt, { userType: 2 });
    const { body } = await login(rt, user.username, user.password, freshIp());
    return { id: user.id, token: String(body.access_token) };
  }

  /** fetch into the test runtime; counts the piece posts and can drop chosen ones on the floor. */
  function apiFetch(drop: (call: { index: number; attempt: number }) => "before" | "after" | null = () => null) {
    const attempts = new Map<number, number>();
    const posted: number[] = [];
    const impl = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input));
      if (init?.method === "POST" && init.body instanceof FormData && init.body.get("action") === "upload") {
        const index = (JSON.parse(String(init.body.get("meta"))) as { chunkIndex: number }).chunkIndex;
        const attempt = (attempts.get(index) ?? 0) + 1;
        attempts.set(index, attempt);
        const how = drop({ index, attempt });
        if (how === "before") throw new TypeError("fetch failed: connection reset");
        posted.push(index);
        const response = await rt.request(url.pathname + url.search, init);
        // The server stored the piece, but the answer never arrived.
        if (how === "after") throw new TypeError("fetch failed: socket hang up");
        return response;
      }
      return await rt.request(url.pathname + url.search, init ?? {});
    }) as typeof fetch;
    return { impl, posted };
  }

  /** The test photo through uploadInChunks against this runtime, without pauses between tries. */
  const uploadPhoto = (options: Omit<Parameters<typeof uploadInChunks>[0], "origin" | "file" | "mimeType">) =>
    uploadInChunks({
      origin: "http://velora.test",
      file: new Blob([new Uint8Array(photo)]),
      mimeType: "image/jpeg",
      pauseMs: 1,
      ...options,
    });

  const uploadId = () => `u${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`.padEnd(20, "x");

  it("uploads in 512 KB pieces with ?jwt= and a final end; the photo goes through the ordinary pipeline", async () => {
    const { token } = await member();
    const { impl, posted } = apiFetch();
    const progress: number[] = [];
    const answer = (await uploadPhoto({
      token,
      uploadId: uploadId(),
      visibility: "logged_in",
      fetch: impl,
      onProgress: (done) => progress.push(done),
    })) as { data: MediaItem[] };
    expect(posted).toEqual(Array.from({ length: chunkCount(photo.byteLength) }, (_, i) => i));
    expect(progress.at(-1)).toBe(chunkCount(photo.byteLength));
    expect(answer.data).toHaveLength(1);
    expect(answer.data[0]).toMatchObject({ visibility: "logged_in", is_avatar: true });
    const file = await rt.request(`/api/v2${mediaVariantUrl(answer.data[0]!.image, 1080, "jpeg")}`, { token });
    expect(file.status).toBe(200);
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta.width).toBe(1080);
    expect(meta.exif).toBeUndefined();
  });

  it("resumes after dropped connections: a lost request is resent, a lost answer is not", async () => {
    const { token } = await member();
    const { impl, posted } = apiFetch(({ index, attempt }) =>
      index === 1 && attempt === 1 ? "before" : index === 2 && attempt === 1 ? "after" : null,
    );
    const answer = (await uploadPhoto({
      token,
      uploadId: uploadId(),
      fetch: impl,
    })) as { data: MediaItem[] };
    expect(answer.data).toHaveLength(1);
    // Piece 1 went out twice (the first never arrived); piece 2 once (it arrived, only the answer was lost).
    expect(posted).toEqual([0, 1, 2]);
  });

  it("resumes an interrupted upload by its id: only the missing pieces are sent", async () => {
    const { token } = await member();
    const id = uploadId();
    const first = apiFetch(({ index }) => (index === 2 ? "before" : null));
    await expect(
      uploadPhoto({
        token,
        uploadId: id,
        fetch: first.impl,
        attempts: 1,
      }),
    ).rejects.toThrow(/connection reset/);
    const state = await rt.request(`/api/v2/media/upload/chunked/${id}?jwt=${token}`);
    expect(((await state.json()) as { data: { received: number[] } }).data.received).toEqual([0, 1]);
    const second = apiFetch();
    await uploadPhoto({
      token,
      uploadId: id,
      fetch: second.impl,
    });
    expect(second.posted).toEqual([2]);
    // Finished uploads leave nothing behind.
    expect((await rt.request(`/api/v2/media/upload/chunked/${id}?jwt=${token}`)).status).toBe(404);
  });

  async function post(token: string | null, fields: Record<string, string>, chunk?: Buffer) {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (chunk) form.append("chunk", new Blob([new Uint8Array(chunk)]), "piece");
    const response = await rt.request(`/api/v2/media/upload/chunked${token ? `?jwt=${token}` : ""}`, { method: "POST", body: form });
    return { status: response.status, json: (await response.json()) as { errors?: Array<{ key: string; source?: string }> } };
  }

  it("checks the token, the meta and the pieces; end needs every piece", async () => {
    const { token } = await member();
    const id = uploadId();
    const totalSize = photo.byteLength;
    const meta = (index: number, extra: Record<string, unknown> = {}) => {
      const start = index * CHUNK_SIZE;
      const end = Math.min(totalSize, start + CHUNK_SIZE) - 1;
      return JSON.stringify({
        chunkIndex: index,
        chunkRange: `${start}-${end}`,
        chunkSize: end - start + 1,
        totalSize,
        mimeType: "image/jpeg",
        ...extra,
      });
    };
    const piece = (index: number) => photo.subarray(index * CHUNK_SIZE, Math.min(totalSize, (index + 1) * CHUNK_SIZE));
    expect((await post(null, { action: "upload", upload_id: id, meta: meta(0) }, piece(0))).status).toBe(401);
    expect((await post("not-a-token", { action: "upload", upload_id: id, meta: meta(0) }, piece(0))).status).toBe(401);
    const cases: Array<[Record<string, string>, Buffer | undefined, number, string]> = [
      [{ action: "upload", upload_id: "short", meta: meta(0) }, piece(0), 400, "upload_id"],
      [{ action: "upload", upload_id: id, meta: "{" }, piece(0), 400, "meta"],
      [{ action: "upload", upload_id: id, meta: meta(0, { mimeType: "image/gif" }) }, piece(0), 400, "meta.mimeType"],
      [{ action: "upload", upload_id: id, meta: meta(0, { chunkRange: "1-524288" }) }, piece(0), 400, "meta.chunkRange"],
      [{ action: "upload", upload_id: id, meta: meta(1) }, piece(0).subarray(0, 1000), 400, "meta.chunkSize"],
      [{ action: "upload", upload_id: id, meta: meta(0) }, undefined, 400, "chunk"],
      [{ action: "upload", upload_id: id, meta: meta(0, { totalSize: 30_000_000 }) }, piece(0), 400, "meta.totalSize"],
      [{ action: "jump", upload_id: id, meta: meta(0) }, piece(0), 400, "action"],
    ];
    for (const [fields, chunk, status, source] of cases) {
      const answer = await post(token, fields, chunk);
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect(answer.json.errors?.[0]?.source, JSON.stringify(fields)).toBe(source);
    }
    // A piece larger than 512 KB is cut off while streaming.
    expect((await post(token, { action: "upload", upload_id: id, meta: meta(0) }, Buffer.alloc(CHUNK_SIZE + 1))).status).toBe(413);

    expect((await post(token, { action: "upload", upload_id: id, meta: meta(0) }, piece(0))).status).toBe(200);
    // The same upload id cannot change its file.
    expect((await post(token, { action: "upload", upload_id: id, meta: meta(1, { totalSize: totalSize - 1 }) }, piece(1))).status).toBe(
      409,
    );
    const endMeta = JSON.stringify({ last_chunk: chunkCount(totalSize) - 1, totalSize, mimeType: "image/jpeg" });
    const early = await post(token, { action: "end", upload_id: id, meta: endMeta });
    expect(early.status).toBe(409);
    expect(early.json.errors?.[0]?.key).toBe("exception.media.chunked_incomplete");

    // Another member neither sees nor finishes nor extends this upload.
    const other = await member();
    expect((await rt.request(`/api/v2/media/upload/chunked/${id}?jwt=${other.token}`)).status).toBe(404);
    expect((await post(other.token, { action: "end", upload_id: id, meta: endMeta })).status).toBe(404);
    expect((await rt.request(`/api/v2/media/upload/chunked/${id}?jwt=${token}`)).status).toBe(200);
  });

  it("refuses a joined file that is no image, as files.0", async () => {
    const { token } = await member();
    const id = uploadId();
    const text = Buffer.alloc(CHUNK_SIZE + 10, "x");
    const totalSize = text.byteLength;
    for (const index of [0, 1]) {
      const start = index * CHUNK_SIZE;
      const end = Math.min(totalSize, start + CHUNK_SIZE) - 1;
      const meta = JSON.stringify({
        chunkIndex: index,
        chunkRange: `${start}-${end}`,
        chunkSize: end - start + 1,
        totalSize,
        mimeType: "image/png",
      });
      expect((await post(token, { action: "upload", upload_id: id, meta }, text.subarray(start, end + 1))).status).toBe(200);
    }
    const answer = await post(token, {
      action: "end",
      upload_id: id,
      meta: JSON.stringify({ last_chunk: 1, totalSize, mimeType: "image/png" }),
    });
    expect(answer.status).toBe(400);
    expect(answer.json.errors?.[0]).toMatchObject({ key: "validation.image.invalid_type", source: "files.0" });
  });

  /** Sends every piece of `bytes` as one upload; answers its id. */
  async function sendPieces(token: string, bytes: Buffer, mimeType = "image/jpeg"): Promise<string> {
    const id = uploadId();
    const totalSize = bytes.byteLength;
    for (let index = 0; index < chunkCount(totalSize); index++) {
      const start = index * CHUNK_SIZE;
      const end = Math.min(totalSize, start + CHUNK_SIZE) - 1;
      const meta = JSON.stringify({ chunkIndex: index, chunkRange: `${start}-${end}`, chunkSize: end - start + 1, totalSize, mimeType });
      expect((await post(token, { action: "upload", upload_id: id, meta }, bytes.subarray(start, end + 1))).status).toBe(200);
    }
    return id;
  }

  it("of two `end` requests at once, one makes the photo and the other finds nothing", async () => {
    const user = await member();
    const id = await sendPieces(user.token, photo);
    const endMeta = JSON.stringify({ last_chunk: chunkCount(photo.byteLength) - 1, totalSize: photo.byteLength, mimeType: "image/jpeg" });
    const answers = await Promise.all([
      post(user.token, { action: "end", upload_id: id, meta: endMeta }),
      post(user.token, { action: "end", upload_id: id, meta: endMeta }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 404]);
    expect(await rt.deps.db.selectFrom("media").select("id").where("user_id", "=", user.id).execute()).toHaveLength(1);
  });

  it("counts open uploads under a lock: parallel first pieces cannot pass the limit", async () => {
    const user = await member();
    const small = photo.subarray(0, 1000);
    const starts = await Promise.all(
      Array.from({ length: CHUNKED_UPLOADS_OPEN_MAX + 6 }, () =>
        post(
          user.token,
          {
            action: "upload",
            upload_id: uploadId(),
            meta: JSON.stringify({ chunkIndex: 0, chunkRange: "0-999", chunkSize: 1000, totalSize: 1000, mimeType: "image/jpeg" }),
          },
          small,
        ),
      ),
    );
    expect(starts.filter((answer) => answer.status === 200)).toHaveLength(CHUNKED_UPLOADS_OPEN_MAX);
    expect(starts.filter((answer) => answer.status === 429)).toHaveLength(6);
  });

  it("maintenance sweeps unfinished uploads after their day; a deleted account's go at once", async () => {
    const user = await member();
    await sendPieces(user.token, photo.subarray(0, 1000));
    const base = join(dir, "upload-tmp", "chunked", String(user.id));
    expect(readdirSync(base)).toHaveLength(1);
    expect(await sweepChunkedUploads(join(dir, "upload-tmp"), rt.clock.now())).toBe(0);
    expect(await sweepChunkedUploads(join(dir, "upload-tmp"), rt.clock.now() + CHUNKED_UPLOAD_TTL_MS + 1)).toBeGreaterThanOrEqual(1);
    expect(readdirSync(base)).toHaveLength(0);

    await sendPieces(user.token, photo.subarray(0, 1000));
    await removeChunkedUploads(rt.deps, user.id);
    expect(existsSync(base)).toBe(false);
  });
});
