/** user/date_review_display (issue 10): two switches; the page says what there is to show today. */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { dateReviewDisplaySchema } from "#server/contract/settings";
import { createApiClient } from "~/api/client.server";
import { fetchDateReviewDisplay, saveDateReviewDisplay } from "~/api/settings.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

export async function loadReviewDisplay({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const display = await fetchDateReviewDisplay(createApiClient({ request, context }));
  // Clients have no reviews to show (section 6): the page does not exist for them.
  if (!display.ok)
    throw new Response(null, {
      status: display.status === 403 ? 404 : display.status >= 500 ? 503 : display.status,
      headers: PRIVATE_HEADERS,
    });
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("settings.pages.date_review_display.title"), display: display.data }, { headers: PRIVATE_HEADERS });
}

export async function submitReviewDisplay({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, dateReviewDisplaySchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await saveDateReviewDisplay(createApiClient({ request, context }), submission.value);
  if (!result.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors) },
      { status: result.status === 403 ? 403 : 400, headers: PRIVATE_HEADERS },
    );
  throw redirect(`/${params.lang}/user/date_review_display?saved=1`, { headers: PRIVATE_HEADERS });
}
