/**
 * The client of the chunked upload (spec section 7, ADR 029), for the browser and for tests: cuts a
 * file into 512 KB pieces, sends each with its meta and ?jwt=, retries a piece whose connection
 * dropped, and resumes an interrupted upload by asking the server which pieces it already holds
 * (the same upload_id after a reload). No server module is imported: it runs wherever fetch, Blob
 * and FormData exist.
 */
import { CHUNK_SIZE, chunkCount, chunkRangeOf, type ChunkedUploadState } from "#server/contract/chunked-basics";

export interface ChunkedUploadOptions {
  /** The API's origin ("" in the browser: same origin). */
  origin: string;
  token: string;
  file: Blob;
  mimeType: string;
  /** Keep it (e.g. in sessionStorage) to resume after a reload: 16-64 URL-safe characters. */
  uploadId: string;
  visibility?: string;
  fetch?: typeof fetch;
  /** Pieces held by the server so far, of all. */
  onProgress?: (done: number, total: number) => void;
  /** Attempts per piece before giving up; the pause before each retry doubles (backoff), capped at 30 s. */
  attempts?: number;
  pauseMs?: number;
  /** Called before each retry of a piece (the connection dropped). */
  onRetry?: (index: number, attempt: number) => void;
}

export class ChunkedUploadError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`chunked upload failed with ${status}`);
  }
}

const endpoint = (origin: string, token: string, uploadId?: string) =>
  `${origin}/api/v2/media/upload/chunked${uploadId ? `/${uploadId}` : ""}?jwt=${encodeURIComponent(token)}`;

/** Uploads the file; resolves with the API's answer to `end` (the created items). */
export async function uploadInChunks(options: ChunkedUploadOptions): Promise<unknown> {
  const doFetch = options.fetch ?? fetch;
  const attempts = options.attempts ?? 5;
  const pause = (attempt: number) =>
    new Promise((resolve) => setTimeout(resolve, Math.min(30_000, (options.pauseMs ?? 1000) * 2 ** (attempt - 1))));
  const totalSize = options.file.size;
  const total = chunkCount(totalSize);

  const held = async (): Promise<Set<number>> => {
    const response = await doFetch(endpoint(options.origin, options.token, options.uploadId));
    if (response.status === 404) return new Set();
    if (!response.ok) throw new ChunkedUploadError(response.status, await response.json().catch(() => null));
    return new Set(((await response.json()) as { data: ChunkedUploadState }).data.received);
  };

  let received = await held();
  options.onProgress?.(received.size, total);
  for (let index = 0; index < total; index++) {
    if (received.has(index)) continue;
    const { start, end, size } = chunkRangeOf(index, totalSize);
    for (let attempt = 1; ; attempt++) {
      const form = new FormData();
      form.append("action", "upload");
      form.append("upload_id", options.uploadId);
      form.append(
        "meta",
        JSON.stringify({ chunkIndex: index, chunkRange: `${start}-${end}`, chunkSize: size, totalSize, mimeType: options.mimeType }),
      );
      form.append("chunk", options.file.slice(start, end + 1, options.mimeType), `chunk-${index}`);
      try {
        const response = await doFetch(endpoint(options.origin, options.token), { method: "POST", body: form });
        if (!response.ok) throw new ChunkedUploadError(response.status, await response.json().catch(() => null));
        received = new Set(((await response.json()) as { data: ChunkedUploadState }).data.received);
        break;
      } catch (err) {
        // A refusal is final; a dropped connection is retried after asking what arrived.
        if (err instanceof ChunkedUploadError || attempt >= attempts) throw err;
        options.onRetry?.(index, attempt);
        await pause(attempt);
        received = await held().catch(() => received);
        if (received.has(index)) break;
      }
    }
    options.onProgress?.(received.size, total);
  }

  const form = new FormData();
  form.append("action", "end");
  form.append("upload_id", options.uploadId);
  form.append("meta", JSON.stringify({ last_chunk: total - 1, totalSize, mimeType: options.mimeType }));
  if (options.visibility) form.append("visibility", options.visibility);
  const response = await doFetch(endpoint(options.origin, options.token), { method: "POST", body: form });
  const body = await response.json().catch(() => null);
  if (response.status !== 201) throw new ChunkedUploadError(response.status, body);
  return body;
}

export { CHUNK_SIZE };
