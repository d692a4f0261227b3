/**
 * The shared registries, built from the list of feature manifests (server/modules/index.ts, ADR 064): the API's
 * routes, the job runner's handlers, the demo seed's parts, and the run-time registry the services read through their
 * deps (notification events, report kinds, sitemaps). `manifestProblems` is what tests/api/module-graph.test.ts holds the list
 * to: a job kind, notification event or report kind without its handler, texts or queue fails there.
 */
import type { ModuleContext } from "../api/module-context";
import type { Goods } from "../contract/billing";
import type {
  ApiDeps,
  FeatureRegistry,
  GoodsHandler,
  NotificationDeclaration,
  OrderPaidListener,
  ReportTarget,
  SitemapSource,
} from "../api/types";
import { SUPPORTED_LANGUAGES, type Language } from "../contract/locales";
import { NOTIFICATION_EVENTS, type NotificationEvent } from "../contract/notifications";
import { REPORT_OBJECT_KINDS, type ReportObjectKind } from "../contract/reports";
import { SITEMAP_NAME_PATTERN } from "../contract/seo";
import { DEFAULT_NOTIFICATION_PREFERENCES, NOTIFICATION_CHANNELS, NOTIFICATION_KINDS } from "../contract/settings";
import type { Migration } from "kysely";
import type { Dialect } from "../db/dialect";
import { LAST_RELEASED_MIGRATION, releasedMigrationsFor } from "../db/migrations/index";
import type { SeedPart } from "../db/seed/part";
import type { JobHandlers } from "../jobs/queue";
import type { FeatureManifest, JobRuntime, ModerationQueueDeclaration } from "./manifest";

type Features = readonly FeatureManifest[];

/** Every manifest's routes, in the list's order (the order Hono matches them in). */
export function registerRoutes(features: Features, ctx: ModuleContext): void {
  for (const feature of features) {
    const routes = feature.routes;
    if (!routes) continue;
    for (const register of typeof routes === "function" ? [routes] : routes) register(ctx);
  }
}

/** The handler of every job kind, bound to this process; a kind whose handler answers null is not claimed here. */
export function jobHandlersOf(features: Features, deps: ApiDeps, runtime: JobRuntime = {}): JobHandlers {
  const handlers: Record<string, unknown> = {};
  for (const feature of features) {
    for (const [kind, definition] of Object.entries(feature.jobs ?? {})) {
      const handler = definition.handler(deps, runtime);
      if (handler) handlers[kind] = handler;
    }
  }
  return handlers as JobHandlers;
}

/** The demo seed's parts in the order they write within a chunk (SeedEntry.order). */
export function seedPartsOf(features: Features): SeedPart<unknown>[] {
  const entries = features.flatMap((feature) => feature.seed ?? []);
  return [...entries].sort((a, b) => a.order - b.order).map((entry) => entry.part);
}

/** A migration's name: four digits, an underscore, lower-case words (as the released ones). */
export const MIGRATION_NAME_PATTERN = /^\d{4}_[a-z0-9_]+$/;

/**
 * Every migration for a dialect (ADR 067): the released list, unchanged, and each manifest's. A feature's migration
 * must be named like the others, sort after the last released one (kysely runs them by name and refuses a new name
 * before one a database has run) and be declared once; anything else throws here, at start-up and in the tests.
 */
export function migrationsOf(features: Features, dialect: Dialect): Record<string, Migration> {
  const all: Record<string, Migration> = releasedMigrationsFor(dialect);
  const declared: Record<string, Migration> = {};
  for (const feature of features) {
    for (const [name, migration] of Object.entries(feature.migrations ?? {})) {
      if (!MIGRATION_NAME_PATTERN.test(name)) throw new Error(`${feature.name}: migration ${name} is not named NNNN_<name>`);
      if (name <= LAST_RELEASED_MIGRATION) throw new Error(`${feature.name}: migration ${name} sorts before ${LAST_RELEASED_MIGRATION}`);
      if (name in all || name in declared) throw new Error(`${feature.name}: migration ${name} is declared twice`);
      declared[name] = { up: migration.up(dialect) };
    }
  }
  // In the order kysely runs them (by name), whatever the order of the manifests that declare them.
  for (const name of Object.keys(declared).sort()) all[name] = declared[name]!;
  return all;
}

/** What the services read at run time (ApiDeps.features). */
export function featureRegistryOf(features: Features): FeatureRegistry {
  const notifications = new Map<NotificationEvent, NotificationDeclaration>();
  const reportTargets = new Map<ReportObjectKind, ReportTarget>();
  const sitemaps = new Map<string, SitemapSource>();
  const goods = new Map<Goods, GoodsHandler>();
  const moderationQueues = new Map<string, ModerationQueueDeclaration>();
  const orderPaid: OrderPaidListener[] = [];
  for (const feature of features) {
    if (feature.orderPaid) orderPaid.push(feature.orderPaid);
    for (const [name, queue] of Object.entries(feature.moderationQueues ?? {}))
      if (!moderationQueues.has(name)) moderationQueues.set(name, queue);
    for (const [event, declared] of entries(feature.notifications)) if (!notifications.has(event)) notifications.set(event, declared);
    for (const [kind, target] of entries(feature.reportTypes)) if (!reportTargets.has(kind)) reportTargets.set(kind, target);
    for (const [name, source] of Object.entries(feature.sitemaps ?? {})) if (!sitemaps.has(name)) sitemaps.set(name, source);
    for (const [good, handler] of entries(feature.goods)) if (!goods.has(good)) goods.set(good, handler);
  }
  return { notifications, reportTargets, sitemaps, goods, moderationQueues, orderPaid };
}

function entries<K extends string, V>(record: { readonly [key in K]?: V } | undefined): Array<[K, V]> {
  return Object.entries(record ?? {}).filter((entry): entry is [K, V] => entry[1] !== undefined);
}

export interface ManifestCheckInput {
  /** Whether a translation key has a text in a language (the locale files; tests read them). */
  hasText(language: Language, key: string): boolean;
  /** The v2 routes the API registered, as "GET /backoffice/reports": a back-office queue must be listed by one. */
  routes: readonly string[];
}

/**
 * Everything the list of manifests must hold, as readable problems (none: it holds):
 * - names and job kinds are declared once, and every job kind has a handler;
 * - the seed's parts have distinct places;
 * - every notification event of the contract is declared by exactly one module, with a preference kind that has a
 *   channel default and a label, a title in every language, and its line in the site's texts (`bell.events.<event>`);
 * - every kind of reportable object is declared by exactly one module, and its queue is declared (with a title and
 *   the staff route that lists it);
 * - sitemap names are declared once and make file names.
 */
export function manifestProblems(features: Features, input: ManifestCheckInput): string[] {
  const problems: string[] = [];
  const once = (what: string, owners: Map<string, string[]>) => {
    for (const [key, by] of owners) if (by.length > 1) problems.push(`${what} ${key} is declared by ${by.join(" and ")}`);
  };
  const ownersOf = (pick: (feature: FeatureManifest) => readonly string[]) => {
    const owners = new Map<string, string[]>();
    for (const feature of features) for (const key of pick(feature)) owners.set(key, [...(owners.get(key) ?? []), feature.name]);
    return owners;
  };
  const missingTexts = (key: string) => SUPPORTED_LANGUAGES.filter((language) => !input.hasText(language, key));

  once(
    "feature",
    ownersOf((feature) => [feature.name]),
  );

  once(
    "job kind",
    ownersOf((feature) => Object.keys(feature.jobs ?? {})),
  );
  for (const feature of features)
    for (const [kind, definition] of Object.entries(feature.jobs ?? {}))
      if (typeof definition?.handler !== "function") problems.push(`job kind ${kind} (${feature.name}) has no handler`);

  once(
    "seed order",
    ownersOf((feature) => (feature.seed ?? []).map((entry) => String(entry.order))),
  );

  const events = ownersOf((feature) => entries(feature.notifications).map(([event]) => event));
  once("notification event", events);
  for (const event of NOTIFICATION_EVENTS) if (!events.has(event)) problems.push(`notification event ${event} is declared by no feature`);
  for (const feature of features) {
    for (const [event, declared] of entries(feature.notifications)) {
      const where = `notification event ${event} (${feature.name})`;
      if (!(NOTIFICATION_EVENTS as readonly string[]).includes(event))
        problems.push(`${where} is not in contract/notifications NOTIFICATION_EVENTS`);
      if (!(NOTIFICATION_KINDS as readonly string[]).includes(declared.kind))
        problems.push(`${where} has an unknown kind ${declared.kind}`);
      const defaults = DEFAULT_NOTIFICATION_PREFERENCES[declared.kind] as Record<string, boolean> | undefined;
      if (!defaults || NOTIFICATION_CHANNELS.some((channel) => typeof defaults[channel] !== "boolean"))
        problems.push(`${where}: kind ${declared.kind} has no channel default (contract/settings DEFAULT_NOTIFICATION_PREFERENCES)`);
      const untitled = SUPPORTED_LANGUAGES.filter((language) => !declared.title?.[language]?.trim());
      if (untitled.length > 0) problems.push(`${where} has no title in ${untitled.join(", ")}`);
      for (const key of [`bell.events.${event}`, `settings.notifications.kinds.${declared.kind}`]) {
        const missing = missingTexts(key);
        if (missing.length > 0) problems.push(`${where}: ${key} has no text in ${missing.join(", ")}`);
      }
    }
  }

  const kinds = ownersOf((feature) => entries(feature.reportTypes).map(([kind]) => kind));
  once("report type", kinds);
  for (const kind of REPORT_OBJECT_KINDS) if (!kinds.has(kind)) problems.push(`report type ${kind} is declared by no feature`);
  const queues = ownersOf((feature) => Object.keys(feature.moderationQueues ?? {}));
  once("moderation queue", queues);
  for (const feature of features) {
    for (const [kind, target] of entries(feature.reportTypes)) {
      if (!(REPORT_OBJECT_KINDS as readonly string[]).includes(kind))
        problems.push(`report type ${kind} (${feature.name}) is not in contract/reports REPORT_OBJECT_KINDS`);
      if (!queues.has(target.queue))
        problems.push(`report type ${kind} (${feature.name}) goes to queue ${target.queue}, which no feature declares`);
    }
    for (const [name, queue] of Object.entries(feature.moderationQueues ?? {})) {
      const missing = missingTexts(queue.title);
      if (missing.length > 0)
        problems.push(`moderation queue ${name} (${feature.name}): ${queue.title} has no text in ${missing.join(", ")}`);
      if (!input.routes.includes(`GET ${queue.api}`))
        problems.push(`moderation queue ${name} (${feature.name}) is listed by no GET route ${queue.api}`);
    }
  }
  once(
    "sitemap",
    ownersOf((feature) => Object.keys(feature.sitemaps ?? {})),
  );
  for (const feature of features)
    for (const name of Object.keys(feature.sitemaps ?? {}))
      if (!SITEMAP_NAME_PATTERN.test(name))
        problems.push(`sitemap ${name} (${feature.name}) is no file name (contract/seo SITEMAP_NAME_PATTERN)`);
  return problems;
}
