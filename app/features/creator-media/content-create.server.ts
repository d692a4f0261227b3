/**
 * Content creation (issue 28 item 4, spec section 2 "Content creation"), every step a plain form:
 * - `content-create-setup/benefit`: why to create (first-time creators land here from content-create);
 * - `content-create-setup/price`: the creator's defaults (the ppv price offered, whether new media start fans-only);
 * - `content-create/{id?}` (no footer): without an id, upload (streamed through to POST /media/upload, then the
 *   defaults applied) or pick a medium from the gallery; with one, its visibility, access, price and scheduled
 *   publication, saved at once.
 * Only escorts and businesses create (the API answers 403 to others; the pages then 404).
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import {
  CREATOR_MEDIA_ERRORS,
  creatorDefaultsSchema,
  creatorMediaPaths,
  localFromPublishAt,
  publishAtFromLocal,
} from "#server/contract/creator-media";
import { MEDIUM_ACCESS } from "#server/contract/creators";
import type { ErrorItem } from "#server/contract/errors";
import { isLanguage, DEFAULT_LANGUAGE, type Language } from "#server/contract/locales";
import { MEDIA_VISIBILITY } from "#server/contract/media";
import { defaultUploadVisibility, IMAGE_MAX_BYTES, UPLOAD_MAX_BODY_BYTES, uploadVisibilitiesFor } from "#server/contract/media-upload";
import { USER_TYPE } from "#server/contract/users";
import { createApiClient } from "~/api/client.server";
import {
  applyCreatorDefaults,
  fetchCreatorDefaults,
  fetchCreatorMediaList,
  fetchCreatorMedium,
  saveCreatorDefaults,
  saveCreatorMedium,
} from "~/api/creator-media.server";
import { uploadMedia } from "~/api/media.server";
import { requireViewer, type Viewer } from "~/api/viewer.server";
import { photoLimitsIn } from "~/components/form/photo-limits.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors, streamedReply } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

const langOf = (params: LoaderFunctionArgs["params"]): Language => (isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE);
const notFound = () => new Response(null, { status: 404, headers: PRIVATE_HEADERS });
const failed = (status: number) =>
  new Response(null, { status: status >= 500 ? 503 : status === 403 ? 404 : status, headers: PRIVATE_HEADERS });

const isCreator = (viewer: Viewer) => viewer.profile.userType === USER_TYPE.escort || viewer.profile.userType === USER_TYPE.business;

async function requireCreator(request: Request, context: LoaderFunctionArgs["context"]): Promise<Viewer> {
  const viewer = await requireViewer(request, context);
  if (!isCreator(viewer)) throw notFound();
  return viewer;
}

const DONE = ["price", "upload", "saved"] as const;
type Done = (typeof DONE)[number];
const doneOf = (url: URL): Done | null => {
  const value = url.searchParams.get("done");
  return (DONE as readonly string[]).includes(value ?? "") ? (value as Done) : null;
};

// ── content-create-setup/benefit ───────────────────────────────────────────────────────────────────────────────────

export async function loadBenefit({ request, context, params }: LoaderFunctionArgs) {
  await requireCreator(request, context);
  const lang = langOf(params);
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t("creator_media.benefit.title"),
      benefitPath: creatorMediaPaths.benefit(lang),
      pricePath: creatorMediaPaths.price(lang),
      createPath: creatorMediaPaths.create(lang),
    },
    { headers: PRIVATE_HEADERS },
  );
}

// ── content-create-setup/price ─────────────────────────────────────────────────────────────────────────────────────

export async function loadPriceSetup({ request, context, params }: LoaderFunctionArgs) {
  await requireCreator(request, context);
  const lang = langOf(params);
  const defaults = await fetchCreatorDefaults(createApiClient({ request, context }));
  if (!defaults.ok) throw failed(defaults.status);
  const t = await i18nServer.getFixedT(request);
  return data(
    { title: t("creator_media.price.title"), defaults: defaults.data, benefitPath: creatorMediaPaths.benefit(lang) },
    { headers: PRIVATE_HEADERS },
  );
}

export async function submitPriceSetup({ request, context, params }: ActionFunctionArgs) {
  await requireCreator(request, context);
  const lang = langOf(params);
  const submission = await parseForm(request, creatorDefaultsSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const saved = await saveCreatorDefaults(createApiClient({ request, context }), submission.value);
  if (!saved.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, saved.errors) },
      { status: saved.status >= 500 ? 503 : 400, headers: PRIVATE_HEADERS },
    );
  throw redirect(`${creatorMediaPaths.create(lang)}?done=price`, { headers: PRIVATE_HEADERS });
}

// ── content-create/{id?} ───────────────────────────────────────────────────────────────────────────────────────────

const idOf = (params: LoaderFunctionArgs["params"]): number | null | "invalid" =>
  params.id === undefined ? null : /^[1-9]\d{0,9}$/.test(params.id) ? Number(params.id) : "invalid";

export async function loadContentCreate({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireCreator(request, context);
  const lang = langOf(params);
  const id = idOf(params);
  if (id === "invalid") throw notFound();
  const url = new URL(request.url);
  const api = createApiClient({ request, context });
  const t = await i18nServer.getFixedT(request);
  const title = t("creator_media.create.title");
  if (id === null) {
    const list = await fetchCreatorMediaList(api);
    if (!list.ok) throw failed(list.status);
    return data(
      {
        title,
        mode: "pick" as const,
        list: list.data,
        medium: null,
        publishAtLocal: "",
        defaultVisibility: defaultUploadVisibility(viewer.profile.userType),
        visibilities: uploadVisibilitiesFor(viewer.profile.userType),
        photoLimits: photoLimitsIn(lang),
        done: doneOf(url),
        paths: { benefit: creatorMediaPaths.benefit(lang), price: creatorMediaPaths.price(lang), create: creatorMediaPaths.create(lang) },
      },
      { headers: PRIVATE_HEADERS },
    );
  }
  const [medium, defaults] = [await fetchCreatorMedium(api, id), await fetchCreatorDefaults(api)];
  if (!medium.ok) throw failed(medium.status);
  return data(
    {
      title,
      mode: "edit" as const,
      list: defaults.ok ? { items: [], defaults: defaults.data } : null,
      medium: medium.data,
      publishAtLocal: medium.data.publishAt === null ? "" : localFromPublishAt(medium.data.publishAt),
      defaultVisibility: defaultUploadVisibility(viewer.profile.userType),
      visibilities: uploadVisibilitiesFor(viewer.profile.userType),
      photoLimits: photoLimitsIn(lang),
      done: doneOf(url),
      paths: { benefit: creatorMediaPaths.benefit(lang), price: creatorMediaPaths.price(lang), create: creatorMediaPaths.create(lang) },
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** `files.2` is the upload's files field. */
const fieldOf = (source: string) => (source.startsWith("files") ? "files" : source);
const errorOf = (key: string, code = 400): ErrorItem => ({ code, title: key, message: key, key });

async function submitUpload(request: Request, context: ActionFunctionArgs["context"], lang: Language) {
  const contentType = request.headers.get("content-type") ?? "";
  const contentLength = request.headers.get("content-length");
  const refuse = (errors: readonly ErrorItem[], status: number) =>
    data({ lastResult: streamedReply(errors, fieldOf, { intent: "upload" }) }, { status, headers: PRIVATE_HEADERS });
  if (!request.body) return refuse([{ ...errorOf("validation.image.required"), source: "files" }], 400);
  if (Number(contentLength ?? 0) > UPLOAD_MAX_BODY_BYTES)
    return refuse([{ ...errorOf("validation.image.file_too_large", 413), source: "files", params: { max: IMAGE_MAX_BYTES } }], 413);
  const api = createApiClient({ request, context });
  const response = await uploadMedia(api, { stream: request.body, contentType, contentLength });
  const body = (await response.json().catch(() => ({}))) as { data?: Array<{ id: number }>; errors?: ErrorItem[] };
  if (response.status !== 201 || !body.data?.length) {
    const errors = body.errors?.length ? body.errors : [errorOf("exception.common.something_wrong_happened", response.status)];
    return refuse(errors, [400, 413, 429].includes(response.status) ? response.status : response.status >= 500 ? 503 : 400);
  }
  const ids = body.data.map((item) => item.id);
  // New media start with the creator's defaults (fans-only when chosen); the first opens for its settings.
  await applyCreatorDefaults(api, ids);
  throw redirect(`${creatorMediaPaths.create(lang, ids[0])}?done=upload`, { headers: PRIVATE_HEADERS });
}

/** The settings form: the API judges visibility, access and price; the publication time is read here first. */
const mediumFormSchema = v.object({
  visibility: v.picklist(MEDIA_VISIBILITY, "validation.invalid"),
  access: v.picklist(MEDIUM_ACCESS, "validation.invalid"),
  price: v.optional(v.string()),
  publish_at: v.optional(v.string()),
});

export async function submitContentCreate({ request, context, params }: ActionFunctionArgs) {
  await requireCreator(request, context);
  const lang = langOf(params);
  const id = idOf(params);
  if (id === "invalid") throw notFound();
  if (/^multipart\/form-data\s*;/i.test(request.headers.get("content-type") ?? "")) return await submitUpload(request, context, lang);
  if (id === null) throw notFound();
  const submission = await parseForm(request, mediumFormSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const form = submission.value;
  const local = (form.publish_at ?? "").trim();
  const publishAt = local === "" ? null : publishAtFromLocal(local);
  if (local !== "" && publishAt === null)
    return data(
      { lastResult: submission.reply({ fieldErrors: { publish_at: [CREATOR_MEDIA_ERRORS.publishAt] } }) },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  const saved = await saveCreatorMedium(createApiClient({ request, context }), id, {
    visibility: form.visibility,
    access: form.access,
    price: form.price ?? "",
    publish_at: publishAt,
  });
  if (!saved.ok) {
    if (saved.status === 404 || saved.status === 403) throw notFound();
    return data(
      { lastResult: replyWithApiErrors(submission, saved.errors) },
      { status: saved.status >= 500 ? 503 : 400, headers: PRIVATE_HEADERS },
    );
  }
  throw redirect(`${creatorMediaPaths.create(lang, id)}?done=saved`, { headers: PRIVATE_HEADERS });
}
