/** user/tours (issue 10 item 5, ADR 028): the escort's tours; announce one, cancel or remove one. Plain forms. */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { createTourSchema } from "#server/contract/tours";
import { createApiClient } from "~/api/client.server";
import { cancelTour, createTour, deleteTour, fetchTours } from "~/api/tours.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { apiErrorReply } from "~/utils/api-errors";
import { readFormData } from "~/utils/form-data.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

const FIELDS = ["city", "date_from", "date_to"] as const;
export type TourInput = Record<(typeof FIELDS)[number] | "city_key", string>;

export async function loadTours({ request, context }: LoaderFunctionArgs) {
  await requireViewer(request, context);
  const tours = await fetchTours(createApiClient({ request, context }));
  // Members who do not tour (clients, businesses) have no such page.
  if (!tours.ok)
    throw new Response(null, { status: tours.status === 403 ? 404 : tours.status >= 500 ? 503 : tours.status, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  return data({ title: t("tours.title"), list: tours.data }, { headers: PRIVATE_HEADERS });
}

type Answer = { intent: string; input: TourInput | null; fieldErrors: Record<string, string[]>; formErrors: string[] };
const answer = (body: Answer, status: number) => data(body, { status, headers: PRIVATE_HEADERS });

export async function submitTours({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const form = await readFormData(request);
  const api = createApiClient({ request, context });
  const page = `/${params.lang}/user/tours`;
  const intent = String(form.get("intent") ?? "");
  if (intent === "create") {
    const input: TourInput = {
      city: String(form.get("city") ?? ""),
      city_key: String(form.get("city_key") ?? ""),
      date_from: String(form.get("date_from") ?? ""),
      date_to: String(form.get("date_to") ?? ""),
    };
    const parsed = v.safeParse(createTourSchema, input);
    if (!parsed.success) {
      const nested = v.flatten<typeof createTourSchema>(parsed.issues).nested ?? {};
      const fieldErrors = Object.fromEntries(Object.entries(nested).map(([key, messages]) => [key, messages ?? []]));
      return answer({ intent, input, fieldErrors, formErrors: [] }, 400);
    }
    const result = await createTour(api, parsed.output);
    if (!result.ok) {
      const { fieldErrors, formErrors } = apiErrorReply(result.errors, FIELDS);
      return answer({ intent, input, fieldErrors, formErrors }, result.status === 409 || result.status === 403 ? result.status : 400);
    }
    throw redirect(`${page}?saved=created`, { headers: PRIVATE_HEADERS });
  }
  if (intent === "cancel" || intent === "delete") {
    const id = Number(form.get("tour_id"));
    if (!Number.isInteger(id) || id < 1)
      return answer({ intent, input: null, fieldErrors: {}, formErrors: ["exception.tours.not_found"] }, 404);
    const result = await (intent === "cancel" ? cancelTour : deleteTour)(api, id);
    if (!result.ok)
      return answer(
        { intent, input: null, fieldErrors: {}, formErrors: result.errors.map((error) => error.key) },
        result.status === 404 ? 404 : 409,
      );
    throw redirect(`${page}?saved=${intent === "cancel" ? "cancelled" : "deleted"}`, { headers: PRIVATE_HEADERS });
  }
  return answer({ intent, input: null, fieldErrors: {}, formErrors: ["validation.correct_all_fields"] }, 400);
}
