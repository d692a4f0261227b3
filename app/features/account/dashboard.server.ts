/**
 * my_dashboard (issue 10 item 1): the member's start page. One round of parallel calls: GET /dashboard (the
 * profile's completeness, the settings pages this member has, the phone status, the special-category consent, the
 * age check, and what of the member's own photos and texts waits for the team or was refused, ADR 030; one call
 * since ADR 160) and, for escorts and businesses, the activity charts (?range= picks 7, 30 or 90 days).
 */
import * as v from "valibot";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { SPECIAL_DATA_CONSENT } from "#server/contract/consents";
import { CHART_USER_TYPES, DASHBOARD_CHART_RANGES, DEFAULT_CHART_RANGE, type DashboardChartRange } from "#server/contract/dashboard";
import { isLanguage } from "#server/contract/locales";
import { USER_TYPE } from "#server/contract/users";
import { createApiClient } from "~/api/client.server";
import { fetchDashboardCharts, fetchDashboardOverview } from "~/api/dashboard.server";
import { withdrawConsent } from "~/api/users.server";
import { requireViewer } from "~/api/viewer.server";
import { BUILT_SETTINGS_PAGES } from "~/features/settings/settings-index.server";
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
  // One call for the cards (ADR 160; was six), the charts apart: only escorts and businesses have them.
  const [overview, charts] = await Promise.all([
    fetchDashboardOverview(api),
    hasCharts ? fetchDashboardCharts(api, chartRangeOf(url)) : null,
  ]);
  const cards = overview.ok ? overview.data : null;
  const lang = isLanguage(params.lang) ? params.lang : "de";
  return data(
    {
      viewer,
      title: t("dashboard.meta_title"),
      // The cards are a courtesy: a failed call leaves them out, never the page.
      completeness: cards?.completeness ?? null,
      photoPath: viewer.profile.userType === USER_TYPE.business ? "join/business/photo" : "join/user/photo",
      settingsGroups: cards
        ? cards.settingsGroups.map((group) => ({ key: group.key, items: group.items.filter((item) => BUILT_SETTINGS_PAGES.has(item)) }))
        : [],
      phoneVerified: cards ? cards.phoneVerified : null,
      // The fsk18 age verification (ADR 105): "init", "pending" or "verified".
      ageCheck: cards ? cards.ageCheck : "init",
      // ADR 023: when the special-category consent was given (a calendar day), so it can be withdrawn here.
      specialConsentSince:
        cards && cards.specialConsentGrantedAt !== null
          ? formatCalendarDate(new Date(cards.specialConsentGrantedAt).toISOString().slice(0, 10), lang)
          : null,
      withdrawn: url.searchParams.get("withdrawn") === "1",
      // Photos and texts waiting for the team or refused lately; null when nothing is (the card stays out).
      moderation:
        cards && (cards.moderation.texts.length > 0 || cards.moderation.mediaPending > 0 || cards.moderation.mediaRejected > 0)
          ? cards.moderation
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
