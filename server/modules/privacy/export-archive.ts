/**
 * What a data export contains (ADR 032): every row the product keeps about the member, as JSON, and the
 * largest stored rendition of each of their photos — and nothing the product does not show them (ADR 059). Columns
 * that hold secrets (password and token hashes, codes, claim tokens) or internal keys (lookup, dedupe and pair keys)
 * are left out: they mean nothing to the member, would only help an attacker who gets hold of the file, and a dedupe
 * key such as "visited:<member id>:<day>" names a visitor the member may not see. Where a file is about other members
 * (notifications, reports, favorites, visits, friends, notes, business links) it is the member's own view of it, built
 * by the module that shows it. Mails are listed without their bodies (they hold live links).
 */
import { sql } from "kysely";
import yazl from "yazl";
import type { DB } from "../../db/index";
import type { MediaStorage } from "../../integrations/storage/index";
import { ownBlogsForExport, ownCommentsForExport } from "../blogs/index";
import { eventsForExport } from "../events/index";
import { businessLinksOf } from "../business-links/index";
import { ownListsForExport } from "../favorites/index";
import { friendLinksForExport } from "../friends/index";
import { chatLinesForExport } from "../live/index";
import { MASTER_FILE, parseVariantWidths, variantStorageKey } from "../media/index";
import { notesForExport } from "../notes/index";
import { notificationsForExport } from "../notifications/index";
import { statementsForExport } from "../statements/index";
import { ownReportsForExport } from "../reports/index";
import { dollarHistoryForExport } from "../wallet/index";
import { liveDataForExport, streamKeyForExport } from "../live/index";
import { creatorEconomyForExport, nameOf } from "./export-purchases";

/**
 * Column names that never leave the database: secrets (hashes, tokens, codes), internal storage addresses, which
 * team member decided on the member's content (staff identities stay internal), and internal keys (normalized
 * lookup keys, aggregation and pair keys) — a new column named like these stays out without a code change.
 */
const SECRET_COLUMN =
  /(_hash$|^token|^claim_token$|^secret|^code$|^storage_key$|^decided_by$|^p256dh$|^auth$|^(email|new_email|username|dedupe|job|reporter|pair|accept|deny|client)_key$|^object_ref$)/;

/** Tables with a user_id column, exported whole (minus secrets), by the file (name without .json) they go to. */
const USER_TABLES: Record<string, readonly string[]> = {
  profile: [
    "profiles",
    "profile_traits",
    "profile_prices",
    "profile_schedule",
    "profile_view_days",
    "profile_click_days",
    "tours",
    "profile_interviews",
    "profile_date_kinds",
    "profile_counters",
  ],
  settings: [
    "first_contact_filters",
    "notification_preferences",
    "consents",
    "media_watermarks",
    "creator_media_settings",
    // Whether a plus member switched ads off (ADR 131).
    "ad_preferences",
  ],
  security: [
    "email_changes",
    "email_verifications",
    "password_resets",
    "sms_verifications",
    "age_check_requests",
    "account_deletions",
    "federated_identities",
  ],
  "sign-up": ["signup_tracking", "profile_claims"],
  // The member's complaints against decisions and their outcomes (DSA Art. 20) and the restrictions imposed (ADRs 112, 113).
  appeals: ["appeals", "account_restrictions"],
  exports: ["data_exports"],
  // The member's invoices and credit notes as printed, and their billing details (issue 26, ADR 077).
  billing: ["invoices", "billing_infos"],
  // What the member bought and how they pay for it (issue 26): orders, promo codes used, direct-debit mandates (their own
  // IBAN and holder name), refunds sent to their account, and what a chargeback left to reclaim.
  orders: ["orders", "promo_redemptions", "sepa_mandates", "bank_transfers", "reclaims"],
  // The plus contract: its periods, renewals, the cancellations and withdrawals the member declared, their survey answers.
  membership: ["memberships", "membership_periods", "renewals", "contract_declarations", "cancellation_surveys"],
  // Dollars (issue 27): the auto-recharge setting and its purchases, rise-ups, payouts with the member's own bank
  // account (IBAN and holder) and the releases of their earnings; the history itself as user/dollar shows it (below).
  dollars: ["wallet_preferences", "wallet_recharges", "promotions", "payouts", "payout_bank_accounts", "earning_releases"],
  // Proposed profile texts and the decisions on the member's photos, with the reasons (ADR 030).
  moderation: ["profile_text_changes", "media_decisions"],
  // Which announcements the member closed, and the browsers that receive their push messages (endpoint and
  // browser; the encryption keys of a subscription stay out, ADR 044). The notifications themselves below.
  notifications: ["announcement_dismissals", "push_subscriptions"],
  // Events the member asked to attend and blog posts they liked (issue 29).
  community: ["event_attendances", "blog_likes"],
  // The member's identity and photo checks and the team's decisions, with the reasons (issue 30, ADR 107); the photos
  // themselves are not handed out again (deleted 30 days after the decision).
  verification: ["verification_checks"],
  // The age verification for adult content (issue 30 item 1, ADR 105): its state, provider and times; never the PIN.
  "age-verification": ["age_verifications"],
  // KYC for payouts (issue 30 item 3, ADR 109): the agreements signed (version, text hash, name, browser; the address
  // only as a keyed hash, left out), the screenings and staff's decisions with reasons, the payouts held.
  kyc: ["kyc_members", "kyc_signatures", "kyc_screenings", "kyc_payout_holds"],
  // DSA (issue 30 item 4, ADRs 114, 115): the months the member was active, their trusted-flagger awards, and the
  // misuse warnings and suspensions (Art. 23) against them.
  transparency: ["active_months", "trusted_flaggers", "misuse_actions"],
  // The forum (ADR 134): the language the member gave it and their notification level per category.
  forum: ["forum_members", "forum_category_levels"],
  // Sign-ons to the help desk (ADR 134): which provider, when issued, when it expired or the member signed out. The
  // token's id names an expired token (nothing it could still open).
  support: ["helpdesk_sign_ons"],
  // Which partner brought the member and when (ADR 135).
  affiliates: ["affiliate_referrals"],
};

/**
 * Tables with a user_id that are exported by their own code below (sessions, photos, and the member's views of what
 * involves others: notifications, reports, favorites), and the member tables keyed otherwise (friend-links.json,
 * notes.json, dates.json, reviews.json).
 */
const EXPORTED_BY_CODE = [
  "access_tokens",
  // The statements of reasons about the member as their statement page shows them (DSA Art. 17; ADR 110).
  "statements",
  "media",
  "notifications",
  "reports",
  "favorites",
  "friend_links",
  "profile_notes",
  "dates",
  "date_events",
  "date_checkins",
  "date_reviews",
  "date_review_ratings",
  // The shared warning list (ADR 121): warning-list.json says whether the member is on it and holds their objections.
  "warning_objections",
] as const;
/** Tables with a user_id that are not the member's data to hand out, and why (a test holds every table to one of the lists). */
export const NOT_EXPORTED: Record<string, string> = {
  age_verification_sessions:
    "which login sessions confirmed the age-check PIN (keys of the sessions in sessions.json; gone with the session)",
  rebill_tokens: "single-use payment links, stored only as hashes (nothing readable; the renewals show in membership.json)",
  payment_flags:
    "the back office's marks on payments for review (a chargeback, an amount that did not match); orders.json has each order's state",
  search_profiles: "a copy of the profile made for search (profile.json has the original)",
  search_profile_changes:
    "which search rows changed, by user id only, for the search index of each instance (pruned within a day, ADR 151)",
  profile_view_marks: "keyed hashes of the day's visitors (about other people, deleted daily)",
  activity_events:
    "the activity tracker's raw events about the member's profile: keyed hashes of its visitors (about other people, deleted after two days; the counts are in profile.json)",
  ledger_accounts:
    "the ledger's accounts and transfers: dollars.json has the member's history as user/dollar shows it (ADR 059: the member's own view)",
  payout_secure_codes: "the payout code, stored only as a hash (nothing readable)",
  payout_secure_code_resets: "single-use reset links, stored only as hashes",
  member_restrictions:
    "the team's ban or pause record (who on the team, ADR 118): statements.json has the same decision, its facts, its end and its reversal",
  staff_totp: "a staff account's authenticator secret (sealed) and its wrong-code count: a credential, never handed out (ADR 117)",
  staff_totp_recovery_codes: "a staff account's one-time recovery codes, stored only as hashes (nothing readable)",
  forum_sso_nonces: "single-use forum sign-on nonces, kept a day against replays (nothing the member gave)",
  affiliate_credits:
    "the partner's commission records for the member's sign-up and first payment (the partner's business records; affiliates.json says which partner brought the member)",
};
/** Every table with a user_id this export covers. */
export const EXPORTED_TABLES: readonly string[] = [...Object.values(USER_TABLES).flat(), ...EXPORTED_BY_CODE];

type Row = Record<string, unknown>;

/**
 * Reports whose target is the member (GDPR Art. 15, ADR 110): what was reported, of which type, when, its state and
 * outcome. Never who reported, nor their words or the team's answer to them: that is the reporter's data (Art. 15(4)).
 */
async function reportsAboutMemberForExport(db: DB, userId: number) {
  return db
    .selectFrom("reports")
    .select(["object_kind", "object_id", "type", "created_at", "state", "outcome", "decided_at"])
    .where("target_user_id", "=", userId)
    .orderBy("id")
    .execute();
}

function withoutSecrets(rows: Row[]): Row[] {
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !SECRET_COLUMN.test(column))));
}

async function rowsOf(db: DB, table: string, userId: number): Promise<Row[]> {
  const result = await sql<Row>`select * from ${sql.table(table)} where user_id = ${userId} order by 1`.execute(db);
  return withoutSecrets(result.rows);
}

export interface ArchiveInput {
  userId: number;
  /** The README, in the member's language. */
  readme: string;
  /** Zip entries' modification time. */
  now: number;
  /** warning-list.json (ADR 121): the member's entry on the escorts' warning list, found by its keyed hash. */
  warningList?: unknown;
}

/** Builds the ZIP in memory: a member's photos are a few megabytes of renditions (see ADR 032 on videos). */
export async function buildExportArchive(db: DB, storage: MediaStorage, input: ArchiveInput): Promise<Buffer> {
  const { userId } = input;
  const mtime = new Date(input.now);
  const zip = new yazl.ZipFile();
  const addJson = (name: string, value: unknown) => zip.addBuffer(Buffer.from(`${JSON.stringify(value, null, 2)}\n`), name, { mtime });

  zip.addBuffer(Buffer.from(input.readme), "README.txt", { mtime });
  const account = await db
    .selectFrom("users")
    .select([
      "id",
      "username",
      "email",
      "user_type",
      "gender",
      "salutation",
      "birth_date",
      "language",
      "is_member",
      "member_until",
      "email_verified_at",
      "status",
      "phone",
      "phone_verified_at",
      "business_kind",
      "contact_person",
      "landing_page_id",
      "invitation_code",
      "invisible_browsing",
      "created_at",
      "updated_at",
      "last_login_at",
    ])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  addJson("account.json", account);
  // What the member's notification list shows them (ADR 044, 059): never the row's actor id or dedupe key.
  const views: Record<string, Record<string, unknown>> = {
    notifications: { notifications: await notificationsForExport(db, userId, input.now) },
    dollars: { history: await dollarHistoryForExport(db, userId) },
  };
  for (const [file, tables] of Object.entries(USER_TABLES)) {
    const content: Record<string, unknown> = { ...views[file] };
    for (const table of tables) content[table] = await rowsOf(db, table, userId);
    addJson(`${file}.json`, content);
  }
  // The reports the member filed, as "my reports" shows them (ADR 038); reports about the member are the team's.
  addJson("reports.json", { reports: await ownReportsForExport(db, userId) });
  // The decisions about the member (GDPR Art. 15, DSA Art. 17) as the statement page shows them: no staff identities.
  addJson("statements.json", { statements: await statementsForExport(db, userId, input.now) });
  addJson("reports-about-me.json", { reports: await reportsAboutMemberForExport(db, userId) });
  if (input.warningList !== undefined) addJson("warning-list.json", input.warningList);
  // Live streams (issue 31, ADR 124): the member's streams, the creators they follow live, the streams they paid for.
  // The stream key: that it exists and when it was made, never the key (ADR 128).
  addJson("live.json", { ...(await liveDataForExport(db, userId)), stream_key: await streamKeyForExport(db, userId) });
  addJson("sessions.json", {
    sessions: await db
      .selectFrom("access_tokens")
      .select(["created_at", "expires_at", "idle_expires_at", "revoked_at", "client_ip"])
      .where("user_id", "=", userId)
      .orderBy("id")
      .execute(),
  });
  addJson("blocks.json", {
    blocked_by_you: await db
      .selectFrom("blocks")
      .innerJoin("users", "users.id", "blocks.blocked_id")
      .select(["users.username", "blocks.created_at"])
      .where("blocks.blocker_id", "=", userId)
      .orderBy("blocks.created_at")
      .execute(),
  });
  // Whom the member keeps and whose profiles they looked at, as their lists show it (ADR 036, 059).
  addJson("favorites-visits.json", await ownListsForExport(db, userId, input.now));
  // Friends and open requests as the friends page shows them; the keys are capabilities, not data (ADR 037, 059).
  addJson("friend-links.json", { links: await friendLinksForExport(db, userId) });
  // Messages the member sent and received, with the other member's name, as far as their own view reaches (messages
  // they deleted for themselves are left out); photos by their count (ADR 043).
  addJson("messages.json", {
    messages: await db
      .selectFrom("messenger_messages")
      .innerJoin("messenger_thread_members", (join) =>
        join
          .onRef("messenger_thread_members.thread_id", "=", "messenger_messages.thread_id")
          .on("messenger_thread_members.member_id", "=", userId),
      )
      .innerJoin("users", "users.id", "messenger_thread_members.partner_id")
      .select((eb) => [
        "users.username as other",
        "users.status as other_status",
        eb.case().when("messenger_messages.sender_id", "=", userId).then("sent").else("received").end().as("direction"),
        "messenger_messages.body",
        "messenger_messages.action_type",
        "messenger_messages.photo_count",
        "messenger_messages.created_at",
      ])
      .whereRef("messenger_messages.id", ">", "messenger_thread_members.deleted_up_to")
      .orderBy("messenger_messages.id")
      .execute()
      .then((rows) => rows.map(({ other_status, ...row }) => ({ ...row, other: nameOf(row.other, other_status) }))),
  });
  // Dates the member asked for or was asked for, with the other member's name and the timeline (ADR 046); the
  // safety check-ins the member set up (the trusted contact is their own data; the other party never learns of it).
  const dates = await db
    .selectFrom("dates")
    .innerJoin("users", (join) =>
      join.on((eb) =>
        eb.or([
          eb.and([eb("dates.sender_id", "=", userId), eb("dates.receiver_id", "=", eb.ref("users.id"))]),
          eb.and([eb("dates.receiver_id", "=", userId), eb("dates.sender_id", "=", eb.ref("users.id"))]),
        ]),
      ),
    )
    .select((eb) => [
      "dates.id",
      "users.username as other",
      "users.status as other_status",
      eb.case().when("dates.sender_id", "=", userId).then("sent").else("received").end().as("direction"),
      "dates.status",
      "dates.starts_at",
      "dates.duration_minutes",
      "dates.place_type",
      "dates.address",
      "dates.price",
      "dates.currency",
      "dates.message",
      "dates.expired_at",
      "dates.created_at",
      "dates.updated_at",
    ])
    .orderBy("dates.id")
    .execute()
    .then((rows) => rows.map(({ other_status, ...row }) => ({ ...row, other: nameOf(row.other, other_status) })));
  const dateIds = dates.map((date) => date.id);
  addJson("dates.json", {
    dates,
    timeline:
      dateIds.length === 0
        ? []
        : await db
            .selectFrom("date_events")
            .select((eb) => [
              "date_id",
              "kind",
              eb.case().when("actor_id", "=", userId).then("me").when("actor_id", "is", null).then("system").else("other").end().as("by"),
              "created_at",
            ])
            .where("date_id", "in", dateIds)
            .orderBy("id")
            .execute(),
    check_ins: await db
      .selectFrom("date_checkins")
      .select(["date_id", "due_at", "contact_kind", "contact", "checked_in_at", "alerted_at", "created_at"])
      .where("escort_id", "=", userId)
      .orderBy("date_id")
      .execute(),
  });
  // Reviews the member wrote, and the published ones about them with the answers (ADR 047). A review about them
  // that is still blind (the other side has not written or the window is open) is left out: the export must not
  // open the mutual reveal early.
  const reviews = await db
    .selectFrom("date_reviews")
    .innerJoin("users as author", "author.id", "date_reviews.author_id")
    .innerJoin("users as subject", "subject.id", "date_reviews.subject_id")
    .select((eb) => [
      "date_reviews.id",
      "date_reviews.date_id",
      eb.case().when("date_reviews.author_id", "=", userId).then("written").else("received").end().as("direction"),
      "author.username as author",
      "author.status as author_status",
      "subject.username as subject",
      "subject.status as subject_status",
      "date_reviews.rating",
      "date_reviews.recommend",
      "date_reviews.profile_match",
      "date_reviews.come_again",
      "date_reviews.punctuality",
      "date_reviews.text",
      "date_reviews.comment",
      "date_reviews.commented_at",
      "date_reviews.created_at",
      "date_reviews.published_at",
    ])
    .where((eb) =>
      eb.or([
        eb("date_reviews.author_id", "=", userId),
        eb.and([eb("date_reviews.subject_id", "=", userId), eb("date_reviews.published_at", "is not", null)]),
      ]),
    )
    .orderBy("date_reviews.id")
    .execute()
    .then((rows) =>
      rows.map(({ author_status, subject_status, ...row }) => ({
        ...row,
        author: nameOf(row.author, author_status),
        subject: nameOf(row.subject, subject_status),
      })),
    );
  const reviewIds = reviews.map((review) => review.id);
  addJson("reviews.json", {
    reviews,
    ratings:
      reviewIds.length === 0
        ? []
        : await db
            .selectFrom("date_review_ratings")
            .select(["review_id", "criterion", "rating"])
            .where("review_id", "in", reviewIds)
            .execute(),
  });
  // The member's own notes on profiles they may see (ADR 037, 059); notes others wrote about them are those authors' data.
  addJson("notes.json", { notes: await notesForExport(db, userId) });
  // Content removal requests the member filed before reports existed (ADR 038); keyed by reporter_user_id.
  addJson("content-removal-requests.json", {
    requests: await db
      .selectFrom("content_removal_requests")
      .select(["name", "email", "urls", "reason", "description", "status", "created_at", "resolved_at"])
      .where("reporter_user_id", "=", userId)
      .orderBy("id")
      .execute(),
  });
  // The member's blog posts (issue 29), keyed by author_id: their text as they wrote it, with its state.
  addJson("blogs.json", { posts: await ownBlogsForExport(db, userId), comments: await ownCommentsForExport(db, userId) });
  // The member's lines in live chats and the tips shown there (issue 31, ADR 126), removed ones included.
  addJson("live-chat.json", { lines: await chatLinesForExport(db, userId) });
  // The events the member organizes and the event reviews they wrote (issue 29), keyed by organizer_id / reviewer_id.
  addJson("events.json", await eventsForExport(db, userId));
  // As user/linked_profiles shows them: the other side by name, never by internal id (ADR 059).
  addJson("business-links.json", await businessLinksOf({ db }, userId));
  // Purchases of the creator economy and the member's own offers (issue 28), each as its own file.
  for (const [file, content] of Object.entries(await creatorEconomyForExport(db, userId))) addJson(file, content);
  addJson("mails.json", {
    mails: await db
      .selectFrom("mail_outbox")
      .select(["template", "language", "created_at", "sent_at"])
      .where("recipient", "=", account.email)
      .orderBy("id")
      .execute(),
  });

  const media = await rowsOf(db, "media", userId);
  const photos = await db
    .selectFrom("media")
    .select(["id", "storage_key", "variant_widths"])
    .where("user_id", "=", userId)
    .orderBy("id")
    .execute();
  const files: Record<number, string> = {};
  for (const photo of photos) {
    // The clean master (no watermark, ADR 029) where there is one, else the largest JPEG rendition.
    const widths = parseVariantWidths(photo.variant_widths);
    const largest = widths.length === 0 ? photo.storage_key : variantStorageKey(photo.storage_key, Math.max(...widths), "jpeg");
    const bytes = (widths.length > 0 ? await storage.read(`${photo.storage_key}/${MASTER_FILE}`) : null) ?? (await storage.read(largest));
    if (!bytes) continue;
    const name = `media/${photo.id}.jpg`;
    zip.addBuffer(bytes, name, { mtime, compress: false });
    files[photo.id] = name;
  }
  addJson(
    "media.json",
    media.map((row) => ({
      ...Object.fromEntries(Object.entries(row).filter(([column]) => column !== "storage_key")),
      file: files[Number(row.id)] ?? null,
    })),
  );

  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}
