/**
 * The settings pages' loader and action logic (issue 10): the profile pages that edit what registration collected
 * with the same forms and schemas, saved through PUT /settings/{section}. The index is ./settings-index.server.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import {
  SETTINGS_GROUPS,
  SETTINGS_SECTIONS,
  sectionsOfPage,
  settingsKeyShownTo,
  type SettingsKey,
  type SettingsSection,
  type SettingsViewer,
} from "#server/contract/settings";
import { MODERATED_TEXT_FIELD_KEYS, TEXT_REVIEW_STATUS } from "#server/contract/moderation";
import { USER_TYPE } from "#server/contract/users";
import { createApiClient } from "~/api/client.server";
import { fetchStepData } from "~/api/registration.server";
import { saveSettingsSection } from "~/api/settings.server";
import { requireViewer, type Viewer } from "~/api/viewer.server";
import { formVariant } from "~/components/form/schema";
import { stepPreparation } from "~/features/registration/steps.server";
import {
  fieldNamesOf,
  rootOf,
  STEP_SCHEMAS,
  traitGroupsOfForms,
  withRegroupedErrors,
  type JoinAudience,
} from "~/features/registration/step-forms";
import { i18nServer } from "~/i18n/i18next.server";
import { apiErrorReply } from "~/utils/api-errors";
import { parseForm, sentIntent } from "~/utils/forms.server";
import { PRIVATE_HEADERS } from "~/utils/seo";
import { pageTextKey } from "./page-text";

/** The profile pages this feature renders itself (linked profiles and the age check have their own routes). */
const PROFILE_PAGES: ReadonlySet<string> = new Set(["name_characteristics", "service_prices", "contact", "status_description"]);

const settingsViewerOf = (viewer: Viewer): SettingsViewer => ({
  userType: viewer.profile.userType,
  businessKind: viewer.profile.businessKind,
});

/** The registration step form a section shows (and whose schema and form preparation it uses). */
export function stepFormOf(section: SettingsSection): { audience: JoinAudience; stepKey: string } {
  const { audience, step } = SETTINGS_SECTIONS[section];
  return { audience: audience === "business" ? "business" : "user", stepKey: step };
}

/** A profile page's key, if this member has it; else 404 (an unknown key and a hidden page look alike). */
async function profilePageOf(request: Request, context: LoaderFunctionArgs["context"], key: string | undefined) {
  const viewer = await requireViewer(request, context);
  const isPageKey = (SETTINGS_GROUPS.profile_appearance as readonly string[]).includes(key ?? "");
  if (!key || !isPageKey || !PROFILE_PAGES.has(key) || !settingsKeyShownTo(key as SettingsKey, settingsViewerOf(viewer))) {
    throw new Response(null, { status: 404, headers: PRIVATE_HEADERS });
  }
  const sections = sectionsOfPage(key as SettingsKey, settingsViewerOf(viewer));
  return { viewer, key: key as SettingsKey, sections };
}

/** The loader of a profile settings page (one route module per page key, ADR 167). */
export async function loadProfileSettings({ request, context }: LoaderFunctionArgs, pageKey: SettingsKey) {
  const { viewer, key, sections } = await profilePageOf(request, context, pageKey);
  const step = await fetchStepData(createApiClient({ request, context }));
  if (!step.ok) throw new Response(null, { status: 503, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  return data(
    {
      title: t(pageTextKey(key, "title", viewer.profile.userType === USER_TYPE.business)),
      key,
      sections,
      step: step.data,
      isBusiness: viewer.profile.userType === USER_TYPE.business,
      savedState: savedStateOf(new URL(request.url), sections, step.data.text_reviews),
      traitGroups: traitGroupsOfForms(sections.map(schemaOfSection)),
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** The sections whose forms hold texts that wait for the team before others see them (ADR 030). */
const MODERATED_SECTIONS: ReadonlySet<SettingsSection> = new Set(["profile", "business_description"]);

/**
 * What the page says after a save (issue 25 item 6), exactly one thing: "visible" when everything saved is public
 * now; "review" when a text of this page waits for the team (ADR 030), so others still see the published version.
 * Null when nothing was saved.
 */
export function savedStateOf(
  url: URL,
  sections: readonly SettingsSection[],
  reviews: ReadonlyArray<{ field: string; status: number }>,
): "visible" | "review" | null {
  if (url.searchParams.get("saved") !== "1") return null;
  const waits = sections.some((section) => MODERATED_SECTIONS.has(section)) && reviews.some((review) => isWaitingProfileText(review));
  return waits ? "review" : "visible";
}

/** A profile text (not an interview answer, which its own page edits) that waits for a team member. */
const isWaitingProfileText = (review: { field: string; status: number }) =>
  review.status === TEXT_REVIEW_STATUS.pending && (MODERATED_TEXT_FIELD_KEYS as readonly string[]).includes(review.field);

/**
 * Saves the page's form through its section; back to the page with "saved", or the form with its errors and input.
 * The page's sections are its forms, told apart by `section` (a post without one is the first's).
 */
export async function submitProfileSettings({ request, context, params }: ActionFunctionArgs, pageKey: SettingsKey) {
  const { key, sections } = await profilePageOf(request, context, pageKey);
  const first = sections[0];
  if (!first) throw new Response(null, { status: 405, headers: PRIVATE_HEADERS });
  const forms = Object.fromEntries(sections.map((section) => [section, schemaOfSection(section)]));
  // Each preparation only touches its own fields, so a page's sections share one.
  const preparations = sections.map((section) => stepPreparation(stepFormOf(section).audience, stepFormOf(section).stepKey));
  const submission = await parseForm(request, formVariant("section", forms, { fallback: first }), {
    decimalComma: preparations.flatMap((preparation) => preparation.decimalComma ?? []),
    blankRows: preparations.flatMap((preparation) => preparation.blankRows ?? []),
  });
  const sent = sentIntent(submission, "section") ?? first;
  const section = sections.find((candidate) => candidate === sent);
  const fields = section ? fieldNamesOf(schemaOfSection(section)) : new Set<string>();
  const isKnown = (name: string) => fields.has(rootOf(name));
  if (submission.status !== "success") {
    // A section this page does not have: its error stays at `section`, which the page shows above the forms.
    const lastResult = section ? withRegroupedErrors(submission.reply(), isKnown) : submission.reply();
    return data({ lastResult }, { status: 400, headers: PRIVATE_HEADERS });
  }
  const { section: saved, ...values } = submission.value;
  const result = await saveSettingsSection(createApiClient({ request, context }), saved as SettingsSection, values);
  if (!result.ok) {
    const lastResult = withRegroupedErrors(submission.reply(apiErrorReply(result.errors)), isKnown);
    return data({ lastResult }, { status: result.status === 403 ? 403 : 400, headers: PRIVATE_HEADERS });
  }
  throw redirect(`/${params.lang}/user/${key}?saved=1`, { headers: PRIVATE_HEADERS });
}

function schemaOfSection(section: SettingsSection) {
  const { audience, stepKey } = stepFormOf(section);
  return STEP_SCHEMAS[audience][stepKey]!;
}
