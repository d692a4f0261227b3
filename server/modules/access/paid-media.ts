/**
 * Who may open a paid medium (issue 28, ADR 093): the one rule for fans-only and pay-per-view media, beside
 * visibility.ts (who may see that a medium exists). The file route, the gallery, bundles, the newsfeed and the live
 * issue's recordings all ask here. A medium with access `open` needs nothing more (unless a bundle on offer holds it,
 * ADR 092); otherwise the viewer must be its
 * owner or staff, or own a bundle that holds it, or — fans — hold a fan subscription to its owner that is paid for
 * now, or — ppv — have bought it.
 */
import { sql, type ExpressionBuilder, type Kysely, type SqlBool } from "kysely";
import { BUNDLE_STATUS, type MediumAccess } from "../../contract/creators";
import { MEDIA_STATUS } from "../../contract/media";
import type { Database } from "../../db/schema";

/**
 * The creators among `creators` whose fans' content the viewer may open now: a fan subscription paid for now (a
 * cancelled one opens until its period ends, a lapsed one not at all). The one fans rule of media, live streams and
 * recordings.
 */
export async function payingFanOf(db: Kysely<Database>, viewerId: number, creators: readonly number[], now: number): Promise<Set<number>> {
  if (creators.length === 0) return new Set();
  const rows = await db
    .selectFrom("fan_subscriptions")
    .select("creator_id")
    .where("subscriber_id", "=", viewerId)
    .where("creator_id", "in", creators)
    .where("ended_at", "is", null)
    .where("paid_until", ">", now)
    .execute();
  return new Set(rows.map((r) => r.creator_id));
}

/** What the rule reads of a medium. */
export interface PaidMedium {
  id: number;
  user_id: number;
  access: string;
}

export interface PaidMediaViewer {
  /** null for guests: they open only `open` media. */
  id: number | null;
  /** Team and backend accounts moderate paid media like any other (ADR 030). */
  isStaff: boolean;
}

/**
 * The ids among `media` this viewer may open, in one or two queries whatever the number of media (a gallery or a
 * newsfeed page asks for all its items at once).
 */
export async function openableMediaIds(
  db: Kysely<Database>,
  viewer: PaidMediaViewer,
  media: readonly PaidMedium[],
  now: number,
): Promise<Set<number>> {
  const opened = new Set<number>();
  const others: PaidMedium[] = [];
  for (const medium of media) {
    if (viewer.isStaff || medium.user_id === viewer.id) opened.add(medium.id);
    else others.push(medium);
  }
  // A bundle on offer (pending or accepted, not deleted) makes its media its own (ADR 092): an `open` medium in one
  // opens only to the bundle's buyers, or it would be free beside the bundle that sells it. A deleted or rejected
  // bundle gives it back to its own access; buyers keep theirs through the purchase below.
  const openIds = others.filter((m) => (m.access as MediumAccess) === "open").map((m) => m.id);
  const bundled =
    openIds.length === 0
      ? new Set<number>()
      : new Set(
          (
            await db
              .selectFrom("bundle_items")
              .innerJoin("bundles", "bundles.id", "bundle_items.bundle_id")
              .select("bundle_items.media_id")
              .where("bundle_items.media_id", "in", openIds)
              .where("bundles.deleted_at", "is", null)
              .where("bundles.status", "in", [BUNDLE_STATUS.pending, BUNDLE_STATUS.accepted])
              .execute()
          ).map((r) => r.media_id),
        );
  const closed: PaidMedium[] = [];
  for (const medium of others) {
    if ((medium.access as MediumAccess) === "open" && !bundled.has(medium.id)) opened.add(medium.id);
    else closed.push(medium);
  }
  if (closed.length === 0 || viewer.id === null) return opened;
  const viewerId = viewer.id;
  const ids = closed.map((m) => m.id);
  const creators = [...new Set(closed.filter((m) => m.access === "fans").map((m) => m.user_id))];

  const [bought, inBundles, fanCreators] = await Promise.all([
    db.selectFrom("medium_purchases").select("medium_id").where("buyer_id", "=", viewerId).where("medium_id", "in", ids).execute(),
    db
      .selectFrom("bundle_items")
      .innerJoin("bundle_purchases", "bundle_purchases.bundle_id", "bundle_items.bundle_id")
      .select("bundle_items.media_id")
      .where("bundle_purchases.buyer_id", "=", viewerId)
      .where("bundle_items.media_id", "in", ids)
      .execute(),
    payingFanOf(db, viewerId, creators, now),
  ]);
  const boughtIds = new Set([...bought.map((r) => r.medium_id), ...inBundles.map((r) => r.media_id)]);
  for (const medium of closed) {
    if (boughtIds.has(medium.id)) opened.add(medium.id);
    else if (medium.access === "fans" && fanCreators.has(medium.user_id)) opened.add(medium.id);
  }
  return opened;
}

/** The same answer for one medium (the file route). */
export async function mayOpenMedium(db: Kysely<Database>, viewer: PaidMediaViewer, medium: PaidMedium, now: number): Promise<boolean> {
  return (await openableMediaIds(db, viewer, [medium], now)).has(medium.id);
}

/**
 * A scheduled publication (content-create's `publish_at`, issue 28 item 4): until then the medium exists only for its
 * owner and staff — not in the gallery, the newsfeed, a bundle's tiles or the file route. The one rule, for one row.
 */
export function isPublishedFor(viewer: PaidMediaViewer, medium: { user_id: number; publish_at: number | null }, now: number): boolean {
  return medium.publish_at === null || medium.publish_at <= now || viewer.isStaff || medium.user_id === viewer.id;
}

/** The same rule inside a statement over `media` (lists): published, or the viewer's own. */
export function publishedMediaFilter(eb: ExpressionBuilder<Database, "media">, viewerId: number | null, now: number) {
  const published = eb.or([eb("media.publish_at", "is", null), eb("media.publish_at", "<=", now)]);
  return viewerId === null ? published : eb.or([published, eb("media.user_id", "=", viewerId)]);
}

/**
 * "Exclusive content" (spec section 6's escort-search filter, issue 28 item 6) for the member in `userIdColumn`: an
 * accepted, published paid or fans-only medium at a visibility the searcher has, or an accepted, active bundle. One
 * predicate for search and the member lists (favorites, visitors), so both mean the same.
 */
export function hasExclusiveContentSql(userIdColumn: string, levels: readonly string[], now: number) {
  const visible = levels.length > 0 ? sql.join(levels.map((level) => sql`${level}`)) : sql`''`;
  return sql<SqlBool>`(exists (select 1 from media where media.user_id = ${sql.ref(userIdColumn)} and media.access in ('fans', 'ppv') and media.status = ${MEDIA_STATUS.accepted} and media.visibility in (${visible}) and (media.publish_at is null or media.publish_at <= ${now})) or exists (select 1 from bundles where bundles.creator_id = ${sql.ref(userIdColumn)} and bundles.status = ${BUNDLE_STATUS.accepted} and bundles.is_active = 1 and bundles.deleted_at is null))`;
}
