/**
 * my_dashboard (issue 10 item 1): the member's start page. One round of parallel calls: the saved profile
 * (for its completeness), the settings pages this member has, the phone status, the consents and, for
 * escorts and businesses, the activity charts (?range= picks 7, 30 or 90 days), and what of the member's own
 * photos and texts waits for the team or was refused (ADR 030).
 */
import * as v from "valibot";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { SPECIAL_DATA_CONSENT } from "#server/contract/consents";
import { CHART_USER_TYPES, DASHBOARD_CHART_RANGES, DEFAULT_CHART_RANGE, type DashboardChartRange } from "#server/contract/dashboard";
import { isLanguage } from "#server/contract/locales";
import { profileCompleteness } from "#server/contract/settings";
import { isStaffUserType, USER_TYPE } from "#server/contract/users";
import { createApiClient } from "~/api/client.server";
import { fetchDashboardCharts } from "~/api/dashboard.server";
import { fetchMyModeration } from "~/api/moderation.server";
import { fetchAgeVerification } from "~/api/age-verification.server";
import { fetchPhoneStatus, fetchStepData } from "~/api/registration.server";
import { fetchSettingsIndex } from "~/api/settings.server";
import { fetchConsents, withdrawConsent } from "~/api/users.server";
import { requireViewer } from "~/api/viewer.server";
import { BUILT_SETTINGS_PAGES } from "~/features/settings/settings.server";
import { i18nServer } from "~/i18n/i18next.server";
import { formatCalendarDate } from "~/utils/dates";
import { UNKNOWN_FORM_KEY } from "~/components/form/schema";
import { parseForm, replyWithApiErrors } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

/** The range asked for in the address; anything else (a typo, an old link) shows the default. */
function chartRangeOf(url: URL): DashboardChartRange {
  const asked = Number(url.searchParams.get("range"));
  return (DASHBOARD_CHART_RANGES as readonly number[]).includes(asked) ? (asked as DashboardChartRange) : DEFAULT_CHART_RANGE;
}

export async function loadDashboard({ request, context, params }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const t = await i18nServer.getFixedT(request);
  const api = createApiClient({ request, context });
  const url = new URL(request.url);
  const hasCharts = CHART_USER_TYPES.includes(viewer.profile.userType);
  const [consents, step, settings, phone, ageCheck, moderation, charts] = await Promise.all([
    fetchConsents(api),
    fetchStepData(api),
    fetchSettingsIndex(api),
    fetchPhoneStatus(api),
    fetchAgeVerification(api),
    fetchMyModeration(api),
    hasCharts ? fetchDashboardCharts(api, chartRangeOf(url)) : null,
  ]);
  const special = consents.ok ? consents.data.find((c) => c.purpose === SPECIAL_DATA_CONSENT) : undefined;
  const lang = isLanguage(params.lang) ? params.lang : "de";
  const settingsViewer = { userType: viewer.profile.userType, businessKind: viewer.profile.businessKind };
  return data(
    {
      viewer,
      title: t("dashboard.meta_title"),
      // The parts below are a courtesy: a failed call leaves its card out, never the page.
      // Staff accounts have no profile to complete (ADR 030).
      completeness: step.ok && !isStaffUserType(viewer.profile.userType) ? profileCompleteness(step.data, settingsViewer) : null,
      photoPath: viewer.profile.userType === USER_TYPE.business ? "join/business/photo" : "join/user/photo",
      settingsGroups: settings.ok
        ? settings.data.groups.map((group) => ({ key: group.key, items: group.items.filter((item) => BUILT_SETTINGS_PAGES.has(item)) }))
        : [],
      phoneVerified: phone.ok ? phone.data.phoneVerifiedAt !== null : null,
      // The latest age check: none, pending (a provider decides, KYC issue), verified or rejected.
      // The fsk18 age verification (ADR 105): "init", "pending" or "verified".
      ageCheck: ageCheck.ok ? ageCheck.data.status : "init",
      // ADR 023: when the special-category consent was given (a calendar day), so it can be withdrawn here.
      specialConsentSince: special ? formatCalendarDate(new Date(special.granted_at).toISOString().slice(0, 10), lang) : null,
      withdrawn: url.searchParams.get("withdrawn") === "1",
      // Photos and texts waiting for the team or refused lately; null when nothing is (the card stays out).
      moderation:
        moderation.ok &&
        (moderation.data.texts.length > 0 || moderation.data.media.pending > 0 || moderation.data.media.rejected.length > 0)
          ? {
              texts: moderation.data.texts.map((text) => ({ field: text.field, status: text.status, reason: text.reason })),
              mediaPending: moderation.data.media.pending,
              mediaRejected: moderation.data.media.rejected.length,
            }
          : null,
      // Clients have no charts (contract/dashboard CHART_USER_TYPES).
      charts: charts?.ok ? charts.data : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** The dashboard's one form: withdrawing the special-category consent. */
const dashboardFormSchema = v.object({ intent: v.literal("withdraw_special_data", UNKNOWN_FORM_KEY) }, UNKNOWN_FORM_KEY);

/** Withdrawing the special-category consent (a plain form post): the API deletes what it covered. */
export async function submitDashboard({ request, context, params }: ActionFunctionArgs) {
  await requireViewer(request, context);
  const submission = await parseForm(request, dashboardFormSchema);
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400, headers: PRIVATE_HEADERS });
  const result = await withdrawConsent(createApiClient({ request, context }), SPECIAL_DATA_CONSENT);
  if (!result.ok)
    return data(
      { lastResult: replyWithApiErrors(submission, result.errors) },
      { status: result.status >= 500 ? 503 : result.status, headers: PRIVATE_HEADERS },
    );
  throw redirect(`/${params.lang}/my_dashboard?withdrawn=1`, { headers: PRIVATE_HEADERS });
}
