/** HTTP of video uploads (spec section 7 "media and gallery": video; ADR 034). */
import { fail } from "../../api/errors";
import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import { VIDEO_MAX_BYTES, VIDEO_MAX_DURATION_MS, VIDEO_UPLOADS_PER_DAY } from "../../contract/media-video";
import { mediaOps } from "../../contract/operations/media";
import { receiveUpload } from "./multipart";
import { requestedUploadVisibility } from "./service";
import { assertVideoUploadAllowed, uploadVideo } from "./video";

const VIDEO_MAX_BODY_BYTES = VIDEO_MAX_BYTES + 1024 * 1024;

export function registerVideoUpload({ v2, deps }: ModuleContext): void {
  v2.add(
    mediaOps.uploadVideo,
    {
      summary: `Upload one video (multipart/form-data: file, optional visibility): MP4, WebM or MOV by content, at most ${VIDEO_MAX_BYTES / 1_000_000} MB (larger: 413) and ${VIDEO_MAX_DURATION_MS / 60_000} minutes, at least 1 second, at most 4096 px. Answers 201 with the gallery item in status encoding 3; a background job encodes it to H.264/AAC MP4 (≤1280×720, no metadata) with a poster, then it waits for the team (pending 0). ${VIDEO_UPLOADS_PER_DAY} videos per member and day (then 429 with Retry-After). Errors carry source file: validation.video.invalid_type, too_short, too_long, too_large_dimensions.`,
      tag: "media",
      auth: "required",
      maxBodyBytes: VIDEO_MAX_BODY_BYTES,
      streamsBody: true,
      statuses: [201, 400, 401, 413, 429],
    },
    async (c, { user }) => {
      await assertVideoUploadAllowed(deps, user!.id);
      const upload = await receiveUpload(c.req.raw, {
        tmpDir: deps.config.uploadTmpDir,
        fileField: "file",
        maxFiles: 1,
        maxFileBytes: VIDEO_MAX_BYTES,
        maxBodyBytes: VIDEO_MAX_BODY_BYTES,
        fields: ["visibility"],
        tooLarge: { key: "validation.video.file_too_large", source: () => "file" },
      });
      try {
        const file = upload.files[0];
        if (!file) throw fail.badRequest("validation.video.required", "file");
        const visibility = requestedUploadVisibility(upload.fields.get("visibility"), user!.userType);
        return ok(c, await uploadVideo(deps, { id: user!.id, userType: user!.userType }, file, visibility), { status: 201 });
      } finally {
        await upload.cleanup();
      }
    },
  );
}
