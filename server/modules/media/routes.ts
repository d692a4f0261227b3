/** HTTP of the media group (spec section 7: upload, my, …): photo upload, own list, and the file gate. */
import { ApiError, errorItem, fail } from "../../api/errors";
import { ok } from "../../api/router";
import { MEDIA_VISIBILITY, type MediaVisibility } from "../../contract/media";
import { defaultUploadVisibility, IMAGE_MAX_BYTES, IMAGES_PER_UPLOAD } from "../../contract/media-upload";
import type { ModuleContext } from "../index";
import { listMyMedia, readMediaFile, uploadPhotos } from "./service";

/** Room for the largest allowed batch plus the multipart framing. */
const UPLOAD_MAX_BODY = IMAGES_PER_UPLOAD * IMAGE_MAX_BYTES + 1024 * 1024;

export function registerMedia({ v2, deps }: ModuleContext): void {
  v2.add(
    {
      method: "post",
      path: "/media/upload",
      summary:
        "Upload 1 to 16 photos (multipart/form-data: files, optional visibility). Each 50,000 to 20,000,000 bytes, JPEG/PNG/WebP by content, at least 200 px wide; EXIF/GPS are removed. The first photo of a user becomes the avatar. Errors carry source files.N.",
      tag: "media",
      auth: "required",
      maxBodyBytes: UPLOAD_MAX_BODY,
      statuses: [201, 400, 401, 413],
    },
    async (c, { user }) => {
      const type = (c.req.header("content-type") ?? "").toLowerCase();
      if (!type.includes("multipart/form-data")) throw new ApiError(400, [errorItem(400, "validation.malformed_body")]);
      const form = await c.req.formData().catch(() => {
        throw new ApiError(400, [errorItem(400, "validation.malformed_body")]);
      });
      const files = form.getAll("files").filter((entry): entry is File => typeof entry !== "string" && entry.size > 0);
      if (files.length === 0) throw fail.badRequest("validation.image.required", "files");
      if (files.length > IMAGES_PER_UPLOAD) {
        throw new ApiError(400, [errorItem(400, "validation.image.too_many", "files", { max: IMAGES_PER_UPLOAD })]);
      }
      const requested = form.get("visibility");
      let visibility: MediaVisibility = defaultUploadVisibility(user!.userType);
      if (typeof requested === "string" && requested !== "") {
        if (!(MEDIA_VISIBILITY as readonly string[]).includes(requested)) throw fail.badRequest("validation.invalid", "visibility");
        visibility = requested as MediaVisibility;
      }
      const bytes = await Promise.all(files.map(async (file) => new Uint8Array(await file.arrayBuffer())));
      const items = await uploadPhotos(deps, { id: user!.id, userType: user!.userType }, bytes, visibility);
      return ok(c, items, { status: 201 });
    },
  );

  v2.add(
    {
      method: "get",
      path: "/media/my",
      summary: "The caller's own media, in gallery order, with their file URLs.",
      tag: "media",
      auth: "required",
    },
    async (c, { user }) => ok(c, await listMyMedia(deps, user!.id)),
  );

  v2.add(
    {
      method: "get",
      path: "/media/:id/file",
      summary:
        "The bytes of a photo if the caller may see it (owner; public for all; logged_in for signed-in users; plus_member for running plus memberships; fsk18 for age-verified viewers, i.e. only the owner until age verification exists; private for the owner). 404 otherwise. Browsers use /media/{id}, which forwards the session.",
      tag: "media",
      auth: "optional",
      statuses: [404],
    },
    async (c, { user }) => {
      const id = c.req.param("id") ?? "";
      if (!/^\d{1,12}$/.test(id)) throw fail.notFound();
      const file = await readMediaFile(deps, Number(id), user);
      return c.body(new Uint8Array(file.data), 200, {
        "Content-Type": file.mimeType,
        "Content-Length": String(file.data.byteLength),
        "X-Content-Type-Options": "nosniff",
        // Only public files may sit in shared caches; the rest depend on who asks.
        "Cache-Control": file.visibility === "public" ? "public, max-age=86400" : "private, max-age=300",
        Vary: "Authorization",
      });
    },
  );
}
