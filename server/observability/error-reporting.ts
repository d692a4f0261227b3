/**
 * Error reporting (issue 32 item 3, ADR 133): server errors — the API's 5xx path and Remix's handleError — go to a
 * Sentry-compatible collector through @sentry/node, behind this small port. Off unless SENTRY_DSN is set (the port is
 * then a no-op). Each report carries the request id the log lines already have, so a report and its log lines join up,
 * and `beforeSend` scrubs personal data from everything the report holds: e-mail addresses anywhere in strings, bearer
 * and basic credentials, secret query parameters, long token-like strings, cookies, authorization headers, request
 * bodies (message texts), the user's address. Traces are sampled per deployment environment (TRACE_SAMPLE_RATES).
 *
 * One client per reporter, no global `Sentry.init`: no automatic instrumentation is patched into the process (the
 * product logs and meters its requests itself), and tests can run several reporters side by side.
 */
import { defaultStackParser, makeNodeTransport, NodeClient, Scope, type ErrorEvent } from "@sentry/node";

/** Where the product runs (spec section 9 "Error-reporting trace sampling"). */
export const DEPLOY_ENVIRONMENTS = ["lab", "itg", "dev", "staging", "production"] as const;
export type DeployEnvironment = (typeof DEPLOY_ENVIRONMENTS)[number];

/** The share of requests traced, per environment: the spec's figures, one table. */
export const TRACE_SAMPLE_RATES: Readonly<Record<DeployEnvironment, number>> = {
  lab: 1,
  itg: 1,
  dev: 0,
  staging: 0.5,
  production: 0.01,
};

export interface ErrorReportingConfig {
  /** The collector's DSN (SENTRY_DSN); none: nothing is reported. */
  dsn: string | undefined;
  environment: DeployEnvironment;
  /** The product's version (the build's), when known. */
  release?: string;
}

/** Reads SENTRY_DSN and SENTRY_ENVIRONMENT; a real production start defaults to production, everything else to dev. */
export function errorReportingConfigFrom(env: Record<string, string | undefined>, realProduction: boolean): ErrorReportingConfig {
  const named = env.SENTRY_ENVIRONMENT || (realProduction ? "production" : "dev");
  if (!(DEPLOY_ENVIRONMENTS as readonly string[]).includes(named))
    throw new Error(`SENTRY_ENVIRONMENT must be one of ${DEPLOY_ENVIRONMENTS.join(", ")}, got ${JSON.stringify(named)}`);
  return { dsn: env.SENTRY_DSN || undefined, environment: named as DeployEnvironment, release: env.SENTRY_RELEASE || undefined };
}

/** Where a failure happened and which request it belongs to. */
export interface ErrorContext {
  tier: "api" | "web";
  requestId?: string;
  method?: string;
  /** The path without its query (a query may hold a token). */
  path?: string;
}

/** The port: report a failure, and wait for the reports to leave (at shutdown). */
export interface ErrorReporter {
  readonly enabled: boolean;
  /** The trace sample rate this reporter runs with (0 when off). */
  readonly tracesSampleRate: number;
  capture(error: unknown, context: ErrorContext): void;
  flush(timeoutMs?: number): Promise<boolean>;
}

export const noErrorReporting: ErrorReporter = {
  enabled: false,
  tracesSampleRate: 0,
  capture() {},
  flush: async () => true,
};

const FILTERED = "[Filtered]";
const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}/gi;
const CREDENTIALS = /\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi;
/** Query or form parameters whose values are secrets (tokens, codes, signed payloads, passwords). */
const SECRET_PARAMS = /\b(access_token|refresh_token|token|code|key|password|secret|signature|sig|sso|jwt|tk|auth)=[^&\s#"']*/gi;
/** Long runs of token characters: access tokens, reset links' keys, hashes. */
const TOKEN_LIKE = /\b[A-Za-z0-9_-]{32,}\b/g;
/** Object keys whose values are never kept (headers, cookies, bodies, message texts, the user's address). */
const SECRET_KEYS =
  /^(authorization|cookie|cookies|set-cookie|x-dev-key|password|token|access_token|refresh_token|secret|email|e-mail|text|message_text|body|data|ip_address)$/i;

/** A string without e-mail addresses, credentials, secret parameters and token-like runs. */
export function scrubText(text: string): string {
  return text
    .replace(EMAIL, "[email]")
    .replace(CREDENTIALS, "$1 [Filtered]")
    .replace(SECRET_PARAMS, (match) => `${match.slice(0, match.indexOf("="))}=${FILTERED}`)
    .replace(TOKEN_LIKE, FILTERED);
}

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === "string") return scrubText(value);
  if (depth > 12 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = SECRET_KEYS.test(key) ? FILTERED : scrubValue(item, depth + 1);
  return out;
}

/** beforeSend: the event without personal data. Exported for the tests; never throws (a failing scrub drops the event). */
export function scrubEvent(event: ErrorEvent): ErrorEvent | null {
  try {
    const scrubbed = scrubValue(event, 0) as ErrorEvent;
    // Who it was is not the report's business: no user, no address; the request id finds the log lines.
    delete scrubbed.user;
    if (scrubbed.request) {
      delete scrubbed.request.cookies;
      delete scrubbed.request.data;
      if (typeof scrubbed.request.query_string === "string") scrubbed.request.query_string = scrubText(scrubbed.request.query_string);
    }
    return scrubbed;
  } catch {
    return null;
  }
}

/** The reporter for this configuration: a Sentry client when a DSN is set, else the no-op. */
export function createErrorReporter(config: ErrorReportingConfig): ErrorReporter {
  if (!config.dsn) return noErrorReporting;
  const tracesSampleRate = TRACE_SAMPLE_RATES[config.environment];
  const client = new NodeClient({
    dsn: config.dsn,
    environment: config.environment,
    release: config.release,
    tracesSampleRate,
    // No automatic instrumentation and no integration that adds request data (headers, cookies, the user's address):
    // the product reports what it decides to report (the 5xx paths), with what `capture` sets.
    integrations: [],
    transport: makeNodeTransport,
    stackParser: defaultStackParser,
    beforeSend: (event) => scrubEvent(event),
  });
  client.init();
  return {
    enabled: true,
    tracesSampleRate,
    capture(error, context) {
      const scope = new Scope();
      scope.setClient(client);
      scope.setTag("tier", context.tier);
      if (context.requestId) scope.setTag("request_id", context.requestId);
      if (context.method && context.path) scope.setContext("request", { method: context.method, path: context.path });
      scope.captureException(error);
    },
    flush: async (timeoutMs = 2000) => await client.flush(timeoutMs),
  };
}
