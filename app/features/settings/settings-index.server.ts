/**
 * The settings index (issue 10): the groups of settings pages this member has, of those built so far. Apart from the
 * profile pages' loaders (./settings.server): each route's browser build keeps an empty stand-in for the server module
 * it imports, and one shared by the index and the profile pages was a chunk of its own on every profile page (ADR 174).
 */
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import type { SettingsKey } from "#server/contract/settings";
import { TOUR_USER_TYPES } from "#server/contract/tours";
import { isStaffUserType, USER_TYPE } from "#server/contract/users";
import { createApiClient } from "~/api/client.server";
import { fetchSettingsIndex } from "~/api/settings.server";
import { requireViewer } from "~/api/viewer.server";
import { i18nServer } from "~/i18n/i18next.server";
import { PRIVATE_HEADERS } from "~/utils/seo";

/** Settings pages with a page today; the index links only these (issue 10 adds the rest one by one). */
export const BUILT_SETTINGS_PAGES: ReadonlySet<SettingsKey> = new Set([
  "name_characteristics",
  "service_prices",
  "contact",
  "status_description",
  "media_gallery",
  "linked_profiles",
  "email_password",
  "date_review_display",
  "first_contact_filter_and_blocklist",
  "search_visibility",
  "notifications",
  "pause_delete",
  "age_check_verification",
  "data_privacy",
  "membership",
  "billing_invoices",
  "forum_notifications",
  "safer_sex",
  "interviews",
]);

export async function loadSettingsIndex({ request, context }: LoaderFunctionArgs) {
  const viewer = await requireViewer(request, context);
  const api = createApiClient({ request, context });
  const index = await fetchSettingsIndex(api);
  if (!index.ok) throw new Response(null, { status: index.status >= 500 ? 503 : index.status, headers: PRIVATE_HEADERS });
  const t = await i18nServer.getFixedT(request);
  const groups = index.data.groups.map((group) => ({
    key: group.key,
    items: group.items.filter((item) => BUILT_SETTINGS_PAGES.has(item)),
  }));
  return data(
    {
      title: t("settings.meta_title"),
      groups,
      isBusiness: viewer.profile.userType === USER_TYPE.business,
      tours: TOUR_USER_TYPES.includes(viewer.profile.userType),
      // Dollars and gifts (issue 27): every member's; staff accounts hold no dollars.
      dollars: !isStaffUserType(viewer.profile.userType),
      // Settings key "bundles" (issue 28): own and bought bundles; staff accounts buy and sell nothing.
      bundles: !isStaffUserType(viewer.profile.userType),
    },
    { headers: PRIVATE_HEADERS },
  );
}
