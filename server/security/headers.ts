/**
 * Security headers of every response (issue 9 item 6), through Hono's secure-headers middleware.
 * The Content-Security-Policy allows only our own scripts and the inline ones Remix emits, which carry
 * the per-request nonce (HostLoadContext.cspNonce → <Scripts nonce>, renderToPipeableStream) — or, on a
 * page that many visitors share (a public guest page, micro-cached or kept by a CDN), are named by their
 * hashes instead (ADR 143: one nonce served to many is no nonce). Style attributes stay allowed
 * (style-src-attr): a handful of static ones in the markup, no script risk.
 */
import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders, type SecureHeadersVariables } from "hono/secure-headers";

/** The key under which the middleware keeps the request's nonce in the Hono context. */
export const CSP_NONCE_KEY = "secureHeadersNonce";
/** The key under which a render leaves its inline scripts' hash sources when it used no nonce (ADR 143). */
export const CSP_SCRIPT_HASHES_KEY = "cspScriptHashes";
export type ScriptHashVariables = { [CSP_SCRIPT_HASHES_KEY]?: readonly string[] };

const CSP_HEADER = "Content-Security-Policy";

/** The policy with its script nonce replaced by these hash sources (none: only our own script files). */
export function withScriptHashes(policy: string, hashes: readonly string[]): string {
  return policy.replace(/ 'nonce-[^']*'/, hashes.map((hash) => ` ${hash}`).join(""));
}

/**
 * `formTargets`: origins besides ours a form's answer may redirect to — the configured help desk and forum (ADR 134):
 * signing in from support/sso or the forum's sign-on ends in a redirect there, which form-action would block.
 */
export function securityHeaders({
  publicUrl,
  formTargets = [],
}: {
  publicUrl?: string;
  formTargets?: readonly string[];
}): MiddlewareHandler<{ Variables: SecureHeadersVariables & ScriptHashVariables }> {
  const https = publicUrl?.startsWith("https://") ?? false;
  const headers = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE],
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
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
    xFrameOptions: "DENY",
    referrerPolicy: "strict-origin-when-cross-origin",
    strictTransportSecurity: https ? "max-age=31536000; includeSubDomains" : false,
    crossOriginEmbedderPolicy: false,
    permissionsPolicy: {
      // "Use my location" on the search pages; nothing else of the device is asked for (yet).
      geolocation: ["self"],
      camera: [],
      microphone: [],
      payment: [],
      usb: [],
      browsingTopics: [],
    },
    // A handler that chose a stricter header (e.g. Referrer-Policy: same-origin on verification links) keeps it.
    overwrite: false,
  });
  return async (c, next) => {
    await headers(c, next);
    // A page rendered for sharing (entry.server.tsx) said which inline scripts it holds: they, not the nonce.
    const hashes = c.get(CSP_SCRIPT_HASHES_KEY);
    const policy = hashes ? c.res.headers.get(CSP_HEADER) : null;
    if (hashes && policy) c.res.headers.set(CSP_HEADER, withScriptHashes(policy, hashes));
  };
}
