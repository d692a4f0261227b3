/**
 * What a data export contains (ADR 032): every row the product keeps about the member, as JSON, and the
 * largest stored rendition of each of their photos. Columns that hold secrets (password and token
 * hashes, codes, claim tokens) are left out: they identify nothing for the member and would only help
 * an attacker who gets hold of the file. Mails are listed without their bodies (they hold live links).
 */
import { sql } from "kysely";
import yazl from "yazl";
import type { DB } from "../../db/index";
import type { MediaStorage } from "../../integrations/storage/index";
import { MASTER_FILE, parseVariantWidths, variantStorageKey } from "../media/index";

/**
 * Column names that never leave the database: secrets (hashes, tokens, codes), internal storage
 * addresses, and which team member decided on the member's content (staff identities stay internal).
 */
const SECRET_COLUMN = /(_hash$|^token|^claim_token$|^secret|^code$|^storage_key$|^decided_by$|^p256dh$|^auth$)/;

/** Tables with a user_id column, exported whole (minus secrets), by the file (name without .json) they go to. */
const USER_TABLES: Record<string, readonly string[]> = {
  profile: [
    "profiles",
    "profile_traits",
    "profile_prices",
    "profile_schedule",
    "profile_view_days",
    "tours",
    "profile_interviews",
    "profile_date_kinds",
    "profile_counters",
  ],
  settings: ["first_contact_filters", "notification_preferences", "consents", "media_watermarks"],
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
  exports: ["data_exports"],
  // Proposed profile texts and the decisions on the member's photos, with the reasons (ADR 030).
  moderation: ["profile_text_changes", "media_decisions"],
  // The reports the member filed, with their state and decision (ADR 038).
  reports: ["reports"],
  // What the member was told, which announcements they closed, and the browsers that receive their push
  // messages (endpoint and browser; the encryption keys of a subscription stay out, ADR 044).
  notifications: ["notifications", "announcement_dismissals", "push_subscriptions"],
};

/**
 * Tables with a user_id that are exported by their own code below (sessions, photos, favorites), and the member
 * tables keyed otherwise (friend-links.json, notes.json, dates.json, reviews.json).
 */
const EXPORTED_BY_CODE = [
  "access_tokens",
  "media",
  "favorites",
  "friend_links",
  "profile_notes",
  "dates",
  "date_events",
  "date_checkins",
  "date_reviews",
  "date_review_ratings",
] as const;
/** Tables with a user_id that are not the member's data to hand out, and why (a test holds every table to one of the lists). */
export const NOT_EXPORTED: Record<string, string> = {
  search_profiles: "a copy of the profile made for search (profile.json has the original)",
  profile_view_marks: "keyed hashes of the day's visitors (about other people, deleted daily)",
};
/** Every table with a user_id this export covers. */
export const EXPORTED_TABLES: readonly string[] = [...Object.values(USER_TABLES).flat(), ...EXPORTED_BY_CODE];

type Row = Record<string, unknown>;

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
  for (const [file, tables] of Object.entries(USER_TABLES)) {
    const content: Record<string, Row[]> = {};
    for (const table of tables) content[table] = await rowsOf(db, table, userId);
    addJson(`${file}.json`, content);
  }
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
  // Whom the member keeps and whose profiles they looked at (ADR 036); who keeps or visited them is about others.
  addJson("favorites-visits.json", {
    favorites: await db
      .selectFrom("favorites as fv")
      .innerJoin("users", "users.id", "fv.target_id")
      .select(["users.username", "fv.created_at"])
      .where("fv.user_id", "=", userId)
      .orderBy("fv.created_at")
      .execute(),
    visited: await db
      .selectFrom("profile_visits")
      .innerJoin("users", "users.id", "profile_visits.owner_id")
      .select(["users.username", "profile_visits.last_visited_at", "profile_visits.visit_days"])
      .where("profile_visits.visitor_id", "=", userId)
      .orderBy("profile_visits.last_visited_at")
      .execute(),
  });
  // Friend links with the other member's name; the keys are capabilities, not data (ADR 037).
  addJson("friend-links.json", {
    links: await db
      .selectFrom("friend_links")
      .innerJoin("users", (join) =>
        join.on((eb) =>
          eb.or([
            eb.and([eb("friend_links.sender_id", "=", userId), eb("friend_links.receiver_id", "=", eb.ref("users.id"))]),
            eb.and([eb("friend_links.receiver_id", "=", userId), eb("friend_links.sender_id", "=", eb.ref("users.id"))]),
          ]),
        ),
      )
      .select((eb) => [
        "users.username as other",
        eb.case().when("friend_links.sender_id", "=", userId).then("sent").else("received").end().as("direction"),
        "friend_links.status",
        "friend_links.requested_at",
        "friend_links.answered_at",
      ])
      .orderBy("friend_links.id")
      .execute(),
  });
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
        eb.case().when("messenger_messages.sender_id", "=", userId).then("sent").else("received").end().as("direction"),
        "messenger_messages.body",
        "messenger_messages.action_type",
        "messenger_messages.photo_count",
        "messenger_messages.created_at",
      ])
      .whereRef("messenger_messages.id", ">", "messenger_thread_members.deleted_up_to")
      .orderBy("messenger_messages.id")
      .execute(),
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
    .execute();
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
      "subject.username as subject",
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
    .execute();
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
  // The member's own notes; notes others wrote about them are those authors' private data.
  addJson("notes.json", {
    notes: await db
      .selectFrom("profile_notes")
      .innerJoin("users", "users.id", "profile_notes.subject_id")
      .select(["users.username as profile", "profile_notes.text", "profile_notes.created_at", "profile_notes.updated_at"])
      .where("profile_notes.author_id", "=", userId)
      .orderBy("profile_notes.created_at")
      .execute(),
  });
  // Content removal requests the member filed before reports existed (ADR 038); keyed by reporter_user_id.
  addJson("content-removal-requests.json", {
    requests: await db
      .selectFrom("content_removal_requests")
      .select(["name", "email", "urls", "reason", "description", "status", "created_at", "resolved_at"])
      .where("reporter_user_id", "=", userId)
      .orderBy("id")
      .execute(),
  });
  addJson("business-links.json", {
    links: await db
      .selectFrom("business_escorts")
      .selectAll()
      .where((eb) => eb.or([eb("business_user_id", "=", userId), eb("escort_user_id", "=", userId)]))
      .execute(),
  });
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
