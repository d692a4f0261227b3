/** user/tours (issue 10 item 5, ADR 028): the escort's tours; announce one, cancel or remove one. Plain forms. */
import type { SubmissionResult } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { createTourSchema, TOUR_ERRORS } from "#server/contract/tours";
import { createApiClient } from "~/api/client.server";
import { cancelTour, createTour, deleteTour, fetchTours } from "~/api/tours.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { intentVariant, rowIdField } from "~/components/form/schema";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

const FIELDS = ["city", "date_from", "date_to"] as const;

/** The page's forms: announce a tour (the contract's rule), cancel or remove one (a button with its id). */
const tourButton = v.object({ tour_id: rowIdField(TOUR_ERRORS.notFound) });
export const toursFormSchema = intentVariant({ create: createTourSchema, cancel: tourButton, delete: tourButton });

export async function loadTours({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const tours = await fetchTours(createApiClient({ request, context }));
  // Members who do not tour (clients, businesses) have no such page.
  if (!tours.ok)
    throw new Response(null, { status: tours.status === 403 ? 404 : tours.status >= 500 ? 503 : tours.status, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("tours.title"), list: tours.data }, { headers: PRIVATE_HEADERS });
}

const answer = (lastResult: SubmissionResult<string[]>, status: number) => data({ lastResult }, { status, headers: PRIVATE_HEADERS });

export async function submitTours({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, toursFormSchema);
  if (submission.status !== "success") return answer(submission.reply(), 400);
  const api = createApiClient({ request, context });
  const page = `/${params.lang}/user/tours`;
  const form = submission.value;
  if (form.intent === "create") {
    const { intent: _intent, ...tour } = form;
    const result = await createTour(api, tour);
    if (!result.ok)
      return answer(
        replyWithApiErrors(submission, result.errors, FIELDS),
        result.status === 409 || result.status === 403 ? result.status : 400,
      );
    throw redirect(`${page}?saved=created`, { headers: PRIVATE_HEADERS });
  }
  const result = await (form.intent === "cancel" ? cancelTour : deleteTour)(api, form.tour_id);
  if (!result.ok) return answer(replyWithApiErrors(submission, result.errors), result.status === 404 ? 404 : 409);
  throw redirect(`${page}?saved=${form.intent === "cancel" ? "cancelled" : "deleted"}`, { headers: PRIVATE_HEADERS });
}
