/**
 * Loader and action of the registration step routes (join/user/{stepKey},
 * join/business/{stepKey}). Thin: which step a user may see is decided by
 * server/contract/registration.ts, what is valid by the contract schemas, and
 * the API saves.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { DEFAULT_ERROR_KEY, type ErrorItem } from "#server/contract/errors";
import type { MediaItem } from "#server/contract/media";
import { IMAGE_MAX_BYTES, UPLOAD_MAX_BODY_BYTES } from "#server/contract/media-upload";
import { mayEnterRegisterStep, nextRegisterStep, registerStepPath, registerStepsFor } from "#server/contract/registration";
import { USER_TYPE } from "#server/contract/users";
import { createApiClient } from "~/api/client.server";
import { uploadMedia, fetchMyMedia } from "~/api/media.server";
import { fetchBusinessSignupTracking, fetchStepData, registrationStepEndpoint, saveRegistrationStep } from "~/api/registration.server";
import { requireViewer, type Viewer } from "~/api/viewer.server";
import {
  fieldNamesOf,
  JOIN_STEP_KEYS,
  rootOf,
  STEP_SCHEMAS,
  traitGroupsOfForms,
  textKeyOf,
  withRegroupedErrors,
  type JoinAudience,
} from "~/features/registration/step-forms";
import { apiErrorReply } from "~/utils/api-errors";
import { photoLimitsIn } from "~/components/form/photo-limits.server";
import { i18nServer } from "~/i18n/i18next.server";
import { readReturnPath } from "~/session/return-path.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { parseForm, streamedReply, type FormPreparation } from "~/utils/forms.server";
import type { StepData, BusinessSignupTracking } from "#server/contract/registration-steps";
export type { StepData, BusinessSignupTracking };

export type { MediaItem };

function notFound(): Response {
  return new Response("Not found", { status: 404, headers: PRIVATE_HEADERS });
}

/**
 * The viewer, if this step is theirs to see now. Otherwise a redirect: to the
 * next unfinished step (a later step, another wizard, a step the type does
 * not have), or to the welcome page when registration is complete.
 */
async function resolveStep(
  request: Request,
  context: LoaderFunctionArgs["context"],
  lang: string,
  audience: JoinAudience,
  stepKey: string,
) {
  if (!(JOIN_STEP_KEYS[audience] as readonly string[]).includes(stepKey)) throw notFound();
  const viewer = await requireViewer(request, context);
  const userType = viewer.profile.userType;
  if (userType !== USER_TYPE.client && userType !== USER_TYPE.escort && userType !== USER_TYPE.business) throw notFound();
  const next = nextRegisterStep(userType, viewer.registerCompletedStep);
  const goNext = () => redirect(`/${lang}/${registerStepPath(userType, next?.key ?? "completed")}`, { headers: PRIVATE_HEADERS });
  const isBusiness = userType === USER_TYPE.business;
  if (isBusiness !== (audience === "business")) throw goNext();
  if (mayEnterRegisterStep(userType, viewer.registerCompletedStep, stepKey) !== "ok") throw goNext();
  return viewer;
}

function progressOf(viewer: Viewer, stepKey: string) {
  return registerStepsFor(viewer.profile.userType)
    .filter((s) => s.key !== "sign-up" && s.key !== "basic")
    .map((s) => ({ key: s.key, done: s.step <= viewer.registerCompletedStep, current: s.key === stepKey }));
}

/** The loader of a step route (one route module per step, ADR 167): `stepKey` names the route's step. */
export async function loadJoinStep({ request, context, params }: LoaderFunctionArgs, audience: JoinAudience, stepKey: string) {
  const lang = params.lang!;
  const viewer = await resolveStep(request, context, lang, audience, stepKey);
  const api = createApiClient({ request, context });
  const [stepData, media, tracking] = await Promise.all([
    fetchStepData(api),
    stepKey === "photo" ? fetchMyMedia(api) : Promise.resolve(null),
    audience === "business" && stepKey === "completed" ? fetchBusinessSignupTracking(api) : Promise.resolve(null),
  ]);
  if (!stepData.ok) throw new Response("Unavailable", { status: 503, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t(`registration_steps.${textKeyOf(audience, stepKey)}.title`),
      audience,
      stepKey,
      userType: viewer.profile.userType,
      gender: viewer.profile.gender,
      isEmailVerified: viewer.isEmailVerified,
      progress: progressOf(viewer, stepKey),
      step: stepData.data,
      media: media?.ok ? media.data : [],
      // The photo picker's hint values, formatted here (ADR 174): the step's page carries no number formatting.
      photoLimits: stepKey === "photo" ? photoLimitsIn(api.language) : null,
      // The funnel is a courtesy on the welcome page: without it the page still works.
      signupTracking: tracking?.ok ? tracking.data : null,
      // The page a prompt sent the new member off from: the welcome page leads back there.
      returnTo: stepKey === "completed" ? readReturnPath(request, lang) : null,
      // Only the shown step's trait groups go to the browser, as data (ADR 161).
      traitGroups: traitGroupsOfForms([STEP_SCHEMAS[audience][stepKey]].filter((schema) => schema !== undefined)),
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** What a no-JS step form's raw post needs before its schema (the form kit reads it): decimal commas, blank list rows dropped (settings reuse it). */
export function stepPreparation(audience: JoinAudience, stepKey: string): FormPreparation {
  if (audience === "user" && stepKey === "appearance") return { decimalComma: ["penis_length", "penis_diameter"] };
  if (audience === "user" && stepKey === "services") return { blankRows: [{ list: "extras", fields: ["name", "price"] }] };
  if ((audience === "user" && stepKey === "availability") || (audience === "business" && stepKey === "schedule")) {
    return { blankRows: [{ list: "schedule", fields: ["day", "time_from", "time_to"] }] };
  }
  if (audience === "business" && stepKey === "escorts") return { blankRows: [{ list: "usernames", fields: null }] };
  return {};
}

const malformedItem: ErrorItem = {
  code: 400,
  title: "validation.malformed_body",
  message: "validation.malformed_body",
  key: "validation.malformed_body",
};

/** Statuses of the upload API the page answers with as they are (the form shows the error either way). */
const PASSED_UPLOAD_STATUSES = new Set([400, 413, 429, 503]);

/**
 * The photo step streams the browser's multipart body straight through to
 * POST /media/upload (ADR 018): the web tier never parses or holds a file;
 * the API streams it to disk, enforces the caps and answers per file. A form
 * sent without a new photo (the member already has one) continues to the next step.
 */
async function submitPhoto(request: Request, context: ActionFunctionArgs["context"], lang: string, audience: JoinAudience, viewer: Viewer) {
  const isKnown = (name: string) => name === "files";
  const fail = (errors: readonly ErrorItem[], status = 400, retryAfter: string | null = null) =>
    data(
      { lastResult: withRegroupedErrors(streamedReply(errors), isKnown) },
      { status, headers: retryAfter ? { ...PRIVATE_HEADERS, "Retry-After": retryAfter } : PRIVATE_HEADERS },
    );
  // "Go on without a photo" (clients) posts to ?skip=1 and ignores a file chosen by mistake: the body is
  // never read, and the API decides whether the step needs a photo.
  const skipped = new URL(request.url).searchParams.get("skip") === "1";
  if (!skipped) {
    const contentType = request.headers.get("content-type") ?? "";
    if (!/^multipart\/form-data\s*;/i.test(contentType) || !request.body) return fail([malformedItem], 415);
    const contentLength = request.headers.get("content-length");
    if (Number(contentLength ?? 0) > UPLOAD_MAX_BODY_BYTES) {
      return fail([{ ...limitItem("validation.image.file_too_large", { max: IMAGE_MAX_BYTES }), code: 413 }], 413);
    }
    const response = await uploadMedia(createApiClient({ request, context }), { stream: request.body, contentType, contentLength });
    if (response.status !== 201) {
      const body = (await response.json().catch(() => ({}))) as { errors?: ErrorItem[] };
      const errors = body.errors ?? [];
      const nothingChosen = response.status === 400 && errors.length === 1 && errors[0]?.key === "validation.image.required";
      if (!nothingChosen) {
        const shown = errors.length
          ? errors
          : [{ code: response.status, title: DEFAULT_ERROR_KEY, message: DEFAULT_ERROR_KEY, key: DEFAULT_ERROR_KEY }];
        const retryAfter = response.headers.get("retry-after");
        return fail(shown, PASSED_UPLOAD_STATUSES.has(response.status) ? response.status : 400, retryAfter);
      }
    }
  }
  const api = createApiClient({ request, context });
  const done = await saveRegistrationStep(api, registrationStepEndpoint(audience, "photo")!);
  if (!done.ok) return fail(done.errors);
  return redirect(`/${lang}/${registerStepPath(viewer.profile.userType, done.data.next_step)}`, { headers: PRIVATE_HEADERS });
}

const limitItem = (key: string, params: Record<string, number>): ErrorItem => ({
  code: 400,
  title: key,
  message: key,
  key,
  source: "files",
  params,
});

export async function submitJoinStep({ request, context, params }: ActionFunctionArgs, audience: JoinAudience, stepKey: string) {
  const lang = params.lang!;
  const viewer = await resolveStep(request, context, lang, audience, stepKey);
  if (stepKey === "photo") return await submitPhoto(request, context, lang, audience, viewer);
  const schema = STEP_SCHEMAS[audience][stepKey];
  const endpoint = registrationStepEndpoint(audience, stepKey);
  if (!schema || !endpoint) throw new Response("Method not allowed", { status: 405, headers: PRIVATE_HEADERS });
  const fields = fieldNamesOf(schema);
  const isKnown = (name: string) => fields.has(rootOf(name));
  const submission = await parseForm(request, schema, stepPreparation(audience, stepKey));
  if (submission.status !== "success") {
    return data({ lastResult: withRegroupedErrors(submission.reply(), isKnown) }, { status: 400, headers: PRIVATE_HEADERS });
  }
  const api = createApiClient({ request, context });
  const result = await saveRegistrationStep(api, endpoint, submission.value);
  if (!result.ok) {
    const lastResult = withRegroupedErrors(submission.reply(apiErrorReply(result.errors)), isKnown);
    return data({ lastResult }, { status: result.status === 409 || result.status === 403 ? result.status : 400, headers: PRIVATE_HEADERS });
  }
  return redirect(`/${lang}/${registerStepPath(viewer.profile.userType, result.data.next_step)}`, { headers: PRIVATE_HEADERS });
}
