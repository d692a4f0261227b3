/**
 * user/status_description: the profile settings page "status and description" — the profile form (individuals) or the
 * description (businesses), each with its texts under review: the registration step's form again, filled with what is
 * saved (app/features/settings). One route module per page (ADR 167): it loads only its own sections' forms.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { BusinessDescriptionStep } from "~/features/registration/BusinessDescriptionStep";
import { ProfileStep } from "~/features/registration/ProfileStep";
import { TextReviewIsland } from "~/features/moderation/TextReviewIsland";
import { ProfileSettingsRoute, type SectionForm } from "~/features/settings/ProfileSettingsPage";
import { loadProfileSettings, submitProfileSettings } from "~/features/settings/settings.server";
import type { SettingsSection } from "#server/contract/settings";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account", "registration", "search", "traits", "moderation"] };

export const loader = (args: LoaderFunctionArgs) => loadProfileSettings(args, "status_description");

export const action = (args: ActionFunctionArgs) => submitProfileSettings(args, "status_description");

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

const FORMS: Partial<Record<SettingsSection, SectionForm>> = {
  profile: (props) => (
    <>
      <TextReviewIsland data={props.step.text_reviews} withIntro={props.saved !== "review"} />
      <ProfileStep {...props} />
    </>
  ),
  business_description: (props) => (
    <>
      <TextReviewIsland data={props.step.text_reviews} withIntro={props.saved !== "review"} />
      <BusinessDescriptionStep {...props} />
    </>
  ),
};

export default function ProfileSettings() {
  return <ProfileSettingsRoute forms={FORMS} />;
}
