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

export function securityHeaders({ publicUrl }: { publicUrl?: string }): MiddlewareHandler {
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
      formAction: ["'self'"],
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
