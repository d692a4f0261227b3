/** The settings group's endpoints, as the web tier calls them. */
import type {
  ChangeEmailInput,
  ChangePasswordInput,
  DateReviewDisplay,
  DateReviewDisplayInput,
  EmailChangeConfirmed,
  EmailSettings,
  FirstContactFilter,
  FirstContactFilterInput,
  NotificationPreferences,
  PasswordChanged,
  SearchVisibility,
  SearchVisibilityInput,
  SettingsIndex,
  SettingsSection,
  SettingsSectionSaved,
} from "#server/contract/settings";
import type { MembershipState } from "#server/contract/membership";
import type { Camelize } from "./camelize";
import type { ApiClient, ApiResult } from "./client.server";

/** GET /settings: the pages this member has (page keys are data: not camelized). */
export function fetchSettingsIndex(api: ApiClient): Promise<ApiResult<SettingsIndex>> {
  return api.call<SettingsIndex>("/api/v2/settings", { camelize: false, handleErrors: true });
}

/** PUT /settings/{section}: saves one section of the member's own profile. */
export function saveSettingsSection(
  api: ApiClient,
  section: SettingsSection,
  body: unknown,
): Promise<ApiResult<Camelize<SettingsSectionSaved>>> {
  return api.call<Camelize<SettingsSectionSaved>>(`/api/v2/settings/${section}`, { method: "PUT", body, handleErrors: true });
}

/** GET /settings/email: the address, whether it is verified, and a change waiting for its link. */
export function fetchEmailSettings(api: ApiClient): Promise<ApiResult<Camelize<EmailSettings>>> {
  return api.call<Camelize<EmailSettings>>("/api/v2/settings/email", { handleErrors: true });
}

/** PUT /settings/email: a new address, confirmed by the current password. */
export function requestEmailChange(api: ApiClient, body: ChangeEmailInput): Promise<ApiResult<Camelize<EmailSettings>>> {
  return api.call<Camelize<EmailSettings>>("/api/v2/settings/email", { method: "PUT", body, handleErrors: true });
}

/** DELETE /settings/email/pending. */
export function cancelEmailChange(api: ApiClient): Promise<ApiResult<Camelize<EmailSettings>>> {
  return api.call<Camelize<EmailSettings>>("/api/v2/settings/email/pending", { method: "DELETE", handleErrors: true });
}

/** POST /settings/email/confirm: the token from the link sent to the new address. */
export function confirmEmailChange(api: ApiClient, token: string): Promise<ApiResult<Camelize<EmailChangeConfirmed>>> {
  return api.call<Camelize<EmailChangeConfirmed>>("/api/v2/settings/email/confirm", {
    method: "POST",
    body: { token },
    handleErrors: true,
  });
}

/** PUT /settings/password. */
export function changePassword(api: ApiClient, body: ChangePasswordInput): Promise<ApiResult<Camelize<PasswordChanged>>> {
  return api.call<Camelize<PasswordChanged>>("/api/v2/settings/password", { method: "PUT", body, handleErrors: true });
}

/** GET /settings/first_contact_filter. */
export function fetchFirstContactFilter(api: ApiClient): Promise<ApiResult<FirstContactFilter>> {
  return api.call<FirstContactFilter>("/api/v2/settings/first_contact_filter", { camelize: false, handleErrors: true });
}

/** PUT /settings/first_contact_filter. */
export function saveFirstContactFilter(api: ApiClient, body: FirstContactFilterInput): Promise<ApiResult<FirstContactFilter>> {
  return api.call<FirstContactFilter>("/api/v2/settings/first_contact_filter", {
    method: "PUT",
    body,
    camelize: false,
    handleErrors: true,
  });
}

/** GET /settings/notifications (kinds and channels are data: not camelized). */
export function fetchNotificationPreferences(api: ApiClient): Promise<ApiResult<NotificationPreferences>> {
  return api.call<NotificationPreferences>("/api/v2/settings/notifications", { camelize: false, handleErrors: true });
}

/** PUT /settings/notifications. */
export function saveNotificationPreferences(api: ApiClient, body: unknown): Promise<ApiResult<NotificationPreferences>> {
  return api.call<NotificationPreferences>("/api/v2/settings/notifications", { method: "PUT", body, camelize: false, handleErrors: true });
}

/** GET /settings/date_review_display. */
export function fetchDateReviewDisplay(api: ApiClient): Promise<ApiResult<Camelize<DateReviewDisplay>>> {
  return api.call<Camelize<DateReviewDisplay>>("/api/v2/settings/date_review_display", { handleErrors: true });
}

/** PUT /settings/date_review_display. */
export function saveDateReviewDisplay(api: ApiClient, body: DateReviewDisplayInput): Promise<ApiResult<Camelize<DateReviewDisplay>>> {
  return api.call<Camelize<DateReviewDisplay>>("/api/v2/settings/date_review_display", { method: "PUT", body, handleErrors: true });
}

/** GET /settings/search_visibility. */
export function fetchSearchVisibility(api: ApiClient): Promise<ApiResult<Camelize<SearchVisibility>>> {
  return api.call<Camelize<SearchVisibility>>("/api/v2/settings/search_visibility", { handleErrors: true });
}

/** PUT /settings/search_visibility. */
export function saveSearchVisibility(api: ApiClient, body: SearchVisibilityInput): Promise<ApiResult<Camelize<SearchVisibility>>> {
  return api.call<Camelize<SearchVisibility>>("/api/v2/settings/search_visibility", { method: "PUT", body, handleErrors: true });
}

/** GET /settings/membership: plus now and until when, and its benefits for this member (benefit keys are data: not camelized). */
export function fetchMembershipState(api: ApiClient): Promise<ApiResult<MembershipState>> {
  return api.call<MembershipState>("/api/v2/settings/membership", { camelize: false, handleErrors: true });
}
