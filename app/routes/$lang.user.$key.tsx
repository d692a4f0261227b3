/**
 * user/{key}: the profile settings pages (issue 10) — name_characteristics, status_description,
 * service_prices, contact. A thin adapter over app/features/settings; other keys have their own routes
 * or answer 404 until they are built.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { loadProfileSettings, submitProfileSettings } from "~/features/settings/settings.server";
import { TraitGroupsProvider } from "~/features/registration/trait-groups";
import { ProfileSettingsPage } from "~/features/settings/ProfileSettingsPage";
import { metaFromLoader } from "~/utils/meta";
import { PRIVATE_HEADERS } from "~/utils/seo";

// The step forms' controls and trait names live in join, search and traits; texts under review in moderation.
export const handle = { i18n: ["account", "registration", "search", "traits", "moderation"] };

export const loader = (args: LoaderFunctionArgs) => loadProfileSettings(args);

export const action = (args: ActionFunctionArgs) => submitProfileSettings(args);

export const headers = () => PRIVATE_HEADERS;

export const meta = metaFromLoader({ noindex: true });

export default function ProfileSettingsRoute() {
  const { key, sections, step, isBusiness, savedState, traitGroups } = useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() ?? null;
  return (
    <TraitGroupsProvider value={traitGroups}>
      <ProfileSettingsPage
        key={key}
        pageKey={key}
        sections={sections}
        step={step}
        isBusiness={isBusiness}
        saved={failed ? null : savedState}
        failed={failed}
      />
    </TraitGroupsProvider>
  );
}
