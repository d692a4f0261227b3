/** The settings group's endpoints, as the web tier calls them. */
import type { SettingsIndex, SettingsSection } from "#server/contract/settings";
import type { ApiClient, ApiResult } from "./client.server";

/** GET /settings: the pages this member has (page keys are data: not camelized). */
export function fetchSettingsIndex(api: ApiClient): Promise<ApiResult<SettingsIndex>> {
  return api.call<SettingsIndex>("/api/v2/settings", { camelize: false, handleErrors: true });
}

/** PUT /settings/{section}: saves one section of the member's own profile. */
export function saveSettingsSection(api: ApiClient, section: SettingsSection, body: unknown): Promise<ApiResult<unknown>> {
  return api.call(`/api/v2/settings/${section}`, { method: "PUT", body, handleErrors: true });
}
