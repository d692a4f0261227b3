/**
 * The creator economy in a data export (issue 28): what the member bought — bundles, single media, fan subscriptions —
 * and, as a creator, their own bundles, fan tiers and subscribers, each as its own file. The other side appears by
 * name as the member's pages show it (a deleted account names nobody); ledger ids, idempotency keys and a card
 * subscription's stored payment token stay out (dollars.json has the money's history as user/dollar shows it).
 */
import type { DB } from "../../db/index";

/** Another member's name as the member's views show it: a deleted account's tombstone names nobody. */
export function nameOf(username: string, status: string): string | null {
  return status === "deleted" ? null : username;
}

const named = <Row extends { other: string; other_status: string }>(rows: Row[]) =>
  rows.map(({ other_status, ...row }) => ({ ...row, other: nameOf(row.other, other_status) }));

/** bundles.json: the bundles the member bought, and the ones they offer as a creator (with how often each sold). */
async function bundlesFile(db: DB, userId: number) {
  const bought = await db
    .selectFrom("bundle_purchases")
    .innerJoin("bundles", "bundles.id", "bundle_purchases.bundle_id")
    .innerJoin("users", "users.id", "bundle_purchases.creator_id")
    .select([
      "bundles.id as bundle_id",
      "bundles.title",
      "users.username as other",
      "users.status as other_status",
      "bundle_purchases.price",
      "bundle_purchases.created_at as bought_at",
    ])
    .where("bundle_purchases.buyer_id", "=", userId)
    .orderBy("bundle_purchases.id")
    .execute();
  const own = await db
    .selectFrom("bundles")
    .select((eb) => [
      "bundles.id",
      "bundles.title",
      "bundles.description",
      "bundles.price",
      "bundles.status",
      "bundles.is_active",
      "bundles.rejection_reason",
      "bundles.created_at",
      "bundles.published_at",
      "bundles.decided_at",
      "bundles.deleted_at",
      eb
        .selectFrom("bundle_items")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("bundle_items.bundle_id", "=", "bundles.id")
        .as("items"),
      eb
        .selectFrom("bundle_purchases")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("bundle_purchases.bundle_id", "=", "bundles.id")
        .as("sold"),
    ])
    .where("bundles.creator_id", "=", userId)
    .orderBy("bundles.id")
    .execute();
  return {
    bought: named(bought).map(({ other, ...row }) => ({ ...row, creator: other })),
    own: own.map((row) => ({ ...row, items: Number(row.items ?? 0), sold: Number(row.sold ?? 0) })),
  };
}

/** media-purchases.json: the single (pay-per-view) media the member bought. */
async function mediaPurchasesFile(db: DB, userId: number) {
  const bought = await db
    .selectFrom("medium_purchases")
    .innerJoin("users", "users.id", "medium_purchases.creator_id")
    .select([
      "medium_purchases.medium_id",
      "users.username as other",
      "users.status as other_status",
      "medium_purchases.price",
      "medium_purchases.created_at as bought_at",
    ])
    .where("medium_purchases.buyer_id", "=", userId)
    .orderBy("medium_purchases.id")
    .execute();
  return { bought: named(bought).map(({ other, ...row }) => ({ ...row, creator: other })) };
}

const SUBSCRIPTION_COLUMNS = [
  "fan_subscriptions.id",
  "fan_tiers.name as tier",
  "fan_subscriptions.price",
  "fan_subscriptions.status",
  "fan_subscriptions.method",
  "fan_subscriptions.period_start",
  "fan_subscriptions.paid_until",
  "fan_subscriptions.periods_paid",
  "fan_subscriptions.created_at",
  "fan_subscriptions.cancelled_at",
  "fan_subscriptions.ended_at",
] as const;

/** fan-subscriptions.json: the member's subscriptions with their paid months, and as a creator their tiers and fans. */
async function fanSubscriptionsFile(db: DB, userId: number) {
  const asSubscriber = await db
    .selectFrom("fan_subscriptions")
    .innerJoin("fan_tiers", "fan_tiers.id", "fan_subscriptions.tier_id")
    .innerJoin("users", "users.id", "fan_subscriptions.creator_id")
    .select([...SUBSCRIPTION_COLUMNS, "users.username as other", "users.status as other_status"])
    .where("fan_subscriptions.subscriber_id", "=", userId)
    .orderBy("fan_subscriptions.id")
    .execute();
  const ids = asSubscriber.map((row) => row.id);
  const periods =
    ids.length === 0
      ? []
      : await db
          .selectFrom("fan_subscription_periods")
          .select(["subscription_id", "period_index", "amount", "created_at"])
          .where("subscription_id", "in", ids)
          .orderBy("subscription_id")
          .orderBy("period_index")
          .execute();
  const tiers = await db
    .selectFrom("fan_tiers")
    .select(["id", "position", "name", "price", "benefits", "is_active", "created_at", "updated_at"])
    .where("creator_id", "=", userId)
    .orderBy("position")
    .execute();
  const subscribers = await db
    .selectFrom("fan_subscriptions")
    .innerJoin("fan_tiers", "fan_tiers.id", "fan_subscriptions.tier_id")
    .innerJoin("users", "users.id", "fan_subscriptions.subscriber_id")
    .select([...SUBSCRIPTION_COLUMNS, "users.username as other", "users.status as other_status"])
    .where("fan_subscriptions.creator_id", "=", userId)
    .orderBy("fan_subscriptions.id")
    .execute();
  return {
    as_subscriber: named(asSubscriber).map(({ other, ...row }) => ({
      ...row,
      creator: other,
      periods: periods.filter((p) => p.subscription_id === row.id).map(({ subscription_id: _, ...p }) => p),
    })),
    as_creator: { tiers, subscribers: named(subscribers).map(({ other, ...row }) => ({ ...row, subscriber: other })) },
  };
}

/** The three files by name. */
export async function creatorEconomyForExport(db: DB, userId: number): Promise<Record<string, unknown>> {
  return {
    "bundles.json": await bundlesFile(db, userId),
    "media-purchases.json": await mediaPurchasesFile(db, userId),
    "fan-subscriptions.json": await fanSubscriptionsFile(db, userId),
  };
}
