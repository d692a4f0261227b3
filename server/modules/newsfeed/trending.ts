/**
 * The trending score (issue 28 item 5, ADR 095), computed by the job `trending.refresh` once per TRENDING_INTERVAL_MS
 * slot and stored in newsfeed_trending; the trending_now tab only reads it. Events of the last TRENDING_WINDOW_MS count,
 * each weighted (contract/newsfeed TRENDING_WEIGHTS) and halved every TRENDING_HALF_LIFE_MS of its age:
 *   - a purchase of a pay-per-view medium or of a bundle (medium_purchases, bundle_purchases): that item;
 *   - a succeeded tip on a medium (tips, target medium): that medium;
 *   - a favorite a creator gained (favorites): their TRENDING_FAVORITE_ITEMS newest published media.
 * Ages are measured from the slot's start, not the wall clock, so every run of a slot — a retry, a second process —
 * writes the same scores; a run replaces the table's rows in one transaction.
 */
import { sql } from "kysely";
import type { ApiDeps } from "../../api/types";
import { MEDIA_STATUS } from "../../contract/media";
import {
  TRENDING_FAVORITE_ITEMS,
  TRENDING_HALF_LIFE_MS,
  TRENDING_INTERVAL_MS,
  TRENDING_SCORE_SCALE,
  TRENDING_WEIGHTS,
  TRENDING_WINDOW_MS,
} from "../../contract/newsfeed";
import type { NewsfeedContentType } from "../../contract/creators";
import { enqueueJob } from "../../jobs/queue";

/** Rows per insert statement (far below either database's parameter limit). */
const INSERT_CHUNK = 200;

/** The start of the slot `at` falls in: the time every score of that run is computed for. */
export function trendingSlotOf(at: number): number {
  return Math.floor(at / TRENDING_INTERVAL_MS) * TRENDING_INTERVAL_MS;
}

/** An event's points at the slot's time: its weight, halved per half-life of age (events after the slot count fully). */
export function decayed(weight: number, eventAt: number, slotAt: number): number {
  const age = Math.max(0, slotAt - eventAt);
  return weight * 0.5 ** (age / TRENDING_HALF_LIFE_MS);
}

type ItemKey = `${NewsfeedContentType}:${number}`;

interface Scored {
  kind: NewsfeedContentType;
  id: number;
  owner: number;
  points: number;
}

/** Every item's score for the slot starting at `slotAt`, from the events of the window before it. */
export async function computeTrending(deps: Pick<ApiDeps, "db">, slotAt: number): Promise<Scored[]> {
  const since = slotAt - TRENDING_WINDOW_MS;
  const [mediumPurchases, bundlePurchases, tips, favorites] = await Promise.all([
    deps.db
      .selectFrom("medium_purchases")
      .select(["medium_id as item_id", "creator_id as owner_id", "created_at"])
      .where("created_at", ">", since)
      .where("created_at", "<=", slotAt)
      .execute(),
    deps.db
      .selectFrom("bundle_purchases")
      .select(["bundle_id as item_id", "creator_id as owner_id", "created_at"])
      .where("created_at", ">", since)
      .where("created_at", "<=", slotAt)
      .execute(),
    deps.db
      .selectFrom("tips")
      .select(["target_id as item_id", "receiver_id as owner_id", "created_at"])
      .where("target_kind", "=", "medium")
      .where("status", "=", "succeeded")
      .where("created_at", ">", since)
      .where("created_at", "<=", slotAt)
      .execute(),
    deps.db
      .selectFrom("favorites")
      .select(["target_id", "created_at"])
      .where("created_at", ">", since)
      .where("created_at", "<=", slotAt)
      .execute(),
  ]);

  const scores = new Map<ItemKey, Scored>();
  const add = (kind: NewsfeedContentType, id: number, owner: number, points: number) => {
    const key: ItemKey = `${kind}:${id}`;
    const entry = scores.get(key);
    if (entry) entry.points += points;
    else scores.set(key, { kind, id, owner, points });
  };
  for (const row of mediumPurchases)
    add("media", row.item_id, row.owner_id, decayed(TRENDING_WEIGHTS.purchase, Number(row.created_at), slotAt));
  for (const row of bundlePurchases)
    add("bundle", row.item_id, row.owner_id, decayed(TRENDING_WEIGHTS.purchase, Number(row.created_at), slotAt));
  for (const row of tips) add("media", row.item_id, row.owner_id, decayed(TRENDING_WEIGHTS.tip, Number(row.created_at), slotAt));

  // A favorite lifts its creator's newest media: what a new fan came for is what they post now.
  const favoritePoints = new Map<number, number>();
  for (const row of favorites)
    favoritePoints.set(
      row.target_id,
      (favoritePoints.get(row.target_id) ?? 0) + decayed(TRENDING_WEIGHTS.favorite, Number(row.created_at), slotAt),
    );
  const creators = [...favoritePoints.keys()];
  for (let i = 0; i < creators.length; i += INSERT_CHUNK) {
    const newest = await newestMediaOf(deps, creators.slice(i, i + INSERT_CHUNK), slotAt);
    for (const row of newest) add("media", row.id, row.user_id, favoritePoints.get(row.user_id)!);
  }
  // Sorted so the rows go in the same order on every run (nothing depends on it but a reader of the table).
  return [...scores.values()].sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : a.id - b.id));
}

/** Each creator's TRENDING_FAVORITE_ITEMS newest accepted media published by `slotAt`. */
async function newestMediaOf(deps: Pick<ApiDeps, "db">, creators: readonly number[], slotAt: number) {
  if (creators.length === 0) return [];
  const ranked = deps.db
    .selectFrom("media")
    .select([
      "media.id",
      "media.user_id",
      sql<number>`row_number() over (partition by media.user_id order by coalesce(media.publish_at, media.created_at) desc, media.id desc)`.as(
        "rank",
      ),
    ])
    .where("media.user_id", "in", [...creators])
    .where("media.status", "=", MEDIA_STATUS.accepted)
    .where(sql<boolean>`coalesce(media.publish_at, media.created_at) <= ${slotAt}`);
  return deps.db.selectFrom(ranked.as("r")).select(["r.id", "r.user_id"]).where("r.rank", "<=", TRENDING_FAVORITE_ITEMS).execute();
}

/** Computes the slot's scores and replaces the stored ones with them; answers how many items score. */
export async function refreshTrending(deps: Pick<ApiDeps, "db" | "clock">, at = deps.clock.now()): Promise<number> {
  const slotAt = trendingSlotOf(at);
  const scored = (await computeTrending(deps, slotAt))
    .map((s) => ({ ...s, score: Math.round(s.points * TRENDING_SCORE_SCALE) }))
    .filter((s) => s.score > 0);
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("newsfeed_trending").execute();
    for (let i = 0; i < scored.length; i += INSERT_CHUNK) {
      await trx
        .insertInto("newsfeed_trending")
        .values(
          scored.slice(i, i + INSERT_CHUNK).map((s) => ({
            item_kind: s.kind,
            item_id: s.id,
            owner_id: s.owner,
            score: s.score,
            computed_at: slotAt,
          })),
        )
        // Two runs of one slot at once (two processes) write the same rows: the second keeps them.
        .onConflict((oc) =>
          oc
            .columns(["item_kind", "item_id"])
            .doUpdateSet((eb) => ({ score: eb.ref("excluded.score"), computed_at: eb.ref("excluded.computed_at") })),
        )
        .execute();
    }
  });
  return scored.length;
}

/** The job: this slot's scores, then the next slot's run. */
export async function runTrending(deps: ApiDeps): Promise<void> {
  await refreshTrending(deps);
  await scheduleTrending(deps, trendingSlotOf(deps.clock.now()) + TRENDING_INTERVAL_MS);
}

/** Enqueues the run of the slot `at` falls in (a no-op when it is queued already); maintenance calls it after a restart. */
export async function scheduleTrending(deps: Pick<ApiDeps, "db" | "clock">, at = deps.clock.now()): Promise<void> {
  const slot = trendingSlotOf(at);
  await enqueueJob(deps.db, deps.clock, "trending.refresh", {}, { key: `trending.refresh:${slot}`, runAt: Math.max(at, deps.clock.now()) });
}
