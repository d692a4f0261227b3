/**
 * Google sign-in through the API: authorization URL with state, nonce and
 * PKCE; POST /registration/third-party exchanges the code (msw stands in for
 * Google's token and userinfo endpoints) and signs in a linked account, links
 * one by verified e-mail, or creates a client account at register step 1.
 */
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { REGISTER_STEP, USER_TYPE } from "#server/contract/users";
import { pkceChallenge } from "#server/integrations/identity/oauth";
import { usernameBaseFrom } from "#server/modules/federated/service";
import { expectErrorShape, freshIp, jsonOf } from "../../helpers/auth";
import { GOOGLE, googleHandlers, type TokenCall } from "../../msw/google";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const msw = setupServer();
const REDIRECT = "http://velora.test/de/federated/google/callback";
let counter = 0;

describe(`Google sign-in (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    msw.listen({ onUnhandledRequest: "error" });
    rt = await createTestRuntime();
    rt.deps.config.google = { ...GOOGLE };
  });
  afterEach(() => msw.resetHandlers());
  afterAll(async () => {
    msw.close();
    await rt.close();
  });

  const post = (path: string, body: unknown) =>
    rt.request(`/api/v2/registration/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      ip: freshIp(),
    });

  async function authorize() {
    const response = await post("third-party/authorize", { provider: "google", redirect_uri: REDIRECT });
    expect(response.status).toBe(200);
    return (await jsonOf(response)).data as { authorization_url: string; state: string; nonce: string; code_verifier: string };
  }

  /** authorize → Google (msw) → third-party, as the web tier does it. */
  async function signIn(account: { sub: string; email: string; email_verified?: boolean; name?: string }, calls?: TokenCall[]) {
    const auth = await authorize();
    const code = `code-${++counter}`;
    msw.use(...googleHandlers({ code, account, nonce: auth.nonce, now: () => rt.clock.now(), calls }));
    return await post("third-party", {
      provider: "google",
      code,
      code_verifier: auth.code_verifier,
      redirect_uri: REDIRECT,
      nonce: auth.nonce,
    });
  }

  const errorKey = async (response: Response) => ((await jsonOf(response)).errors as Array<{ key: string }>)[0]!.key;

  it("lists Google only when configured", async () => {
    expect((await jsonOf(await rt.request("/api/v2/registration/third-party/providers"))).data).toEqual({ providers: ["google"] });
    const saved = rt.deps.config.google;
    rt.deps.config.google = { ...saved, clientId: undefined };
    try {
      expect((await jsonOf(await rt.request("/api/v2/registration/third-party/providers"))).data).toEqual({ providers: [] });
      const refused = await post("third-party/authorize", { provider: "google", redirect_uri: REDIRECT });
      expect(refused.status).toBe(404);
      expect(await errorKey(refused)).toBe("exception.federated.provider_not_configured");
    } finally {
      rt.deps.config.google = saved;
    }
  });

  it("builds the authorization URL with state, nonce and an S256 PKCE challenge", async () => {
    const auth = await authorize();
    const url = new URL(auth.authorization_url);
    expect(`${url.origin}${url.pathname}`).toBe(GOOGLE.authUrl);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: GOOGLE.clientId,
      redirect_uri: REDIRECT,
      response_type: "code",
      scope: "openid email profile",
      state: auth.state,
      nonce: auth.nonce,
      code_challenge: pkceChallenge(auth.code_verifier),
      code_challenge_method: "S256",
    });
    expect(auth.code_verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Codes may only come back to our own callback.
    for (const redirect_uri of ["http://evil.test/de/federated/google/callback", "http://velora.test/de/my_dashboard", `${REDIRECT}?x=1`]) {
      const response = await post("third-party/authorize", { provider: "google", redirect_uri });
      expect(response.status, redirect_uri).toBe(400);
    }
  });

  it("creates a new client account at register step 1 for an unknown Google account", async () => {
    const calls: TokenCall[] = [];
    const response = await signIn({ sub: "g-new-1", email: "Neu.Kunde@gmail.test", name: "Neu Kunde" }, calls);
    expect(response.status).toBe(200);
    const data = (await jsonOf(response)).data as { access_token: string; outcome: string; user: Record<string, unknown> };
    expect(data.outcome).toBe("created");
    expect(data.user).toMatchObject({
      username: "Neu_Kunde",
      email: "Neu.Kunde@gmail.test",
      is_email_verified: true,
      register_completed_step: REGISTER_STEP["sign-up"],
    });
    expect((data.user.profile as { user_type: number }).user_type).toBe(USER_TYPE.client);
    // The code went to Google with the PKCE verifier and our redirect URI.
    expect(calls[0]!.body.get("code_verifier")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(calls[0]!.body.get("redirect_uri")).toBe(REDIRECT);
    const me = await rt.request("/api/v2/user/data", { token: data.access_token });
    expect(me.status).toBe(200);

    // The same Google account again: the linked account signs in, nothing new is created.
    const again = await signIn({ sub: "g-new-1", email: "Neu.Kunde@gmail.test", name: "Neu Kunde" });
    expect(((await jsonOf(again)).data as { outcome: string; user: { id: number } }).user.id).toBe((data.user as { id: number }).id);
    const links = await rt.deps.db.selectFrom("federated_identities").selectAll().where("subject", "=", "g-new-1").execute();
    expect(links).toHaveLength(1);
  });

  it("links an existing account with the same verified e-mail", async () => {
    const existing = await createUser(rt, { email: `member${counter}@example.test` });
    const response = await signIn({ sub: "g-existing-1", email: existing.email.toUpperCase() });
    expect(response.status).toBe(200);
    const data = (await jsonOf(response)).data as { outcome: string; user: { id: number } };
    expect(data).toMatchObject({ outcome: "linked", user: { id: existing.id } });
    const link = await rt.deps.db
      .selectFrom("federated_identities")
      .selectAll()
      .where("subject", "=", "g-existing-1")
      .executeTakeFirstOrThrow();
    expect(link.user_id).toBe(existing.id);
  });

  it("signs in the already linked account even after its e-mail changed", async () => {
    const first = await signIn({ sub: "g-linked-1", email: "linked@gmail.test" });
    const userId = ((await jsonOf(first)).data as { user: { id: number } }).user.id;
    const second = await signIn({ sub: "g-linked-1", email: "renamed@gmail.test" });
    expect((await jsonOf(second)).data).toMatchObject({ outcome: "signed_in", user: { id: userId } });
  });

  it("never links on an address Google has not verified", async () => {
    const existing = await createUser(rt);
    const response = await signIn({ sub: "g-unverified", email: existing.email, email_verified: false });
    expect(response.status).toBe(409);
    expect(await errorKey(response)).toBe("exception.federated.email_unverified");
  });

  it("refuses a nonce that does not match the authorization request", async () => {
    const auth = await authorize();
    msw.use(
      ...googleHandlers({
        code: "code-nonce",
        account: { sub: "g-nonce", email: "n@gmail.test" },
        nonce: "another-nonce",
        now: () => rt.clock.now(),
      }),
    );
    const response = await post("third-party", {
      provider: "google",
      code: "code-nonce",
      code_verifier: auth.code_verifier,
      redirect_uri: REDIRECT,
      nonce: auth.nonce,
    });
    expect(response.status).toBe(400);
    expect(await errorKey(response)).toBe("exception.federated.state_mismatch");
  });

  it("turns provider failures into 400 errors, never a 5xx", async () => {
    const auth = await authorize();
    const attempt = () =>
      post("third-party", {
        provider: "google",
        code: "code-x",
        code_verifier: auth.code_verifier,
        redirect_uri: REDIRECT,
        nonce: auth.nonce,
      });
    msw.use(http.post(GOOGLE.tokenUrl, () => HttpResponse.json({ error: "invalid_grant" }, { status: 400 })));
    let response = await attempt();
    expect(response.status).toBe(400);
    expect(await errorKey(response)).toBe("exception.federated.code_rejected");
    msw.use(http.post(GOOGLE.tokenUrl, () => HttpResponse.text("upstream trouble", { status: 503 })));
    response = await attempt();
    expect(response.status).toBe(400);
    expectErrorShape(await jsonOf(response), 400);
    msw.use(http.post(GOOGLE.tokenUrl, () => HttpResponse.error()));
    response = await attempt();
    expect(await errorKey(response)).toBe("exception.federated.provider_failed");
    // Malformed input is a field error.
    const bad = await post("third-party", { provider: "google", code: "", code_verifier: "short", redirect_uri: REDIRECT });
    expect(bad.status).toBe(400);
    expect(((await jsonOf(bad)).errors as Array<{ source?: string }>).map((e) => e.source).sort()).toEqual(["code", "code_verifier"]);
    const unknown = await post("third-party", {
      provider: "facebook",
      code: "c",
      code_verifier: auth.code_verifier,
      redirect_uri: REDIRECT,
    });
    expect(await errorKey(unknown)).toBe("exception.federated.unknown_provider");
  });

  it("makes usernames from names within the registration rules", () => {
    expect(usernameBaseFrom({ name: "Jürgen Müller-Lüdenscheidt", email: null })).toBe("Jürgen_Müller_L");
    expect(usernameBaseFrom({ name: "  ", email: "x.y@z.test" })).toBe("x_y");
    expect(usernameBaseFrom({ name: "李", email: "ab@c.test" })).toBe("member");
  });
});
