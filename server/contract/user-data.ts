import type { ViewerEntitlements } from "./entitlements";
import type { MessengerUnread } from "./messenger";
import type { AnnouncementList, NotificationSummary } from "./notifications";
import type { DollarBalances } from "./ledger";

// Not in ./users: this answer gathers the messenger's and the notifications' types, and ./users is the leaf every
// group imports for the user types (importing them there closed a loop through most of the contract).
/**
 * GET /user/data: the signed-in member as the header, the dashboards and the duty redirects need them
 * (spec section 3 "User info"). Declared once here; the handler returns it and the web tier reads it
 * camelized (`Camelize<UserDataResponse>`, app/api/viewer.server.ts), so a renamed field fails both.
 */
export interface UserDataResponse {
  id: number;
  username: string;
  email: string;
  language: string;
  status: string;
  profile: {
    user_type: number;
    gender: number | null;
    display_name: string;
    city_name: string | null;
    /** Businesses: agency or club (contract/registration-sign-up BUSINESS_KINDS); null for everyone else. */
    business_kind: string | null;
  };
  age: number | null;
  registration_completed_at: number | null;
  /** Plus runs now (the same as entitlements.plus; spec section 3 "isMember"). */
  is_member: boolean;
  /** What plus gives the member now, as the entitlements kernel decided it (ADR 061): the web tier reads only this. */
  entitlements: ViewerEntitlements;
  is_email_verified: boolean;
  email_was_verified: boolean;
  is_bounced_email: boolean;
  /** Spec section 4: the address still needs (re-)verification; messaging and posting wait for it (ADR 024). */
  must_verify_email: boolean;
  forced_fake_check: boolean;
  /** The fsk18 age verification passed (status 2, ADR 105): the "age verified" badge. fsk18 content also needs the session's PIN. */
  age_verified: boolean;
  /** fsk18 content is open to this login session (verified and the PIN entered, access/age-gate.ts): the fsk18 search filter is offered. */
  fsk18_open: boolean;
  register_completed_step: number;
  /** The member's consent to the activity tracker stands (ADR 132): pages include public/scripts/activity.js. */
  activity_tracking: boolean;
  /** Where the web tier must send this user first (path after the language, may carry a query), or null. */
  next_destination: string | null;
  /** The header's bell (ADR 044): the unread count and the latest few, read with the user in one API call. */
  notifications: NotificationSummary;
  /** The header's "Nachrichten" count and the messenger tabs (the same numbers as GET /messenger/unread). */
  messenger: MessengerUnread;
  /**
   * The header's and the dashboard's "Meine Dates" (issue 25 item 4, ADR 070): how many dates wait for the member,
   * in all (`waiting`) and per stage: their answer (`needs_confirmation`) and their review (`needs_review`;
   * contract/dates DATE_WAITING_STAGES). Always 0 for accounts without dates (staff).
   */
  dates: { waiting: number; needs_confirmation: number; needs_review: number };
  /** The header's dollar balance (issue 27, ADR 081): the member's wallet; null for staff accounts, which have none. */
  dollars: DollarBalances | null;
}

/**
 * GET /user/shell (ADR 148): what the layout shows on every signed-in page, in one call — the viewer as /user/data
 * answers it and the announcement bar. Served from a per-member cache that may be up to SHELL_TTL_MS old for changes
 * that neither the member made nor the realtime bus announced (server/modules/auth/shell.ts, ADR 148); /user/data stays exact.
 */
export interface UserShell {
  user: UserDataResponse;
  announcements: AnnouncementList;
}
