import type * as v from "valibot";
import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import type { SettingsSection } from "../../contract/settings";
import { settingsOps } from "../../contract/operations/settings";
import { firstContactFilter, saveFirstContactFilter } from "./first-contact.service";
import { notificationPreferences, saveNotificationPreferences } from "./notifications.service";
import { dateReviewDisplay, saveDateReviewDisplay } from "./review-display.service";
import { membershipState } from "./membership.service";
import { saveSearchVisibility, searchVisibility } from "./search-visibility.service";
import { cancelEmailChange, changePassword, confirmEmailChange, emailSettings, requestEmailChange } from "./account.service";
import { quickPrices, saveQuickPrices } from "./quick-prices.service";
import { saveSettingsSection, settingsIndex, type SectionInputs } from "./service";

/**
 * Each section's body is its registration step's schema (one rule for sign-up and settings; the descriptors in
 * contract/operations/settings), and the service saves what it yields: this record only typechecks that they fit.
 */
const SECTION_OPS: { [S in SettingsSection]: { readonly body: v.GenericSchema<unknown, SectionInputs[S]> } } = settingsOps.sections;

const SECTION_SUMMARIES: Record<SettingsSection, string> = {
  appearance: "Measures and appearance choices (escorts and clients; the appearance step's rules).",
  profile:
    "Relationship status, special-category answers with their consent, city, nationality, languages, profession and texts (the profile step's rules).",
  services: "Services, meeting options, customer types, prices and extras (escorts and agencies; the services step's rules).",
  availability: "Working hours and available now (escorts).",
  business_services: "A business's services, rooms, environment, customers, meeting options and languages.",
  business_description: "A business's description (140-2500 characters) and status text.",
  business_schedule: "A business's opening hours.",
};

/** The member's settings (issue 10): the index and the profile sections, always the caller's own. */
export function registerSettings({ v2 }: ModuleContext): void {
  v2.add(
    settingsOps.index,
    {
      summary: "The settings pages the signed-in member has (spec section 6 hides some per user and business type), by group.",
      tag: "settings",
      auth: "required",
    },
    async (c, { user }) => ok(c, await settingsIndex(c.get("deps"), user!.id)),
  );
  for (const section of Object.keys(SECTION_OPS) as SettingsSection[]) {
    v2.add(
      settingsOps.sections[section],
      {
        summary: `${SECTION_SUMMARIES[section]} Saves the caller's own profile; 403 exception.settings.not_for_user_type when their kind of member has no such form.`,
        tag: "settings",
        auth: "required",
        statuses: [400, 401, 403],
      },
      async (c, { body, user }) => ok(c, await saveSettingsSection(c.get("deps"), user!.id, section, body as never)),
    );
  }

  v2.add(
    settingsOps.notifications,
    {
      summary:
        "The member's notification choices: for messages, dates, favorites, visitors, reviews and news, by e-mail, push and in the bar.",
      tag: "settings",
      auth: "required",
    },
    async (c, { user }) => ok(c, await notificationPreferences(c.get("deps"), user!.id)),
  );
  v2.add(
    settingsOps.saveNotifications,
    {
      summary: "Saves every kind's channels at once; a switch left out is off. News by e-mail or push only with an explicit yes.",
      tag: "settings",
      auth: "required",
      statuses: [400, 401],
    },
    async (c, { body, user }) => ok(c, await saveNotificationPreferences(c.get("deps"), user!.id, body)),
  );
  v2.add(
    settingsOps.quickPrices,
    {
      summary:
        "set_price (ADR 138): the caller's prices for 30 minutes, 1, 2 and 12 hours (whole euros) and how many other prices the full list holds. 403 for members without service prices.",
      tag: "settings",
      auth: "required",
      statuses: [401, 403],
    },
    async (c, { user }) => ok(c, await quickPrices(c.get("deps"), user!.id)),
  );
  v2.add(
    settingsOps.saveQuickPrices,
    {
      summary:
        "Saves those prices under the service-price list's rule (1-100000 whole euros); a price left out or null is removed, the list's other durations and extras stay. 403 for members without service prices.",
      tag: "settings",
      auth: "required",
      statuses: [400, 401, 403],
    },
    async (c, { body, user }) => ok(c, await saveQuickPrices(c.get("deps"), user!.id, body)),
  );
  v2.add(
    settingsOps.dateReviewDisplay,
    {
      summary: "Whether the reviews of the member's dates and their average show on the profile, and how many there are. 403 for clients.",
      tag: "settings",
      auth: "required",
      statuses: [401, 403],
    },
    async (c, { user }) => ok(c, await dateReviewDisplay(c.get("deps"), user!.id)),
  );
  v2.add(
    settingsOps.saveDateReviewDisplay,
    {
      summary: "Saves whether reviews and the average rating show on the profile (escorts and businesses; 403 for clients).",
      tag: "settings",
      auth: "required",
      statuses: [400, 401, 403],
    },
    async (c, { body, user }) => ok(c, await saveDateReviewDisplay(c.get("deps"), user!.id, body)),
  );
  v2.add(
    settingsOps.searchVisibility,
    {
      summary:
        "Whether the member's profile is hidden from lists (search, directory, nearby, autocomplete, sitemaps), invisible browsing, and whether the member has plus now.",
      tag: "settings",
      auth: "required",
      statuses: [401],
    },
    async (c, { user }) => ok(c, await searchVisibility(c.get("deps"), user!.id)),
  );
  v2.add(
    settingsOps.saveSearchVisibility,
    {
      summary:
        "Saves hidden_in_search (the profile page stays reachable by its address) and invisible_browsing (switching it on needs a running plus membership: else 403 exception.settings.invisible_browsing_plus_only). A switch left out is off.",
      tag: "settings",
      auth: "required",
      statuses: [400, 401, 403],
    },
    async (c, { body, user }) => ok(c, await saveSearchVisibility(c.get("deps"), user!.id, body)),
  );
  v2.add(
    settingsOps.membership,
    {
      summary:
        "Whether plus runs for the member and until when (member_until, ms; null: no end), whether an earlier one lapsed, and the plus benefits for their kind (clients, or escorts and businesses). Buying arrives with payments: purchase_available is false.",
      tag: "settings",
      auth: "required",
      statuses: [401],
    },
    async (c, { user }) => ok(c, await membershipState(c.get("deps"), user!.id)),
  );
  registerEmailPassword(v2);
  v2.add(
    settingsOps.firstContactFilter,
    {
      summary: "Who may open a first contact with the member (everyone until a filter is saved).",
      tag: "settings",
      auth: "required",
    },
    async (c, { user }) => ok(c, await firstContactFilter(c.get("deps"), user!.id)),
  );
  v2.add(
    settingsOps.saveFirstContactFilter,
    {
      summary:
        "Saves who may open a first contact: an age range (18-99), genders, user types, origin countries (empty lists allow everyone), plus members only and verified only. The messenger applies it.",
      tag: "settings",
      auth: "required",
      statuses: [400, 401],
    },
    async (c, { body, user }) => ok(c, await saveFirstContactFilter(c.get("deps"), user!.id, body)),
  );
}

/** user/email_password: the address (changed only through a link to the new one) and the password. */
function registerEmailPassword(v2: ModuleContext["v2"]): void {
  v2.add(
    settingsOps.email,
    {
      summary: "The account's e-mail address, whether it is verified, and a change waiting for its link (24 hours).",
      tag: "settings",
      auth: "required",
    },
    async (c, { user }) => ok(c, await emailSettings(c.get("deps"), user!.id)),
  );
  v2.add(
    settingsOps.changeEmail,
    {
      summary:
        "Asks for a new address, confirmed by the current password: a link goes to the new address (24 hours), a notice to the old one; the account keeps the old address until the link is opened. 400 exception.settings.current_password_wrong, 409 exception.signup.email_taken, 429 after 3 requests an hour or 5 wrong passwords in 15 minutes.",
      tag: "settings",
      auth: "required",
      statuses: [400, 401, 409, 429],
    },
    async (c, { body, user }) => ok(c, await requestEmailChange(c.get("deps"), user!.id, body, c.get("lang"))),
  );
  v2.add(
    settingsOps.cancelEmailChange,
    {
      summary: "Withdraws a change of address that waits for its link.",
      tag: "settings",
      auth: "required",
    },
    async (c, { user }) => ok(c, await cancelEmailChange(c.get("deps"), user!.id)),
  );
  v2.add(
    settingsOps.confirmEmailChange,
    {
      summary:
        "Opens the link sent to a new address: it becomes the account's, verified, and the old address is told. The token decides; a signed-in caller must own it (403).",
      tag: "settings",
      auth: "optional",
      statuses: [400, 403, 409],
    },
    async (c, { body, user }) => ok(c, await confirmEmailChange(c.get("deps"), body.token, user?.id ?? null)),
  );
  v2.add(
    settingsOps.changePassword,
    {
      summary:
        "A new password (the registration rules), confirmed by the current one; every other session ends, this one stays. A notice goes to the account's address.",
      tag: "settings",
      auth: "required",
      statuses: [400, 401, 429],
    },
    async (c, { body, user }) => ok(c, await changePassword(c.get("deps"), user!.id, user!.tokenId, body)),
  );
}
