/**
 * ADR 172: the security headers are made once per host, no longer by Hono's secure-headers middleware per response.
 * They must stay what that middleware wrote with the options the host gave it (issue 9 item 6, ADRs 134 and 143):
 * every header, byte for byte, for http and https origins and extra form targets, with a fresh nonce per response,
 * the inline scripts' hashes in its place on a shared page, and a handler's own stricter header kept.
 */
import { Hono } from "hono";
import { NONCE, secureHeaders } from "hono/secure-headers";
import { describe, expect, it } from "vitest";
import { CSP_NONCE_KEY, CSP_SCRIPT_HASHES_KEY, newNonce, securityHeaders, type SecurityHeaderOptions } from "#server/security/headers";

/** The middleware as the host configured it before ADR 172. */
function honoHeaders({ publicUrl, formTargets = [] }: SecurityHeaderOptions) {
  const https = publicUrl?.startsWith("https://") ?? false;
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE],
      styleSrc: ["'self'"],
      styleSrcAttr: ["'unsafe-inline'"],
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
    permissionsPolicy: { geolocation: ["self"], camera: [], microphone: [], payment: [], usb: [], browsingTopics: [] },
    overwrite: false,
  });
}

type Env = { Variables: { [CSP_NONCE_KEY]?: string; [CSP_SCRIPT_HASHES_KEY]?: readonly string[] } };

/** One answer through a middleware, with the nonce the handler saw; `answer` may set headers or hashes of its own. */
async function through(
  middleware: ReturnType<typeof securityHeaders>,
  answer: (c: { set: (key: typeof CSP_SCRIPT_HASHES_KEY, value: readonly string[]) => void }) => Record<string, string> = () => ({}),
) {
  const app = new Hono<Env>();
  let nonce: string | undefined;
  app.use("*", middleware);
  app.get("/", (c) => {
    nonce = c.get(CSP_NONCE_KEY);
    const own = answer({ set: (key, value) => c.set(key, value) });
    return new Response("ok", { headers: { "X-Powered-By": "something", ...own } });
  });
  const response = await app.request("/");
  return { headers: Object.fromEntries(response.headers), nonce };
}

const CONFIGURATIONS: SecurityHeaderOptions[] = [
  {},
  { publicUrl: "http://velora.test" },
  { publicUrl: "https://www.velora.example" },
  { publicUrl: "https://www.velora.example", formTargets: ["https://support.example", "https://forum.example"] },
];

describe("security headers made once (ADR 172)", () => {
  it.each(CONFIGURATIONS)("are Hono's secure-headers byte for byte, nonce aside: %o", async (options) => {
    const ours = await through(securityHeaders(options));
    const hono = await through(honoHeaders(options) as ReturnType<typeof securityHeaders>);
    expect(ours.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(ours.headers["content-security-policy"]).toContain(`'nonce-${ours.nonce}'`);
    const policy = (headers: Record<string, string>, nonce: string | undefined) => ({
      ...headers,
      "content-security-policy": headers["content-security-policy"]?.replace(`'nonce-${nonce}'`, "'nonce-N'"),
    });
    expect(policy(ours.headers, ours.nonce)).toEqual(policy(hono.headers, hono.nonce));
    expect(ours.headers["x-powered-by"]).toBeUndefined();
  });

  it("a fresh nonce for every response, 16 random bytes each, across refills of the pool", () => {
    const nonces = Array.from({ length: 1_000 }, () => newNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });

  it("a page rendered for sharing: its inline scripts' hashes instead of the nonce, or only our files when it has none", async () => {
    const options = { publicUrl: "https://www.velora.example" };
    const hashes = ["'sha256-AAAA'", "'sha256-BBBB'"];
    const shared = await through(securityHeaders(options), (c) => (c.set(CSP_SCRIPT_HASHES_KEY, hashes), {}));
    const plain = await through(securityHeaders(options));
    const policy = plain.headers["content-security-policy"]!;
    expect(shared.headers["content-security-policy"]).toBe(policy.replace(`'nonce-${plain.nonce}'`, hashes.join(" ")));
    const none = await through(securityHeaders(options), (c) => (c.set(CSP_SCRIPT_HASHES_KEY, []), {}));
    expect(none.headers["content-security-policy"]).toBe(policy.replace(` 'nonce-${plain.nonce}'`, ""));
    expect(none.headers["content-security-policy"]).toMatch(/script-src 'self'; style-src/);
  });

  it("a handler's own header is kept", async () => {
    const kept = await through(securityHeaders({}), () => ({ "Referrer-Policy": "same-origin" }));
    expect(kept.headers["referrer-policy"]).toBe("same-origin");
    expect(kept.headers["x-frame-options"]).toBe("DENY");
  });
});
