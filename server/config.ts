/**
 * Every environment variable the product reads, parsed once. README's
 * "Configuration" table documents the same list; keep the two in step.
 */
import { errorReportingConfigFrom, type ErrorReportingConfig } from "./observability/error-reporting";
import { bundledIpCountryDatabase } from "./integrations/ip-country";
import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { isPushHostPattern } from "./contract/notifications";
import { DEV_KEY_PATTERN } from "./contract/dev";
import { bankConfigFrom, type BankConfig } from "./integrations/payments/bank-config";
import { paymentsConfigFrom, type PaymentsConfig } from "./integrations/payments/config";
import { ageVerificationConfigFrom, type AgeVerificationConfig } from "./integrations/age-verification/config";
import { transparencyDbConfigFrom, type TransparencyDbConfig } from "./integrations/transparency-db/port";
import { liveVideoConfigFrom, type LiveVideoConfig } from "./integrations/live-video/config";
import { helpdeskConfigFrom, type HelpdeskConfig } from "./integrations/helpdesk/config";
import { forumConfigFrom, type ForumConfig } from "./integrations/forum/config";

export interface AppConfig {
  nodeEnv: "production" | "development" | "test";
  host: string;
  port: number;
  /** Absolute origin used in links that leave the product (mails). */
  publicUrl: string;
  /** `sqlite:<path>` or a postgres:// URL. */
  databaseUrl: string;
  /** Directory for uploaded and generated media on the embedded default. */
  mediaDir: string;
  /** Where media bytes live: the local disk under mediaDir (default) or an S3-compatible bucket (ADR 027). */
  storage: StorageConfig;
  /** Where uploads are streamed while a request is processed (a disk, not tmpfs: up to 320 MB per request). */
  uploadTmpDir: string;
  /** Images decoded and encoded at once in this process (every upload request queues for a slot per image). */
  imageConcurrency: number;
  /** Operator-editable Markdown of the info pages (about, legal, misc, partners). */
  contentDir: string;
  /**
   * Seed demo data on first start when the database has no users: the demo, development and tests only. A production
   * start never seeds (the demo logins' password is printed in the README; ADR 056).
   */
  seedOnEmpty: boolean;
  /** Secret for signed links and captcha answers. */
  appSecret: string;
  /** Trust X-Forwarded-For from the network (set behind a load balancer). */
  trustProxy: boolean;
  /** The IP-to-country MMDB for the VAT evidence (IP_COUNTRY_DB; default: the packaged CC0/CC BY data, ADR 088). */
  ipCountryDb: string;
  /**
   * Dev-only pages and endpoints (mailbox, test routes): "off" in production, "loopback" in the demo of
   * `npm start` and in development (answered only to a TCP peer on this machine), "on" in tests.
   */
  devRoutes: DevRoutes;
  /**
   * With devRoutes "loopback": the key a loopback peer must also present (ADR 060), since behind a reverse
   * proxy on the same machine every peer is loopback. DEV_ROUTES_KEY (tests and e2e set it), else random per
   * start; printed at start with the dev mailbox's address. Unset otherwise.
   */
  devRoutesKey: string | undefined;
  /** `npm start`'s demo (DEMO_MODE=1): a production build with demo data and the loopback-only dev mailbox. */
  demoMode: boolean;
  /** pino level: fatal, error, warn, info (default), debug, trace, silent. */
  logLevel: string;
  /** "json" (default: one object per line) or "pretty" (npm start in a terminal). */
  logFormat: "json" | "pretty";
  /** Prometheus metrics listener; never the public port. Port 0 turns it off. */
  metrics: { host: string; port: number };
  /**
   * Admission control (server/ops/admission.ts, ADR 060): requests running at once, requests waiting for a slot
   * and how long (ms), and the event-loop delay (ms, 0 = off) beyond which no request starts to wait.
   */
  admission: { maxInFlight: number; maxQueue: number; maxWaitMs: number; maxEventLoopLagMs: number };
  /** On SIGTERM, in-flight requests get this long to finish before open sockets are closed. */
  shutdownGraceMs: number;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SMS delivery: JSON POST to apiUrl with the key as bearer; unset → the outbox (server/integrations/sms). */
  sms: { apiUrl: string | undefined; apiKey: string | undefined; sender: string };
  /**
   * Web Push (ADR 044): VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT (mailto: or https:). Unset: push is
   * simply not offered. `npm start`'s demo generates a pair once under data/ (scripts/start.mjs).
   */
  vapid: { publicKey: string; privateKey: string; subject: string } | undefined;
  /** Where Web Push may post (ADR 057). */
  push: PushConfig;
  /** Google sign-in; off unless client id and secret are set. Endpoints overridable (tests, proxies). */
  google: { clientId: string | undefined; clientSecret: string | undefined; authUrl: string; tokenUrl: string; userinfoUrl: string };
  /** The operator's bank for DD, TR and CT (issue 26, ADR 079). */
  bank: BankConfig;
  /** Payment providers (issue 26, ADR 075): server/integrations/payments/config.ts. */
  payments: PaymentsConfig;
  /** The age-verification provider (issue 30 item 1, ADR 105): server/integrations/age-verification/config.ts. */
  ageVerification: AgeVerificationConfig;
  /** The DSA Transparency Database (issue 30 item 4, ADR 110): TDB_URL, TDB_TOKEN; off without them. */
  transparencyDb: TransparencyDbConfig;
  /**
   * Staff sign-in's second factor (ADR 117): "required" — a staff account without an authenticator reaches only its
   * enrolment (production, the demo's too, where only the seeded demo staff are exempt); "optional" — offered, not
   * required (development and tests, which set it per test). STAFF_SECOND_FACTOR; a real production start is always
   * "required".
   */
  staffSecondFactor: "required" | "optional";
  /** Live video (issue 31, ADR 125): working folder, RTMP ingest, WebRTC viewer cap. */
  liveVideo: LiveVideoConfig;
  /** Error reporting (ADR 133): off without SENTRY_DSN; the environment picks the trace sample rate. */
  errorReporting: ErrorReportingConfig;
  /**
   * A partner ad server in the shape of Revive Adserver's iframe zone invocation (ADR 131): its delivery address
   * (REVIVE_DELIVERY_URL, https) and which of its zones serves which page key and size (REVIVE_ZONES,
   * "search:320x100=12,*:300x250=5"). Off unless both are set: then only house ads show.
   */
  adServer: { reviveDeliveryUrl: string | undefined; reviveZones: string | undefined };
  /** The help desk of support/sso (HELPDESK_PROVIDER, ZENDESK_*, FRESHWORKS_*; ADR 134); off by default. */
  helpdesk: HelpdeskConfig;
  /** The Discourse forum of community/* (FORUM_URL, FORUM_CONNECT_SECRET, FORUM_API_KEY; ADR 134); off by default. */
  forum: ForumConfig;
  /**
   * Searches answered from an in-process column index of search_profiles where it holds their filters (ADR 151, on by
   * default since ADR 164; until an instance has loaded it, its searches read the database). SEARCH_INDEX=0: every
   * search reads the database.
   */
  searchIndex: boolean;
}

export type DevRoutes = "off" | "loopback" | "on";

export interface PushConfig {
  /**
   * PUSH_SERVICE_HOSTS: host names (or `*.name` for the subdomains of a name) added to the browsers' push services
   * of contract/notifications, for an installation whose members' browsers use a self-hosted push service. They obey
   * the same rules: https on the default port, resolving to public addresses only.
   */
  extraHosts: string[];
  /**
   * Tests only, never read from the environment and ignored in production: one origin (`http://127.0.0.1:<port>`, a
   * local fake push service) that the push sender may reach over plain HTTP without the host and address checks.
   */
  testOrigin: string | undefined;
}

/** PUSH_SERVICE_HOSTS, comma-separated; a malformed entry (an IP address, a port, a URL) stops the start. */
export function pushConfigFrom(env: Record<string, string | undefined>): PushConfig {
  const extraHosts = (env.PUSH_SERVICE_HOSTS ?? "")
    .split(",")
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  const wrong = extraHosts.filter((host) => !isPushHostPattern(host));
  if (wrong.length > 0)
    throw new Error(
      `PUSH_SERVICE_HOSTS takes host names or *.name patterns (no IP addresses, ports or URLs), got ${JSON.stringify(wrong)}`,
    );
  return { extraHosts, testOrigin: undefined };
}

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** An S3-compatible service's URL (MinIO, Ceph, R2, …); unset for AWS itself. */
  endpoint: string | undefined;
  /** Unset: the SDK's default credential chain (instance role, AWS_* variables). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** bucket in the path (http://host/bucket/key) instead of the host name; most self-hosted stores need it. */
  forcePathStyle: boolean;
  /** Prepended to every key: "" or ending in "/". */
  prefix: string;
}

export type StorageConfig = { kind: "local" } | ({ kind: "s3" } & S3StorageConfig);

const S3_BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const S3_PREFIX = /^(?:[A-Za-z0-9][A-Za-z0-9._-]*\/)*$/;

/**
 * STORAGE=local (default) or s3. An incomplete or contradictory S3 setup stops the start with every problem
 * named at once, instead of failing on the first upload.
 */
export function storageConfigFrom(env: Record<string, string | undefined>): StorageConfig {
  const kind = (env.STORAGE || "local").toLowerCase();
  if (kind === "local") return { kind: "local" };
  if (kind !== "s3") throw new Error(`STORAGE must be "local" or "s3", got ${JSON.stringify(env.STORAGE)}`);
  const problems: string[] = [];
  const bucket = env.S3_BUCKET ?? "";
  if (!bucket) problems.push("S3_BUCKET is required");
  else if (!S3_BUCKET_NAME.test(bucket)) problems.push(`S3_BUCKET is not a valid bucket name: ${JSON.stringify(bucket)}`);
  const endpoint = env.S3_ENDPOINT || undefined;
  if (endpoint !== undefined) {
    let url: URL | undefined;
    try {
      url = new URL(endpoint);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== "http:" && url.protocol !== "https:"))
      problems.push(`S3_ENDPOINT must be an http(s) URL, got ${JSON.stringify(endpoint)}`);
  }
  // AWS needs the bucket's region; an S3-compatible store mostly ignores it, so us-east-1 is a safe default there.
  const region = env.S3_REGION || (endpoint ? "us-east-1" : "");
  if (!region) problems.push("S3_REGION is required unless S3_ENDPOINT is set");
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or both left unset for the default credential chain)");
  const prefix = env.S3_PREFIX ?? "";
  if (!S3_PREFIX.test(prefix)) problems.push(`S3_PREFIX must be empty or path segments ending in "/", got ${JSON.stringify(prefix)}`);
  if (problems.length > 0) throw new Error(`STORAGE=s3 is incomplete: ${problems.join("; ")}`);
  return {
    kind: "s3",
    bucket,
    region,
    endpoint,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, false),
    prefix,
  };
}

/**
 * Production never has dev routes, whatever DEV_ROUTES says: the dev mailbox shows password-reset links.
 * The demo of `npm start` (a production build a newcomer uses on this machine) and development answer
 * loopback peers only; the test runner's in-memory API has no TCP peer at all.
 */
function devRoutesFor(nodeEnv: AppConfig["nodeEnv"], demoMode: boolean, flag: string | undefined): DevRoutes {
  if (nodeEnv === "production" && !demoMode) return "off";
  if (!bool(flag, true)) return "off";
  return nodeEnv === "test" ? "on" : "loopback";
}

/**
 * A production start that serves real members: NODE_ENV=production without DEMO_MODE. It has no dev routes, never
 * seeds demo data and refuses a database that holds demo accounts (ADR 015, ADR 056).
 */
export function isRealProduction(config: Pick<AppConfig, "nodeEnv" | "demoMode">): boolean {
  return config.nodeEnv === "production" && !config.demoMode;
}

function devRoutesKeyFor(devRoutes: DevRoutes, value: string | undefined): string | undefined {
  if (devRoutes !== "loopback") return undefined;
  if (value === undefined || value === "") return randomBytes(24).toString("base64url");
  if (!DEV_KEY_PATTERN.test(value)) throw new Error("DEV_ROUTES_KEY must be 16 to 128 letters, digits, '-' or '_'");
  return value;
}

/** STAFF_SECOND_FACTOR: required in any production build (the demo's too), optional elsewhere unless set. */
function staffSecondFactorFor(
  nodeEnv: AppConfig["nodeEnv"],
  production: boolean,
  value: string | undefined,
): AppConfig["staffSecondFactor"] {
  if (value !== undefined && value !== "" && value !== "required" && value !== "optional")
    throw new Error(`STAFF_SECOND_FACTOR must be "required" or "optional", got ${JSON.stringify(value)}`);
  if (production && value === "optional")
    throw new Error("STAFF_SECOND_FACTOR=optional is refused in production: every staff account signs in with a second factor (ADR 117)");
  if (value === "required" || value === "optional") return value;
  return nodeEnv === "production" ? "required" : "optional";
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === "") return fallback;
  return ["1", "true", "yes", "on"].includes(value.toLowerCase());
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got ${value}`);
  return n;
}

function nonNegativeInt(name: string, value: string | undefined, fallback: number): number {
  return value === "0" ? 0 : positiveInt(name, value, fallback);
}

function vapidFrom(env: Record<string, string | undefined>): AppConfig["vapid"] {
  const publicKey = env.VAPID_PUBLIC_KEY || undefined;
  const privateKey = env.VAPID_PRIVATE_KEY || undefined;
  if (!publicKey && !privateKey) return undefined;
  if (!publicKey || !privateKey) throw new Error("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together");
  const subject = env.VAPID_SUBJECT || "mailto:no-reply@velora.local";
  if (!/^(mailto:|https:\/\/)/.test(subject))
    throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL, got ${JSON.stringify(subject)}`);
  return { publicKey, privateKey, subject };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV === "production" ? "production" : env.NODE_ENV === "test" ? "test" : "development";
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`PORT must be a TCP port, got ${env.PORT}`);
  }
  const demoMode = bool(env.DEMO_MODE, false);
  // Canonical URLs, hreflang alternates, sitemaps and links in mails name this origin; in production it is
  // never guessed from a request's Host header (issue 9 item 9). The demo of `npm start` runs on localhost.
  const production = isRealProduction({ nodeEnv, demoMode });
  if (production && !env.PUBLIC_URL) throw new Error("PUBLIC_URL must be set in production");
  const seedOnEmpty = bool(env.SEED_ON_EMPTY, !production);
  if (production && seedOnEmpty)
    throw new Error(
      "SEED_ON_EMPTY=1 is refused in production: the demo seed's accounts have the password printed in the README. Unset it; the demo runs with DEMO_MODE=1 (npm start)",
    );
  const devRoutes = devRoutesFor(nodeEnv, demoMode, env.DEV_ROUTES);
  const appSecret = env.APP_SECRET ?? (nodeEnv === "production" ? "" : randomBytes(32).toString("hex"));
  if (!appSecret) throw new Error("APP_SECRET must be set in production");
  return {
    nodeEnv,
    host: env.HOST ?? "0.0.0.0",
    port,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    databaseUrl: env.DATABASE_URL ?? `sqlite:${resolve("data/velora.sqlite")}`,
    mediaDir: resolve(env.MEDIA_DIR ?? "data/media"),
    storage: storageConfigFrom(env),
    uploadTmpDir: resolve(env.UPLOAD_TMP_DIR ?? "data/upload-tmp"),
    imageConcurrency: positiveInt("IMAGE_CONCURRENCY", env.IMAGE_CONCURRENCY, Math.min(4, Math.max(1, availableParallelism() - 1))),
    contentDir: resolve(env.CONTENT_DIR ?? "server/content"),
    seedOnEmpty,
    appSecret,
    trustProxy: bool(env.TRUST_PROXY, false),
    ipCountryDb: env.IP_COUNTRY_DB ? resolve(env.IP_COUNTRY_DB) : bundledIpCountryDatabase(),
    devRoutes,
    devRoutesKey: devRoutesKeyFor(devRoutes, env.DEV_ROUTES_KEY),
    demoMode,
    logLevel: env.LOG_LEVEL || (nodeEnv === "test" ? "silent" : "info"),
    logFormat: env.LOG_FORMAT === "pretty" ? "pretty" : "json",
    metrics: { host: env.METRICS_HOST || "127.0.0.1", port: env.METRICS_PORT === undefined ? 9464 : Number(env.METRICS_PORT) },
    admission: {
      // One event loop keeps its CPU busy with a few requests at once; 32 also cover those waiting on PostgreSQL.
      maxInFlight: positiveInt("MAX_IN_FLIGHT", env.MAX_IN_FLIGHT, 32),
      // 150-500 pages/s (docs/performance.md): a full queue is served within its 2 s of waiting.
      maxQueue: nonNegativeInt("ADMISSION_QUEUE", env.ADMISSION_QUEUE, 256),
      maxWaitMs: positiveInt("ADMISSION_WAIT_MS", env.ADMISSION_WAIT_MS, 2_000),
      // Off unless set: a wait costs no CPU and ends at its deadline, while a lag caused by other work on the machine
      // turned waits into immediate 503s that closed-loop clients asked again at once (ADR 060).
      maxEventLoopLagMs: nonNegativeInt("MAX_EVENT_LOOP_LAG_MS", env.MAX_EVENT_LOOP_LAG_MS, 0),
    },
    shutdownGraceMs: positiveInt("SHUTDOWN_GRACE_MS", env.SHUTDOWN_GRACE_MS, 25_000),
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "Velora <no-reply@velora.local>",
    sms: { apiUrl: env.SMS_API_URL || undefined, apiKey: env.SMS_API_KEY || undefined, sender: env.SMS_SENDER || "Velora" },
    vapid: vapidFrom(env),
    push: pushConfigFrom(env),
    google: {
      clientId: env.GOOGLE_CLIENT_ID || undefined,
      clientSecret: env.GOOGLE_CLIENT_SECRET || undefined,
      authUrl: env.GOOGLE_AUTH_URL || "https://accounts.google.com/o/oauth2/v2/auth",
      tokenUrl: env.GOOGLE_TOKEN_URL || "https://oauth2.googleapis.com/token",
      userinfoUrl: env.GOOGLE_USERINFO_URL || "https://openidconnect.googleapis.com/v1/userinfo",
    },
    bank: bankConfigFrom(env, { realProduction: production, appSecret }),
    payments: paymentsConfigFrom(env, production, appSecret),
    ageVerification: ageVerificationConfigFrom(env, production, appSecret),
    transparencyDb: transparencyDbConfigFrom(env),
    staffSecondFactor: staffSecondFactorFor(nodeEnv, production, env.STAFF_SECOND_FACTOR),
    liveVideo: liveVideoConfigFrom(env),
    errorReporting: errorReportingConfigFrom(env, production),
    adServer: { reviveDeliveryUrl: env.REVIVE_DELIVERY_URL || undefined, reviveZones: env.REVIVE_ZONES || undefined },
    helpdesk: helpdeskConfigFrom(env),
    forum: forumConfigFrom(env),
    searchIndex: bool(env.SEARCH_INDEX, true),
  };
}
