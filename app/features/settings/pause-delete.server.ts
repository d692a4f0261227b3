/**
 * user/pause_delete (issue 10): pause, deactivate, resume, and delete through the e-mail link. The link
 * (?delete=…) and the farewell (?deleted=1) work without a login: the link may be opened anywhere, and
 * after the deletion nobody is signed in any more.
 */
import { parseWithValibot } from "@conform-to/valibot";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { deleteAccountSchema } from "#server/contract/settings";
import {
  cancelAccountDeletion,
  changeAccountStatus,
  confirmAccountDeletion,
  fetchAccountState,
  requestAccountDeletion,
  type AccountStatusChange,
} from "~/api/account.server";
import { createApiClient } from "~/api/client.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { logoutCookies } from "~/session/session.server";
import { readFormData } from "~/utils/form-data.server";
import { replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

/** The deletion token sits in the URL: it must never leave in a Referer to another site. */
export const PAUSE_DELETE_HEADERS = { ...PRIVATE_HEADERS, "Referrer-Policy": "same-origin" };

const DELETE_TOKEN = /^[A-Za-z0-9_-]{10,200}$/;
const STATUS_CHANGES: readonly AccountStatusChange[] = ["pause", "deactivate", "resume"];

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

export async function submitPauseDelete({ request, context, params }: ActionFunctionArgs) {
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  const api = createApiClient({ request, context });
  const page = `/${params.lang}/user/pause_delete`;
  if (intent === "confirm_delete") {
    const result = await confirmAccountDeletion(api, String(formData.get("token") ?? ""));
    if (!result.ok)
      return data(
        { intent, lastResult: null, formErrors: result.errors.map((error) => error.key) },
        { status: result.status === 403 ? 403 : 400, headers: PRIVATE_HEADERS },
      );
    // The account is gone: so is any session of it in this browser.
    const headers = new Headers(PRIVATE_HEADERS);
    for (const cookie of logoutCookies()) headers.append("Set-Cookie", cookie);
    throw redirect(`${page}?deleted=1`, { headers });
  }
  await requireViewer(request, context);
  if ((STATUS_CHANGES as readonly string[]).includes(intent)) {
    const result = await changeAccountStatus(api, intent as AccountStatusChange);
    if (!result.ok)
      return data(
        { intent, lastResult: null, formErrors: result.errors.map((error) => error.key) },
        { status: 400, headers: PRIVATE_HEADERS },
      );
    throw redirect(`${page}?done=${intent}`, { headers: PRIVATE_HEADERS });
  }
  if (intent === "cancel_delete") {
    await cancelAccountDeletion(api);
    throw redirect(`${page}?done=cancel_delete`, { headers: PRIVATE_HEADERS });
  }
  if (intent === "request_delete") {
    const submission = parseWithValibot(formData, { schema: deleteAccountSchema });
    const hide = ["current_password"];
    if (submission.status !== "success")
      return data(
        { intent, lastResult: submission.reply({ hideFields: hide }), formErrors: [] },
        { status: 400, headers: PRIVATE_HEADERS },
      );
    const result = await requestAccountDeletion(api, submission.value.current_password);
    if (!result.ok)
      return data(
        { intent, lastResult: replyWithApiErrors(submission, result.errors, ["current_password"], hide), formErrors: [] },
        { status: result.status === 429 ? 429 : 400, headers: PRIVATE_HEADERS },
      );
    throw redirect(`${page}?done=request_delete`, { headers: PRIVATE_HEADERS });
  }
  return data({ intent, lastResult: null, formErrors: ["validation.invalid"] }, { status: 400, headers: PRIVATE_HEADERS });
}
