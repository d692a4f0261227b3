/**
 * A back office under load (issue 30 "Measured when done", ADR 122): `npm run seed -- --queues 100000` adds that many
 * open items over the queues after the demo, in the mix a busy week would leave — new photos and profile texts most,
 * then reports, identity checks, bundles, posts, events and promotion profiles — by QUEUE_LOAD_OWNERS fresh members,
 * each waiting since a moment of the last 30 days. scripts/bench-queues.mjs measures the back office against it.
 * Rows go in batches (one statement each): 100,000 items take well under a minute on either database.
 */
import type { Kysely } from "kysely";
import { BLOG_STATE } from "../../contract/blogs";
import { BUNDLE_STATUS } from "../../contract/creators";
import { EVENT_STATUS } from "../../contract/events";
import { MEDIA_KIND, MEDIA_STATUS } from "../../contract/media";
import { MODERATED_TEXT_FIELD_KEYS, TEXT_REVIEW_STATUS } from "../../contract/moderation";
import { USER_TYPE } from "../../contract/users";
import { VERIFICATION_KINDS, VERIFICATION_STATUS } from "../../contract/verification";
import type { Database } from "../../db/schema";

/** The share of each kind of open item, in hundredths (adds up to 100). */
export const QUEUE_LOAD_MIX = {
  media: 35,
  texts: 15,
  reports: 22,
  verifications: 10,
  bundles: 5,
  blogs: 5,
  events: 5,
  promotions: 3,
} as const;

/** The most `--queues` takes. */
export const MAX_QUEUE_LOAD = 1_000_000;

/** Members who own the items: a text change is one per member and field while it waits. */
export const QUEUE_LOAD_OWNERS = 5_000;
const BATCH = 500;
const DAY = 86_400_000;

type Kind = keyof typeof QUEUE_LOAD_MIX;
export type QueueLoadResult = Record<Kind, number> & { owners: number };

/** How many items of each kind `total` makes (the rounding rest goes to the photos). */
export function queueLoadCounts(total: number): Record<Kind, number> {
  const counts = Object.fromEntries(
    Object.entries(QUEUE_LOAD_MIX).map(([kind, share]) => [kind, Math.floor((total * share) / 100)]),
  ) as Record<Kind, number>;
  counts.media += total - Object.values(counts).reduce((sum, n) => sum + n, 0);
  return counts;
}

async function inBatches<T>(count: number, row: (i: number) => T, insert: (rows: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < count; start += BATCH) {
    const rows: T[] = [];
    for (let i = start; i < Math.min(count, start + BATCH); i++) rows.push(row(i));
    await insert(rows);
  }
}

export async function seedQueueLoad(db: Kysely<Database>, options: { total: number; now: number }): Promise<QueueLoadResult> {
  const { total, now } = options;
  const counts = queueLoadCounts(total);
  const fields = MODERATED_TEXT_FIELD_KEYS;
  // A member has one waiting change per field and one pending check per kind: enough members for both.
  const owners = Math.max(
    Math.min(QUEUE_LOAD_OWNERS, total),
    Math.ceil(counts.texts / fields.length),
    Math.ceil(counts.verifications / VERIFICATION_KINDS.length),
  );
  // Spread over the last 30 days, each kind from its own offset so no two kinds share every moment.
  const since = (i: number, n: number) => now - 30 * DAY + Math.floor(((i + 0.5) * 30 * DAY) / Math.max(1, n));
  const tag = now.toString(36);

  const firstOwner = await db.transaction().execute(async (trx) => {
    await inBatches(
      owners,
      (i) => ({
        username: `ql_${tag}_${i}`,
        username_key: `ql_${tag}_${i}`,
        email: `ql_${tag}_${i}@queues.bench.invalid`,
        email_key: `ql_${tag}_${i}@queues.bench.invalid`,
        password_hash: "!",
        user_type: i % 3 === 0 ? USER_TYPE.client : USER_TYPE.escort,
        gender: 1,
        salutation: "ms",
        birth_date: "1994-05-01",
        language: "de",
        email_verified_at: now - 40 * DAY,
        register_completed_step: 10,
        status: "active" as const,
        created_at: now - 40 * DAY,
        updated_at: now - 40 * DAY,
      }),
      (rows) => trx.insertInto("users").values(rows).execute(),
    );
    const row = await trx.selectFrom("users").select("id").where("username", "=", `ql_${tag}_0`).executeTakeFirstOrThrow();
    return Number(row.id);
  });
  const owner = (i: number) => firstOwner + (i % owners);

  await inBatches(
    counts.media,
    (i) => ({
      user_id: owner(i),
      kind: i % 20 === 0 ? MEDIA_KIND.video : MEDIA_KIND.photo,
      visibility: "public",
      status: MEDIA_STATUS.pending,
      storage_key: `bench/queues/${tag}/${i}.jpg`,
      mime_type: "image/jpeg",
      width: 1200,
      height: 1600,
      bytes: 180_000,
      position: 100 + Math.floor(i / owners),
      created_at: since(i, counts.media),
      variant_widths: null,
      duration_ms: null,
      watermark: null,
      price: null,
      publish_at: null,
    }),
    (rows) => db.insertInto("media").values(rows).execute(),
  );
  // One waiting change per member and field (the pending index is unique on both).
  await inBatches(
    counts.texts,
    (i) => ({
      user_id: owner(i),
      field: fields[Math.floor(i / owners) % fields.length]!,
      status: TEXT_REVIEW_STATUS.pending,
      value: `Neu formuliert (${i}): erreichbar am Wochenende, Termine gern vorab.`,
      created_at: since(i, counts.texts),
      reason: null,
      decided_at: null,
      decided_by: null,
    }),
    (rows) => db.insertInto("profile_text_changes").values(rows).execute(),
  );
  // A member reports a profile once while it is open (unique reporter and object): each round another reporter.
  const reporter = (i: number) => owner(i + 1 + Math.floor(i / owners));
  await inBatches(
    counts.reports,
    (i) => ({
      user_id: reporter(i),
      reporter_key: `u:${reporter(i)}`,
      reporter_name: null,
      reporter_email: null,
      object_kind: "profile",
      object_id: owner(i),
      url: null,
      object_ref: `profile:${owner(i)}`,
      target_user_id: owner(i),
      type: i % 2 === 0 ? "fake_profile" : "spam",
      priority: 1 + (i % 4),
      text: "Das Profil wirkt nicht echt.",
      language: "de",
      created_at: since(i, counts.reports),
      outcome: null,
      statement: null,
      decided_by: null,
      decided_at: null,
      email_token_hash: null,
      email_token_expires_at: null,
      email_confirmed_at: null,
    }),
    (rows) => db.insertInto("reports").values(rows).execute(),
  );
  await inBatches(
    counts.verifications,
    (i) => {
      const at = since(i, counts.verifications);
      return {
        user_id: owner(i),
        kind: VERIFICATION_KINDS[Math.floor(i / owners) % VERIFICATION_KINDS.length]!,
        status: VERIFICATION_STATUS.pending,
        code: null,
        code_expires_at: null,
        file_prefix: null,
        created_at: at,
        submitted_at: at,
        due_at: at + 2 * DAY,
        decided_at: null,
        decided_by: null,
        reason: null,
        files_deleted_at: null,
        reset_at: null,
      };
    },
    (rows) => db.insertInto("verification_checks").values(rows).execute(),
  );
  await inBatches(
    counts.bundles,
    (i) => {
      const at = since(i, counts.bundles);
      return {
        creator_id: owner(i),
        title: `Paket ${i}`,
        price: 5 + (i % 20),
        status: BUNDLE_STATUS.pending,
        rejection_reason: null,
        cover_media_id: null,
        created_at: at,
        updated_at: at,
        published_at: at,
        decided_at: null,
        deleted_at: null,
      };
    },
    (rows) => db.insertInto("bundles").values(rows).execute(),
  );
  await inBatches(
    counts.blogs,
    (i) => {
      const at = since(i, counts.blogs);
      return {
        author_id: owner(i),
        category: "everyday-life",
        slug: `ql-${tag}-${i}`,
        title: `Ein Abend in der Stadt ${i}`,
        body: "[]",
        state: i % 4 === 0 ? BLOG_STATE.post_check : BLOG_STATE.pending,
        rejection_reason: null,
        cover_media_id: null,
        lat: null,
        lon: null,
        created_at: at,
        updated_at: at,
        published_at: null,
        submitted_at: at,
      };
    },
    (rows) => db.insertInto("blogs").values(rows).execute(),
  );
  await inBatches(
    counts.events,
    (i) => {
      const at = since(i, counts.events);
      return {
        organizer_id: owner(i),
        category: "party",
        slug: `ql-${tag}-${i}`,
        title: `Stammtisch ${i}`,
        description: "Ein entspannter Abend mit Musik.",
        status: EVENT_STATUS.pending,
        rejection_reason: null,
        starts_at: now + 10 * DAY + i * 60_000,
        ends_at: now + 10 * DAY + i * 60_000 + 3 * 3_600_000,
        time_zone: "Europe/Berlin",
        city_id: 1,
        city_slug: "koeln",
        city_name: "Köln",
        country_code: "DE",
        lat: 50.94,
        lon: 6.96,
        max_attendees: null,
        cover_media_id: null,
        created_at: at,
        updated_at: at,
        decided_at: null,
        cancelled_at: null,
        submitted_at: at,
        first_accepted_at: null,
      };
    },
    (rows) => db.insertInto("events").values(rows).execute(),
  );
  await inBatches(
    counts.promotions,
    (i) => ({
      user_id: owner(i),
      type: "profile" as const,
      request_key: `ql-${tag}-${i}`,
      status: "pending" as const,
      code: null,
      price: 10,
      operation_id: null,
      starts_at: null,
      ends_at: null,
      created_at: since(i, counts.promotions),
      text: "Diese Woche in Köln – schreib mir.",
      media_id: null,
      decided_by: null,
      decided_at: null,
      refund_operation_id: null,
    }),
    (rows) => db.insertInto("promotions").values(rows).execute(),
  );
  return { ...counts, owners };
}
