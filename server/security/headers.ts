/**
 * Security headers of every response (issue 9 item 6), through Hono's secure-headers middleware.
 * The Content-Security-Policy allows only our own scripts and the inline ones Remix emits, which carry
 * the per-request nonce (HostLoadContext.cspNonce → <Scripts nonce>, renderToPipeableStream). Style
 * attributes stay allowed (style-src-attr): a handful of static ones in the markup, no script risk.
 */
import type { MiddlewareHandler } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";

/** The key under which the middleware keeps the request's nonce in the Hono context. */
export const CSP_NONCE_KEY = "secureHeadersNonce";

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
}): MiddlewareHandler {
  const https = publicUrl?.startsWith("https://") ?? false;
  return secureHeaders({
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
}
