/**
 * user/safer_sex (issue 11 item 6, ADR 039): the safer-sex status (escorts and businesses) and, for escorts, the
 * kinds of date they prefer. Two forms on one page, told apart by `intent`; each saves on its own.
 */
import { parseWithValibot } from "@conform-to/valibot";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import * as v from "valibot";
import { preferredDatesInputSchema } from "#server/contract/preferred-dates";
import { safeSexFormSchema } from "#server/contract/safesex";
import { USER_TYPE } from "#server/contract/users";
import { createApiClient } from "~/api/client.server";
import { fetchPreferredDates, savePreferredDates } from "~/api/profile-extras.server";
import { fetchSafeSex, saveSafeSex } from "~/api/safesex.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { readFormData } from "~/utils/form-data.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import type { SaferSexIntent } from "./intents";

const unavailable = (status: number) => new Response(null, { status: status >= 500 ? 503 : status, headers: PRIVATE_HEADERS });

export async function loadSaferSex({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const state = await fetchSafeSex(api);
  if (!state.ok) throw unavailable(state.status);
  // Clients state nothing here (contract/safesex): the page does not exist for them.
  if (!state.data.canSet) throw new Response(null, { status: 404, headers: PRIVATE_HEADERS });
  const isEscort = viewer.profile.userType === USER_TYPE.escort;
  const dates = isEscort ? await fetchPreferredDates(api, viewer.username) : null;
  if (dates && !dates.ok) throw unavailable(dates.status);
  const t = await i18nServer.getFixedT(request);
  const isBusiness = viewer.profile.userType === USER_TYPE.business;
  return data(
    {
      title: t(isBusiness ? "settings.pages_business.safer_sex.title" : "settings.pages.safer_sex.title", { ns: "account" }),
      safeSex: state.data.safeSex,
      kinds: dates?.ok ? dates.data.kinds : null,
      isBusiness,
      username: viewer.username,
    },
    { headers: PRIVATE_HEADERS },
  );
}

type Refusal = { intent: SaferSexIntent; formErrors: string[]; kinds: string[] | null };

export async function submitSaferSex({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "");
  const api = createApiClient({ request, context });
  const refuse = (refusal: Refusal, status = 400) => data(refusal, { status, headers: PRIVATE_HEADERS });
  if (intent === "safe_sex") {
    const submission = parseWithValibot(form, { schema: safeSexFormSchema });
    if (submission.status !== "success") return refuse({ intent, formErrors: ["validation.correct_all_fields"], kinds: null });
    const saved = await saveSafeSex(api, { safe_sex: submission.value.safe_sex });
    if (!saved.ok) return refuse({ intent, formErrors: saved.errors.map((e) => e.key), kinds: null }, saved.status === 403 ? 403 : 400);
  } else if (intent === "preferred_dates") {
    const kinds = form.getAll("kinds").map(String);
    const parsed = v.safeParse(preferredDatesInputSchema, { kinds });
    if (!parsed.success) return refuse({ intent, formErrors: ["validation.correct_all_fields"], kinds });
    const saved = await savePreferredDates(api, viewer.username, parsed.output);
    if (!saved.ok) return refuse({ intent, formErrors: saved.errors.map((e) => e.key), kinds }, saved.status === 403 ? 403 : 400);
  } else {
    return refuse({ intent: "safe_sex", formErrors: ["validation.correct_all_fields"], kinds: null });
  }
  throw redirect(`/${params.lang}/user/safer_sex?saved=${intent}`, { headers: PRIVATE_HEADERS });
}
