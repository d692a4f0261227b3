import type { Migration } from "kysely";
import type { Dialect } from "../dialect";
import * as m0001 from "./0001_init";
import * as m0002ContentRemoval from "./0002_content_removal";
import * as m0003ProfileData from "./0003_profile_data";
import * as m0004Signup from "./0004_signup";
import * as m0005BusinessEscorts from "./0005_business_escorts";
import * as m0006PublicProfiles from "./0006_public_profiles";
import * as m0007GeoSearch from "./0007_geo_search";
import * as m0008InvitesClaimsPhone from "./0008_invites_claims_phone";
import * as m0009MailDelivery from "./0009_mail_delivery";
import * as m0010SignupTracking from "./0010_signup_tracking";
import * as m0011SearchProfiles from "./0011_search_profiles";
import * as m0012MediaVariants from "./0012_media_variants";
import * as m0013Consents from "./0013_consents";
import * as m0014SessionWindowTokenFamilies from "./0014_session_window_token_families";
import * as m0015BusinessLinkConsent from "./0015_business_link_consent";
import * as m0016EmailChanges from "./0016_email_changes";
import * as m0017FirstContactFilters from "./0017_first_contact_filters";
import * as m0018AccountDeletions from "./0018_account_deletions";
import * as m0019NotificationPreferences from "./0019_notification_preferences";
import * as m0020ReviewDisplay from "./0020_review_display";
import * as m0021Jobs from "./0021_jobs";
import * as m0022DataExports from "./0022_data_exports";
import * as m0023SearchVisibility from "./0023_search_visibility";
import * as m0024Tours from "./0024_tours";
import * as m0025MediaGallery from "./0025_media_gallery";
import * as m0026Moderation from "./0026_moderation";
import * as m0027ProfileViews from "./0027_profile_views";
import * as m0028MediaVideo from "./0028_media_video";
import * as m0029Favorites from "./0029_favorites";
import * as m0030ProfileVisits from "./0030_profile_visits";
import * as m0031FriendLinks from "./0031_friend_links";
import * as m0032ProfileNotes from "./0032_profile_notes";
import * as m0033Reports from "./0033_reports";
import * as m0034ProfileExtras from "./0034_profile_extras";
import * as m0035Messenger from "./0035_messenger";
import * as m0040Notifications from "./0040_notifications";
import * as m0045SearchPopularity from "./0045_search_popularity";
import * as m0046Dates from "./0046_dates";
import * as m0047DateReviews from "./0047_date_reviews";
import * as m0048MessengerClientKeys from "./0048_messenger_client_keys";
import * as m0059ReportEmailConfirmation from "./0059_report_email_confirmation";
import * as m0056DemoAccounts from "./0056_demo_accounts";

/**
 * The released migrations, listed here, not read from a folder, so they survive bundling. Databases have them
 * recorded by these names in kysely's migration table: never rename, remove or edit one. This list is closed
 * (ADR 067): a new migration belongs to its feature, in `server/modules/<feature>/migrations/`, declared in the
 * feature's manifest (`migrations`); `allMigrationsFor` (server/modules/index.ts) joins both, and kysely runs them in
 * the order of their names, so a new one is numbered after `LAST_RELEASED_MIGRATION`.
 */
export function releasedMigrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    "0001_init": { up: m0001.up(dialect) },
    "0002_content_removal": { up: m0002ContentRemoval.up(dialect) },
    "0003_profile_data": { up: m0003ProfileData.up(dialect) },
    "0004_signup": { up: m0004Signup.up(dialect) },
    "0005_business_escorts": { up: m0005BusinessEscorts.up(dialect) },
    "0006_public_profiles": { up: m0006PublicProfiles.up(dialect) },
    "0007_geo_search": { up: m0007GeoSearch.up(dialect) },
    "0008_invites_claims_phone": { up: m0008InvitesClaimsPhone.up(dialect) },
    "0009_mail_delivery": { up: m0009MailDelivery.up(dialect) },
    "0010_signup_tracking": { up: m0010SignupTracking.up(dialect) },
    "0011_search_profiles": { up: m0011SearchProfiles.up(dialect) },
    "0012_media_variants": { up: m0012MediaVariants.up(dialect) },
    "0013_consents": { up: m0013Consents.up(dialect) },
    "0014_session_window_token_families": { up: m0014SessionWindowTokenFamilies.up(dialect) },
    "0015_business_link_consent": { up: m0015BusinessLinkConsent.up(dialect) },
    "0016_email_changes": { up: m0016EmailChanges.up(dialect) },
    "0017_first_contact_filters": { up: m0017FirstContactFilters.up(dialect) },
    "0018_account_deletions": { up: m0018AccountDeletions.up(dialect) },
    "0019_notification_preferences": { up: m0019NotificationPreferences.up(dialect) },
    "0020_review_display": { up: m0020ReviewDisplay.up(dialect) },
    "0021_jobs": { up: m0021Jobs.up(dialect) },
    "0022_data_exports": { up: m0022DataExports.up(dialect) },
    "0023_search_visibility": { up: m0023SearchVisibility.up(dialect) },
    "0024_tours": { up: m0024Tours.up(dialect) },
    "0025_media_gallery": { up: m0025MediaGallery.up(dialect) },
    "0026_moderation": { up: m0026Moderation.up(dialect) },
    "0027_profile_views": { up: m0027ProfileViews.up(dialect) },
    "0028_media_video": { up: m0028MediaVideo.up(dialect) },
    "0029_favorites": { up: m0029Favorites.up(dialect) },
    "0030_profile_visits": { up: m0030ProfileVisits.up(dialect) },
    "0031_friend_links": { up: m0031FriendLinks.up(dialect) },
    "0032_profile_notes": { up: m0032ProfileNotes.up(dialect) },
    "0033_reports": { up: m0033Reports.up(dialect) },
    "0034_profile_extras": { up: m0034ProfileExtras.up(dialect) },
    "0035_messenger": { up: m0035Messenger.up(dialect) },
    "0040_notifications": { up: m0040Notifications.up(dialect) },
    "0045_search_popularity": { up: m0045SearchPopularity.up(dialect) },
    "0046_dates": { up: m0046Dates.up(dialect) },
    "0047_date_reviews": { up: m0047DateReviews.up(dialect) },
    "0048_messenger_client_keys": { up: m0048MessengerClientKeys.up(dialect) },
    "0059_report_email_confirmation": { up: m0059ReportEmailConfirmation.up(dialect) },
    "0056_demo_accounts": { up: m0056DemoAccounts.up(dialect) },
  };
}

/** The name every feature migration sorts after (kysely refuses a new name before one a database has run). */
export const LAST_RELEASED_MIGRATION = "0059_report_email_confirmation";
