/** HTTP of the media group (spec section 7: upload, my, …): photo upload, own list, and the file gate. */
import { fail } from "../../api/errors";
import { ok } from "../../api/router";
import { IMAGE_MAX_BYTES, IMAGES_PER_UPLOAD, UPLOAD_MAX_BODY_BYTES } from "../../contract/media-upload";
import { mediaOps } from "../../contract/operations/media";
import type { ModuleContext } from "../../api/module-context";
import { registerChunkedUpload } from "./chunked";
import { registerGallery } from "./gallery-routes";
import { registerVideoUpload } from "./video-routes";
import { singleByteRange } from "../../api/byte-range";
import { receiveUpload } from "./multipart";
import { imageQueueOf } from "./queue";
import { assertUploadAllowed, countUpload, listMyMedia, readMediaVariant, requestedUploadVisibility, uploadPhotos } from "./service";

/** Variants never change under their URL (a new upload gets a new key): browsers keep them a year. */
const IMMUTABLE = "max-age=31536000, immutable";
/**
 * Shared caches (a CDN, later) revalidate guest-visible photos hourly, so a ban or a
 * pause reaches them within the hour; browsers keep what they were already shown.
 */
const SHARED_CACHE = `public, ${IMMUTABLE}, s-maxage=3600`;
const PRIVATE_CACHE = `private, ${IMMUTABLE}`;
/** A paid or fans-only medium's file (ADR 093): asked again on every request, kept by no cache. */
const PAID_CACHE = "private, no-store";

export function registerMedia(context: ModuleContext): void {
  const { v2, deps } = context;
  registerGallery(context);
  registerChunkedUpload(context);
  registerVideoUpload(context);
  v2.add(
    mediaOps.upload,
    {
      summary:
        "Upload 1 to 16 photos (multipart/form-data: files, optional visibility), streamed to disk and processed one at a time. Each 50,000 to 20,000,000 bytes (larger: 413), JPEG/PNG/WebP by content, at most 50 megapixels, at least 200 px wide; stored as AVIF, WebP and JPEG variants at widths 160/320/640/1080 without EXIF/GPS. The first photo of a user becomes the avatar. Errors carry source files.N. 30 upload requests per user and hour (then 429 with Retry-After); 503 with Retry-After while the image queue is full.",
      tag: "media",
      auth: "required",
      maxBodyBytes: UPLOAD_MAX_BODY_BYTES,
      streamsBody: true,
      statuses: [201, 400, 401, 413, 429, 503],
    },
    async (c, { user }) => {
      // Refusals that need no body come before reading it.
      imageQueueOf(deps).assertRoom();
      await assertUploadAllowed(deps, user!.id);
      const upload = await receiveUpload(c.req.raw, {
        tmpDir: deps.config.uploadTmpDir,
        fileField: "files",
        maxFiles: IMAGES_PER_UPLOAD,
        maxFileBytes: IMAGE_MAX_BYTES,
        maxBodyBytes: UPLOAD_MAX_BODY_BYTES,
        fields: ["visibility"],
      });
      try {
        if (upload.files.length === 0) throw fail.badRequest("validation.image.required", "files");
        await countUpload(deps, user!.id);
        const visibility = requestedUploadVisibility(upload.fields.get("visibility"), user!.userType);
        const items = await uploadPhotos(deps, { id: user!.id, userType: user!.userType }, upload.files, visibility);
        return ok(c, items, { status: 201 });
      } finally {
        await upload.cleanup();
      }
    },
  );

  v2.add(
    mediaOps.mine,
    {
      summary: "The caller's own media, in gallery order, with their image variants.",
      tag: "media",
      auth: "required",
    },
    async (c, { user }) => ok(c, await listMyMedia(deps, user!.id)),
  );

  v2.add(
    mediaOps.file,
    {
      summary:
        "One stored variant of a photo ({width}.avif|webp|jpg, or `original` for photos stored before variants) or a video (`video.mp4`, with single byte ranges: 206/416; its poster as the photo variants), by the photo's random key, if the caller may see it: never for banned or deleted accounts; the owner always; others only accepted photos of a listed profile (active, registration finished, visible), not across a block, not a members-only profile as a guest, at a visibility level they have (public all; logged_in signed-in; plus_member running plus; fsk18 age-verified; private nobody); or with a valid grant `g` (claim preview). A medium scheduled for later exists for others only from its publication on. A paid or fans-only medium (issue 28, ADR 093) opens to others only with a grant `g` bound to the caller (handed out with the pages that show it) and only while the caller may open it (bought, a paid-for fan subscription, a bought bundle; owner and staff always), asked on every request; its photos come with the caller's username drawn on them, never cached (no-store); `preview.jpg` is its blurred preview for everyone who may see it. 404 otherwise. Browsers use /media/{key}/{variant}, which forwards the session.",
      tag: "media",
      auth: "optional",
      statuses: [206, 404, 416],
    },
    async (c, { user }) => {
      const range = singleByteRange(c.req.header("range"));
      const file = await readMediaVariant(deps, c.req.param("key") ?? "", c.req.param("variant") ?? "", user, c.req.query("g"), range);
      const headers: Record<string, string> = {
        "Content-Type": file.mimeType,
        "Content-Length": String(file.object.size),
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": file.access === "shared" ? SHARED_CACHE : file.access === "paid" ? PAID_CACHE : PRIVATE_CACHE,
        Vary: "Authorization",
      };
      if (file.mimeType.startsWith("video/")) headers["Accept-Ranges"] = "bytes";
      if (!file.ranged || !range) return c.body(file.object.body, 200, headers);
      if (range.start >= file.object.totalSize) {
        await file.object.body.cancel();
        return c.body(null, 416, { "Content-Range": `bytes */${file.object.totalSize}`, "Cache-Control": headers["Cache-Control"]! });
      }
      const end = range.start + file.object.size - 1;
      return c.body(file.object.body, 206, { ...headers, "Content-Range": `bytes ${range.start}-${end}/${file.object.totalSize}` });
    },
  );
}
