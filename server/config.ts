/**
 * Every environment variable the product reads, parsed once. README's
 * "Configuration" table documents the same list; keep the two in step.
 */
import { randomBytes } from "node:crypto";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";

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
  /** Where uploads are streamed while a request is processed (a disk, not tmpfs: up to 320 MB per request). */
  uploadTmpDir: string;
  /** Images decoded and encoded at once in this process (every upload request queues for a slot per image). */
  imageConcurrency: number;
  /** Operator-editable Markdown of the info pages (about, legal, misc, partners). */
  contentDir: string;
  /** Seed demo data on first start when the database has no users. */
  seedOnEmpty: boolean;
  /** Secret for signed links and captcha answers. */
  appSecret: string;
  /** Trust X-Forwarded-For from the network (set behind a load balancer). */
  trustProxy: boolean;
  /** Dev-only pages and endpoints (mailbox, test routes). */
  devRoutes: boolean;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** SMS delivery: JSON POST to apiUrl with the key as bearer; unset → the outbox (server/integrations/sms). */
  sms: { apiUrl: string | undefined; apiKey: string | undefined; sender: string };
  /** Google sign-in; off unless client id and secret are set. Endpoints overridable (tests, proxies). */
  google: { clientId: string | undefined; clientSecret: string | undefined; authUrl: string; tokenUrl: string; userinfoUrl: string };
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const nodeEnv = env.NODE_ENV === "production" ? "production" : env.NODE_ENV === "test" ? "test" : "development";
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) {
    throw new Error(`PORT must be a TCP port, got ${env.PORT}`);
  }
  const appSecret = env.APP_SECRET ?? (nodeEnv === "production" ? "" : randomBytes(32).toString("hex"));
  if (!appSecret) throw new Error("APP_SECRET must be set in production");
  return {
    nodeEnv,
    host: env.HOST ?? "0.0.0.0",
    port,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    databaseUrl: env.DATABASE_URL ?? `sqlite:${resolve("data/velora.sqlite")}`,
    mediaDir: resolve(env.MEDIA_DIR ?? "data/media"),
    uploadTmpDir: resolve(env.UPLOAD_TMP_DIR ?? "data/upload-tmp"),
    imageConcurrency: positiveInt("IMAGE_CONCURRENCY", env.IMAGE_CONCURRENCY, Math.min(4, Math.max(1, availableParallelism() - 1))),
    contentDir: resolve(env.CONTENT_DIR ?? "server/content"),
    seedOnEmpty: bool(env.SEED_ON_EMPTY, true),
    appSecret,
    trustProxy: bool(env.TRUST_PROXY, false),
    devRoutes: bool(env.DEV_ROUTES, nodeEnv !== "production"),
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? "Velora <no-reply@velora.local>",
    sms: { apiUrl: env.SMS_API_URL || undefined, apiKey: env.SMS_API_KEY || undefined, sender: env.SMS_SENDER || "Velora" },
    google: {
      clientId: env.GOOGLE_CLIENT_ID || undefined,
      clientSecret: env.GOOGLE_CLIENT_SECRET || undefined,
      authUrl: env.GOOGLE_AUTH_URL || "https://accounts.google.com/o/oauth2/v2/auth",
      tokenUrl: env.GOOGLE_TOKEN_URL || "https://oauth2.googleapis.com/token",
      userinfoUrl: env.GOOGLE_USERINFO_URL || "https://openidconnect.googleapis.com/v1/userinfo",
    },
  };
}
