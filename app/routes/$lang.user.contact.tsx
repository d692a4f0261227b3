/**
 * user/contact: the profile settings page "contact" — the availability (escorts) or the opening hours (businesses):
 * the registration step's form again, filled with what is saved (app/features/settings). One route module per page
 * (ADR 167): it loads only its own sections' forms.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AvailabilityStep } from "~/features/registration/AvailabilityStep";
import { ProfileSettingsRoute, type SectionForm } from "~/features/settings/ProfileSettingsPage";
import { loadProfileSettings, submitProfileSettings } from "~/features/settings/settings.server";
import type { SettingsSection } from "#server/contract/settings";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account", "registration"] };

export const loader = (args: LoaderFunctionArgs) => loadProfileSettings(args, "contact");

export const action = (args: ActionFunctionArgs) => submitProfileSettings(args, "contact");

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

const FORMS: Partial<Record<SettingsSection, SectionForm>> = {
  availability: (props) => <AvailabilityStep {...props} withAvailableNow />,
  business_schedule: (props) => <AvailabilityStep {...props} withAvailableNow={false} />,
};

export default function ProfileSettings() {
  return <ProfileSettingsRoute forms={FORMS} />;
}
