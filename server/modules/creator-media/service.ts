/**
 * Paid and fans-only media (issue 28 items 2, 4, 7; ADR 093): the owner's access setting ("puzzle photo and cancel"),
 * buy-puzzle-medium, the creator's defaults and content-create's medium settings. Who may open a medium is the access
 * kernel's one rule (access/paid-media.ts); who may see that it exists stays visibility.ts's.
 *
 * A purchase is one transaction: the buyer's purchases lock (LOCK_SPACES.mediumPurchases), the key's earlier answer,
 * the refusal of a second purchase, the ledger operation (dollarOperations.creatorSale posted with postOperationIn)
 * and the purchase row. So a payment without its purchase — or two payments for one medium — cannot commit; the
 * unique (buyer, medium) index holds the same on any database.
 */
import type { Kysely, Transaction } from "kysely";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  CREATOR_MEDIA_ERRORS,
  PUBLISH_AT_MAX_DAYS,
  mediumLedgerKey,
  mediumReference,
  type CreatorDefaults,
  type CreatorMediaList,
  type CreatorMedium,
  type CreatorMediumInput,
  type MediumAccessState,
  type PuzzleMediumPurchase,
  type PuzzleMediumQuote,
} from "../../contract/creator-media";
import { PPV_PRICE_MIN, type MediumAccess } from "../../contract/creators";
import { MEDIA_STATUS, type MediaVisibility } from "../../contract/media";
import { uploadVisibilitiesFor } from "../../contract/media-upload";
import { isStaffUserType } from "../../contract/moderation";
import { USER_TYPE } from "../../contract/users";
import { INSUFFICIENT_DOLLARS_KEY, MONEY_KEY_PATTERN } from "../../contract/wallet";
import { lockMembersForLimits } from "../../db/locks";
import type { Database } from "../../db/schema";
import { isBlockedBetween, isPublishedFor, MEDIA_OWNER_COLUMNS, mediaAccess, mediaOwnerOf, viewerContext } from "../access/index";
import { dollarOperations, LedgerInsufficient, memberBalances, postOperationIn } from "../ledger/index";
import { lockedPreviewOf, mediaImageOf } from "../media/index";
import { notify, publishNotificationHints, type NotificationHints } from "../notifications/index";
import { notifyWalletChanged } from "../wallet/index";

const DAY = 24 * 60 * 60 * 1000;

/** Who sells media and keeps fans: escorts and businesses (the creators). */
const CREATOR_TYPES: readonly number[] = [USER_TYPE.escort, USER_TYPE.business];

function assertCreator(userType: number): void {
  if (!CREATOR_TYPES.includes(userType)) throw fail.forbidden(CREATOR_MEDIA_ERRORS.notCreator);
}

/** A price field as the schemas leave it: a number, or "" / null / absent for none. */
type PriceField = number | "" | null | undefined;
const priceOf = (value: PriceField): number | null => (typeof value === "number" ? value : null);

const priceError = () => fail.badRequest(CREATOR_MEDIA_ERRORS.price, "price");

/** The stored access and price of a requested change: ppv needs its price; open and fans keep none. */
function accessChange(access: MediumAccess, price: PriceField): { access: MediumAccess; price: number | null } {
  if (access !== "ppv") return { access, price: null };
  const value = priceOf(price);
  if (value === null) throw priceError();
  return { access, price: value };
}

const OWN_COLUMNS = [
  "id",
  "user_id",
  "public_id",
  "kind",
  "visibility",
  "status",
  "width",
  "height",
  "variant_widths",
  "is_avatar",
  "is_cover",
  "access",
  "price",
  "publish_at",
  "created_at",
] as const;

async function ownMedium(db: Kysely<Database> | Transaction<Database>, userId: number, id: number) {
  const row = await db
    .selectFrom("media")
    .select([...OWN_COLUMNS])
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  // Another member's id answers like a missing one, and nothing changes.
  if (!row) throw fail.notFound(CREATOR_MEDIA_ERRORS.notFound);
  return row;
}

function stateOf(row: { id: number; access: string; price: number | null; publish_at: number | null }, now: number): MediumAccessState {
  return {
    id: row.id,
    access: (row.access as MediumAccess) ?? "open",
    price: row.access === "ppv" ? row.price : null,
    publish_at: row.publish_at !== null && Number(row.publish_at) > now ? Number(row.publish_at) : null,
  };
}

/**
 * Sets who may open one of the owner's media: open, fans (a paid-for fan subscription) or ppv at a price. Buyers keep
 * what they bought whatever the owner sets later (the purchase row stays; the rule opens bought media). The avatar and
 * the cover stay open: they are the profile's face on every tile.
 */
export async function setMediumAccess(
  deps: ApiDeps,
  owner: { id: number; userType: number },
  id: number,
  input: { access: MediumAccess; price?: PriceField },
): Promise<MediumAccessState> {
  const row = await ownMedium(deps.db, owner.id, id);
  const change = accessChange(input.access, input.price);
  if (change.access !== "open") {
    assertCreator(owner.userType);
    if (Number(row.is_avatar) === 1 || Number(row.is_cover) === 1) throw fail.badRequest(CREATOR_MEDIA_ERRORS.avatarStaysOpen, "access");
  }
  await deps.db.updateTable("media").set(change).where("id", "=", id).where("user_id", "=", owner.id).execute();
  return stateOf({ ...row, ...change }, deps.clock.now());
}

// ── buy-puzzle-medium ──────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The medium a buyer asks about, checked for them: it exists and they may see it (visibility, status, block, listed
 * owner, published), it is not their own. Unknown and not visible answer alike (404).
 */
async function saleMediumFor(deps: ApiDeps, buyerId: number, id: number) {
  const row = await deps.db
    .selectFrom("media")
    .innerJoin("users", "users.id", "media.user_id")
    .leftJoin("profiles", "profiles.user_id", "media.user_id")
    .select([
      "media.id",
      "media.kind",
      "media.visibility",
      "media.status",
      "media.access",
      "media.price",
      "media.publish_at",
      "media.public_id",
      "media.width",
      "media.height",
      "media.variant_widths",
      "users.username",
      "profiles.display_name",
      ...MEDIA_OWNER_COLUMNS,
    ])
    .where("media.id", "=", id)
    .executeTakeFirst();
  if (!row) throw fail.notFound(CREATOR_MEDIA_ERRORS.notFound);
  if (row.user_id === buyerId) throw fail.badRequest(CREATOR_MEDIA_ERRORS.own, "id");
  const viewer = await viewerContext(deps, { id: buyerId });
  if (isStaffUserType(viewer.userType)) throw fail.forbidden(CREATOR_MEDIA_ERRORS.staff);
  const owner = mediaOwnerOf(row);
  const blocked = await isBlockedBetween(deps, buyerId, owner.id);
  const now = deps.clock.now();
  if (mediaAccess(viewer, owner, row, { blocked, granted: false }) === null) throw fail.notFound(CREATOR_MEDIA_ERRORS.notFound);
  if (!isPublishedFor({ id: buyerId, isStaff: false }, row, now)) throw fail.notFound(CREATOR_MEDIA_ERRORS.notFound);
  return row;
}

/** The buyer's earlier purchase of this medium, if any. */
const purchaseOf = (db: Kysely<Database> | Transaction<Database>, buyerId: number, mediumId: number) =>
  db.selectFrom("medium_purchases").selectAll().where("buyer_id", "=", buyerId).where("medium_id", "=", mediumId).executeTakeFirst();

const purchaseByKey = (db: Kysely<Database> | Transaction<Database>, ledgerKey: string) =>
  db.selectFrom("medium_purchases").selectAll().where("idempotency_key", "=", ledgerKey).executeTakeFirst();

/** GET /wallets/buy-puzzle-medium/{id}: the confirmation's quote (price, balance now and after, bought already?). */
export async function puzzleMediumQuote(deps: ApiDeps, buyerId: number, id: number): Promise<PuzzleMediumQuote> {
  const row = await saleMediumFor(deps, buyerId, id);
  const bought = (await purchaseOf(deps.db, buyerId, id)) !== undefined;
  if (!bought && (row.access !== "ppv" || row.price === null)) throw fail.conflict(CREATOR_MEDIA_ERRORS.notForSale, "id");
  const balance = (await memberBalances(deps, buyerId, "dollar")).wallet;
  const price = Number(row.price ?? 0);
  return {
    medium_id: row.id,
    kind: row.kind,
    price,
    balance,
    balance_after: !bought && balance >= price ? balance - price : null,
    bought,
    owner: { user_id: row.user_id, username: row.username, display_name: row.display_name ?? row.username },
    preview: lockedPreviewOf(row),
  };
}

type PurchaseRow = NonNullable<Awaited<ReturnType<typeof purchaseByKey>>>;

async function purchaseAnswer(deps: ApiDeps, row: PurchaseRow, clientKey: string, replayed: boolean): Promise<PuzzleMediumPurchase> {
  const [balances, owner] = await Promise.all([
    memberBalances(deps, row.buyer_id, "dollar"),
    deps.db.selectFrom("users").select("username").where("id", "=", row.creator_id).executeTakeFirst(),
  ]);
  return {
    status: "succeeded",
    operation_id: row.operation_id,
    kind: "CONSUME",
    amount: row.price,
    balance: balances.wallet,
    replayed,
    key: clientKey,
    medium_id: row.medium_id,
    purchase_id: row.id,
    owner_username: owner?.username ?? "",
  };
}

/**
 * buy-puzzle-medium: the buyer pays the medium's price in dollars to its owner's pending earnings and owns it from
 * then on. A retry with the key answers the first purchase (replayed, nothing moves again). Refused before anything
 * moves: 400 own medium, 403 staff, 404 unknown or not visible, 409 not for sale, already bought (under another key)
 * or a key used for another medium, 402 when the wallet does not cover the price.
 */
export async function buyPuzzleMedium(deps: ApiDeps, buyerId: number, input: { id: number; key: string }): Promise<PuzzleMediumPurchase> {
  if (!MONEY_KEY_PATTERN.test(input.key)) throw fail.badRequest("validation.invalid", "key");
  const ledgerKey = mediumLedgerKey(input.key);
  const earlier = await purchaseByKey(deps.db, ledgerKey);
  if (earlier) {
    if (earlier.buyer_id !== buyerId || earlier.medium_id !== input.id) throw fail.conflict(CREATOR_MEDIA_ERRORS.keyReused, "key");
    return purchaseAnswer(deps, earlier, input.key, true);
  }
  const row = await saleMediumFor(deps, buyerId, input.id);
  if (row.access !== "ppv" || row.price === null) throw fail.conflict(CREATOR_MEDIA_ERRORS.notForSale, "id");
  const price = Number(row.price);
  const creatorId = row.user_id;
  let outcome: { purchase: PurchaseRow; replayed: boolean; hints?: NotificationHints };
  try {
    outcome = await deps.db.transaction().execute(async (trx) => {
      // One buyer's purchases run one after the other from here (ADR 058): the check below holds when the row is added.
      await lockMembersForLimits(trx, deps.dialect, "mediumPurchases", [buyerId]);
      const again = await purchaseByKey(trx, ledgerKey);
      if (again) {
        if (again.medium_id !== input.id) throw fail.conflict(CREATOR_MEDIA_ERRORS.keyReused, "key");
        return { purchase: again, replayed: true };
      }
      if (await purchaseOf(trx, buyerId, input.id)) throw fail.conflict(CREATOR_MEDIA_ERRORS.alreadyBought, "id");
      const operation = dollarOperations.creatorSale(buyerId, creatorId, price);
      const posted = await postOperationIn(trx, deps, {
        key: ledgerKey,
        kind: operation.kind,
        currency: "dollar",
        actorId: buyerId,
        reference: mediumReference(input.id),
        transfers: operation.transfers,
      });
      if (posted.status !== "succeeded" || posted.operationId === null) throw new LedgerInsufficient();
      const values = {
        medium_id: input.id,
        buyer_id: buyerId,
        creator_id: creatorId,
        price,
        operation_id: posted.operationId,
        idempotency_key: ledgerKey,
        created_at: deps.clock.now(),
      };
      const { id } = await trx.insertInto("medium_purchases").values(values).returning("id").executeTakeFirstOrThrow();
      // The sale's notice to the creator commits with the sale (the notification kind "dollars" and its settings).
      const hints = await notify(deps, trx, {
        userId: creatorId,
        event: "medium_sold",
        actorId: buyerId,
        subject: { type: "medium", id: input.id },
        params: { amount: String(price) },
        url: `user/media_gallery?item=${input.id}`,
      });
      return { purchase: { ...values, id }, replayed: false, hints };
    });
  } catch (error) {
    if (!(error instanceof LedgerInsufficient)) throw error;
    const balance = (await memberBalances(deps, buyerId, "dollar")).wallet;
    throw new ApiError(402, [errorItem(402, INSUFFICIENT_DOLLARS_KEY, undefined, { price, currency: "dollar", balance })], {
      insufficient: true,
    });
  }
  await publishNotificationHints(deps, outcome.hints ?? []);
  if (!outcome.replayed) await Promise.all([notifyWalletChanged(deps, buyerId), notifyWalletChanged(deps, creatorId)]);
  return purchaseAnswer(deps, outcome.purchase, input.key, outcome.replayed);
}

// ── The creator's defaults and content-create ──────────────────────────────────────────────────────────────────────

export async function creatorDefaults(deps: ApiDeps, userId: number): Promise<CreatorDefaults> {
  const row = await deps.db.selectFrom("creator_media_settings").selectAll().where("user_id", "=", userId).executeTakeFirst();
  return row
    ? { default_price: row.default_price, fans_only_default: Number(row.fans_only_default) === 1, saved: true }
    : { default_price: PPV_PRICE_MIN, fans_only_default: false, saved: false };
}

export async function saveCreatorDefaults(
  deps: ApiDeps,
  user: { id: number; userType: number },
  input: { default_price: number; fans_only_default: boolean },
): Promise<CreatorDefaults> {
  assertCreator(user.userType);
  const values = { default_price: input.default_price, fans_only_default: input.fans_only_default ? 1 : 0, updated_at: deps.clock.now() };
  await deps.db
    .insertInto("creator_media_settings")
    .values({ user_id: user.id, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
  return { default_price: input.default_price, fans_only_default: input.fans_only_default, saved: true };
}

type OwnRow = Awaited<ReturnType<typeof ownMedium>>;

function creatorMediumOf(row: OwnRow, userType: number, now: number): CreatorMedium {
  return {
    ...stateOf(row, now),
    kind: row.kind,
    visibility: row.visibility as MediaVisibility,
    status: row.status,
    image: mediaImageOf(row),
    is_avatar: Number(row.is_avatar) === 1,
    is_cover: Number(row.is_cover) === 1,
    visibilities: uploadVisibilitiesFor(userType),
  };
}

/** content-create without an id: the caller's media to pick from, newest first (the picker shows at most this many). */
export const CREATOR_MEDIA_PICK_MAX = 60;

export async function creatorMediaList(deps: ApiDeps, user: { id: number; userType: number }): Promise<CreatorMediaList> {
  assertCreator(user.userType);
  const rows = await deps.db
    .selectFrom("media")
    .select([...OWN_COLUMNS])
    .where("user_id", "=", user.id)
    .where("status", "in", [MEDIA_STATUS.accepted, MEDIA_STATUS.pending])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(CREATOR_MEDIA_PICK_MAX)
    .execute();
  const now = deps.clock.now();
  return { items: rows.map((row) => creatorMediumOf(row, user.userType, now)), defaults: await creatorDefaults(deps, user.id) };
}

export async function creatorMedium(deps: ApiDeps, user: { id: number; userType: number }, id: number): Promise<CreatorMedium> {
  assertCreator(user.userType);
  return creatorMediumOf(await ownMedium(deps.db, user.id, id), user.userType, deps.clock.now());
}

/**
 * content-create/{id}: visibility, access, price and the scheduled publication at once (all or nothing). A publication
 * time must lie ahead, at most PUBLISH_AT_MAX_DAYS; null publishes the medium once it is accepted.
 */
export async function saveCreatorMedium(
  deps: ApiDeps,
  user: { id: number; userType: number },
  id: number,
  input: CreatorMediumInput & { price?: PriceField; publish_at?: number | null },
): Promise<CreatorMedium> {
  assertCreator(user.userType);
  const row = await ownMedium(deps.db, user.id, id);
  const visibility = input.visibility as MediaVisibility;
  if (!uploadVisibilitiesFor(user.userType).includes(visibility)) throw fail.badRequest("validation.invalid", "visibility");
  const change = accessChange(input.access as MediumAccess, input.price);
  if (change.access !== "open" && (Number(row.is_avatar) === 1 || Number(row.is_cover) === 1))
    throw fail.badRequest(CREATOR_MEDIA_ERRORS.avatarStaysOpen, "access");
  const now = deps.clock.now();
  const publishAt = input.publish_at ?? null;
  if (publishAt !== null && (publishAt <= now || publishAt > now + PUBLISH_AT_MAX_DAYS * DAY))
    throw fail.badRequest(CREATOR_MEDIA_ERRORS.publishAt, "publish_at");
  await deps.db
    .updateTable("media")
    .set({ visibility, ...change, publish_at: publishAt })
    .where("id", "=", id)
    .where("user_id", "=", user.id)
    .execute();
  return creatorMediumOf({ ...row, visibility, ...change, publish_at: publishAt }, user.userType, now);
}

/**
 * Media uploaded through content-create start with the creator's defaults: fans-only when they chose so (never the
 * avatar or cover, which stay the profile's face). Only the caller's own ids change.
 */
export async function applyCreatorDefaults(deps: ApiDeps, user: { id: number; userType: number }, ids: readonly number[]): Promise<void> {
  if (ids.length === 0 || !CREATOR_TYPES.includes(user.userType)) return;
  const defaults = await creatorDefaults(deps, user.id);
  if (!defaults.fans_only_default) return;
  await deps.db
    .updateTable("media")
    .set({ access: "fans", price: null })
    .where("user_id", "=", user.id)
    .where("id", "in", [...ids])
    .where("is_avatar", "=", 0)
    .where("is_cover", "=", 0)
    .where("access", "=", "open")
    .execute();
}
