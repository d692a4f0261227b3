/**
 * user/media_gallery (issue 10 item 3, ADR 029): the loader reads one page of the member's gallery;
 * the action takes the upload (a multipart body streamed through to POST /media/upload, as the
 * registration's photo step does) and every managing button (one small url-encoded form each,
 * `intent` naming the action). Success redirects back to the same page and item with a notice.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { ErrorItem } from "#server/contract/errors";
import * as v from "valibot";
import { MEDIUM_ACCESS } from "#server/contract/creators";
import { MEDIA_VISIBILITY } from "#server/contract/media";
import { USER_TYPE } from "#server/contract/users";
import { saveMediumAccess } from "~/api/creator-media.server";
import { GALLERY_PAGE_SIZE, watermarkSchema } from "#server/contract/media-gallery";
import { defaultUploadVisibility, IMAGE_MAX_BYTES, UPLOAD_MAX_BODY_BYTES } from "#server/contract/media-upload";
import { createApiClient } from "~/api/client.server";
import {
  fetchGallery,
  fetchUploadToken,
  runGalleryAction,
  saveWatermark,
  uploadMedia,
  uploadVideoFile,
  type GalleryAction,
} from "~/api/media.server";
import { VIDEO_MAX_BYTES } from "#server/contract/media-video";
import { requireViewer } from "~/api/viewer.server";
import { photoLimitsIn } from "~/components/form/photo-limits.server";
import { i18nServer } from "~/i18n/i18next.server";
import { intentVariant } from "~/components/form/schema";
import { parseForm, replyWithApiErrors, streamedReply } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const GALLERY_INTENTS = ["visibility", "position", "top", "avatar", "cover", "fake_check", "delete", "watermark", "access"] as const;
export type GalleryIntent = (typeof GALLERY_INTENTS)[number] | "upload" | "upload_video";

const positiveInt = (value: string | null) => (value && /^\d{1,9}$/.test(value) ? Number(value) : null);

function pageOf(url: URL): number {
  return positiveInt(url.searchParams.get("page")) || 1;
}

export async function loadMediaGallery({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const url = new URL(request.url);
  const api = createApiClient({ request, context });
  // The upload-only token lets the page's script send photos in pieces (ADR 029); without it (or
  // without JavaScript) the plain form posts as before. One after the other: the first call may
  // renew the session, and two renewals at once would look like a replayed refresh token.
  const result = await fetchGallery(api, pageOf(url));
  if (!result.ok) throw new Response(null, { status: result.status >= 500 ? 503 : result.status, headers: PRIVATE_HEADERS });
  const upload = await fetchUploadToken(api);
  const t = await i18nServer.getFixedT(request);
  const itemId = positiveInt(url.searchParams.get("item"));
  const done = url.searchParams.get("done");
  return data(
    {
      title: t("settings.pages.media_gallery.title"),
      gallery: result.data,
      selected: result.data.items.find((item) => item.id === itemId) ?? null,
      defaultVisibility: defaultUploadVisibility(viewer.profile.userType),
      // Escorts and businesses sell media and keep fans (issue 28): only they get the access form.
      isCreator: viewer.profile.userType === USER_TYPE.escort || viewer.profile.userType === USER_TYPE.business,
      uploadToken: upload.ok ? upload.data.token : null,
      photoLimits: photoLimitsIn(api.language),
      done: done && (GALLERY_INTENTS as readonly string[]).concat("upload", "upload_video").includes(done) ? (done as GalleryIntent) : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** `files.2` is the upload's files field; an item about the id is about the whole form. */
const fieldOf = (source: string) => (source === "id" ? undefined : source.startsWith("files") ? "files" : source);

/** A refused post: its reply (errors where they belong, the input kept) with the status it keeps. */
function refused(lastResult: SubmissionResult<string[]>, status: number) {
  return data({ lastResult }, { status, headers: PRIVATE_HEADERS });
}

const errorOf = (key: string, code = 400): ErrorItem => ({ code, title: key, message: key, key });

/** The statuses a refusal keeps (the rest become 400, a server fault 503). */
const KEPT_STATUSES = new Set([400, 404, 409, 413, 429]);
const statusOf = (status: number) => (KEPT_STATUSES.has(status) ? status : status >= 500 ? 503 : 400);

function backTo(lang: string, page: number, id: number | null, done: GalleryIntent) {
  const query = new URLSearchParams({ page: String(page), done });
  if (id !== null) query.set("item", String(id));
  return redirect(`/${lang}/user/media_gallery?${query.toString()}${id !== null ? "#manage" : ""}`, { headers: PRIVATE_HEADERS });
}

/** The upload: the browser's multipart body goes through unread (ADR 018); the API answers per file. */
async function submitUpload(request: Request, context: ActionFunctionArgs["context"], lang: string, page: number) {
  const contentType = request.headers.get("content-type") ?? "";
  const contentLength = request.headers.get("content-length");
  // The upload is streamed through unread (ADR 018): its reply carries its intent for the page.
  const refuse = (errors: readonly ErrorItem[], status: number) => refused(streamedReply(errors, fieldOf, { intent: "upload" }), status);
  if (!request.body) return refuse([errorOf("validation.image.required")], 400);
  if (Number(contentLength ?? 0) > UPLOAD_MAX_BODY_BYTES) {
    return refuse([{ ...errorOf("validation.image.file_too_large", 413), source: "files", params: { max: IMAGE_MAX_BYTES } }], 413);
  }
  const response = await uploadMedia(createApiClient({ request, context }), { stream: request.body, contentType, contentLength });
  if (response.status !== 201) {
    const body = (await response.json().catch(() => ({}))) as { errors?: ErrorItem[] };
    const errors = body.errors?.length ? body.errors : [errorOf("exception.common.something_wrong_happened", response.status)];
    return refuse(errors, statusOf(response.status));
  }
  return backTo(lang, page, null, "upload");
}

/** The video upload (ADR 034): the same streaming, to POST /media/video; errors point at the file field. */
async function submitVideoUpload(request: Request, context: ActionFunctionArgs["context"], lang: string, page: number) {
  const contentType = request.headers.get("content-type") ?? "";
  const contentLength = request.headers.get("content-length");
  const refuse = (errors: readonly ErrorItem[], status: number) =>
    refused(streamedReply(errors, fieldOf, { intent: "upload_video" }), status);
  if (!request.body) return refuse([{ ...errorOf("validation.video.required"), source: "file" }], 400);
  if (Number(contentLength ?? 0) > VIDEO_MAX_BYTES + 1024 * 1024) {
    return refuse([{ ...errorOf("validation.video.file_too_large", 413), source: "file" }], 413);
  }
  const response = await uploadVideoFile(createApiClient({ request, context }), { stream: request.body, contentType, contentLength });
  if (response.status !== 201) {
    const body = (await response.json().catch(() => ({}))) as { errors?: ErrorItem[] };
    const errors = body.errors?.length ? body.errors : [errorOf("exception.common.something_wrong_happened", response.status)];
    return refuse(errors, statusOf(response.status));
  }
  return backTo(lang, page, null, "upload_video");
}

export async function submitMediaGallery({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = params.lang!;
  const url = new URL(request.url);
  const page = pageOf(url);
  if (/^multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? "")) {
    if (url.searchParams.get("upload") === "video") return await submitVideoUpload(request, context, lang, page);
    return await submitUpload(request, context, lang, page);
  }
  const submission = await parseForm(request, galleryFormSchema);
  if (submission.status !== "success") return refused(submission.reply(), 400);
  const api = createApiClient({ request, context });
  const form = submission.value;

  if (form.intent === "access") {
    const saved = await saveMediumAccess(api, form.id, { access: form.access, price: form.price ?? "" });
    if (!saved.ok) return refused(replyWithApiErrors(submission, saved.errors, fieldOf), statusOf(saved.status));
    return backTo(lang, page, form.id, "access");
  }

  if (form.intent === "watermark") {
    const { intent: _intent, ...watermark } = form;
    const saved = await saveWatermark(api, watermark);
    if (!saved.ok) return refused(replyWithApiErrors(submission, saved.errors, fieldOf), statusOf(saved.status));
    return backTo(lang, page, null, "watermark");
  }

  const action: GalleryAction =
    form.intent === "visibility"
      ? { kind: "visibility", id: form.id, visibility: form.visibility }
      : form.intent === "position"
        ? { kind: "position", id: form.id, position: form.position }
        : { kind: form.intent, id: form.id };
  const result = await runGalleryAction(api, action);
  if (!result.ok) return refused(replyWithApiErrors(submission, result.errors, fieldOf), statusOf(result.status));
  // A moved photo may now live on another page: follow it there.
  const moved = (result.data as { position?: unknown }).position;
  const landing =
    typeof moved === "number" && (form.intent === "position" || form.intent === "top") ? Math.floor(moved / GALLERY_PAGE_SIZE) + 1 : page;
  return backTo(lang, landing, form.intent === "delete" ? null : form.id, form.intent);
}

/**
 * The managing forms: the watermark (the contract's rule), and a button per action on one item (its id), the
 * visibility with its choice and a move with its new place.
 */
const itemId = v.pipe(
  v.string("validation.malformed_body"),
  v.regex(/^\d{1,9}$/, "validation.malformed_body"),
  v.transform(Number),
  v.minValue(1, "validation.malformed_body"),
);
const itemButton = v.object({ id: itemId });
const galleryFormSchema = intentVariant(
  {
    watermark: watermarkSchema,
    visibility: v.object({ id: itemId, visibility: v.picklist(MEDIA_VISIBILITY, "validation.invalid") }),
    // The price is the API's to judge (its translated error comes back to the field, the input kept).
    access: v.object({ id: itemId, access: v.picklist(MEDIUM_ACCESS, "validation.invalid"), price: v.optional(v.string()) }),
    position: v.object({
      id: itemId,
      position: v.pipe(v.number("validation.invalid"), v.integer("validation.invalid"), v.minValue(0, "validation.invalid")),
    }),
    top: itemButton,
    avatar: itemButton,
    cover: itemButton,
    fake_check: itemButton,
    delete: itemButton,
  },
  { message: "validation.malformed_body" },
);
