/**
 * A feature's manifest (issue 24, ADR 064): what one server module contributes to the shared registries, declared
 * once in its index.ts. server/modules/index.ts lists the manifests, and the router, the job runner, the demo seed,
 * the notification events, the report kinds, the back-office queues and the sitemaps are built from that list
 * (server/modules/registry.ts), so a new feature adds its folder and one entry there instead of editing each registry.
 *
 *   export const manifest = defineFeature({
 *     name: "dates",
 *     routes: registerDates,
 *     jobs: { "date.expire": defineJob<{ date_id: number }>((deps) => ({ run: (p) => expireDate(deps, p.date_id) })) },
 *     seed: [{ order: 130, part: datesPart }],
 *     notifications: { date_request: { kind: "dates", contentType: "request", stickiness: "long", title: { … } } },
 *   });
 *
 * Only types and the two helpers live here: this file imports no module, so every module's index.ts can import it.
 */
import type { ModuleContext } from "../api/module-context";
import type {
  ApiDeps,
  GoodsHandler,
  ModerationQueueDeclaration,
  NotificationDeclaration,
  OrderPaidListener,
  OpenQueueItem,
  OpenQueueItems,
  ReportTarget,
  SitemapSource,
} from "../api/types";
import type { Goods } from "../contract/billing";
import type { NotificationEvent } from "../contract/notifications";
import type { ReportObjectKind } from "../contract/reports";
import type { Dialect } from "../db/dialect";
import type { SeedPart } from "../db/seed/part";
import type { SmtpSender } from "../integrations/mail/smtp";
import type { JobHandler } from "../jobs/queue";
import type { Kysely } from "kysely";

export type {
  GoodsHandler,
  ModerationQueueDeclaration,
  NotificationDeclaration,
  OrderPaidListener,
  OpenQueueItem,
  OpenQueueItems,
  ReportTarget,
  SitemapSource,
};

/** A module's route registration: its existing `register<Group>` function. */
export type RouteRegistrar = (ctx: ModuleContext) => void;

/** What a process offers its job handlers beyond the services' dependencies. */
export interface JobRuntime {
  /** Set when SMTP_URL is: without it the outbox is the mailbox and nothing delivers mail. */
  smtp?: SmtpSender;
}

/**
 * One job kind: its payload type (the type argument) and its handler, declared together so a kind cannot exist
 * without one. `handler` answers null where this process must not run the kind (mail delivery without SMTP).
 */
export interface JobDefinition<Payload> {
  handler(deps: ApiDeps, runtime: JobRuntime): JobHandler<Payload> | null;
}

export function defineJob<Payload>(handler: JobDefinition<Payload>["handler"]): JobDefinition<Payload> {
  return { handler };
}

/**
 * A part of the demo seed and where it writes within each chunk: parts run by ascending order (profile details
 * before the profile rows, so the search triggers compute each profile once). A new part takes a number after the
 * last one: moving a part changes the ids of the rows written after it, and the demo's data with them.
 */
export interface SeedEntry {
  order: number;
  part: SeedPart<unknown>;
}

export interface FeatureManifest {
  /** The module's folder under server/modules/. */
  readonly name: string;
  /** Its API routes, registered in the list's order. */
  readonly routes?: RouteRegistrar | readonly RouteRegistrar[];
  /** Its job kinds (`<area>.<verb>`), each with payload type and handler (defineJob). */
  readonly jobs?: { readonly [kind: string]: JobDefinition<unknown> };
  /** Its parts of the demo seed. */
  readonly seed?: readonly SeedEntry[];
  /** The notification events it sends (contract/notifications NOTIFICATION_EVENTS), with their kind and texts. */
  readonly notifications?: { readonly [E in NotificationEvent]?: NotificationDeclaration };
  /** The kinds of object members may report (contract/reports REPORT_OBJECT_KINDS) that it owns, and their queue. */
  readonly reportTypes?: { readonly [K in ReportObjectKind]?: ReportTarget };
  /** The back-office queues it keeps, by name (the name a report type's `queue` gives). */
  readonly moderationQueues?: { readonly [queue: string]: ModerationQueueDeclaration };
  /** Its sitemaps, by name (contract/seo SITEMAP_NAME_PATTERN): the index and /sitemaps/{lang}/{name}.xml list them. */
  readonly sitemaps?: { readonly [name: string]: SitemapSource };
  /**
   * Its migrations, by their name in kysely's migration table (`NNNN_<name>`, numbered after the last released one
   * and after every other feature's): `{ "0060_reviews_published": m0060 }` with `import * as m0060 from
   * "./migrations/0060_reviews_published"`. Its tables' types join `Database` by declaration merging (ADR 067).
   */
  readonly migrations?: { readonly [name: string]: FeatureMigration };
  /** The goods it sells through the checkout (contract/billing GOODS), each declared by exactly one module. */
  readonly goods?: { readonly [G in Goods]?: GoodsHandler };
  /** What it does when an order is paid, inside the settlement's transaction (ADR 135). */
  readonly orderPaid?: OrderPaidListener;
}

/**
 * A migration file of a feature (`server/modules/<feature>/migrations/NNNN_<name>.ts`), in the released migrations'
 * form: `up(dialect)` answers the step for that database (ADR 067).
 */
export interface FeatureMigration {
  up(dialect: Dialect): (db: Kysely<unknown>) => Promise<void>;
}

/** Declares a module's manifest; the literal type is kept, so the job kinds and payloads are known to the compiler. */
export function defineFeature<const M extends FeatureManifest>(manifest: M): M {
  return manifest;
}
