/**
 * user/pause_delete (issue 10): pause, deactivate, resume, and delete through the e-mail link. The link
 * (?delete=…) and the farewell (?deleted=1) work without a login: the link may be opened anywhere, and
 * after the deletion nobody is signed in any more.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { confirmDeletionSchema, deleteAccountSchema } from "#server/contract/settings";
import {
  cancelAccountDeletion,
  changeAccountStatus,
  confirmAccountDeletion,
  fetchAccountState,
  requestAccountDeletion,
} from "~/api/account.server";
import { createApiClient } from "~/api/client.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { logoutCookies } from "~/session/session.server";
import { intentVariant } from "~/components/form/schema";
import { parseForm, replyWithApiErrors, sentIntent } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

/** The deletion token sits in the URL: it must never leave in a Referer to another site. */
export const PAUSE_DELETE_HEADERS = { ...PRIVATE_HEADERS, "Referrer-Policy": "same-origin" };

const DELETE_TOKEN = /^[A-Za-z0-9_-]{10,200}$/;

export async function loadPauseDelete({ request, context }: LoaderFunctionArgs) {
  const t = await i18nServer.getFixedT(request);
  const title = t("settings.pages.pause_delete.title");
  const url = new URL(request.url);
  const token = url.searchParams.get("delete");
  if (token !== null) {
    return data(
      { title, mode: "confirm" as const, token: DELETE_TOKEN.test(token) ? token : "", state: null },
      { headers: PAUSE_DELETE_HEADERS },
    );
  }
  if (url.searchParams.get("deleted") === "1")
    return data({ title, mode: "deleted" as const, token: "", state: null }, { headers: PAUSE_DELETE_HEADERS });
  await requireViewer(request, context);
  const state = await fetchAccountState(createApiClient({ request, context }));
  if (!state.ok) throw new Response(null, { status: state.status >= 500 ? 503 : state.status, headers: PRIVATE_HEADERS });
  return data({ title, mode: "manage" as const, token: "", state: state.data }, { headers: PAUSE_DELETE_HEADERS });
}

/** The page's forms: confirm the e-mailed deletion link, pause, deactivate or resume, cancel or ask for a deletion. */
const button = v.object({});
const pauseDeleteFormSchema = intentVariant({
  confirm_delete: confirmDeletionSchema,
  pause: button,
  deactivate: button,
  resume: button,
  cancel_delete: button,
  request_delete: deleteAccountSchema,
});
const HIDDEN = ["current_password"];

export async function submitPauseDelete({ request, context, params }: ActionFunctionArgs) {
  const submission = await parseForm(request, pauseDeleteFormSchema);
  // The e-mailed link is confirmed without a session (it may be opened on another device); the rest is the member's.
  if (sentIntent(submission) !== "confirm_delete") await requireViewer(request, context);
  const answer = (lastResult: SubmissionResult<string[]>, status: number) => data({ lastResult }, { status, headers: PRIVATE_HEADERS });
  if (submission.status !== "success") return answer(submission.reply({ hideFields: HIDDEN }), 400);
  const api = createApiClient({ request, context });
  const page = `/${params.lang}/user/pause_delete`;
  const form = submission.value;
  if (form.intent === "confirm_delete") {
    const result = await confirmAccountDeletion(api, form.token);
    if (!result.ok) return answer(replyWithApiErrors(submission, result.errors, []), result.status === 403 ? 403 : 400);
    // The account is gone: so is any session of it in this browser.
    const headers = new Headers(PRIVATE_HEADERS);
    for (const cookie of logoutCookies()) headers.append("Set-Cookie", cookie);
    throw redirect(`${page}?deleted=1`, { headers });
  }
  if (form.intent === "pause" || form.intent === "deactivate" || form.intent === "resume") {
    const result = await changeAccountStatus(api, form.intent);
    if (!result.ok) return answer(replyWithApiErrors(submission, result.errors, []), 400);
    throw redirect(`${page}?done=${form.intent}`, { headers: PRIVATE_HEADERS });
  }
  if (form.intent === "cancel_delete") {
    await cancelAccountDeletion(api);
    throw redirect(`${page}?done=cancel_delete`, { headers: PRIVATE_HEADERS });
  }
  const result = await requestAccountDeletion(api, form.current_password);
  if (!result.ok)
    return answer(replyWithApiErrors(submission, result.errors, ["current_password"], HIDDEN), result.status === 429 ? 429 : 400);
  throw redirect(`${page}?done=request_delete`, { headers: PRIVATE_HEADERS });
}
