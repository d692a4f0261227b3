/**
 * user/safer_sex (issue 11 item 6, ADR 039): the safer-sex status (escorts and businesses) and, for escorts, the
 * kinds of date they prefer. Two forms on one page, told apart by `intent`; each saves on its own.
 */
import type { SubmissionResult } from "@conform-to/react";
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
import { intentVariant } from "~/components/form/schema";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

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

/** The page's two forms: the safer-sex badge, and (escorts) the kinds of date they prefer; the contract's rules. */
const saferSexFormSchema = intentVariant({
  safe_sex: safeSexFormSchema,
  preferred_dates: v.object({ kinds: v.optional(preferredDatesInputSchema.entries.kinds, []) }),
});

export async function submitSaferSex({ request, context, params }: ActionFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const submission = await parseForm(request, saferSexFormSchema);
  const refuse = (lastResult: SubmissionResult<string[]>, status = 400) => data({ lastResult }, { status, headers: PRIVATE_HEADERS });
  if (submission.status !== "success") return refuse(submission.reply({ formErrors: ["validation.correct_all_fields"] }));
  const api = createApiClient({ request, context });
  const form = submission.value;
  const saved =
    form.intent === "safe_sex"
      ? await saveSafeSex(api, { safe_sex: form.safe_sex })
      : await savePreferredDates(api, viewer.username, { kinds: form.kinds });
  if (!saved.ok) return refuse(replyWithApiErrors(submission, saved.errors, []), saved.status === 403 ? 403 : 400);
  throw redirect(`/${params.lang}/user/safer_sex?saved=${form.intent}`, { headers: PRIVATE_HEADERS });
}
