/**
 * Security headers of every response (issue 9 item 6). The Content-Security-Policy allows only our own scripts and
 * the inline ones Remix emits, which carry the per-response nonce (HostLoadContext.cspNonce → <Scripts nonce>) — or,
 * on a page that many visitors share (a public guest page, micro-cached or kept by a CDN), are named by their hashes
 * instead (ADR 143: one nonce served to many is no nonce). Style attributes stay allowed (style-src-attr): a handful
 * of static ones in the markup, no script risk.
 *
 * The headers are those Hono's secure-headers middleware writes with the options below (tests/host/security-headers
 * holds them equal for every configuration), made once per host instead of once per response (ADR 172): a response
 * pays for its nonce and for putting the policy's two halves around it.
 */
import { randomText } from "../lib/random-pool";
import type { MiddlewareHandler } from "hono";

/** The key under which the middleware keeps the request's nonce in the Hono context (Hono's own name for it). */
export const CSP_NONCE_KEY = "secureHeadersNonce";
/** The key under which a render leaves its inline scripts' hash sources when it used no nonce (ADR 143). */
export const CSP_SCRIPT_HASHES_KEY = "cspScriptHashes";
export type ScriptHashVariables = { [CSP_SCRIPT_HASHES_KEY]?: readonly string[] };
export type NonceVariables = { [CSP_NONCE_KEY]?: string };

const CSP_HEADER = "Content-Security-Policy";
/** Where the script sources of a response (its nonce, or its inline scripts' hashes) go in script-src. */
const SCRIPT_SOURCES = Symbol("the response's script sources");

export interface SecurityHeaderOptions {
  /** The public origin: https adds HSTS and upgrade-insecure-requests. */
  publicUrl?: string;
  /**
   * Origins besides ours a form's answer may redirect to — the configured help desk and forum (ADR 134): signing in
   * from support/sso or the forum's sign-on ends in a redirect there, which form-action would block.
   */
  formTargets?: readonly string[];
}

type Directives = Record<string, ReadonlyArray<string | typeof SCRIPT_SOURCES>>;

/** The policy's directives (camelCase, as Hono's `contentSecurityPolicy` option takes them). */
export function policyDirectives({ publicUrl, formTargets = [] }: SecurityHeaderOptions): Directives {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", SCRIPT_SOURCES],
    styleSrc: ["'self'"],
    styleSrcAttr: ["'unsafe-inline'"],
    // data: for the login captcha's PNG; blob: for previews of photos picked for upload.
    imgSrc: ["'self'", "data:", "blob:"],
    mediaSrc: ["'self'", "blob:"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'", ...formTargets],
    frameAncestors: ["'none'"],
    ...(isHttps(publicUrl) ? { upgradeInsecureRequests: [] } : {}),
  };
}

const isHttps = (publicUrl: string | undefined) => publicUrl?.startsWith("https://") ?? false;

/** The headers besides the policy, as Hono's defaults with our choices write them. */
export function staticSecurityHeaders({ publicUrl }: SecurityHeaderOptions): Array<[string, string]> {
  return [
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Origin-Agent-Cluster", "?1"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ...(isHttps(publicUrl) ? [["Strict-Transport-Security", "max-age=31536000; includeSubDomains"] as [string, string]] : []),
    ["X-Content-Type-Options", "nosniff"],
    ["X-DNS-Prefetch-Control", "off"],
    ["X-Download-Options", "noopen"],
    ["X-Frame-Options", "DENY"],
    ["X-Permitted-Cross-Domain-Policies", "none"],
    ["X-XSS-Protection", "0"],
    // "Use my location" on the search pages; nothing else of the device is asked for (yet).
    ["Permissions-Policy", "geolocation=(self), camera=(), microphone=(), payment=(), usb=(), browsing-topics=()"],
  ];
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The policy as the text before and after its script sources (each half without the space between them). */
function policyHalves(directives: Directives): [string, string] {
  const text = Object.entries(directives)
    .map(([name, sources]) => [kebab(name), ...sources.map((source) => (source === SCRIPT_SOURCES ? "\0" : source))].join(" "))
    .join("; ");
  const [before = "", after = ""] = text.split(" \0");
  return [before, after];
}

/** Nonces: 16 random bytes each (base64), from the shared pool (each byte serves one nonce only). */
const NONCE_BYTES = 16;

export function newNonce(): string {
  return randomText(NONCE_BYTES, "base64");
}

/**
 * The middleware: a fresh nonce in the context before the handler runs (the render reads it), the headers on the
 * answer after it. A handler that chose a stricter header (e.g. Referrer-Policy: same-origin on verification links)
 * keeps it. A page rendered for sharing (entry.server.tsx) said which inline scripts it holds: they, not the nonce.
 */
export function securityHeaders(
  options: SecurityHeaderOptions = {},
): MiddlewareHandler<{ Variables: NonceVariables & ScriptHashVariables }> {
  const [before, after] = policyHalves(policyDirectives(options));
  const headers = staticSecurityHeaders(options);
  return async (c, next) => {
    const nonce = newNonce();
    c.set(CSP_NONCE_KEY, nonce);
    await next();
    const answer = c.res.headers;
    for (const [name, value] of headers) if (!answer.has(name)) answer.set(name, value);
    if (!answer.has(CSP_HEADER)) {
      const hashes = c.get(CSP_SCRIPT_HASHES_KEY);
      const sources = hashes ? hashes.map((hash) => ` ${hash}`).join("") : ` 'nonce-${nonce}'`;
      answer.set(CSP_HEADER, `${before}${sources}${after}`);
    }
    answer.delete("X-Powered-By");
  };
}
