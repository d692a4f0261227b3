/**
 * user/service_prices: the profile settings page "services and prices" — the services form: the registration step's
 * form again, filled with what is saved (app/features/settings). One route module per page (ADR 167): it loads only
 * its own sections' forms.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ServicesStep } from "~/features/registration/ServicesStep";
import { ProfileSettingsRoute, type SectionForm } from "~/features/settings/ProfileSettingsPage";
import { loadProfileSettings, submitProfileSettings } from "~/features/settings/settings.server";
import type { SettingsSection } from "#server/contract/settings";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

export const handle = { i18n: ["account", "registration", "traits"] };

export const loader = (args: LoaderFunctionArgs) => loadProfileSettings(args, "service_prices");

export const action = (args: ActionFunctionArgs) => submitProfileSettings(args, "service_prices");

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

const FORMS: Partial<Record<SettingsSection, SectionForm>> = {
  services: (props) => <ServicesStep {...props} />,
};

export default function ProfileSettings() {
  return <ProfileSettingsRoute forms={FORMS} />;
}
