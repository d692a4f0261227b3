import type { AliasedSelectQueryBuilder, Kysely, Transaction } from "kysely";
import type { ErrorReporter } from "../observability/error-reporting";
import type { AppConfig } from "../config";
import type { Goods, GoodsQuote, RevocationReason, SettledOrder } from "../contract/billing";
import type { Language } from "../contract/locales";
import type { NotificationContentType, NotificationEvent, NotificationStickiness } from "../contract/notifications";
import type { ReportObjectKind } from "../contract/reports";
import type { SitemapEntry } from "../contract/seo";
import type { NotificationKind } from "../contract/settings";
import type { StaffPermission } from "../contract/staff-permissions";
import type { SecondFactorDue } from "../contract/staff-totp";
import type { DB, Dialect } from "../db/index";
import type { Database } from "../db/schema";
import type { Mailer } from "../integrations/mail/mailer";
import type { Clock } from "../lib/clock";
import type { Logger } from "../ops/logger";
import type { Bus } from "../realtime/bus";
import type { PresenceService } from "../realtime/presence";

/** Everything a service needs, passed in rather than imported (tests swap parts). */
export interface ApiDeps {
  db: DB;
  dialect: Dialect;
  config: AppConfig;
  clock: Clock;
  mailer: Mailer;
  log: Logger;
  /** Realtime fan-out to the sockets of every instance (publish after commit). */
  bus: Bus;
  /** Live online status of members across instances (never stored; ADR 042). */
  presence: PresenceService;
  /** What the feature manifests contribute at run time (server/modules/registry.ts, ADR 064). */
  features: FeatureRegistry;
  /** Server errors go here besides the log (ADR 133); absent or off without SENTRY_DSN. */
  errorReporter?: ErrorReporter;
}

/**
 * The run-time registries built once from the feature manifests (server/modules/index.ts). A module that serves the
 * others (notifications, reports) reads what they declared here, through its deps: importing the manifests would make
 * it depend on the modules that depend on it.
 */
export interface FeatureRegistry {
  notifications: ReadonlyMap<NotificationEvent, NotificationDeclaration>;
  reportTargets: ReadonlyMap<ReportObjectKind, ReportTarget>;
  sitemaps: ReadonlyMap<string, SitemapSource>;
  /** The goods the checkout sells and their handlers (issue 26). */
  goods: ReadonlyMap<Goods, GoodsHandler>;
  /** Every back-office queue by name, in the manifests' order (issue 30 item 5, ADR 119). */
  moderationQueues: ReadonlyMap<string, ModerationQueueDeclaration>;
  /** Who hears that an order was paid (manifest `orderPaid`, ADR 135), in the manifests' order. */
  orderPaid: readonly OrderPaidListener[];
}

/**
 * A module that acts on a verified payment (affiliates credit a referred member's first payment, ADR 135): called by
 * the settlement once per order, inside the transaction that marks it paid, after the good was delivered. It must not
 * move money (the settlement books the charge) and must be idempotent on its own (a unique key), as a retry may call
 * it again after a rolled-back attempt.
 */
export type OrderPaidListener = (trx: Transaction<Database>, deps: ApiDeps, order: SettledOrder) => Promise<void>;

/** A back-office queue (ADR 030): where staff decide what a feature sends them. */
export interface ModerationQueueDeclaration {
  /** The v2 path of the staff-only GET route that lists it ("/backoffice/reports"). */
  api: string;
  /** Its title's translation key (checked in all four languages by tests/api/module-graph.test.ts). */
  title: string;
  /**
   * The queue's open items as one query (ADR 119): the queues overview counts them and finds the oldest, and "take
   * next" claims the oldest nobody holds. `scope` is the claim scope of the row (the queue's name, or one of `scopes`).
   * A queue without it is listed without a count.
   */
  open?: (db: Kysely<Database>) => OpenQueueItems;
  /** The claim scopes its decide routes name when its items are of more than one kind (ids collide): `<queue>.<kind>`. */
  scopes?: readonly string[];
  /** Its web page below /{lang}/ ("backoffice/bundles"); defaults to "backoffice/<name>". */
  page?: string;
  /** The translation namespace of `title`, for the web tier; defaults to the key's first segment. */
  namespace?: string;
  /** The staff permission that works it (contract/staff-permissions); defaults to "queues.decide". */
  permission?: StaffPermission;
}

/** One open item as a queue's `open` query selects it: its id, when it began waiting (epoch ms) and its claim scope. */
export interface OpenQueueItem {
  id: number;
  since: number | string;
  scope: string;
}

/** A select of OpenQueueItem rows (kysely's, any tables), taken as a subquery. */
export interface OpenQueueItems {
  as<A extends string>(alias: A): AliasedSelectQueryBuilder<OpenQueueItem, A>;
}

/** A notification event as the module that sends it declares it (ADR 044, 064). */
export interface NotificationDeclaration {
  /** The member's preference kind: which of their switches govern it (contract/settings NOTIFICATION_KINDS). */
  kind: NotificationKind;
  /** What it asks of the member (spec section 4) and how long its popup stays. */
  contentType: NotificationContentType;
  stickiness: NotificationStickiness;
  /**
   * Its line outside the site (the popup's title, the push message, the e-mail), per language, informal German "du";
   * `{actor}` becomes the actor's name. The site's own pages render `bell.events.<event>` of the common namespace.
   */
  title: Readonly<Record<Language, string>>;
  /** The module mails it itself, richer (the moderation decision; the messenger's delayed digest): no notification.email job. */
  ownMail?: boolean;
}

/** The reported object as the report stores it: its id, and the member it belongs to (never told who reported). */
export interface ReportedObject {
  objectId: number;
  targetUserId: number | null;
}

/** Who removed the object and why (the statement's facts): for kinds whose own tables keep a decision (a photo). */
export interface RemovalDecision {
  staffId: number;
  reason: string;
}

/** A kind of object members may report (ADR 038), as the module that owns it declares it. */
export interface ReportTarget {
  /** The back-office queue that decides these reports: a key of some manifest's moderationQueues. */
  queue: string;
  /**
   * Finds the object as the reporter may see it (a guest reports with reporterId null), or null: answered like an
   * unknown id, so reporting reveals nothing the reporter could not see. Kinds without it have no table yet: their
   * reports name the object's web address, which lets the team find it.
   */
  find?(deps: ApiDeps, objectId: number, reporterId: number | null): Promise<ReportedObject | null>;
  /**
   * Takes the object down when the team decides a report on it "content_removed", inside the decision's transaction
   * (blog comments, ADR 103). It answers what to run after the commit (publishing notification hints), if anything.
   */
  removeContent?(
    deps: ApiDeps,
    trx: Transaction<Database>,
    objectId: number,
    decision?: RemovalDecision,
  ): Promise<(() => Promise<void>) | void>;
  /**
   * Puts the object back when an internal complaint reverses that removal (DSA Art. 20, ADR 112), inside the appeal
   * decision's transaction. Every kind with removeContent has it: a removal the team cannot undo could not be appealed.
   */
  restoreContent?(deps: ApiDeps, trx: Transaction<Database>, objectId: number): Promise<void>;
}

/**
 * The member behind a live access token (resolved by the auth module's tokens.ts). Declared here, with the other
 * request types, so the API's types import no module: a module's service depends on them, never the reverse.
 */
export interface TokenOwner {
  tokenId: number;
  userId: number;
  userType: number;
  /** When this sign-in passed the staff second factor (ADR 117); null: not (yet), or not asked of the account. */
  secondFactorAt?: number | null;
  /** What this staff sign-in still owes (the API's gate fills it in, server/api/second-factor-gate.ts). */
  secondFactorDue?: SecondFactorDue | null;
}

export interface AuthUser {
  id: number;
  userType: number;
  tokenId: number;
  /**
   * A staff sign-in that still owes its second factor (ADR 117; server/api/second-factor-gate.ts): the router lets it
   * reach only the routes that declare `beforeSecondFactor`; everything else answers 403 (or as to a guest).
   */
  secondFactorDue?: SecondFactorDue | null;
}

/** What the host (or an in-process caller) tells the API about the connection. */
export interface ApiBindings {
  remoteAddress?: string;
  /** The call comes from our own web tier in this process: its X-Forwarded-For is trusted. */
  internal?: boolean;
  /**
   * The TCP peer of the connection that carried the request, never taken from X-Forwarded-For:
   * the loopback-only dev routes of the demo decide on it.
   */
  peerAddress?: string;
  /** The dev routes' key the visitor presented (X-Dev-Key or the dev_key cookie), read by the host (ADR 060). */
  devKey?: string;
  /** The host's request id (X-Request-Id): the API's log lines carry the page's id. */
  requestId?: string;
  /** Set by /batch on the calls it dispatches: a batch never runs inside a batch. */
  inBatch?: boolean;
  /**
   * The owners of the access tokens this one page request presented (ADR 051): the host passes a fresh
   * map for each GET or HEAD page, whose loaders call the API several times with the same token, so the
   * token is looked up once per page instead of once per call. Never shared between requests, never
   * given to a request that may change state (a sign-out or a password change is a POST).
   */
  tokenOwners?: Map<string, Promise<TokenOwner | null>>;
}

export type ApiEnv = {
  Bindings: ApiBindings;
  Variables: {
    deps: ApiDeps;
    clientIp: string;
    user: AuthUser | null;
    lang: Language;
    /** The deps' logger bound to this request's id. */
    log: Logger;
    /** The request id the log lines carry (the host's, or a fresh one), for error reports (ADR 133). */
    requestId: string;
  };
};

/** A set of sitemap files a feature contributes (ADR 064): the sitemap index lists it without a change elsewhere. */
export interface SitemapSource {
  /** Numbered files (`profiles-1.xml`), for a set that grows past one file (contract/seo SITEMAP_URLS_PER_FILE). */
  paged?: boolean;
  /** One part (from 1): guest-visible paths after the language, and how many parts there are; null past the last. */
  read(deps: ApiDeps, part: number): Promise<{ parts: number; entries: SitemapEntry[] } | null>;
}

/**
 * A good the checkout sells (issue 26): the module that owns it says what it costs this buyer and delivers it inside
 * the transaction that records the verified payment, so a paid order and its delivery commit together or not at all.
 * The checkout reads the handlers through deps.features.goods, never by importing the module.
 */
export interface GoodsHandler {
  /** The offers this buyer may choose from, in display order. */
  catalogue(deps: ApiDeps, buyerId: number): Promise<GoodsQuote[]>;
  /** One offer by its sku for this buyer, or null when they may not buy it (the price always comes from here). */
  quote(deps: ApiDeps, buyerId: number, sku: string): Promise<GoodsQuote | null>;
  /** Delivers a paid order. Called once per order (the checkout guarantees it), inside its transaction. */
  fulfil(trx: Transaction<Database>, deps: ApiDeps, order: SettledOrder): Promise<void>;
  /** Takes back what a refunded, charged-back or withdrawn order delivered, inside the checkout's transaction. */
  revoke(trx: Transaction<Database>, deps: ApiDeps, order: SettledOrder, reason: RevocationReason): Promise<void>;
}
