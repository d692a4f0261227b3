/**
 * Bundles (issue 28 item 1, ADR 092): a creator (escort or business) groups accepted media of their gallery into a
 * bundle with a title, description, price and cover; the team accepts or rejects it (the back office's bundle queue);
 * members buy it with dollars in one confirmation and then open its media for as long as the creator's account exists.
 *
 * Who may open a bundled medium is access/paid-media.ts's one rule (a bought bundle holding it); this file decides who
 * may see and buy a bundle. A purchase is one transaction: the buyer's bundle lock (PostgreSQL; SQLite runs one writer
 * at a time), the checks again, the ledger operation (dollarOperations.creatorSale, postOperationIn) and the purchase
 * row, so a retry with the key, or a second buy at once, never charges twice.
 */
import { recordAudit } from "../audit/index";
import { requireStaffPermission } from "../access/index";
import type { Kysely } from "kysely";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps, AuthUser } from "../../api/types";
import {
  BUNDLE_ERRORS,
  bundleLedgerKey,
  bundleStatusName,
  type BundleBuyAnswer,
  type BundleCreator,
  type BundleDecision,
  type BundleDetail,
  type BundleInputOutput,
  type BundleMedium,
  type BundleQueue,
  type BundleTile,
  type OwnBundle,
  type OwnBundleList,
  type PurchasedBundleList,
} from "../../contract/bundles";
import { BUNDLE_LIST_MAX, BUNDLE_QUEUE_PAGE_SIZE, BUNDLE_STATUS, bundlePreviewPath, type BundleStatus } from "../../contract/creators";
import { MEDIA_KIND, MEDIA_STATUS } from "../../contract/media";
import { isStaffUserType, type RejectionReason } from "../../contract/moderation";
import { USER_TYPE } from "../../contract/users";
import { INSUFFICIENT_DOLLARS_KEY, MONEY_KEY_PATTERN } from "../../contract/wallet";
import { lockMembersForLimits } from "../../db/locks";
import type { Database } from "../../db/schema";
import { findOwner, isBlockedBetween, isListedOwner, memberNamesOf, type NamedOwner } from "../access/index";
import { dollarOperations, LedgerInsufficient, memberBalances, postOperationIn } from "../ledger/index";
import { mediaGrant, mediaImageOf } from "../media/index";
import { notify, publishNotificationHints, type NotificationHints } from "../notifications/index";
import { recordQueueDecisionStatement } from "../statements/index";
import { notifyWalletChanged } from "../wallet/index";
import type { BundlesTable } from "./schema";

/** Who makes bundles: the creators. */
const CREATOR_TYPES: readonly number[] = [USER_TYPE.escort, USER_TYPE.business];
/** Creator accounts that no longer exist for anybody: their bundles open to nobody (ADR 092). */
const GONE_STATUSES = ["deleted", "banned"] as const;

type BundleRow = Omit<BundlesTable, "id" | "description" | "is_active"> & { id: number; description: string; is_active: number };

const BUNDLE_COLUMNS = [
  "bundles.id",
  "bundles.creator_id",
  "bundles.title",
  "bundles.description",
  "bundles.price",
  "bundles.status",
  "bundles.is_active",
  "bundles.rejection_reason",
  "bundles.cover_media_id",
  "bundles.created_at",
  "bundles.updated_at",
  "bundles.published_at",
  "bundles.decided_at",
  "bundles.deleted_at",
] as const;

const notFound = () => fail.notFound(BUNDLE_ERRORS.notFound);

// ── reading ─────────────────────────────────────────────────────────────────────────────────────────────────────

async function bundleById(db: Kysely<Database>, id: number): Promise<BundleRow | undefined> {
  return db.selectFrom("bundles").select(BUNDLE_COLUMNS).where("bundles.id", "=", id).executeTakeFirst();
}

/** The creators named on these pages (the access kernel's one query for members' names). */
const creatorsOf = (db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, BundleCreator>> => memberNamesOf(db, ids);

/** The media ids of each bundle, in their order. */
async function itemsOf(db: Kysely<Database>, bundleIds: readonly number[]): Promise<Map<number, number[]>> {
  const items = new Map<number, number[]>(bundleIds.map((id) => [id, []]));
  if (bundleIds.length === 0) return items;
  const rows = await db
    .selectFrom("bundle_items")
    .select(["bundle_id", "media_id"])
    .where("bundle_id", "in", [...bundleIds])
    .orderBy("bundle_id")
    .orderBy("position")
    .execute();
  for (const row of rows) items.get(row.bundle_id)?.push(row.media_id);
  return items;
}

async function salesOf(db: Kysely<Database>, bundleIds: readonly number[]): Promise<Map<number, number>> {
  if (bundleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("bundle_purchases")
    .select(["bundle_id", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("bundle_id", "in", [...bundleIds])
    .groupBy("bundle_id")
    .execute();
  return new Map(rows.map((row) => [row.bundle_id, Number(row.n)]));
}

/** The bundles among `bundleIds` the viewer bought. */
async function ownedBy(db: Kysely<Database>, viewerId: number | null, bundleIds: readonly number[]): Promise<Set<number>> {
  if (viewerId === null || bundleIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("bundle_purchases")
    .select("bundle_id")
    .where("buyer_id", "=", viewerId)
    .where("bundle_id", "in", [...bundleIds])
    .execute();
  return new Set(rows.map((row) => row.bundle_id));
}

/** On sale to new buyers: accepted by the team, active, not deleted. */
const isForSale = (row: Pick<BundleRow, "status" | "is_active" | "deleted_at">) =>
  row.status === BUNDLE_STATUS.accepted && row.is_active === 1 && row.deleted_at === null;

function tileOf(row: BundleRow, itemCount: number, creator: BundleCreator, owned: boolean, viewerId: number | null): BundleTile {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    item_count: itemCount,
    creator,
    preview_path: bundlePreviewPath(row.id),
    owned: owned || row.creator_id === viewerId,
    for_sale: isForSale(row) && row.creator_id !== viewerId,
  };
}

async function ownBundlesOf(db: Kysely<Database>, rows: BundleRow[], viewerId: number): Promise<OwnBundle[]> {
  const ids = rows.map((row) => row.id);
  const [items, sales, creators] = await Promise.all([itemsOf(db, ids), salesOf(db, ids), creatorsOf(db, [viewerId])]);
  const creator = creators.get(viewerId) ?? { user_id: viewerId, username: "", display_name: "" };
  return rows.map((row) => {
    const mediaIds = items.get(row.id) ?? [];
    return {
      ...tileOf(row, mediaIds.length, creator, true, viewerId),
      status: row.status as BundleStatus,
      status_name: bundleStatusName(row.status),
      is_active: row.is_active === 1,
      rejection_reason: (row.rejection_reason as RejectionReason | null) ?? null,
      cover_media_id: row.cover_media_id,
      media_ids: mediaIds,
      sales: sales.get(row.id) ?? 0,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  });
}

/** A viewer as the rules below read them. */
interface BundleViewer {
  id: number | null;
  userType: number;
}

async function viewerOf(deps: ApiDeps, user: Pick<AuthUser, "id"> | null): Promise<BundleViewer> {
  if (!user) return { id: null, userType: USER_TYPE.guest };
  const row = await deps.db.selectFrom("users").select(["user_type", "status"]).where("id", "=", user.id).executeTakeFirst();
  if (!row || row.status !== "active") return { id: null, userType: USER_TYPE.guest };
  return { id: user.id, userType: row.user_type };
}

/**
 * Whether the viewer may see the creator's shop at all (the profile tab, a bundle for sale): a listed profile, not
 * members-only for a guest, no block either way. Owners of a bundle open it past this (as long as the account exists).
 */
async function mayBrowseCreator(deps: ApiDeps, viewer: BundleViewer, owner: NamedOwner): Promise<boolean> {
  if (viewer.id === owner.id) return true;
  if (!isListedOwner(owner)) return false;
  if (viewer.id === null) return owner.members_only !== 1;
  return !(await isBlockedBetween(deps, viewer.id, owner.id));
}

/** The media of one bundle as its creator, its buyers and the team open them (buyers through a short-lived grant). */
async function bundleMedia(deps: ApiDeps, bundleId: number, forCreator: boolean, viewerId: number | null): Promise<BundleMedium[]> {
  let query = deps.db
    .selectFrom("bundle_items")
    .innerJoin("media", "media.id", "bundle_items.media_id")
    .select(["media.id", "media.kind", "media.public_id", "media.width", "media.height", "media.variant_widths"])
    .where("bundle_items.bundle_id", "=", bundleId)
    .orderBy("bundle_items.position");
  if (!forCreator) query = query.where("media.status", "=", MEDIA_STATUS.accepted);
  const rows = await query.execute();
  const now = deps.clock.now();
  // The grant, bound to the buyer, lets the file route open the medium while the creator's profile is paused or hidden: a
  // buyer owns it for as long as the account exists (the paid-access rule still asks for the purchase on every request).
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    image: mediaImageOf(row, forCreator ? undefined : mediaGrant(deps.config.appSecret, row.public_id, now, viewerId)),
  }));
}

// ── the creator's bundles ───────────────────────────────────────────────────────────────────────────────────────

async function assertCreator(deps: ApiDeps, userId: number): Promise<void> {
  const row = await deps.db.selectFrom("users").select("user_type").where("id", "=", userId).executeTakeFirst();
  if (!row || !CREATOR_TYPES.includes(row.user_type)) throw fail.forbidden(BUNDLE_ERRORS.creatorsOnly);
}

/** The creator's own bundle (not deleted), or 404 — another member's id answers like a missing one. */
async function ownRow(db: Kysely<Database>, creatorId: number, id: number): Promise<BundleRow> {
  const row = await bundleById(db, id);
  if (!row || row.creator_id !== creatorId || row.deleted_at !== null) throw notFound();
  return row;
}

/** GET /bundles/my. */
export async function myBundles(deps: ApiDeps, userId: number): Promise<OwnBundleList> {
  const row = await deps.db.selectFrom("users").select("user_type").where("id", "=", userId).executeTakeFirst();
  const rows = await deps.db
    .selectFrom("bundles")
    .select(BUNDLE_COLUMNS)
    .where("creator_id", "=", userId)
    .where("deleted_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(BUNDLE_LIST_MAX)
    .execute();
  return { items: await ownBundlesOf(deps.db, rows, userId), may_create: row !== undefined && CREATOR_TYPES.includes(row.user_type) };
}

/** GET /bundles/{id}/own: one of the caller's bundles to edit. */
export async function myBundle(deps: ApiDeps, userId: number, id: number): Promise<OwnBundle> {
  const row = await ownRow(deps.db, userId, id);
  return (await ownBundlesOf(deps.db, [row], userId))[0]!;
}

/** What a bundle may hold: the creator's accepted photos and videos (encoded), not the avatar (it stays the profile's face). */
function selectableQuery(db: Kysely<Database>, creatorId: number) {
  return db
    .selectFrom("media")
    .where("media.user_id", "=", creatorId)
    .where("media.status", "=", MEDIA_STATUS.accepted)
    .where("media.kind", "in", [MEDIA_KIND.photo, MEDIA_KIND.video])
    .where("media.is_avatar", "=", 0);
}

/** GET /bundles/my/media. */
export async function selectableMedia(deps: ApiDeps, userId: number): Promise<{ items: BundleMedium[] }> {
  await assertCreator(deps, userId);
  const rows = await selectableQuery(deps.db, userId)
    .select(["media.id", "media.kind", "media.public_id", "media.width", "media.height", "media.variant_widths"])
    .orderBy("media.position")
    .orderBy("media.id")
    .execute();
  return { items: rows.map((row) => ({ id: row.id, kind: row.kind, image: mediaImageOf(row) })) };
}

/** The media and cover of an input, checked against the creator's gallery (400 at the field). */
async function checkedContent(
  db: Kysely<Database>,
  creatorId: number,
  input: BundleInputOutput,
): Promise<{ mediaIds: number[]; cover: number }> {
  const mediaIds = input.media_ids;
  if (mediaIds.length === 0) throw fail.badRequest(BUNDLE_ERRORS.items, "media_ids");
  const found = await selectableQuery(db, creatorId).select("media.id").where("media.id", "in", mediaIds).execute();
  if (found.length !== mediaIds.length) throw fail.badRequest(BUNDLE_ERRORS.itemUnknown, "media_ids");
  const cover = input.cover_media_id === null || input.cover_media_id === "" ? mediaIds[0]! : input.cover_media_id;
  if (!mediaIds.includes(cover)) throw fail.badRequest(BUNDLE_ERRORS.cover, "cover_media_id");
  return { mediaIds, cover };
}

async function writeItems(db: Kysely<Database>, bundleId: number, mediaIds: readonly number[]): Promise<void> {
  await db.deleteFrom("bundle_items").where("bundle_id", "=", bundleId).execute();
  await db
    .insertInto("bundle_items")
    .values(mediaIds.map((mediaId, position) => ({ bundle_id: bundleId, media_id: mediaId, position })))
    .execute();
}

const tooMany = () => new ApiError(409, [errorItem(409, "exception.bundles.too_many", undefined, { max: BUNDLE_LIST_MAX })]);

/** POST /bundles (action "create"): a new draft; publishing sends it to the team. */
export async function createBundle(deps: ApiDeps, userId: number, input: BundleInputOutput): Promise<OwnBundle> {
  await assertCreator(deps, userId);
  const content = await checkedContent(deps.db, userId, input);
  const now = deps.clock.now();
  const id = await deps.db.transaction().execute(async (trx) => {
    await lockMembersForLimits(trx, deps.dialect, "bundles", [userId]);
    const count = await trx
      .selectFrom("bundles")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("creator_id", "=", userId)
      .where("deleted_at", "is", null)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= BUNDLE_LIST_MAX) throw tooMany();
    const row = await trx
      .insertInto("bundles")
      .values({
        creator_id: userId,
        title: input.title,
        description: input.description,
        price: input.price,
        status: BUNDLE_STATUS.draft,
        cover_media_id: content.cover,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await writeItems(trx, row.id, content.mediaIds);
    return row.id;
  });
  return myBundle(deps, userId, id);
}

/**
 * PUT /bundles/{id}: the whole bundle again. A change of what the team checked (title, description, media, cover) sends
 * a pending or accepted bundle back to the queue (pending; buyers keep what they own, new buyers wait); a price change
 * alone needs no review. Media may join a bundle that was bought, never leave it (its buyers paid for them).
 */
export async function updateBundle(deps: ApiDeps, userId: number, id: number, input: BundleInputOutput): Promise<OwnBundle> {
  await assertCreator(deps, userId);
  const content = await checkedContent(deps.db, userId, input);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    await lockMembersForLimits(trx, deps.dialect, "bundles", [userId]);
    const row = await ownRow(trx, userId, id);
    const before = (await itemsOf(trx, [id])).get(id) ?? [];
    const sold = (await salesOf(trx, [id])).get(id) ?? 0;
    if (sold > 0 && before.some((mediaId) => !content.mediaIds.includes(mediaId)))
      throw fail.conflict(BUNDLE_ERRORS.itemsSold, "media_ids");
    const contentChanged =
      row.title !== input.title ||
      row.description !== input.description ||
      row.cover_media_id !== content.cover ||
      before.join(",") !== content.mediaIds.join(",");
    const backToQueue = contentChanged && (row.status === BUNDLE_STATUS.accepted || row.status === BUNDLE_STATUS.pending);
    await trx
      .updateTable("bundles")
      .set({
        title: input.title,
        description: input.description,
        price: input.price,
        cover_media_id: content.cover,
        updated_at: now,
        ...(backToQueue ? { status: BUNDLE_STATUS.pending, published_at: now, decided_at: null } : {}),
      })
      .where("id", "=", id)
      .execute();
    await writeItems(trx, id, content.mediaIds);
  });
  return myBundle(deps, userId, id);
}

/**
 * One status change of the owner's (publish, activate, deactivate): the update is guarded by the states it may start
 * from, so of two clicks at once one changes the row and the other is answered 409.
 */
async function transition(
  deps: ApiDeps,
  userId: number,
  id: number,
  from: readonly number[],
  set: { status?: number; is_active?: number; published_at?: number; rejection_reason?: null; decided_at?: null },
  refusal: string,
): Promise<OwnBundle> {
  await ownRow(deps.db, userId, id);
  const result = await deps.db
    .updateTable("bundles")
    .set({ ...set, updated_at: deps.clock.now() })
    .where("id", "=", id)
    .where("creator_id", "=", userId)
    .where("deleted_at", "is", null)
    .where("status", "in", [...from])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw fail.conflict(refusal);
  return myBundle(deps, userId, id);
}

/** POST /bundles/{id}/publish: a draft or rejected bundle goes to the team's queue. */
export async function publishBundle(deps: ApiDeps, userId: number, id: number): Promise<OwnBundle> {
  await assertCreator(deps, userId);
  return transition(
    deps,
    userId,
    id,
    [BUNDLE_STATUS.draft, BUNDLE_STATUS.rejected],
    { status: BUNDLE_STATUS.pending, published_at: deps.clock.now(), decided_at: null, rejection_reason: null },
    BUNDLE_ERRORS.notPublishable,
  );
}

/** POST /bundles/{id}/activate and /deactivate: an accepted bundle on sale or off it (owners keep theirs either way). */
export async function setBundleActive(deps: ApiDeps, userId: number, id: number, active: boolean): Promise<OwnBundle> {
  return transition(deps, userId, id, [BUNDLE_STATUS.accepted], { is_active: active ? 1 : 0 }, BUNDLE_ERRORS.notAccepted);
}

/** DELETE /bundles/{id}: gone for everyone who did not buy it; its buyers keep it (and its media stay theirs). */
export async function deleteBundle(deps: ApiDeps, userId: number, id: number): Promise<OwnBundle> {
  const row = await ownRow(deps.db, userId, id);
  const answer = (await ownBundlesOf(deps.db, [row], userId))[0]!;
  await deps.db
    .updateTable("bundles")
    .set({ deleted_at: deps.clock.now(), updated_at: deps.clock.now() })
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .execute();
  return answer;
}

// ── buyers ──────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * A bundle as this viewer may see it: its creator and staff always (while not deleted); a buyer for as long as the
 * creator's account exists; anyone else only while it is on sale and its creator's profile is browsable to them.
 */
async function visibleBundle(
  deps: ApiDeps,
  viewer: BundleViewer,
  id: number,
): Promise<{ row: BundleRow; owner: NamedOwner; owned: boolean; creatorView: boolean }> {
  const row = await bundleById(deps.db, id);
  if (!row) throw notFound();
  const owner = await findOwner(deps.db, { id: row.creator_id });
  if (!owner || (GONE_STATUSES as readonly string[]).includes(owner.status)) throw notFound();
  const staff = viewer.id !== null && isStaffUserType(viewer.userType);
  const creatorView = row.deleted_at === null && (viewer.id === row.creator_id || staff);
  const owned = viewer.id !== null && (await ownedBy(deps.db, viewer.id, [id])).has(id);
  if (creatorView || owned) return { row, owner, owned, creatorView };
  if (!isForSale(row) || !(await mayBrowseCreator(deps, viewer, owner))) throw notFound();
  return { row, owner, owned, creatorView };
}

/** GET /bundles/{id}: the bundle, the viewer's balance, and its media for owners (null for everyone else). */
export async function bundleDetail(deps: ApiDeps, user: AuthUser | null, id: number): Promise<BundleDetail> {
  const viewer = await viewerOf(deps, user);
  const { row, owned, creatorView } = await visibleBundle(deps, viewer, id);
  const [items, creators] = await Promise.all([itemsOf(deps.db, [id]), creatorsOf(deps.db, [row.creator_id])]);
  const balance = viewer.id === null ? 0 : (await memberBalances(deps, viewer.id, "dollar")).wallet;
  const opens = owned || creatorView;
  return {
    bundle: tileOf(row, items.get(id)?.length ?? 0, creators.get(row.creator_id)!, owned, viewer.id),
    balance,
    media: opens ? await bundleMedia(deps, id, creatorView, viewer.id) : null,
  };
}

/** GET /bundles/user/{username}: the creator's bundles on sale, and those the viewer owns, newest first. */
export async function creatorBundles(deps: ApiDeps, user: AuthUser | null, username: string): Promise<{ items: BundleTile[] }> {
  const viewer = await viewerOf(deps, user);
  const owner = await findOwner(deps.db, { username });
  if (!owner || !CREATOR_TYPES.includes(owner.user_type) || !(await mayBrowseCreator(deps, viewer, owner))) throw notFound();
  const rows = await deps.db
    .selectFrom("bundles")
    .select(BUNDLE_COLUMNS)
    .where("creator_id", "=", owner.id)
    .where("deleted_at", "is", null)
    .where("status", "=", BUNDLE_STATUS.accepted)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(BUNDLE_LIST_MAX)
    .execute();
  const ids = rows.map((row) => row.id);
  const [owned, items, creators] = await Promise.all([
    ownedBy(deps.db, viewer.id, ids),
    itemsOf(deps.db, ids),
    creatorsOf(deps.db, [owner.id]),
  ]);
  const creator = creators.get(owner.id)!;
  return {
    items: rows
      // Deactivated: hidden from new buyers, still listed for those who own it (and the creator).
      .filter((row) => row.is_active === 1 || owned.has(row.id) || viewer.id === owner.id)
      .map((row) => tileOf(row, items.get(row.id)?.length ?? 0, creator, owned.has(row.id), viewer.id)),
  };
}

/** GET /bundles/purchased: what the caller bought (deleted or deactivated ones too), while the creator's account exists. */
export async function purchasedBundles(deps: ApiDeps, userId: number): Promise<PurchasedBundleList> {
  const rows = await deps.db
    .selectFrom("bundle_purchases")
    .innerJoin("bundles", "bundles.id", "bundle_purchases.bundle_id")
    .innerJoin("users", "users.id", "bundles.creator_id")
    .select([...BUNDLE_COLUMNS, "bundle_purchases.created_at as bought_at", "bundle_purchases.price as paid"])
    .where("bundle_purchases.buyer_id", "=", userId)
    .where("users.status", "not in", [...GONE_STATUSES])
    .orderBy("bundle_purchases.created_at", "desc")
    .orderBy("bundle_purchases.id", "desc")
    .limit(BUNDLE_LIST_MAX)
    .execute();
  const ids = rows.map((row) => row.id);
  const [items, creators] = await Promise.all([
    itemsOf(deps.db, ids),
    creatorsOf(
      deps.db,
      rows.map((row) => row.creator_id),
    ),
  ]);
  return {
    items: rows.map((row) => ({
      ...tileOf(row, items.get(row.id)?.length ?? 0, creators.get(row.creator_id)!, true, userId),
      bought_at: row.bought_at,
      paid: row.paid,
    })),
  };
}

type PurchaseRow = { id: number; bundle_id: number; buyer_id: number; price: number; operation_id: number };

const purchaseByKey = (db: Kysely<Database>, ledgerKey: string) =>
  db
    .selectFrom("bundle_purchases")
    .select(["id", "bundle_id", "buyer_id", "price", "operation_id"])
    .where("idempotency_key", "=", ledgerKey)
    .executeTakeFirst();

async function buyAnswer(deps: ApiDeps, purchase: PurchaseRow, key: string, replayed: boolean): Promise<BundleBuyAnswer> {
  const balance = (await memberBalances(deps, purchase.buyer_id, "dollar")).wallet;
  return {
    status: "succeeded",
    operation_id: purchase.operation_id,
    kind: "CONSUME",
    amount: purchase.price,
    balance,
    replayed,
    bundle_id: purchase.bundle_id,
    key,
  };
}

/**
 * POST /bundles/{id}/buy: one purchase under the client's key. Refused before any money moves: staff (403), unknown or
 * not visible, a draft, pending, rejected, deactivated or deleted bundle (404: not on sale to new buyers), one's own
 * (403), bought before (409), too few dollars (402 with the price and balance); deactivated while the purchase runs (409). A retry with the key answers the first purchase.
 */
export async function buyBundle(deps: ApiDeps, buyerId: number, id: number, key: string): Promise<BundleBuyAnswer> {
  if (!MONEY_KEY_PATTERN.test(key)) throw fail.badRequest("validation.invalid", "key");
  const ledgerKey = bundleLedgerKey(key);
  const sameKey = (row: PurchaseRow) => {
    if (row.buyer_id !== buyerId || row.bundle_id !== id) throw fail.conflict(BUNDLE_ERRORS.keyReused, "key");
    return row;
  };
  const earlier = await purchaseByKey(deps.db, ledgerKey);
  if (earlier) return buyAnswer(deps, sameKey(earlier), key, true);

  const viewer = await viewerOf(deps, { id: buyerId });
  if (viewer.id === null) throw fail.unauthorized();
  if (isStaffUserType(viewer.userType)) throw fail.forbidden(BUNDLE_ERRORS.staff);
  const { row, owned } = await visibleBundle(deps, viewer, id);
  if (row.creator_id === buyerId) throw fail.forbidden(BUNDLE_ERRORS.own);
  if (owned) {
    // The same request may have just bought it (a double submit): that purchase is this key's answer.
    const mine = await purchaseByKey(deps.db, ledgerKey);
    if (mine) return buyAnswer(deps, sameKey(mine), key, true);
    throw fail.conflict(BUNDLE_ERRORS.alreadyOwned);
  }
  if (!isForSale(row)) throw fail.conflict(BUNDLE_ERRORS.notForSale);

  const now = deps.clock.now();
  let outcome: { purchase: PurchaseRow; replayed: boolean; hints?: NotificationHints };
  try {
    outcome = await deps.db.transaction().execute(async (trx) => {
      // A buyer's purchases run one after another from here (two tabs, a double click): the checks below are exact.
      await lockMembersForLimits(trx, deps.dialect, "bundles", [buyerId]);
      const again = await purchaseByKey(trx, ledgerKey);
      if (again) return { purchase: sameKey(again), replayed: true };
      const bought = await trx
        .selectFrom("bundle_purchases")
        .select("id")
        .where("buyer_id", "=", buyerId)
        .where("bundle_id", "=", id)
        .executeTakeFirst();
      if (bought) throw fail.conflict(BUNDLE_ERRORS.alreadyOwned);
      // The creator may have deactivated or changed it since the checks above: the price charged is the one read here.
      const current = await bundleById(trx, id);
      if (!current || !isForSale(current)) throw fail.conflict(BUNDLE_ERRORS.notForSale);
      const operation = dollarOperations.creatorSale(buyerId, current.creator_id, current.price);
      const posted = await postOperationIn(trx, deps, {
        key: ledgerKey,
        kind: operation.kind,
        currency: "dollar",
        actorId: buyerId,
        reference: `bundle:${id}`,
        transfers: operation.transfers,
      });
      // Too few dollars: roll back (the ledger's answer with it), so the same key may pay once the wallet is filled.
      if (posted.status !== "succeeded" || posted.operationId === null) throw new LedgerInsufficient();
      const values = {
        bundle_id: id,
        buyer_id: buyerId,
        creator_id: current.creator_id,
        price: current.price,
        operation_id: posted.operationId,
        idempotency_key: ledgerKey,
        created_at: now,
      };
      const inserted = await trx.insertInto("bundle_purchases").values(values).returning("id").executeTakeFirstOrThrow();
      // The sale's notice to the creator commits with the sale (the notification kind "dollars" and its settings).
      const hints = await notify(deps, trx, {
        userId: current.creator_id,
        event: "bundle_sold",
        actorId: buyerId,
        subject: { type: "bundle", id },
        params: { amount: String(current.price), title: current.title },
        url: "my_bundles",
      });
      return { purchase: { ...values, id: inserted.id }, replayed: posted.replayed, hints };
    });
  } catch (error) {
    if (error instanceof LedgerInsufficient) {
      const balance = (await memberBalances(deps, buyerId, "dollar")).wallet;
      throw new ApiError(402, [errorItem(402, INSUFFICIENT_DOLLARS_KEY, undefined, { price: row.price, balance })], { insufficient: true });
    }
    // Two first attempts at once under PostgreSQL's isolation: the unique (buyer, bundle) or key index refuses the second.
    const retry = await purchaseByKey(deps.db, ledgerKey);
    if (retry) return buyAnswer(deps, sameKey(retry), key, true);
    throw error;
  }
  await publishNotificationHints(deps, outcome.hints ?? []);
  if (!outcome.replayed) await Promise.all([notifyWalletChanged(deps, buyerId), notifyWalletChanged(deps, row.creator_id)]);
  return buyAnswer(deps, outcome.purchase, key, outcome.replayed);
}

/**
 * GET /bundles/{id}/preview: the cover's smallest stored variant, the row and key the preview route renders from
 * (null: nothing to show). The same visibility as the bundle itself.
 */
export async function previewSource(
  deps: ApiDeps,
  user: AuthUser | null,
  id: number,
): Promise<{ storageKey: string; variantWidths: string | null } | null> {
  const viewer = await viewerOf(deps, user);
  const { row } = await visibleBundle(deps, viewer, id);
  const coverId = row.cover_media_id ?? (await itemsOf(deps.db, [id])).get(id)?.[0];
  if (coverId === undefined) return null;
  const medium = await deps.db
    .selectFrom("media")
    .select(["storage_key", "variant_widths", "status"])
    .where("id", "=", coverId)
    .where("user_id", "=", row.creator_id)
    .executeTakeFirst();
  if (!medium || medium.status !== MEDIA_STATUS.accepted) return null;
  return { storageKey: medium.storage_key, variantWidths: medium.variant_widths };
}

// ── the team's queue ────────────────────────────────────────────────────────────────────────────────────────────

async function assertStaff(deps: ApiDeps, userId: number): Promise<void> {
  await requireStaffPermission(deps, userId, "queues.decide");
}

/** GET /backoffice/bundles: pending bundles, oldest first, with their media. */
export async function bundleQueue(deps: ApiDeps, staffId: number, page: number): Promise<BundleQueue> {
  await assertStaff(deps, staffId);
  const base = deps.db
    .selectFrom("bundles")
    .innerJoin("users", "users.id", "bundles.creator_id")
    .where("bundles.status", "=", BUNDLE_STATUS.pending)
    .where("bundles.deleted_at", "is", null)
    .where("users.status", "not in", [...GONE_STATUSES]);
  const [rows, total] = await Promise.all([
    base
      .select(BUNDLE_COLUMNS)
      .orderBy("bundles.published_at")
      .orderBy("bundles.id")
      .limit(BUNDLE_QUEUE_PAGE_SIZE)
      .offset((page - 1) * BUNDLE_QUEUE_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const creators = await creatorsOf(
    deps.db,
    rows.map((row) => row.creator_id),
  );
  const items = [];
  for (const row of rows)
    items.push({
      id: row.id,
      title: row.title,
      description: row.description,
      price: row.price,
      published_at: row.published_at ?? row.updated_at,
      creator: creators.get(row.creator_id)!,
      media: await bundleMedia(deps, row.id, true, null),
    });
  return { items, page, page_size: BUNDLE_QUEUE_PAGE_SIZE, total: Number(total.n) };
}

/**
 * POST /backoffice/bundles/{id}/accept|reject: the team's decision on a pending bundle (reason null: accepted). The
 * status guard makes the update the lock: of two moderators one decides, the other gets 409. The creator is told in
 * the bell, with the moderation's translated reason.
 */
export async function decideBundle(deps: ApiDeps, staffId: number, id: number, reason: RejectionReason | null): Promise<BundleDecision> {
  await assertStaff(deps, staffId);
  const status = reason === null ? BUNDLE_STATUS.accepted : BUNDLE_STATUS.rejected;
  const now = deps.clock.now();
  const hints = await deps.db.transaction().execute(async (trx) => {
    const row = await bundleById(trx, id);
    if (!row || row.deleted_at !== null) throw notFound();
    const updated = await trx
      .updateTable("bundles")
      .set({ status, rejection_reason: reason, decided_at: now, updated_at: now })
      .where("id", "=", id)
      .where("status", "=", BUNDLE_STATUS.pending)
      .where("deleted_at", "is", null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw fail.conflict("exception.backoffice.already_decided");
    if (reason !== null) {
      const statement = { userId: row.creator_id, item: "bundle", subjectKind: "bundle", subjectId: id, reason } as const;
      const notice = { item: "bundle", title: row.title, url: "my_bundles" };
      await recordQueueDecisionStatement(trx, { ...statement, when: "before_publication", decidedBy: staffId, notice }, now);
    }
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: reason === null ? "bundle_review.accept" : "bundle_review.reject",
        subjectType: "bundle",
        subjectId: String(id),
        reason,
        before: { status: row.status },
        after: { status, reason },
      },
      now,
    );
    // A refusal's one message is its statement's bell line and mail (statements/delivery.ts).
    if (reason !== null) return [];
    return notify(deps, trx, {
      userId: row.creator_id,
      event: "moderation_accepted",
      subject: { type: "bundle", id },
      params: { item: "bundle" },
      url: "my_bundles",
    });
  });
  await publishNotificationHints(deps, hints);
  return { id, status, reason };
}
