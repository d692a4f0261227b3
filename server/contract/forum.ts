/**
 * The community forum (spec section 2 "community/* (embedded forum, G)", section 7 "A community forum has … a
 * language-change path with an id query", settings "forum_notifications"; issue 32 item 5, ADR 134): a Discourse
 * forum whose members sign on through DiscourseConnect with our accounts.
 */
import * as v from "valibot";
import { SUPPORTED_LANGUAGES, type Language } from "./locales";

/**
 * How long a DiscourseConnect nonce is remembered as used (ms). Discourse itself refuses a nonce older than 10 minutes;
 * we keep it longer, so a captured sign-on request can never be answered twice.
 */
export const FORUM_NONCE_RETENTION_MS = 24 * 60 * 60 * 1000;

/** Discourse's notification levels of a category (its NotificationLevels; "watching first post" is 4). */
export const FORUM_NOTIFICATION_LEVELS = { muted: 0, regular: 1, tracking: 2, watching: 3, watching_first_post: 4 } as const;
export type ForumNotificationLevelName = keyof typeof FORUM_NOTIFICATION_LEVELS;
export type ForumNotificationLevel = (typeof FORUM_NOTIFICATION_LEVELS)[ForumNotificationLevelName];
/** The levels in the order the settings page offers them. */
export const FORUM_LEVEL_NAMES = [
  "watching",
  "watching_first_post",
  "tracking",
  "regular",
  "muted",
] as const satisfies readonly ForumNotificationLevelName[];
/** A category nobody chose a level for: Discourse's default. */
export const FORUM_DEFAULT_LEVEL: ForumNotificationLevel = FORUM_NOTIFICATION_LEVELS.regular;

/** The forum groups we keep in step through add_groups/remove_groups: plus members, verified members. */
export const FORUM_GROUPS = { plus: "velora_plus", verified: "velora_verified" } as const;

/** Discourse's locale names for our languages (its Polish is pl_PL). */
export const FORUM_LOCALES: Record<Language, string> = { de: "de", en: "en", es: "es", pl: "pl_PL" };

/** Signed DiscourseConnect payloads are short; anything longer is not Discourse's. */
export const FORUM_SSO_MAX = 4096;

/** GET /forum/sso: what Discourse sends the member with (sso: base64 payload; sig: its HMAC-SHA256 in hex). */
export const forumSignOnQuerySchema = v.strictObject(
  {
    sso: v.pipe(v.string("validation.required"), v.nonEmpty("validation.required"), v.maxLength(FORUM_SSO_MAX, "validation.invalid")),
    sig: v.pipe(v.string("validation.required"), v.regex(/^[0-9a-f]{64}$/i, "exception.forum.bad_signature")),
  },
  "validation.invalid",
);

/** PUT /user/forum/language: the language-change path's choice (its `id` query: one of our language codes). */
export const forumLanguageBodySchema = v.strictObject(
  { language: v.picklist(SUPPORTED_LANGUAGES, "validation.invalid") },
  "validation.invalid",
);

const levelSchema = v.picklist(Object.values(FORUM_NOTIFICATION_LEVELS) as ForumNotificationLevel[], "validation.invalid");

/** The most categories one save names: a forum's category list, never thousands. */
export const FORUM_CATEGORIES_MAX = 200;

/** PUT /user/forum_notifications: the member's level per forum category. */
export const forumNotificationsBodySchema = v.strictObject(
  {
    levels: v.pipe(
      v.array(
        v.strictObject(
          {
            category_id: v.pipe(v.number("validation.invalid"), v.integer("validation.invalid"), v.minValue(1, "validation.invalid")),
            level: levelSchema,
          },
          "validation.invalid",
        ),
        "validation.invalid",
      ),
      v.maxLength(FORUM_CATEGORIES_MAX, "validation.invalid"),
    ),
  },
  "validation.invalid",
);

export const FORUM_ERRORS = {
  /** No forum is configured. */
  off: "exception.forum.off",
  /** sig is not the HMAC of sso with our secret: not from our forum. */
  badSignature: "exception.forum.bad_signature",
  /** The payload lacks a nonce or return_sso_url. */
  badPayload: "exception.forum.bad_payload",
  /** The nonce was answered before: a replayed sign-on request. */
  nonceUsed: "exception.forum.nonce_used",
  /** return_sso_url is not on the configured forum: an open redirect, refused. */
  foreignReturn: "exception.forum.return_foreign",
  /** A category id the forum does not have. */
  unknownCategory: "exception.forum.unknown_category",
  /** The forum's API did not answer: the choice is kept and sent again with the next save. */
  unreachable: "exception.forum.unreachable",
} as const;

/** GET /forum: whether there is a forum, and its addresses. */
export interface ForumOverview {
  configured: boolean;
  /** The forum's start page; null without a forum. */
  url: string | null;
  /** Discourse's own sign-on start (/session/sso): opens the forum signed in as the member. */
  sign_in_url: string | null;
}

/** GET /forum/sso: the address that answers the forum's sign-on request (return_sso_url with our signed payload). */
export interface ForumSignOn {
  url: string;
}

/** PUT /user/forum/language: saved; where to continue (the forum). */
export interface ForumLanguageSaved {
  language: Language;
  url: string;
}

export interface ForumCategoryLevel {
  category_id: number;
  name: string;
  level: ForumNotificationLevel;
}

/** GET /user/forum_notifications: the member's level per forum category. */
export interface ForumNotifications {
  configured: boolean;
  categories: ForumCategoryLevel[];
  /** false when the forum's category list could not be read: the saved levels are shown, names unknown. */
  forum_reachable: boolean;
  /** Whether the last save reached the forum (null: never saved). */
  pushed: boolean | null;
}

export interface ForumBodies {
  ForumOverview: ForumOverview;
  ForumSignOn: ForumSignOn;
  ForumLanguageSaved: ForumLanguageSaved;
  ForumNotifications: ForumNotifications;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends ForumBodies {}
}
