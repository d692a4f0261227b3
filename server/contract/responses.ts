/**
 * Every declared success body of the API, by the name the OpenAPI document gives it (issue 8 item 1, ADR 041).
 * A route names one with `response: "BlockList"`; its handler must then answer that type (`ok` carries it), the
 * web tier reads it as `Camelize<ResponseBodies["BlockList"]>`, and `npm run contract:schemas` generates the JSON
 * schemas of the OpenAPI document from this interface (server/contract/generated/response-schemas.json). The test
 * runtime checks every success body an API test receives against its schema.
 *
 * The interface is open (ADR 067): a feature names its bodies in its own contract file and joins them here by
 * declaration merging, without a line in this file —
 *   export interface LatestReviewsBodies { LatestReviews: LatestReviews }
 *   declare module "./responses" { interface ResponseBodies extends LatestReviewsBodies {} }
 * — and the schema generator reads each such interface too (scripts/contract-schemas.mjs). The names below were
 * declared before; they stay here.
 */
import type { BlockList } from "./blocks";
import type { BusinessLinksView } from "./business-links";
import type { ConsentItem } from "./consents";
import type { CountryDefinition, LanguageDefinition } from "./definitions";
import type { IssuedCaptcha, IssuedTokens } from "./auth";
import type { ClaimBound, ClaimCodeVerified, ClaimPreview, InvitationInfo, PhoneStatus, ThirdPartySignIn } from "./invites";
import type { MediaItem } from "./media";
import type { ChunkedUploadState, UploadToken } from "./media-chunked";
import type { AlbumOrdering, GalleryPage, MediaDeleted, OwnMediaItem, WatermarkSettings } from "./media-gallery";
import type { DataExport, DataExportStatus } from "./privacy";
import type { GuideCountry, SitemapEntry, SitemapIndex } from "./seo";
import type { AccountState } from "./settings";
import type { TourList } from "./tours";
import type { UserDataResponse, UserShell } from "./user-data";

import type { LoggedOut, PasswordAccepted, PasswordResetDone, ResetMailRequested } from "./auth";
import type { BusinessLinkAnswered, BusinessLinkChanged } from "./business-links";
import type { AccountDeleted } from "./settings";
import type {
  ClaimableProfileCreated,
  ClaimCodeSent,
  InvitationCodeCreated,
  SmsCodeSent,
  SmsVerified,
  ThirdPartyAuthorization,
  ThirdPartyProviders,
} from "./invites";
import type { PageDocument } from "./pages";
import type { BusinessSignupTracking, StepData, StepResult } from "./registration-steps";
import type { DirectoryPage } from "./seo";
import type { EmailVerified, SignUpResult, UniqueCheck, VerificationMailSent } from "./registration-sign-up";
import type { Interviews } from "./interviews";
import type { PreferredDates } from "./preferred-dates";
import type { BusinessReviewsPage } from "./business-reviews";
import type { SafeSexState } from "./safesex";
import type { FiledReport, OwnReport, OwnReportList, ReportEmailConfirmed, ReportQueue } from "./reports";
import type { FavoriteChange, UserList } from "./favorites";
import type { FriendLinkAnswer, FriendList } from "./friends";
import type { CheckinView, DateDetail, DateList, DateOptions } from "./dates";
import type { DevClock } from "./dev";
import type {
  BoostResult,
  Conversation,
  MessengerAutocomplete,
  MessengerUnread,
  SendCheck,
  ContactOutlook,
  SendResult,
  ThreadActionResult,
  ThreadList,
  ThreadMediums,
} from "./messenger";
import type { NoteAnswer } from "./notes";
import type { DateReviews, LinkedEscortReviewList, ReviewList, ReviewUnlockInfo } from "./reviews";
import type {
  AnnouncementDismissed,
  AnnouncementList,
  NotificationChange,
  NotificationList,
  NotificationSummary,
  PushSettings,
} from "./notifications";

import type { BatchResults } from "./batch";
import type { DashboardCharts, DashboardOverview } from "./dashboard";
import type { RegisterDefinitions } from "./definitions";
import type { OutboxMail } from "./dev";
import type { CityHit } from "./geo";
import type { MembershipState } from "./membership";
import type { ModerationDecision, ModerationQueue, MyModeration } from "./moderation";
import type { GalleryItem } from "./media";
import type { DrivingMinutes, NearbyProfile, ProfileDetail, ProfileMini, ProfileTag, RegionBox, TrustLevel, WorkHours } from "./profiles";
import type { SearchAutocomplete, SearchFilters, SearchHit } from "./search";
import type { LandingPageAnswer } from "./seo";
import type {
  DateReviewDisplay,
  EmailChangeConfirmed,
  EmailSettings,
  FirstContactFilter,
  NotificationPreferences,
  PasswordChanged,
  QuickPrices,
  SearchVisibility,
  SettingsIndex,
  SettingsSectionSaved,
} from "./settings";

export interface ResponseBodies {
  /** The bare OAuth 2.0 token answer (the route sets `envelope: false`). */
  IssuedTokens: IssuedTokens;
  AccountDeleted: AccountDeleted;
  AccountState: AccountState;
  AlbumOrdering: AlbumOrdering;
  AnnouncementDismissed: AnnouncementDismissed;
  AnnouncementList: AnnouncementList;
  BlockList: BlockList;
  BusinessLinkAnswered: BusinessLinkAnswered;
  BusinessLinkChanged: BusinessLinkChanged;
  BusinessLinksView: BusinessLinksView;
  BusinessReviewsPage: BusinessReviewsPage;
  BusinessSignupTracking: BusinessSignupTracking;
  /** POST /media/upload/chunked: the pieces held after an upload action, the new media after the end action. */
  ChunkedUploadAnswer: ChunkedUploadState | MediaItem[];
  ChunkedUploadState: ChunkedUploadState;
  ClaimBound: ClaimBound;
  ClaimCodeSent: ClaimCodeSent;
  ClaimCodeVerified: ClaimCodeVerified;
  ClaimPreview: ClaimPreview;
  ClaimableProfileCreated: ClaimableProfileCreated;
  ConsentList: ConsentItem[];
  CountryDefinitions: CountryDefinition[];
  DataExport: DataExport;
  DataExportStatus: DataExportStatus;
  DateReviews: DateReviews;
  DirectoryPage: DirectoryPage;
  DirectorySitemap: SitemapEntry[];
  EmailVerified: EmailVerified;
  FavoriteChange: FavoriteChange;
  FiledReport: FiledReport;
  FriendLinkAnswer: FriendLinkAnswer;
  CheckinView: CheckinView;
  DateDetail: DateDetail;
  DateList: DateList;
  DateOptions: DateOptions;
  DevClock: DevClock;
  FriendList: FriendList;
  BoostResult: BoostResult;
  Conversation: Conversation;
  MessengerAutocomplete: MessengerAutocomplete;
  MessengerUnread: MessengerUnread;
  SendCheck: SendCheck;
  ContactOutlook: ContactOutlook;
  SendResult: SendResult;
  ThreadActionResult: ThreadActionResult;
  ThreadList: ThreadList;
  ThreadMediums: ThreadMediums;
  GalleryPage: GalleryPage;
  Interviews: Interviews;
  InvitationCodeCreated: InvitationCodeCreated;
  InvitationInfo: InvitationInfo;
  IssuedCaptcha: IssuedCaptcha;
  LanguageDefinitions: LanguageDefinition[];
  LocationGuide: GuideCountry[];
  LoggedOut: LoggedOut;
  MediaDeleted: MediaDeleted;
  MediaItems: MediaItem[];
  NoteAnswer: NoteAnswer;
  NotificationChange: NotificationChange;
  NotificationList: NotificationList;
  NotificationSummary: NotificationSummary;
  OwnMediaItem: OwnMediaItem;
  OwnReport: OwnReport;
  OwnReportList: OwnReportList;
  PageDocument: PageDocument;
  PasswordAccepted: PasswordAccepted;
  PasswordResetDone: PasswordResetDone;
  PhoneStatus: PhoneStatus;
  PreferredDates: PreferredDates;
  PushSettings: PushSettings;
  ReportEmailConfirmed: ReportEmailConfirmed;
  ReportQueue: ReportQueue;
  ResetMailRequested: ResetMailRequested;
  ReviewList: ReviewList;
  LinkedEscortReviewList: LinkedEscortReviewList;
  ReviewUnlockInfo: ReviewUnlockInfo;
  SafeSexState: SafeSexState;
  SignUpResult: SignUpResult;
  SmsCodeSent: SmsCodeSent;
  SmsVerified: SmsVerified;
  StepData: StepData;
  StepResult: StepResult;
  ThirdPartyAuthorization: ThirdPartyAuthorization;
  ThirdPartyProviders: ThirdPartyProviders;
  ThirdPartySignIn: ThirdPartySignIn;
  TourList: TourList;
  UniqueCheck: UniqueCheck;
  UploadToken: UploadToken;
  UserData: UserDataResponse;
  /** GET /user/shell (ADR 148): declared here, not merged from ./user-data, which this file imports (no loop). */
  UserShell: UserShell;
  UserList: UserList;
  VerificationMailSent: VerificationMailSent;
  WatermarkSettings: WatermarkSettings;
  // Issue 8's last groups: profiles, search, settings, moderation, dashboard, definitions, batch and dev.
  BatchResults: BatchResults;
  CityHits: CityHit[];
  DashboardCharts: DashboardCharts;
  DashboardOverview: DashboardOverview;
  DateReviewDisplay: DateReviewDisplay;
  QuickPrices: QuickPrices;
  DevOutbox: OutboxMail[];
  DrivingMinutes: DrivingMinutes;
  EmailChangeConfirmed: EmailChangeConfirmed;
  EmailSettings: EmailSettings;
  FirstContactFilter: FirstContactFilter;
  GalleryItems: GalleryItem[];
  LandingPage: LandingPageAnswer;
  MembershipState: MembershipState;
  ModerationDecision: ModerationDecision;
  ModerationQueue: ModerationQueue;
  MyModeration: MyModeration;
  NearbyProfiles: NearbyProfile[];
  NotificationPreferences: NotificationPreferences;
  PasswordChanged: PasswordChanged;
  ProfileDetail: ProfileDetail;
  ProfileMini: ProfileMini;
  ProfileTags: ProfileTag[];
  RegionBox: RegionBox;
  RegisterDefinitions: RegisterDefinitions;
  SearchAutocomplete: SearchAutocomplete;
  SearchFilters: SearchFilters;
  SearchHits: SearchHit[];
  SearchVisibility: SearchVisibility;
  SettingsIndex: SettingsIndex;
  SettingsSectionSaved: SettingsSectionSaved;
  /** GET /seo/sitemaps/{name}: one part's paths (meta.parts, meta.paged). */
  SitemapEntries: SitemapEntry[];
  SitemapIndex: SitemapIndex;
  TrustLevel: TrustLevel;
  WorkHours: WorkHours;
}

export type ResponseName = keyof ResponseBodies;
