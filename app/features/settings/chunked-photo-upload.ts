/**
 * The gallery's photo upload with JavaScript (ADR 029, spec section 7): each chosen photo is shrunk in
 * the browser (from 100 KB: JPEG, longer side ≤ 2560 px), then sent in 512 KB pieces with the page's
 * upload-only token (app/api/media-chunked.ts retries a lost piece with backoff and asks the server
 * what it holds). The upload id of each photo is kept in sessionStorage, so choosing the same photo
 * again after a dropped connection or a reload continues where it stopped. Browser APIs are touched
 * only inside functions: the module is imported by the server render too.
 */
import { createStore } from "zustand/vanilla";
import type { ErrorItem } from "#server/contract/errors";
import { COMPRESS_FROM_BYTES, COMPRESS_MAX_SIDE, COMPRESS_QUALITY } from "#server/contract/chunked-basics";
import { IMAGE_FORMATS, IMAGES_PER_UPLOAD } from "#server/contract/image-limits";
import { ChunkedUploadError, uploadInChunks } from "~/api/media-chunked";
import { messageOf } from "~/utils/api-errors";

export type UploadPhase = "idle" | "compressing" | "sending" | "retrying" | "finishing" | "done" | "failed";

export interface UploadState {
  phase: UploadPhase;
  /** 1-based number of the photo in hand, of `count`. */
  current: number;
  count: number;
  /** 0…1 over all photos. */
  fraction: number;
  /** A message key (with params, see messageOf) or a gallery_upload key; set when failed. */
  error: string | null;
}

const IDLE: UploadState = { phase: "idle", current: 0, count: 0, fraction: 0, error: null };

/** One store per upload form (created in the component: server renders never share it). */
export const createUploadStore = () => createStore<UploadState>(() => IDLE);
export type UploadStore = ReturnType<typeof createUploadStore>;

const ACCEPTED = new Set<string>(Object.values(IMAGE_FORMATS));

/** Whether the enhanced upload can take these files; otherwise the plain form posts (the server explains). */
export function canSendInChunks(files: readonly File[]): boolean {
  return (
    files.length > 0 &&
    files.length <= IMAGES_PER_UPLOAD &&
    files.every((file) => ACCEPTED.has(file.type)) &&
    typeof createImageBitmap === "function" &&
    typeof sessionStorage !== "undefined"
  );
}

/** The photo as JPEG at most COMPRESS_MAX_SIDE long, if that is smaller; small or undecodable files go as they are. */
export async function compressPhoto(file: File): Promise<Blob> {
  if (file.size < COMPRESS_FROM_BYTES) return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const scale = Math.min(1, COMPRESS_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext("2d");
    if (!context) return file;
    // JPEG has no transparency: a PNG's clear parts become white, not black.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, IMAGE_FORMATS.jpeg, COMPRESS_QUALITY));
    return blob && blob.size < file.size ? blob : file;
  } catch {
    return file;
  }
}

/** The upload id for this photo (as sent): the same after a reload, so the server's pieces are found again. */
function uploadIdFor(file: File, sent: Blob): { id: string; forget: () => void } {
  const key = `gallery-upload:${file.name}:${file.size}:${file.lastModified}:${sent.size}:${sent.type}`;
  let id = sessionStorage.getItem(key);
  if (!id) {
    id = crypto.randomUUID().replaceAll("-", "");
    sessionStorage.setItem(key, id);
  }
  return { id, forget: () => sessionStorage.removeItem(key) };
}

function messageOfError(err: unknown): string {
  if (err instanceof ChunkedUploadError) {
    const item = (err.body as { errors?: ErrorItem[] } | null)?.errors?.[0];
    return item ? messageOf(item) : "exception.common.something_wrong_happened";
  }
  // Still no connection after every retry: the pieces sent so far stay on the server.
  return "gallery_upload.offline";
}

/** Sends the photos one after the other; resolves true when all arrived. */
export async function sendPhotos(
  store: UploadStore,
  options: { token: string; files: readonly File[]; visibility: string; pauseMs?: number },
): Promise<boolean> {
  const count = options.files.length;
  const set = (patch: Partial<UploadState>) => store.setState({ ...store.getState(), ...patch });
  set({ ...IDLE, count });
  for (const [index, file] of options.files.entries()) {
    const current = index + 1;
    const share = (done: number) => set({ fraction: (index + done) / count });
    set({ phase: "compressing", current });
    const sent = await compressPhoto(file);
    const { id, forget } = uploadIdFor(file, sent);
    try {
      await uploadInChunks({
        origin: "",
        token: options.token,
        file: sent,
        mimeType: sent.type,
        uploadId: id,
        visibility: options.visibility,
        attempts: 6,
        pauseMs: options.pauseMs ?? 1000,
        onProgress: (done, total) => {
          share(done / total);
          set({ phase: done === total ? "finishing" : "sending" });
        },
        onRetry: () => set({ phase: "retrying" }),
      });
      forget();
      share(1);
    } catch (err) {
      // A refused photo is not resumable (the same pieces would be refused again).
      if (err instanceof ChunkedUploadError) forget();
      set({ phase: "failed", error: messageOfError(err) });
      return false;
    }
  }
  set({ phase: "done", fraction: 1 });
  return true;
}
