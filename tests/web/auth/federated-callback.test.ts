/**
 * The web tier's Google sign-in routes (federated/google/start and
 * /callback) against the real API in-process, with msw standing in for
 * Google. A browser test cannot do this: the e2e browser never reaches msw,
 * which lives inside vitest. Covers state, access_denied, provider failure,
 * new, existing-by-e-mail and linked accounts, and the cookies set.
 */
import type { AppLoadContext } from "@remix-run/node";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { FEDERATED_STATE_COOKIE } from "#server/contract/invites";
import { completeFederatedSignIn, startFederatedSignIn } from "~/utils/federated.server";
import { freshIp } from "../../helpers/auth";
import { GOOGLE, googleHandlers } from "../../msw/google";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { thrownResponse } from "../../helpers/thrown-response";

const SITE = "http://velora.test";
const msw = setupServer();

function cookieValue(setCookies: string[], name: string): string | undefined {
  const found = setCookies.find((c) => c.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1).split(";")[0]!) : undefined;
}

describe(`federated/google web routes (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let context: AppLoadContext;
  beforeAll(async () => {
    msw.listen({ onUnhandledRequest: "error" });
    rt = await createTestRuntime();
    rt.deps.config.google = { ...GOOGLE };
    const ip = freshIp();
    context = { apiFetch: (request: Request) => rt.api.fetch(request, { remoteAddress: ip, internal: true }), clientAddress: ip };
  });
  beforeEach(() => {
    // The callback URL is built from PUBLIC_URL, never from the request's Host (issue 9 item 9).
    vi.stubEnv("PUBLIC_URL", SITE);
    vi.stubEnv("API_URL", undefined);
  });
  afterEach(() => {
    msw.resetHandlers();
    vi.unstubAllEnvs();
  });
  afterAll(async () => {
    msw.close();
    await rt.close();
  });

  /** Runs start: answers the Google URL and the state cookie the browser would keep. */
  async function start(query = "") {
    const response = await thrownResponse(
      startFederatedSignIn({ request: new Request(`${SITE}/de/federated/google/start${query}`), context, lang: "de", provider: "google" }),
    );
    expect(response.status).toBe(302);
    const google = new URL(response.headers.get("location")!);
    const setCookies = response.headers.getSetCookie();
    const stateCookie = setCookies.find((c) => c.startsWith(`${FEDERATED_STATE_COOKIE}=`))!;
    expect(stateCookie).toMatch(/HttpOnly/);
    expect(stateCookie).toMatch(/Max-Age=600/);
    return { google, cookie: `${FEDERATED_STATE_COOKIE}=${stateCookie.split(";")[0]!.split("=").slice(1).join("=")}` };
  }

  function callback(query: Record<string, string>, cookie?: string) {
    const request = new Request(`${SITE}/de/federated/google/callback?${new URLSearchParams(query)}`, {
      headers: cookie ? { cookie } : {},
    });
    return completeFederatedSignIn({ request, context, lang: "de", provider: "google" });
  }

  it("start sends the browser to Google with state, nonce and PKCE for our callback", async () => {
    const { google } = await start();
    expect(`${google.origin}${google.pathname}`).toBe(GOOGLE.authUrl);
    expect(google.searchParams.get("redirect_uri")).toBe(`${SITE}/de/federated/google/callback`);
    expect(google.searchParams.get("code_challenge_method")).toBe("S256");
    expect(google.searchParams.get("state")).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it("a new Google account is created, signed in and sent to its next registration step", async () => {
    const { google, cookie } = await start();
    msw.use(
      ...googleHandlers({
        code: "web-code-1",
        account: { sub: "web-new", email: "web.new@gmail.test", name: "Web Neu" },
        nonce: google.searchParams.get("nonce")!,
        now: () => rt.clock.now(),
      }),
    );
    const response = await thrownResponse(callback({ code: "web-code-1", state: google.searchParams.get("state")! }, cookie));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/de\/join\/user\/[a-z-]+\?reason=finish_reg$/);
    const setCookies = response.headers.getSetCookie();
    expect(cookieValue(setCookies, "tk")).toMatch(/.{20,}/);
    expect(cookieValue(setCookies, FEDERATED_STATE_COOKIE)).toBe("");
  });

  it("an existing account with the same verified e-mail is linked and returns to r", async () => {
    const existing = await createUser(rt, { email: "web.existing@example.test" });
    const { google, cookie } = await start(`?r=${encodeURIComponent("/de/my_dashboard?tab=1")}`);
    msw.use(
      ...googleHandlers({
        code: "web-code-2",
        account: { sub: "web-existing", email: existing.email },
        nonce: google.searchParams.get("nonce")!,
        now: () => rt.clock.now(),
      }),
    );
    const response = await thrownResponse(callback({ code: "web-code-2", state: google.searchParams.get("state")! }, cookie));
    expect(response.headers.get("location")).toBe("/de/my_dashboard?tab=1");
    const link = await rt.deps.db
      .selectFrom("federated_identities")
      .select("user_id")
      .where("subject", "=", "web-existing")
      .executeTakeFirstOrThrow();
    expect(link.user_id).toBe(existing.id);

    // Second time: already linked, straight to the dashboard.
    const again = await start();
    msw.use(
      ...googleHandlers({
        code: "web-code-3",
        account: { sub: "web-existing", email: existing.email },
        nonce: again.google.searchParams.get("nonce")!,
        now: () => rt.clock.now(),
      }),
    );
    const second = await thrownResponse(callback({ code: "web-code-3", state: again.google.searchParams.get("state")! }, again.cookie));
    expect(second.headers.get("location")).toBe("/de/my_dashboard");
  });

  it("a state that does not match the cookie (or no cookie) is refused before Google is asked", async () => {
    const { google, cookie } = await start();
    // No Google handler is registered: any call to Google would fail the test.
    expect(await callback({ code: "c", state: "forged-state" }, cookie)).toMatchObject({ errorKey: "exception.federated.state_mismatch" });
    expect(await callback({ code: "c", state: google.searchParams.get("state")! })).toMatchObject({
      errorKey: "exception.federated.state_mismatch",
    });
  });

  it("denied consent shows access_denied; a provider failure shows provider_failed", async () => {
    const { google, cookie } = await start();
    const denied = await callback({ error: "access_denied", state: google.searchParams.get("state")! }, cookie);
    expect(denied.errorKey).toBe("exception.federated.access_denied");
    expect(cookieValue(denied.setCookies, FEDERATED_STATE_COOKIE)).toBe("");

    const next = await start();
    msw.use(http.post(GOOGLE.tokenUrl, () => HttpResponse.json({ error: "server_error" }, { status: 500 })));
    const failed = await callback({ code: "web-code-4", state: next.google.searchParams.get("state")! }, next.cookie);
    expect(failed.errorKey).toBe("exception.federated.provider_failed");
  });

  it("start explains when Google sign-in is not configured", async () => {
    const saved = rt.deps.config.google;
    rt.deps.config.google = { ...saved, clientSecret: undefined };
    try {
      const result = await startFederatedSignIn({
        request: new Request(`${SITE}/de/federated/google/start`),
        context,
        lang: "de",
        provider: "google",
      });
      expect(result.errorKey).toBe("exception.federated.provider_not_configured");
    } finally {
      rt.deps.config.google = saved;
    }
  });
});
