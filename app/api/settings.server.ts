/** The settings group's endpoints, as the web tier calls them. */
import type { BodyInput } from "#server/contract/operation";
import { settingsOps } from "#server/contract/operations/settings";
import type {
  ChangeEmailInput,
  ChangePasswordInput,
  DateReviewDisplayInput,
  FirstContactFilterInput,
  SearchVisibilityInput,
  SettingsSection,
} from "#server/contract/settings";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

/** GET /settings: the pages this member has (page keys are data: not camelized). */
export function fetchSettingsIndex(api: ApiClient): Promise<ApiResult<DataOf<typeof settingsOps.index>>> {
  return api.op(settingsOps.index, { handleErrors: true });
}

/** What a profile section's form sends: the fields of its registration step's schema. */
export type SettingsSectionBody = BodyInput<(typeof settingsOps.sections)[SettingsSection]>;

/** PUT /settings/{section}: saves one section of the member's own profile. */
export function saveSettingsSection(
  api: ApiClient,
  section: SettingsSection,
  body: SettingsSectionBody,
): Promise<ApiResult<DataOf<(typeof settingsOps.sections)[SettingsSection]>>> {
  const operation: (typeof settingsOps.sections)[SettingsSection] = settingsOps.sections[section];
  // The section picks the descriptor and its body's type; TypeScript cannot follow that pairing through the union.
  return api.op(operation, { body: body as never, handleErrors: true });
}

/** GET /settings/email: the address, whether it is verified, and a change waiting for its link. */
export function fetchEmailSettings(api: ApiClient): Promise<ApiResult<DataOf<typeof settingsOps.email>>> {
  return api.op(settingsOps.email, { handleErrors: true });
}

/** PUT /settings/email: a new address, confirmed by the current password. */
export function requestEmailChange(api: ApiClient, body: ChangeEmailInput): Promise<ApiResult<DataOf<typeof settingsOps.changeEmail>>> {
  return api.op(settingsOps.changeEmail, { body, handleErrors: true });
}

/** DELETE /settings/email/pending. */
export function cancelEmailChange(api: ApiClient): Promise<ApiResult<DataOf<typeof settingsOps.cancelEmailChange>>> {
  return api.op(settingsOps.cancelEmailChange, { handleErrors: true });
}

/** POST /settings/email/confirm: the token from the link sent to the new address. */
export function confirmEmailChange(api: ApiClient, token: string): Promise<ApiResult<DataOf<typeof settingsOps.confirmEmailChange>>> {
  return api.op(settingsOps.confirmEmailChange, { body: { token }, handleErrors: true });
}

/** PUT /settings/password. */
export function changePassword(api: ApiClient, body: ChangePasswordInput): Promise<ApiResult<DataOf<typeof settingsOps.changePassword>>> {
  return api.op(settingsOps.changePassword, { body, handleErrors: true });
}

/** GET /settings/first_contact_filter. */
export function fetchFirstContactFilter(api: ApiClient): Promise<ApiResult<DataOf<typeof settingsOps.firstContactFilter>>> {
  return api.op(settingsOps.firstContactFilter, { handleErrors: true });
}

/** PUT /settings/first_contact_filter. */
export function saveFirstContactFilter(
  api: ApiClient,
  body: FirstContactFilterInput,
): Promise<ApiResult<DataOf<typeof settingsOps.saveFirstContactFilter>>> {
  return api.op(settingsOps.saveFirstContactFilter, { body, handleErrors: true });
}

/** GET /settings/notifications (kinds and channels are data: not camelized). */
export function fetchNotificationPreferences(api: ApiClient): Promise<ApiResult<DataOf<typeof settingsOps.notifications>>> {
  return api.op(settingsOps.notifications, { handleErrors: true });
}

/** PUT /settings/notifications. */
export function saveNotificationPreferences(
  api: ApiClient,
  body: BodyInput<typeof settingsOps.saveNotifications>,
): Promise<ApiResult<DataOf<typeof settingsOps.saveNotifications>>> {
  return api.op(settingsOps.saveNotifications, { body, handleErrors: true });
}

/** GET /settings/date_review_display. */
export function fetchDateReviewDisplay(api: ApiClient): Promise<ApiResult<DataOf<typeof settingsOps.dateReviewDisplay>>> {
  return api.op(settingsOps.dateReviewDisplay, { handleErrors: true });
}

/** PUT /settings/date_review_display. */
export function saveDateReviewDisplay(
  api: ApiClient,
  body: DateReviewDisplayInput,
): Promise<ApiResult<DataOf<typeof settingsOps.saveDateReviewDisplay>>> {
  return api.op(settingsOps.saveDateReviewDisplay, { body, handleErrors: true });
}

/** GET /settings/search_visibility. */
export function fetchSearchVisibility(api: ApiClient): Promise<ApiResult<DataOf<typeof settingsOps.searchVisibility>>> {
  return api.op(settingsOps.searchVisibility, { handleErrors: true });
}

/** PUT /settings/search_visibility. */
export function saveSearchVisibility(
  api: ApiClient,
  body: SearchVisibilityInput,
): Promise<ApiResult<DataOf<typeof settingsOps.saveSearchVisibility>>> {
  return api.op(settingsOps.saveSearchVisibility, { body, handleErrors: true });
}

/** GET /settings/quick_prices: the set_price page's prices (ADR 138; price keys are data, not camelized). */
export function fetchQuickPrices(api: ApiClient): Promise<ApiResult<DataOf<typeof settingsOps.quickPrices>>> {
  return api.op(settingsOps.quickPrices, { handleErrors: true });
}

/** PUT /settings/quick_prices: saved under the service-price list's rule. */
export function saveQuickPrices(
  api: ApiClient,
  body: BodyInput<typeof settingsOps.saveQuickPrices>,
): Promise<ApiResult<DataOf<typeof settingsOps.saveQuickPrices>>> {
  return api.op(settingsOps.saveQuickPrices, { body, handleErrors: true });
}
