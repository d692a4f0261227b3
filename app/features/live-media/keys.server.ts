/**
 * live/keys (issue 31 item 1, ADR 125): the creator's OBS settings. The new key is rendered in the answer to the
 * post itself, not after a redirect: a secret shown once must not pass through a cookie or an address (the answer is
 * no-store, and reloading it asks to post again, which makes another key).
 */
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { liveKeyRotateFormSchema } from "#server/contract/live-media";
import { createApiClient } from "~/api/client.server";
import { fetchLiveKeyState, rotateLiveKey, type LiveKeyStateData } from "~/api/live-media.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

async function keyState(request: Request, context: LoaderFunctionArgs["context"]): Promise<LiveKeyStateData> {
  const result = await fetchLiveKeyState(createApiClient({ request, context }));
  // Members who are no creators have no stream key: the page does not exist for them.
  if (!result.ok) throw new Response(null, { status: result.status === 403 ? 404 : result.status >= 500 ? 503 : result.status });
  return result.data;
}

export async function loadLiveKeys({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("live_media.keys.meta_title"), state: await keyState(request, context) }, { headers: PRIVATE_HEADERS });
}

export async function submitLiveKeys({ request, context }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, liveKeyRotateFormSchema);
  if (submission.status !== "success")
    return data({ lastResult: submission.reply(), created: null }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await rotateLiveKey(createApiClient({ request, context }));
  if (!result.ok) {
    if (result.status === 403) throw new Response(null, { status: 404 });
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors, []), created: null },
      { status: 400, headers: PRIVATE_HEADERS },
    );
  }
  return data({ lastResult: submission.reply({ resetForm: true }), created: result.data }, { headers: PRIVATE_HEADERS });
}
