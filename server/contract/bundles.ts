/**
 * Bundles (issue 28 item 1, ADR 092): the request schemas and answers both tiers share. The codes and limits
 * (BUNDLE_STATUS, prices, steps, layouts, lengths) are in contract/creators.ts, written once.
 */
import * as v from "valibot";
import {
  BUNDLE_DESCRIPTION_MAX,
  BUNDLE_ITEMS_MAX,
  BUNDLE_ITEMS_MIN,
  BUNDLE_PRICE_MAX,
  BUNDLE_PRICE_MIN,
  BUNDLE_STATUS,
  BUNDLE_TITLE_MAX,
  type BundleStatus,
} from "./creators";
import type { MediaImage } from "./media";
import { REJECTION_REASONS, type RejectionReason } from "./moderation";
import { pageQueryParam } from "./paging";
import { moneyKeySchema, type TokenOperationAnswer } from "./wallet";

/** The error keys of the bundle answers (translated in the common namespace, as every error key). */
export const BUNDLE_ERRORS = {
  title: `validation.bundles.title?max=${BUNDLE_TITLE_MAX}`,
  description: `validation.bundles.description?max=${BUNDLE_DESCRIPTION_MAX}`,
  price: `validation.bundles.price?min=${BUNDLE_PRICE_MIN}&max=${BUNDLE_PRICE_MAX}`,
  items: `validation.bundles.items?min=${BUNDLE_ITEMS_MIN}&max=${BUNDLE_ITEMS_MAX}`,
  /** A chosen medium is not an accepted photo or video of the creator's own gallery (or is the avatar). */
  itemUnknown: "validation.bundles.item_unknown",
  /** The cover is none of the bundle's media. */
  cover: "validation.bundles.cover",
  notFound: "exception.bundles.not_found",
  /** Only escorts and businesses make bundles. */
  creatorsOnly: "exception.bundles.creators_only",
  /** publish: only a draft or a rejected bundle goes to the team's queue. */
  notPublishable: "exception.bundles.not_publishable",
  /** activate/deactivate: only an accepted bundle is on sale or off it. */
  notAccepted: "exception.bundles.not_accepted",
  /** An edit may add media to a bundle that was bought, never take one away from its buyers. */
  itemsSold: "exception.bundles.items_sold",
  /** Buying one's own bundle. */
  own: "exception.bundles.own",
  /** Not accepted, deactivated or deleted: not for sale to new buyers. */
  notForSale: "exception.bundles.not_for_sale",
  /** Bought before: nothing is charged twice. */
  alreadyOwned: "exception.bundles.already_owned",
  /** The idempotency key paid for another bundle or belongs to another member. */
  keyReused: "exception.bundles.key_reused",
  /** Staff accounts buy nothing. */
  staff: "exception.bundles.staff",
} as const;

const invalid = "validation.invalid";

/** A positive row id as JSON (number) or a form (digits) sends it. */
const idSchema = v.pipe(
  v.union([v.number(invalid), v.pipe(v.string(invalid), v.regex(/^[1-9]\d{0,9}$/, invalid), v.transform(Number))], invalid),
  v.integer(invalid),
  v.minValue(1, invalid),
  v.maxValue(2_147_483_647, invalid),
);

/** The price in whole dollars: a number, or digits from a form ("2.5", "-1", "abc" refused, never rounded). */
export const bundlePriceSchema = v.pipe(
  v.union(
    [
      v.number(BUNDLE_ERRORS.price),
      v.pipe(v.string(BUNDLE_ERRORS.price), v.trim(), v.regex(/^\d{1,7}$/, BUNDLE_ERRORS.price), v.transform(Number)),
    ],
    BUNDLE_ERRORS.price,
  ),
  v.integer(BUNDLE_ERRORS.price),
  v.minValue(BUNDLE_PRICE_MIN, BUNDLE_ERRORS.price),
  v.maxValue(BUNDLE_PRICE_MAX, BUNDLE_ERRORS.price),
);

export const bundleTitleSchema = v.pipe(
  v.string(BUNDLE_ERRORS.title),
  v.trim(),
  v.minLength(1, BUNDLE_ERRORS.title),
  v.maxLength(BUNDLE_TITLE_MAX, BUNDLE_ERRORS.title),
);

export const bundleDescriptionSchema = v.optional(
  v.pipe(v.string(BUNDLE_ERRORS.description), v.trim(), v.maxLength(BUNDLE_DESCRIPTION_MAX, BUNDLE_ERRORS.description)),
  "",
);

/** The chosen media: one id or several (a form's checkboxes give one string per box), each once. */
export const bundleMediaIdsSchema = v.pipe(
  v.union([idSchema, v.array(idSchema, BUNDLE_ERRORS.items)], BUNDLE_ERRORS.items),
  v.transform((value) => [...new Set(Array.isArray(value) ? value : [value])]),
  v.minLength(BUNDLE_ITEMS_MIN, BUNDLE_ERRORS.items),
  v.maxLength(BUNDLE_ITEMS_MAX, BUNDLE_ERRORS.items),
);

/**
 * POST /bundles and PUT /bundles/{id} (create; an edit): the whole bundle at once — its media (step
 * creation_selection), title, description, price and cover (step creation_meta_info). A new bundle is a draft; an
 * edit of a pending or accepted bundle sends it back to the team's queue (pending).
 */
export const bundleInputSchema = v.object(
  {
    title: bundleTitleSchema,
    description: bundleDescriptionSchema,
    price: bundlePriceSchema,
    media_ids: v.optional(bundleMediaIdsSchema, []),
    /** null or absent: the first medium. */
    cover_media_id: v.optional(v.nullable(v.union([idSchema, v.literal("")], invalid)), null),
  },
  invalid,
);
export type BundleInput = v.InferInput<typeof bundleInputSchema>;
export type BundleInputOutput = v.InferOutput<typeof bundleInputSchema>;

/** POST /bundles/{id}/buy: the one confirmation's idempotency key (a retry answers the first purchase). */
export const bundleBuySchema = v.object({ key: moneyKeySchema }, invalid);

/** POST /backoffice/bundles/{id}/reject: one reason of the moderation list (the owner reads it in their language). */
export const bundleRejectSchema = v.object(
  { reason: v.picklist(REJECTION_REASONS, "validation.backoffice.reason_required") },
  "validation.backoffice.reason_required",
);

export const bundleQueueQuerySchema = v.object({ page: pageQueryParam });

/** The status's name (the pages' texts and the tests read names, the database numbers). */
export type BundleStatusName = keyof typeof BUNDLE_STATUS;
export function bundleStatusName(status: number): BundleStatusName {
  const entry = Object.entries(BUNDLE_STATUS).find(([, code]) => code === status);
  return (entry?.[0] ?? "draft") as BundleStatusName;
}

/** Who made a bundle, as its tile shows them. */
export interface BundleCreator {
  user_id: number;
  username: string;
  display_name: string;
}

/** A bundle as a buyer (or anyone who may see it) sees it: no media, the blurred preview and the price. */
export interface BundleTile {
  id: number;
  title: string;
  description: string;
  price: number;
  /** How many media it holds. */
  item_count: number;
  creator: BundleCreator;
  /** contract/creators bundlePreviewPath: the blurred cover (never a real variant's address). */
  preview_path: string;
  /** The viewer bought it (or made it): its media open on the bundle's page. */
  owned: boolean;
  /** New buyers may buy it now (accepted, active, not deleted, not the viewer's own). */
  for_sale: boolean;
}

/** One medium of a bundle, for its creator and its buyers. */
export interface BundleMedium {
  id: number;
  kind: string;
  image: MediaImage;
}

/** A bundle as its creator manages it (my_bundles, the edit steps). */
export interface OwnBundle extends BundleTile {
  status: BundleStatus;
  status_name: BundleStatusName;
  is_active: boolean;
  rejection_reason: RejectionReason | null;
  cover_media_id: number | null;
  media_ids: number[];
  /** How many members bought it (media cannot leave a bought bundle). */
  sales: number;
  created_at: number;
  updated_at: number;
}

/** GET /bundles/my: the caller's own bundles, newest first. */
export interface OwnBundleList {
  items: OwnBundle[];
  /** Whether the caller makes bundles (escorts and businesses); the page explains it to anyone else. */
  may_create: boolean;
}

/** GET /bundles/my/media: the media a bundle may hold (accepted photos and videos of the caller, no avatar). */
export interface BundleSelectableMedia {
  items: BundleMedium[];
}

/** GET /bundles/user/{username}: a creator's bundles on sale (and those the viewer owns), for the profile tab. */
export interface BundleTileList {
  items: BundleTile[];
}

/** GET /bundles/purchased: what the caller bought, newest purchase first. */
export interface PurchasedBundleList {
  items: Array<BundleTile & { bought_at: number; paid: number }>;
}

/** GET /bundles/{id}: the bundle for this viewer, with the viewer's balance (the confirmation's "balance after"). */
export interface BundleDetail {
  bundle: BundleTile;
  /** The viewer's spendable dollars (0 for guests). */
  balance: number;
  /** The bundle's media for its owners and its creator; null for everyone else (they see the blurred preview). */
  media: BundleMedium[] | null;
}

/** POST /bundles/{id}/buy: the token operation (the dollars moved, the balance after), with the bundle. */
export interface BundleBuyAnswer extends TokenOperationAnswer {
  bundle_id: number;
  key: string;
}

/** One bundle waiting in the back office's queue. */
export interface BundleQueueItem {
  id: number;
  title: string;
  description: string;
  price: number;
  published_at: number;
  creator: BundleCreator;
  /** The media as the team decides on them (staff see every medium). */
  media: BundleMedium[];
}

/** GET /backoffice/bundles. */
export interface BundleQueue {
  items: BundleQueueItem[];
  page: number;
  page_size: number;
  total: number;
}

/** POST /backoffice/bundles/{id}/accept|reject. */
export interface BundleDecision {
  id: number;
  status: BundleStatus;
  reason: RejectionReason | null;
}

/** The key under which the ledger stores a bundle purchase: one key never pays for two different things. */
export const bundleLedgerKey = (clientKey: string) => `bundle:${clientKey}`;

export interface BundlesBodies {
  OwnBundle: OwnBundle;
  OwnBundleList: OwnBundleList;
  BundleSelectableMedia: BundleSelectableMedia;
  BundleTileList: BundleTileList;
  PurchasedBundleList: PurchasedBundleList;
  BundleDetail: BundleDetail;
  BundleBuyAnswer: BundleBuyAnswer;
  BundleQueue: BundleQueue;
  BundleDecision: BundleDecision;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends BundlesBodies {}
}
