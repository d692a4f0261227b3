/** The settings group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";
import {
  appearanceStepSchema,
  availabilityStepSchema,
  businessDescriptionStepSchema,
  businessScheduleStepSchema,
  businessServicesStepSchema,
  profileStepSchema,
  servicesStepSchema,
} from "../registration-steps";
import {
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailChangeSchema,
  dateReviewDisplaySchema,
  firstContactFilterSchema,
  notificationPreferencesSchema,
  quickPricesSchema,
  searchVisibilitySchema,
} from "../settings";

export const settingsOps = {
  // camelize: false below where keys are data (page keys of the index, notification kinds and channels, membership
  // benefits) or where the page's form posts the same snake_case fields back (the first-contact filter).
  index: defineOperation({ method: "get", path: "/api/v2/settings", response: "SettingsIndex", camelize: false }),
  /** PUT /settings/{section}: one section of the member's own profile, validated by its registration step's schema. */
  sections: {
    appearance: defineOperation({
      method: "put",
      path: "/api/v2/settings/appearance",
      body: appearanceStepSchema,
      response: "SettingsSectionSaved",
    }),
    profile: defineOperation({
      method: "put",
      path: "/api/v2/settings/profile",
      body: profileStepSchema,
      response: "SettingsSectionSaved",
    }),
    services: defineOperation({
      method: "put",
      path: "/api/v2/settings/services",
      body: servicesStepSchema,
      response: "SettingsSectionSaved",
    }),
    availability: defineOperation({
      method: "put",
      path: "/api/v2/settings/availability",
      body: availabilityStepSchema,
      response: "SettingsSectionSaved",
    }),
    business_services: defineOperation({
      method: "put",
      path: "/api/v2/settings/business_services",
      body: businessServicesStepSchema,
      response: "SettingsSectionSaved",
    }),
    business_description: defineOperation({
      method: "put",
      path: "/api/v2/settings/business_description",
      body: businessDescriptionStepSchema,
      response: "SettingsSectionSaved",
    }),
    business_schedule: defineOperation({
      method: "put",
      path: "/api/v2/settings/business_schedule",
      body: businessScheduleStepSchema,
      response: "SettingsSectionSaved",
    }),
  },
  notifications: defineOperation({
    method: "get",
    path: "/api/v2/settings/notifications",
    response: "NotificationPreferences",
    camelize: false,
  }),
  saveNotifications: defineOperation({
    method: "put",
    path: "/api/v2/settings/notifications",
    body: notificationPreferencesSchema,
    response: "NotificationPreferences",
    camelize: false,
  }),
  dateReviewDisplay: defineOperation({ method: "get", path: "/api/v2/settings/date_review_display", response: "DateReviewDisplay" }),
  saveDateReviewDisplay: defineOperation({
    method: "put",
    path: "/api/v2/settings/date_review_display",
    body: dateReviewDisplaySchema,
    response: "DateReviewDisplay",
  }),
  /** set_price (ADR 138): the few time prices members look at first; price keys are data (not camelized). */
  quickPrices: defineOperation({ method: "get", path: "/api/v2/settings/quick_prices", response: "QuickPrices", camelize: false }),
  saveQuickPrices: defineOperation({
    method: "put",
    path: "/api/v2/settings/quick_prices",
    body: quickPricesSchema,
    response: "QuickPrices",
    camelize: false,
  }),
  searchVisibility: defineOperation({ method: "get", path: "/api/v2/settings/search_visibility", response: "SearchVisibility" }),
  saveSearchVisibility: defineOperation({
    method: "put",
    path: "/api/v2/settings/search_visibility",
    body: searchVisibilitySchema,
    response: "SearchVisibility",
  }),
  membership: defineOperation({ method: "get", path: "/api/v2/settings/membership", response: "MembershipState", camelize: false }),
  firstContactFilter: defineOperation({
    method: "get",
    path: "/api/v2/settings/first_contact_filter",
    response: "FirstContactFilter",
    camelize: false,
  }),
  saveFirstContactFilter: defineOperation({
    method: "put",
    path: "/api/v2/settings/first_contact_filter",
    body: firstContactFilterSchema,
    response: "FirstContactFilter",
    camelize: false,
  }),
  email: defineOperation({ method: "get", path: "/api/v2/settings/email", response: "EmailSettings" }),
  changeEmail: defineOperation({ method: "put", path: "/api/v2/settings/email", body: changeEmailSchema, response: "EmailSettings" }),
  cancelEmailChange: defineOperation({ method: "delete", path: "/api/v2/settings/email/pending", response: "EmailSettings" }),
  confirmEmailChange: defineOperation({
    method: "post",
    path: "/api/v2/settings/email/confirm",
    body: confirmEmailChangeSchema,
    response: "EmailChangeConfirmed",
  }),
  changePassword: defineOperation({
    method: "put",
    path: "/api/v2/settings/password",
    body: changePasswordSchema,
    response: "PasswordChanged",
  }),
};
