/**
 * The list of feature manifests (issue 24, ADR 064): every module that contributes something — API routes, job
 * kinds, seed parts, notification events, report types, back-office queues, sitemaps — declares it in its index.ts
 * (`export const manifest = defineFeature({…})`, server/modules/manifest.ts), and the registries are built from this
 * list (server/modules/registry.ts). A new feature adds its import and its entry here, and touches no other registry.
 * Modules that contribute nothing of that kind (access, geo, inbox, date-stages: kernels other modules call) are not listed.
 */
import type { Migration } from "kysely";
import type { ModuleContext } from "../api/module-context";
import type { FeatureRegistry } from "../api/types";
import type { Dialect } from "../db/dialect";
import { mailDeliveryManifest } from "../jobs/mail-delivery";
import { manifest as account } from "./account/index";
import { manifest as activity } from "./activity/index";
import { manifest as auth } from "./auth/index";
import { manifest as batch } from "./batch/index";
import { manifest as blocks } from "./blocks/index";
import { manifest as businessLinks } from "./business-links/index";
import { manifest as claims } from "./claims/index";
import { manifest as consents } from "./consents/index";
import { manifest as dashboard } from "./dashboard/index";
import { manifest as startPage } from "./start-page/index";
import { manifest as dates } from "./dates/index";
import { manifest as definitions } from "./definitions/index";
import { manifest as dev } from "./dev/index";
import { manifest as favorites } from "./favorites/index";
import { manifest as federated } from "./federated/index";
import { manifest as friends } from "./friends/index";
import { manifest as invitations } from "./invitations/index";
import { manifest as latestReviews } from "./latest-reviews/index";
import { manifest as ledger } from "./ledger/index";
import { manifest as checkout } from "./checkout/index";
import { manifest as plus } from "./plus/index";
import { manifest as invoices } from "./invoices/index";
import { manifest as payments } from "./payments/index";
import { manifest as renewals } from "./renewals/index";
import { manifest as bank } from "./bank/index";
import { manifest as audit } from "./audit/index";
import { manifest as accounting } from "./accounting/index";
import { manifest as wallet } from "./wallet/index";
import { manifest as tips } from "./tips/index";
import { manifest as promotion } from "./promotion/index";
import { manifest as gifts } from "./gifts/index";
import { manifest as payouts } from "./payouts/index";
import { manifest as ledgerOffice } from "./ledger-office/index";
import { manifest as events } from "./events/index";
import { manifest as blogs } from "./blogs/index";
import { manifest as creatorMedia } from "./creator-media/index";
import { manifest as bundles } from "./bundles/index";
import { manifest as fans } from "./fans/index";
import { manifest as newsfeed } from "./newsfeed/index";
import { manifest as community } from "./community/index";
import { manifest as ageVerification } from "./age-verification/index";
import { manifest as verification } from "./verification/index";
import { manifest as statements } from "./statements/index";
import { manifest as kyc } from "./kyc/index";
import { manifest as appeals } from "./appeals/index";
import { manifest as transparency } from "./transparency/index";
import { manifest as translations } from "./translations/index";
import { manifest as members } from "./members/index";
import { manifest as editors } from "./editors/index";
import { manifest as warnings } from "./warnings/index";
import { manifest as media } from "./media/index";
import { manifest as messenger } from "./messenger/index";
import { manifest as moderation } from "./moderation/index";
import { manifest as notes } from "./notes/index";
import { manifest as notifications } from "./notifications/index";
import { manifest as pages } from "./pages/index";
import { manifest as phone } from "./phone/index";
import { manifest as privacy } from "./privacy/index";
import { manifest as profiles } from "./profiles/index";
import { manifest as profileExtras } from "./profile-extras/index";
import { manifest as registration } from "./registration/index";
import { manifest as reports } from "./reports/index";
import { manifest as reviews } from "./reviews/index";
import { manifest as safesex } from "./safesex/index";
import { manifest as search } from "./search/index";
import { manifest as seo } from "./seo/index";
import { manifest as settings } from "./settings/index";
import { manifest as tours } from "./tours/index";
import { manifest as queues } from "./queues/index";
import { manifest as live } from "./live/index";
import { manifest as staffTotp } from "./stafftotp/index";
import { manifest as affiliates } from "./affiliates/index";
import { manifest as ads } from "./ads/index";
import { manifest as helpdesk } from "./helpdesk/index";
import { manifest as forum } from "./forum/index";
import { featureRegistryOf, migrationsOf, registerRoutes, seedPartsOf } from "./registry";

/** In the order their routes are registered (Hono matches in that order; the OpenAPI document lists them so). */
export const FEATURES = [
  mailDeliveryManifest,
  account,
  auth,
  batch,
  blocks,
  businessLinks,
  claims,
  consents,
  dashboard,
  startPage,
  dates,
  definitions,
  dev,
  favorites,
  federated,
  friends,
  invitations,
  media,
  messenger,
  moderation,
  notes,
  notifications,
  pages,
  phone,
  privacy,
  profiles,
  profileExtras,
  registration,
  reports,
  reviews,
  safesex,
  search,
  seo,
  settings,
  tours,
  latestReviews,
  ledger,
  checkout,
  plus,
  invoices,
  payments,
  renewals,
  bank,
  audit,
  accounting,
  wallet,
  tips,
  promotion,
  gifts,
  payouts,
  ledgerOffice,
  events,
  blogs,
  creatorMedia,
  bundles,
  fans,
  newsfeed,
  community,
  ageVerification,
  verification,
  statements,
  kyc,
  appeals,
  transparency,
  translations,
  members,
  editors,
  warnings,
  queues,
  live,
  staffTotp,
  activity,
  affiliates,
  ads,
  helpdesk,
  forum,
] as const;

// enqueueJob() is typed against the kinds these manifests declare (server/jobs/kinds.ts).
declare module "../jobs/kinds" {
  interface JobRegistry {
    features: typeof FEATURES;
  }
}

export function registerModules(ctx: ModuleContext): void {
  registerRoutes(FEATURES, ctx);
}

/** What the services read at run time (ApiDeps.features): built once per process. */
export function featureRegistry(): FeatureRegistry {
  return featureRegistryOf(FEATURES);
}

/** The demo seed's parts in their order (server/db/seed/index.ts). */
export function seedParts() {
  return seedPartsOf(FEATURES);
}

/** Every migration: the released list and the manifests' (ADR 067); what migrateToLatest and /readyz are given. */
export function allMigrationsFor(dialect: Dialect): Record<string, Migration> {
  return migrationsOf(FEATURES, dialect);
}
