/**
 * Kysely table types, one file per group (issue 8 item 6); this index names the database and re-exports
 * them, so `db/schema` stays the one import. Times are epoch milliseconds (UTC) in both dialects, booleans
 * are 0/1 integers (ADR 003).
 */
import type {
  UsersTable,
  AccessTokensTable,
  PasswordResetsTable,
  RateCountersTable,
  CaptchaChallengesTable,
  EmailVerificationsTable,
  EmailChangesTable,
  AccountDeletionsTable,
  AgeCheckRequestsTable,
  FederatedIdentitiesTable,
  ConsentsTable,
} from "./accounts";
import type { JobsTable } from "./jobs";
import type { DataExportsTable } from "./privacy";
import type { MailOutboxTable } from "./mail";
import type {
  ProfilesTable,
  ProfileTraitsTable,
  ProfilePricesTable,
  ProfileScheduleTable,
  MediaTable,
  BusinessEscortsTable,
  BlocksTable,
  FirstContactFiltersTable,
  NotificationPreferencesTable,
  ToursTable,
} from "./profiles";
import type { CountriesTable, RegionsTable, CitiesTable } from "./geo";
import type {
  InvitationCodesTable,
  ProfileClaimsTable,
  SmsVerificationsTable,
  SignupTrackingTable,
  LandingPagesTable,
} from "./registration";
import type { ContentRemovalRequestsTable, MediaDecisionsTable, ProfileTextChangesTable } from "./moderation";
import type { SearchProfilesTable } from "./search";
import type { ProfileViewDaysTable, ProfileViewMarksTable } from "./stats";
import type { MediaWatermarksTable } from "./media-gallery";
import type { ProfileInterviewsTable, ProfileDateKindsTable } from "./profile-extras";
import type { ReportsTable } from "./reports";
import type { FavoritesTable, ProfileCountersTable, ProfileVisitsTable } from "./favorites";
import type { FriendLinksTable } from "./friends";
import type { ProfileNotesTable } from "./notes";
import type {
  MessengerFirstContactsTable,
  MessengerMessagesTable,
  MessengerPhotosTable,
  MessengerThreadMembersTable,
  MessengerThreadsTable,
} from "./messenger";
import type { DatesTable, DateEventsTable, DateCheckinsTable } from "./dates";
import type { AnnouncementDismissalsTable, AnnouncementsTable, NotificationsTable, PushSubscriptionsTable } from "./notifications";

export type * from "./accounts";
export type * from "./jobs";
export type * from "./privacy";
export type * from "./mail";
export type * from "./profiles";
export type * from "./geo";
export type * from "./registration";
export type * from "./moderation";
export type * from "./search";
export type * from "./stats";
export type * from "./media-gallery";
export type * from "./profile-extras";
export type * from "./reports";
export type * from "./favorites";
export type * from "./friends";
export type * from "./notes";
export type * from "./messenger";
export type * from "./dates";
export type * from "./notifications";
export type * from "./reviews";

/**
 * The database's tables. This interface is open (ADR 067): a feature's tables join it by declaration merging from
 * the feature's own files (`declare module "…/db/schema/index" { interface Database { my_table: MyTable } }`), as
 * the date reviews' do in ./reviews.ts, so a new table needs no line here.
 */
export interface Database {
  users: UsersTable;
  access_tokens: AccessTokensTable;
  password_resets: PasswordResetsTable;
  rate_counters: RateCountersTable;
  captcha_challenges: CaptchaChallengesTable;
  mail_outbox: MailOutboxTable;
  jobs: JobsTable;
  data_exports: DataExportsTable;
  profiles: ProfilesTable;
  profile_traits: ProfileTraitsTable;
  profile_prices: ProfilePricesTable;
  profile_schedule: ProfileScheduleTable;
  tours: ToursTable;
  media: MediaTable;
  business_escorts: BusinessEscortsTable;
  content_removal_requests: ContentRemovalRequestsTable;
  blocks: BlocksTable;
  first_contact_filters: FirstContactFiltersTable;
  notification_preferences: NotificationPreferencesTable;
  landing_pages: LandingPagesTable;
  countries: CountriesTable;
  regions: RegionsTable;
  cities: CitiesTable;
  invitation_codes: InvitationCodesTable;
  profile_claims: ProfileClaimsTable;
  sms_verifications: SmsVerificationsTable;
  federated_identities: FederatedIdentitiesTable;
  email_verifications: EmailVerificationsTable;
  email_changes: EmailChangesTable;
  account_deletions: AccountDeletionsTable;
  age_check_requests: AgeCheckRequestsTable;
  signup_tracking: SignupTrackingTable;
  search_profiles: SearchProfilesTable;
  media_watermarks: MediaWatermarksTable;
  profile_text_changes: ProfileTextChangesTable;
  media_decisions: MediaDecisionsTable;
  consents: ConsentsTable;
  profile_view_days: ProfileViewDaysTable;
  profile_view_marks: ProfileViewMarksTable;
  profile_interviews: ProfileInterviewsTable;
  profile_date_kinds: ProfileDateKindsTable;
  reports: ReportsTable;
  favorites: FavoritesTable;
  profile_counters: ProfileCountersTable;
  profile_visits: ProfileVisitsTable;
  friend_links: FriendLinksTable;
  profile_notes: ProfileNotesTable;
  messenger_threads: MessengerThreadsTable;
  messenger_thread_members: MessengerThreadMembersTable;
  messenger_messages: MessengerMessagesTable;
  messenger_photos: MessengerPhotosTable;
  messenger_first_contacts: MessengerFirstContactsTable;
  dates: DatesTable;
  date_events: DateEventsTable;
  date_checkins: DateCheckinsTable;
  notifications: NotificationsTable;
  announcements: AnnouncementsTable;
  announcement_dismissals: AnnouncementDismissalsTable;
  push_subscriptions: PushSubscriptionsTable;
}
