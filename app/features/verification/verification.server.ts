/**
 * Verification in the web tier (issue 30 item 2, ADR 107): user/verification (the member's checks: the webcam code,
 * the photo from the phone's front camera, the document photos), the back office's verification queue and the
 * staff-only photo route. Plain forms that post to their own page and redirect; every rule is the API's.
 */
import { loadStaffQueue } from "~/features/backoffice/staff-queue.server";
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import type { ErrorItem } from "#server/contract/errors";
import { IMAGE_MAX_BYTES } from "#server/contract/media-upload";
import { parseRowId } from "#server/contract/row-id";
import { USER_TYPE } from "#server/contract/users";
import { VERIFICATION_FILE_SIDES, verificationRejectSchema, type VerificationFileSide } from "#server/contract/verification";
import { createApiClient } from "~/api/client.server";
import {
  decideCheck,
  fetchCheckFile,
  fetchVerificationOverview,
  fetchVerificationQueue,
  startWebcamCheck,
  uploadCheck,
} from "~/api/verification.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { noStore } from "~/utils/cache-headers";
import { parseForm, replyWithApiErrors, streamedReply } from "~/utils/forms.server";
import { notFoundResponse } from "~/utils/not-found.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

/** The member page's forms: the start of a webcam attempt (url-encoded) and the three uploads (multipart). */
export const VERIFICATION_FORMS = ["start", "webcam", "id", "prostschg"] as const;
export type VerificationForm = (typeof VERIFICATION_FORMS)[number];
const UPLOAD_FORMS = ["webcam", "id", "prostschg"] as const;
/** Two photos and a little: a larger body is refused before it is read. */
const MAX_UPLOAD_BYTES = 2 * IMAGE_MAX_BYTES + 64 * 1024;

const langOf = (params: ActionFunctionArgs["params"]) => params.lang ?? "de";
export const verificationPagePath = (lang: string) => `/${lang}/user/verification`;

function unavailable(status: number): never {
  throw new Response(null, { status: status >= 500 ? 503 : status, headers: PRIVATE_HEADERS });
}

export async function loadVerification({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const result = await fetchVerificationOverview(createApiClient({ request, context }));
  if (!result.ok) unavailable(result.status);
  const t = await i18nServer.getFixedT(request);
  const done = new URL(request.url).searchParams.get("done");
  return data(
    {
      title: t("verification.page.title", { ns: "verification" }),
      overview: result.data,
      isEscort: viewer.profile.userType === USER_TYPE.escort,
      done: done && (VERIFICATION_FORMS as readonly string[]).includes(done) ? (done as VerificationForm) : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** A refused post: the API's errors at their fields, and which form it was. */
function refused(form: VerificationForm, lastResult: SubmissionResult<string[]>, status: number) {
  return data({ form, lastResult }, { status: [400, 403, 404, 409, 413, 429].includes(status) ? status : 503, headers: PRIVATE_HEADERS });
}

const errorOf = (key: string, code = 400, source?: string): ErrorItem => ({
  code,
  title: key,
  message: key,
  key,
  ...(source ? { source } : {}),
});

/** The upload forms post multipart to `?form=<kind>` (the body is streamed through unread, so the form is named in the URL). */
export async function submitVerification({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const api = createApiClient({ request, context });
  const form = new URL(request.url).searchParams.get("form");
  const upload = UPLOAD_FORMS.find((kind) => kind === form);
  if (upload) {
    const field = upload === "webcam" ? "photo" : "front";
    const contentType = request.headers.get("content-type") ?? "";
    const contentLength = request.headers.get("content-length");
    const refuse = (errors: readonly ErrorItem[], status: number) =>
      refused(
        upload,
        streamedReply(errors, (source) => source || undefined),
        status,
      );
    if (!request.body || !/^multipart\/form-data/i.test(contentType))
      return refuse([errorOf("validation.malformed_body", 400, field)], 400);
    if (Number(contentLength ?? 0) > MAX_UPLOAD_BYTES)
      return refuse([{ ...errorOf("validation.image.file_too_large", 413, field), params: { max: IMAGE_MAX_BYTES } }], 413);
    const response = await uploadCheck(api, upload, { stream: request.body, contentType, contentLength });
    if (response.status !== 201) {
      const body = (await response.json().catch(() => ({}))) as { errors?: ErrorItem[] };
      return refuse(
        body.errors?.length ? body.errors : [errorOf("exception.common.something_wrong_happened", response.status)],
        response.status,
      );
    }
    throw redirect(`${verificationPagePath(lang)}?done=${upload}#${upload}`, { headers: PRIVATE_HEADERS });
  }
  // The one url-encoded form: a new code for a webcam attempt.
  const submission = await parseForm(request, v.object({ intent: v.literal("start", "validation.invalid") }));
  if (submission.status !== "success") return refused("start", submission.reply(), 400);
  const result = await startWebcamCheck(api);
  if (!result.ok) return refused("start", replyWithApiErrors(submission, result.errors), result.status);
  throw redirect(`${verificationPagePath(lang)}?done=start#webcam`, { headers: PRIVATE_HEADERS });
}

export const backofficeVerificationsPath = (lang: string) => `/${lang}/backoffice/verifications`;

export const loadVerificationQueue = (args: LoaderFunctionArgs) =>
  loadStaffQueue(args, {
    permission: "verification.decide",
    fetch: fetchVerificationQueue,
    title: { key: "verification.backoffice.title", ns: "verification" },
    done: ["accepted", "rejected"] as const,
    queue: "verifications",
  });

const idField = v.pipe(v.string("validation.invalid"), v.regex(/^[1-9]\d{0,9}$/, "validation.invalid"), v.transform(Number));
const decisionSchema = v.variant("intent", [
  v.object({ intent: v.literal("accept"), id: idField }),
  // The object's message is what a missing key (no reason chosen: the empty option sends nothing) reads.
  v.object({ intent: v.literal("reject"), id: idField, reason: verificationRejectSchema.entries.reason }, verificationRejectSchema.message),
]);

export async function submitVerificationDecision({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const lang = langOf(params);
  const submission = await parseForm(request, decisionSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const form = submission.value;
  const result = await decideCheck(createApiClient({ request, context }), form.id, form.intent === "reject" ? form.reason : null);
  if (!result.ok) {
    if (result.status === 403) throw await notFoundResponse(request);
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, ["reason"]) },
      { status: result.status >= 500 ? 503 : result.status, headers: PRIVATE_HEADERS },
    );
  }
  throw redirect(`${backofficeVerificationsPath(lang)}?done=${form.intent === "accept" ? "accepted" : "rejected"}`, {
    headers: PRIVATE_HEADERS,
  });
}

const plainNotFound = () =>
  new Response("Not found", { status: 404, headers: { ...noStore(), "Content-Type": "text/plain; charset=utf-8" } });

/** /verification-file/{id}/{side}.jpg: a check's photo for staff (the API's gate decides; everyone else 404). */
export async function loadCheckFile({ request, context, params }: LoaderFunctionArgs) {
  const id = parseRowId(params.id);
  const match = /^([a-z]+)\.jpg$/.exec(params.file ?? "");
  const side = match && (VERIFICATION_FILE_SIDES as readonly string[]).includes(match[1]!) ? (match[1] as VerificationFileSide) : null;
  if (id === null || side === null) return plainNotFound();
  const upstream = await fetchCheckFile(createApiClient({ request, context }), id, side);
  if (upstream.status !== 200) {
    await upstream.body?.cancel();
    return plainNotFound();
  }
  const headers = new Headers({ "Content-Type": "image/jpeg", "X-Content-Type-Options": "nosniff", ...noStore() });
  const length = upstream.headers.get("content-length");
  if (length) headers.set("Content-Length", length);
  return new Response(upstream.body, { status: 200, headers });
}
