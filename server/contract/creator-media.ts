/**
 * Paid and fans-only media, the "puzzle" (pay-per-view) purchase and the content-creation flow (issue 28 items 2, 4,
 * 6 and 7; ADR 093). The codes and limits are contract/creators.ts's (MEDIUM_ACCESS, PPV_PRICE_MIN/MAX); this file
 * holds the request schemas, the error keys and the answers of the creator-media module, for both tiers.
 */
import * as v from "valibot";
import { operatorInstantOfWall, operatorWallTimeOf } from "./calendar";
import { MEDIUM_ACCESS, PPV_PRICE_MAX, PPV_PRICE_MIN, type MediumAccess } from "./creators";
import type { LockedMedium, MediaImage, MediaVisibility } from "./media";
import { MEDIA_VISIBILITY } from "./media";
import { moneyKeySchema, type TokenOperationAnswer } from "./wallet";

const invalid = "validation.invalid";

/** How far ahead a publication may be scheduled (the spec names no limit; docs/spec-departures.md). */
export const PUBLISH_AT_MAX_DAYS = 90;

/** The error keys of the module (translated in the `creator-media` namespace; `validation.*` stay the common ones). */
export const CREATOR_MEDIA_ERRORS = {
  /** A ppv medium needs a whole-dollar price in PPV_PRICE_MIN..PPV_PRICE_MAX (the range in the key's params). */
  price: `exception.creator_media.price_invalid?min=${PPV_PRICE_MIN}&max=${PPV_PRICE_MAX}`,
  /** The avatar and the cover are the profile's face: they stay open to everyone who may see them. */
  avatarStaysOpen: "exception.creator_media.avatar_stays_open",
  /** Only escorts and businesses sell media or keep fans (the creators). */
  notCreator: "exception.creator_media.not_creator",
  /** Buying one's own medium. */
  own: "exception.creator_media.own_medium",
  /** The medium is not (or no longer) sold on its own. */
  notForSale: "exception.creator_media.not_for_sale",
  /** The buyer already owns it (bought before, under another key): nothing is charged again. */
  alreadyBought: "exception.creator_media.already_bought",
  /** The key was used to buy another medium. */
  keyReused: "exception.creator_media.key_reused",
  /** Unknown, not visible to the viewer, or separated by a block: answered alike. */
  notFound: "exception.creator_media.not_found",
  /** A scheduled publication in the past or too far ahead (the limit in the key's params). */
  publishAt: `exception.creator_media.publish_at_invalid?max_days=${PUBLISH_AT_MAX_DAYS}`,
  /** Staff accounts buy nothing. */
  staff: "exception.creator_media.staff",
} as const;

/**
 * A whole number of dollars in the pay-per-view range. JSON gives a number; a form gives digits, read as the number they
 * spell ("2.5", "abc", "-5" refused, never rounded).
 */
export const ppvPriceSchema = v.pipe(
  v.union(
    [
      v.number(CREATOR_MEDIA_ERRORS.price),
      v.pipe(v.string(CREATOR_MEDIA_ERRORS.price), v.regex(/^\d{1,7}$/, CREATOR_MEDIA_ERRORS.price), v.transform(Number)),
    ],
    CREATOR_MEDIA_ERRORS.price,
  ),
  v.integer(CREATOR_MEDIA_ERRORS.price),
  v.minValue(PPV_PRICE_MIN, CREATOR_MEDIA_ERRORS.price),
  v.maxValue(PPV_PRICE_MAX, CREATOR_MEDIA_ERRORS.price),
);

const accessSchema = v.picklist(MEDIUM_ACCESS, invalid);

/**
 * PUT /media/{id}/access: who may open the medium beyond its visibility. `price` is required for ppv and ignored
 * otherwise (an empty form field counts as none).
 */
export const mediumAccessSchema = v.object(
  {
    access: accessSchema,
    price: v.optional(v.union([v.literal(""), v.null(), ppvPriceSchema], CREATOR_MEDIA_ERRORS.price)),
  },
  "validation.required",
);
export type MediumAccessInput = v.InferInput<typeof mediumAccessSchema>;

/** POST /media/{id}/puzzle ("puzzle photo"): the medium becomes a ppv medium at this price. */
export const puzzleSchema = v.object({ price: ppvPriceSchema }, "validation.required");

/** A medium's id as a path or a body carries it. */
export const mediumIdSchema = v.pipe(
  v.union([v.number(invalid), v.pipe(v.string(invalid), v.regex(/^[1-9]\d{0,9}$/, invalid), v.transform(Number))], invalid),
  v.integer(invalid),
  v.minValue(1, invalid),
);

/** POST /wallets/buy-puzzle-medium: the medium and the client's idempotency key (a retry answers the first purchase). */
export const buyPuzzleMediumSchema = v.object({ id: mediumIdSchema, key: moneyKeySchema }, "validation.required");
export type BuyPuzzleMediumInput = v.InferInput<typeof buyPuzzleMediumSchema>;

/** The ledger's idempotency key of a purchase: the client's key under the `medium:` prefix (issue 28 common ground). */
export const mediumLedgerKey = (clientKey: string) => `medium:${clientKey}`;
/** The ledger operation's reference: what was bought. */
export const mediumReference = (mediumId: number) => `medium:${mediumId}`;

/**
 * PUT /creator-content/defaults (content-create-setup/price): the price a new ppv medium is offered at and whether new
 * media start fans-only.
 */
export const creatorDefaultsSchema = v.object(
  {
    default_price: ppvPriceSchema,
    fans_only_default: v.optional(
      v.union([
        v.boolean(invalid),
        v.pipe(
          v.picklist(["on", "true", "1", "0", "false", ""], invalid),
          v.transform((s) => ["on", "true", "1"].includes(s)),
        ),
      ]),
      false,
    ),
  },
  "validation.required",
);
export type CreatorDefaultsInput = v.InferInput<typeof creatorDefaultsSchema>;

/**
 * PUT /creator-content/media/{id} (content-create/{id}): visibility, access, price and a scheduled publication at once.
 * `publish_at` is epoch ms or null (publish once accepted).
 */
export const creatorMediumSchema = v.object(
  {
    visibility: v.picklist(MEDIA_VISIBILITY, invalid),
    access: accessSchema,
    price: v.optional(v.union([v.literal(""), v.null(), ppvPriceSchema], CREATOR_MEDIA_ERRORS.price)),
    publish_at: v.optional(
      v.union([
        v.null(),
        v.pipe(
          v.number(CREATOR_MEDIA_ERRORS.publishAt),
          v.integer(CREATOR_MEDIA_ERRORS.publishAt),
          v.minValue(0, CREATOR_MEDIA_ERRORS.publishAt),
        ),
      ]),
      null,
    ),
  },
  "validation.required",
);
export type CreatorMediumInput = v.InferInput<typeof creatorMediumSchema>;

/** A medium's paid-access state as its owner manages it. */
export interface MediumAccessState {
  id: number;
  access: MediumAccess;
  /** Whole dollars; null unless ppv. */
  price: number | null;
  /** A scheduled publication (epoch ms) not yet reached, or null. */
  publish_at: number | null;
}

export type { LockedMedium } from "./media";

/** GET /wallets/buy-puzzle-medium/{id}: the confirmation's quote. */
export interface PuzzleMediumQuote {
  medium_id: number;
  kind: string;
  price: number;
  /** The buyer's spendable dollars now, and after the purchase (null when they do not cover it). */
  balance: number;
  balance_after: number | null;
  /** Already bought: the page says so instead of offering to pay again. */
  bought: boolean;
  owner: { user_id: number; username: string; display_name: string };
  preview: LockedMedium["preview"];
}

/** POST /wallets/buy-puzzle-medium: the token operation, the purchase and the medium's owner (for the way back). */
export interface PuzzleMediumPurchase extends TokenOperationAnswer {
  key: string;
  medium_id: number;
  purchase_id: number;
  owner_username: string;
}

/** GET/PUT /creator-content/defaults. */
export interface CreatorDefaults {
  default_price: number;
  fans_only_default: boolean;
  /** Whether the member has saved their defaults once (content-create-setup shows the benefit page first otherwise). */
  saved: boolean;
}

/** GET/PUT /creator-content/media/{id}: one of the caller's media as content-create shows it. */
export interface CreatorMedium extends MediumAccessState {
  kind: string;
  visibility: MediaVisibility;
  status: number;
  image: MediaImage;
  is_avatar: boolean;
  is_cover: boolean;
  /** Visibilities this member may give (clients fewer, spec section 6). */
  visibilities: readonly MediaVisibility[];
}

/** GET /creator-content/media: the caller's media to pick from (content-create without an id), newest first. */
export interface CreatorMediaList {
  items: CreatorMedium[];
  defaults: CreatorDefaults;
}

/** This feature's declared success bodies (ADR 041); they join ResponseBodies by declaration merging (ADR 067). */
export interface CreatorMediaBodies {
  MediumAccessState: MediumAccessState;
  PuzzleMediumQuote: PuzzleMediumQuote;
  PuzzleMediumPurchase: PuzzleMediumPurchase;
  CreatorDefaults: CreatorDefaults;
  CreatorMedium: CreatorMedium;
  CreatorMediaList: CreatorMediaList;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends CreatorMediaBodies {}
}

/** The web paths of the feature (spec section 2 "Content creation"), written once. */
export const creatorMediaPaths = {
  benefit: (lang: string) => `/${lang}/content-create-setup/benefit`,
  price: (lang: string) => `/${lang}/content-create-setup/price`,
  create: (lang: string, id?: number) => (id === undefined ? `/${lang}/content-create` : `/${lang}/content-create/${id}`),
  /** The buy-puzzle-medium confirmation (no JavaScript): price, balance after, one pay button. */
  buy: (lang: string, mediumId: number) => `/${lang}/buy-puzzle-medium/${mediumId}`,
};

/**
 * A scheduled publication as content-create's form carries it: `YYYY-MM-DDTHH:MM` (an `<input type="datetime-local">`)
 * read as a time in the operator's zone (contract/calendar: pages without JavaScript cannot know the browser's zone, and
 * the platform's members are German). null for anything else; "" is no schedule.
 */
export function publishAtFromLocal(value: string): number | null {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match || Number(match[2]) > 23 || Number(match[3]) > 59) return null;
  const wall = Date.parse(`${match[1]}T${match[2]}:${match[3]}:00Z`);
  return Number.isNaN(wall) ? null : operatorInstantOfWall(wall);
}

/** The form's value of a publication time: `YYYY-MM-DDTHH:MM` in the operator's zone. */
export function localFromPublishAt(at: number): string {
  return operatorWallTimeOf(at);
}
