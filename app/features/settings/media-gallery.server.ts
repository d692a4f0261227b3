/**
 * user/media_gallery (issue 10 item 3, ADR 029): the loader reads one page of the member's gallery;
 * the action takes the upload (a multipart body streamed through to POST /media/upload, as the
 * registration's photo step does) and every managing button (one small url-encoded form each,
 * `intent` naming the action). Success redirects back to the same page and item with a notice.
 */
import { parseWithValibot } from "@conform-to/valibot";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { ErrorItem } from "#server/contract/errors";
import { MEDIA_VISIBILITY, type MediaVisibility } from "#server/contract/media";
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
import { i18nServer } from "~/i18n/i18next.server";
import { apiErrorReply } from "~/utils/api-errors";
import { readFormData } from "~/utils/form-data.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const GALLERY_INTENTS = ["visibility", "position", "top", "avatar", "cover", "fake_check", "delete", "watermark"] as const;
export type GalleryIntent = (typeof GALLERY_INTENTS)[number] | "upload" | "upload_video";

/** What a refused post answers: where the errors belong and the input to show again. */
export interface GalleryActionData {
  intent: GalleryIntent;
  id: number | null;
  formErrors: string[];
  fieldErrors: Record<string, string[]>;
  values?: Record<string, string>;
}

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
      uploadToken: upload.ok ? upload.data.token : null,
      done: done && (GALLERY_INTENTS as readonly string[]).concat("upload", "upload_video").includes(done) ? (done as GalleryIntent) : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

function refused(intent: GalleryIntent, id: number | null, errors: readonly ErrorItem[], status: number, values?: Record<string, string>) {
  // `files.2` is the upload's files field; an item about the id is about the whole form.
  const fieldOf = (source: string) => (source === "id" ? undefined : source.startsWith("files") ? "files" : source);
  const { formErrors, fieldErrors } = apiErrorReply(errors, fieldOf);
  const body: GalleryActionData = { intent, id, formErrors, fieldErrors, ...(values ? { values } : {}) };
  return data(body, { status, headers: PRIVATE_HEADERS });
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
  if (!request.body) return refused("upload", null, [errorOf("validation.image.required")], 400);
  if (Number(contentLength ?? 0) > UPLOAD_MAX_BODY_BYTES) {
    return refused(
      "upload",
      null,
      [{ ...errorOf("validation.image.file_too_large", 413), source: "files", params: { max: IMAGE_MAX_BYTES } }],
      413,
    );
  }
  const response = await uploadMedia(createApiClient({ request, context }), { stream: request.body, contentType, contentLength });
  if (response.status !== 201) {
    const body = (await response.json().catch(() => ({}))) as { errors?: ErrorItem[] };
    const errors = body.errors?.length ? body.errors : [errorOf("exception.common.something_wrong_happened", response.status)];
    return refused("upload", null, errors, statusOf(response.status));
  }
  return backTo(lang, page, null, "upload");
}

/** The video upload (ADR 034): the same streaming, to POST /media/video; errors point at the file field. */
async function submitVideoUpload(request: Request, context: ActionFunctionArgs["context"], lang: string, page: number) {
  const contentType = request.headers.get("content-type") ?? "";
  const contentLength = request.headers.get("content-length");
  if (!request.body) return refused("upload_video", null, [{ ...errorOf("validation.video.required"), source: "file" }], 400);
  if (Number(contentLength ?? 0) > VIDEO_MAX_BYTES + 1024 * 1024) {
    return refused("upload_video", null, [{ ...errorOf("validation.video.file_too_large", 413), source: "file" }], 413);
  }
  const response = await uploadVideoFile(createApiClient({ request, context }), { stream: request.body, contentType, contentLength });
  if (response.status !== 201) {
    const body = (await response.json().catch(() => ({}))) as { errors?: ErrorItem[] };
    const errors = body.errors?.length ? body.errors : [errorOf("exception.common.something_wrong_happened", response.status)];
    return refused("upload_video", null, errors, statusOf(response.status));
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
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const api = createApiClient({ request, context });

  if (intent === "watermark") {
    const values = Object.fromEntries(["enabled", "color", "corner", "opacity"].map((name) => [name, String(form.get(name) ?? "")]));
    const submission = parseWithValibot(form, { schema: watermarkSchema });
    if (submission.status !== "success") {
      const fieldErrors = Object.fromEntries(Object.entries(submission.error ?? {}).map(([name, messages]) => [name, messages ?? []]));
      return data({ intent: "watermark", id: null, formErrors: [], fieldErrors, values } satisfies GalleryActionData, {
        status: 400,
        headers: PRIVATE_HEADERS,
      });
    }
    const saved = await saveWatermark(api, submission.value);
    if (!saved.ok) return refused("watermark", null, saved.errors, statusOf(saved.status), values);
    return backTo(lang, page, null, "watermark");
  }

  const id = positiveInt(String(form.get("id") ?? ""));
  if (!(GALLERY_INTENTS as readonly string[]).includes(intent) || !id) {
    return refused("delete", null, [errorOf("validation.malformed_body")], 400);
  }
  let action: GalleryAction;
  if (intent === "visibility") {
    const visibility = String(form.get("visibility") ?? "");
    if (!(MEDIA_VISIBILITY as readonly string[]).includes(visibility)) {
      return refused("visibility", id, [{ ...errorOf("validation.invalid"), source: "visibility" }], 400);
    }
    action = { kind: "visibility", id, visibility: visibility as MediaVisibility };
  } else if (intent === "position") {
    const position = positiveInt(String(form.get("position") ?? ""));
    if (position === null) return refused("position", id, [errorOf("validation.invalid")], 400);
    action = { kind: "position", id, position };
  } else {
    action = { kind: intent as Exclude<GalleryAction["kind"], "visibility" | "position">, id };
  }
  const result = await runGalleryAction(api, action);
  if (!result.ok) return refused(intent as GalleryIntent, id, result.errors, statusOf(result.status));
  // A moved photo may now live on another page: follow it there.
  const moved = (result.data as { position?: unknown }).position;
  const landing =
    typeof moved === "number" && (intent === "position" || intent === "top") ? Math.floor(moved / GALLERY_PAGE_SIZE) + 1 : page;
  return backTo(lang, landing, intent === "delete" ? null : id, intent as GalleryIntent);
}
