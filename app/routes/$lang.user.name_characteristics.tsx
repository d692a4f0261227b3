/**
 * user/name_characteristics: the profile settings page "name and characteristics" — the appearance form (individuals)
 * or the services form (businesses): the registration step's form again, filled with what is saved
 * (app/features/settings). One route module per page (ADR 167): it loads only its own sections' forms.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { AppearanceStep } from "~/features/registration/AppearanceStep";
import { BusinessServicesStep } from "~/features/registration/BusinessSteps";
import { ProfileSettingsRoute, type SectionForm } from "~/features/settings/ProfileSettingsPage";
import { loadProfileSettings, submitProfileSettings } from "~/features/settings/settings.server";
import type { SettingsSection } from "#server/contract/settings";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account", "registration", "traits"] };

export const loader = (args: LoaderFunctionArgs) => loadProfileSettings(args, "name_characteristics");

export const action = (args: ActionFunctionArgs) => submitProfileSettings(args, "name_characteristics");

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

const FORMS: Partial<Record<SettingsSection, SectionForm>> = {
  appearance: (props) => <AppearanceStep {...props} />,
  business_services: (props) => <BusinessServicesStep {...props} />,
};

export default function ProfileSettings() {
  return <ProfileSettingsRoute forms={FORMS} />;
}
