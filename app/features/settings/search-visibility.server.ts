/** user/search_visibility (issue 10, ADR 028): hidden in search or not; invisible browsing for plus members. */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { INVISIBLE_BROWSING_PLUS_ONLY, searchVisibilitySchema } from "#server/contract/settings";
import { createApiClient } from "~/api/client.server";
import { fetchSearchVisibility, saveSearchVisibility } from "~/api/settings.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export async function loadSearchVisibility({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const visibility = await fetchSearchVisibility(createApiClient({ request, context }));
  if (!visibility.ok) throw new Response(null, { status: visibility.status >= 500 ? 503 : visibility.status, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("settings.pages.search_visibility.title"), visibility: visibility.data }, { headers: PRIVATE_HEADERS });
}

/** Saves both switches; the plus-only refusal is shown next to its checkbox, the other choice kept. */
export async function submitSearchVisibility({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, searchVisibilitySchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await saveSearchVisibility(createApiClient({ request, context }), submission.value);
  if (!result.ok) {
    const errors = result.errors.map((error) =>
      error.key === INVISIBLE_BROWSING_PLUS_ONLY ? { ...error, source: "invisible_browsing" } : error,
    );
    return data(
      { lastResult: replyWithApiErrors(submission, errors, ["invisible_browsing"]) },
      { status: result.status === 403 ? 403 : 400, headers: PRIVATE_HEADERS },
    );
  }
  throw redirect(`/${params.lang}/user/search_visibility?saved=1`, { headers: PRIVATE_HEADERS });
}
