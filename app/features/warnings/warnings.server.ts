/**
 * The escorts' shared warning list in the web tier (issue 30 item 6, ADR 121):
 * - backoffice/warnings (reports.decide): clients with enough counting reports; confirm or reject, with a reason;
 * - backoffice/warning-objections (trust.manage): the flagged members' objections; lift or keep, with a reason;
 * - user/warning: the member's own entry (whether, why by category, until when) and the objection form;
 * - `warnedFor`: whether the discreet badge shows on a profile or a conversation (the API answers true to escorts only).
 * Back-office pages do not exist for anyone without the permission (404); every rule is the API's.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { DEFAULT_LANGUAGE, isLanguage } from "#server/contract/locales";
import type { StaffPermission } from "#server/contract/staff-permissions";
import { USER_TYPE } from "#server/contract/users";
import { objectionDecisionSchema, warningDecisionSchema, warningObjectionSchema } from "#server/contract/warnings";
import { createApiClient, type ApiClient } from "~/api/client.server";
import { requireViewer } from "~/api/viewer.server";
import {
  decideObjection,
  decideWarning,
  fetchObjectionQueue,
  fetchOwnWarning,
  fetchWarningQueue,
  fetchWarningVisibility,
  objectToWarning,
} from "~/api/warnings.server";
import { rowIdField } from "~/components/form/schema";
import { requireStaffPage, staffPageNotFound } from "~/features/backoffice/staff-access.server";
import { i18nServer } from "~/i18n/i18next.server";
import { localePath } from "~/i18n/lang";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const WARNING_DONE = ["confirm", "reject"] as const;
export const OBJECTION_DONE = ["lift", "keep"] as const;

/**
 * Whether to show the warning badge for a member the viewer looks at: asked only for clients (the list holds clients
 * only) and only of a signed-in viewer; the API answers false to everyone but escorts. A failed call shows nothing.
 */
export async function warnedFor(api: ApiClient, member: { id: number | null; userType: number }): Promise<boolean> {
  if (api.session.token === null || member.id === null || member.userType !== USER_TYPE.client) return false;
  const answer = await fetchWarningVisibility(api, member.id);
  return answer.ok && answer.data.warned;
}

function langOf(params: LoaderFunctionArgs["params"]) {
  return isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE;
}

async function loadQueue<T>(
  { request, context }: LoaderFunctionArgs,
  permission: StaffPermission,
  fetch: (api: ApiClient) => Promise<{ ok: true; data: T } | { ok: false; status: number }>,
  titleKey: string,
  doneValues: readonly string[],
) {
  await requireStaffPage(request, context, permission);
  const result = await fetch(createApiClient({ request, context }));
  if (!result.ok) throw result.status === 403 ? staffPageNotFound() : new Response(null, { status: 503, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  const done = new URL(request.url).searchParams.get("done");
  return data(
    { title: t(titleKey, { ns: "warnings" }), queue: result.data, done: doneValues.includes(done ?? "") ? done : null },
    { headers: PRIVATE_HEADERS },
  );
}

export const loadWarningQueue = (args: LoaderFunctionArgs) =>
  loadQueue(args, "reports.decide", fetchWarningQueue, "warnings.queue.title", WARNING_DONE);

export const loadObjectionQueue = (args: LoaderFunctionArgs) =>
  loadQueue(args, "trust.manage", fetchObjectionQueue, "warnings.objections.title", OBJECTION_DONE);

const warningDecisionForm = v.object(
  { id: rowIdField("exception.common.not_found"), ...warningDecisionSchema.entries },
  "validation.required",
);
const objectionDecisionForm = v.object(
  { id: rowIdField("exception.common.not_found"), ...objectionDecisionSchema.entries },
  "validation.required",
);

const refusedStatus = (status: number) => (status >= 500 ? 503 : status === 404 || status === 409 ? status : 400);

export async function submitWarningDecision({ request, context, params }: ActionFunctionArgs) {
  await requireStaffPage(request, context, "reports.decide");
  const submission = await parseForm(request, warningDecisionForm, { lineBreaks: true });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const { id, outcome, reason } = submission.value;
  const result = await decideWarning(createApiClient({ request, context }), id, { outcome, reason });
  if (!result.ok) {
    if (result.status === 403) throw staffPageNotFound();
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, ["outcome", "reason"]) },
      { status: refusedStatus(result.status), headers: PRIVATE_HEADERS },
    );
  }
  throw redirect(`${localePath(langOf(params), "backoffice/warnings")}?done=${outcome}`, { headers: PRIVATE_HEADERS });
}

export async function submitObjectionDecision({ request, context, params }: ActionFunctionArgs) {
  await requireStaffPage(request, context, "trust.manage");
  const submission = await parseForm(request, objectionDecisionForm, { lineBreaks: true });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const { id, outcome, reason } = submission.value;
  const result = await decideObjection(createApiClient({ request, context }), id, { outcome, reason });
  if (!result.ok) {
    if (result.status === 403) throw staffPageNotFound();
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, ["outcome", "reason"]) },
      { status: refusedStatus(result.status), headers: PRIVATE_HEADERS },
    );
  }
  throw redirect(`${localePath(langOf(params), "backoffice/warning-objections")}?done=${outcome}`, { headers: PRIVATE_HEADERS });
}

export async function loadOwnWarning({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const result = await fetchOwnWarning(createApiClient({ request, context }));
  if (!result.ok) throw new Response(null, { status: result.status === 401 ? 401 : 503, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t("warnings.own.title", { ns: "warnings" }),
      warning: result.data,
      objected: new URL(request.url).searchParams.get("done") === "objected",
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function submitObjection({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, warningObjectionSchema, { lineBreaks: true });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await objectToWarning(createApiClient({ request, context }), submission.value.text);
  if (!result.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, ["text"]) },
      { status: refusedStatus(result.status), headers: PRIVATE_HEADERS },
    );
  throw redirect(`${localePath(langOf(params), "user/warning")}?done=objected`, { headers: PRIVATE_HEADERS });
}
