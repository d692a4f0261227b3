/**
 * Support sign-on (issue 32 item 4, ADR 134): the token is verified as each help desk verifies it (jose jwtVerify:
 * HS256 with Zendesk's shared secret; RS256 with the public key Freshworks holds), every open-redirect trick is
 * refused, guests and unconfirmed e-mail addresses get no token, and support/signout closes what we recorded.
 */
import { generateKeyPairSync } from "node:crypto";
import { importSPKI, jwtVerify } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HELPDESK_ERRORS, HELPDESK_TOKEN_TTL_SECONDS } from "#server/contract/helpdesk";
import { USER_TYPE } from "#server/contract/users";
import { NO_HELPDESK, type HelpdeskConfig } from "#server/integrations/helpdesk/config";
import { callJson } from "../../helpers/api-call";
import { freshIp } from "../../helpers/auth";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const ZENDESK = "https://velora.zendesk.example";
const SECRET = "zendesk-shared-secret-0123456789";
const PORTAL = "https://support.velora.example";
const FRESHWORKS = "https://velora.freshworks.example";
const keys = generateKeyPairSync("rsa", { modulusLength: 2048 });
const PRIVATE_PEM = keys.privateKey.export({ type: "pkcs1", format: "pem" }).toString();
const PUBLIC_PEM = keys.publicKey.export({ type: "spki", format: "pem" }).toString();

interface Answer<T> {
  data: T;
  errors?: Array<{ key: string; source?: string }>;
}
type SignOn = { configured: boolean; provider: string | null; url: string | null };

describe(`support sign-on (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let member: { id: number; username: string; email: string; token: string };

  beforeAll(async () => {
    rt = await createTestRuntime();
    const user = await createUser(rt, { userType: USER_TYPE.escort });
    member = { ...user, token: await tokenOf(user) };
  }, 60_000);
  afterAll(() => rt.close());

  function setHelpdesk(config: HelpdeskConfig) {
    (rt.deps.config as { helpdesk: HelpdeskConfig }).helpdesk = config;
  }
  const zendesk: HelpdeskConfig = { provider: "zendesk", zendesk: { url: ZENDESK, secret: SECRET }, freshworks: null };
  const freshworks: HelpdeskConfig = {
    provider: "freshworks",
    zendesk: null,
    freshworks: { portalUrl: PORTAL, ssoUrl: FRESHWORKS, privateKey: PRIVATE_PEM },
  };
  beforeEach(() => setHelpdesk(zendesk));

  async function tokenOf(user: { username: string; password: string }) {
    const { body } = await login(rt, user.username, user.password, freshIp());
    return String(body.access_token);
  }
  const signOn = (token: string | undefined, query: Record<string, string>) =>
    callJson<Answer<SignOn>>(rt, token, "GET", `/api/v2/user/support/sso?${new URLSearchParams(query)}`);

  it("without a help desk answers configured=false, to guests and members alike, and signs nothing", async () => {
    setHelpdesk(NO_HELPDESK);
    for (const token of [undefined, member.token]) {
      const { status, json } = await signOn(token, { return_to: `${ZENDESK}/hc` });
      expect(status).toBe(200);
      expect(json.data).toEqual({ configured: false, provider: null, url: null });
    }
  });

  it("Zendesk: redirects to /access/jwt with an HS256 token the shared secret verifies, carrying the documented claims", async () => {
    const returnTo = `${ZENDESK}/hc/de/requests/new`;
    const { status, json } = await signOn(member.token, { return_to: returnTo });
    expect(status).toBe(200);
    const url = new URL(json.data.url!);
    expect(url.origin + url.pathname).toBe(`${ZENDESK}/access/jwt`);
    expect(url.searchParams.get("return_to")).toBe(returnTo);
    const { payload, protectedHeader } = await jwtVerify(url.searchParams.get("jwt")!, new TextEncoder().encode(SECRET), {
      algorithms: ["HS256"],
      currentDate: new Date(rt.clock.now()),
    });
    expect(protectedHeader.alg).toBe("HS256");
    expect(payload).toMatchObject({ name: member.username, email: member.email, external_id: String(member.id), tags: ["velora_escort"] });
    expect(typeof payload.jti).toBe("string");
    expect(payload.iat).toBe(Math.floor(rt.clock.now() / 1000));
    expect(payload.exp).toBe(payload.iat! + HELPDESK_TOKEN_TTL_SECONDS);
    // A wrong secret does not verify it: the test can fail.
    await expect(jwtVerify(url.searchParams.get("jwt")!, new TextEncoder().encode("another-secret-0123456789"))).rejects.toThrow();
    const row = await rt.deps.db.selectFrom("helpdesk_sign_ons").selectAll().where("jti", "=", payload.jti!).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: member.id, provider: "zendesk", signed_out_at: null });
  });

  it("every token has its own jti", async () => {
    const jtis = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const { json } = await signOn(member.token, {});
      const jwt = new URL(json.data.url!).searchParams.get("jwt")!;
      jtis.add(String((await jwtVerify(jwt, new TextEncoder().encode(SECRET), { currentDate: new Date(rt.clock.now()) })).payload.jti));
    }
    expect(jtis.size).toBe(3);
  });

  it("accepts a path on the help desk and refuses every return_to off it", async () => {
    const path = await signOn(member.token, { return_to: "/hc/en-us" });
    expect(new URL(path.json.data.url!).searchParams.get("return_to")).toBe(`${ZENDESK}/hc/en-us`);
    const foreign = [
      "https://evil.example/hc",
      "//evil.example/hc",
      "https://velora.zendesk.example.evil/hc",
      "https://velora.zendesk.example@evil.example/",
      "https://user:pass@velora.zendesk.example/hc",
      "https:\\\\evil.example\\hc",
      "/\\evil.example",
      "http://velora.zendesk.example/hc",
      "https://velora.zendesk.example:444/hc",
      "javascript:alert(1)",
      "data:text/html,hi",
      "https://velora.zendesk.example/hc\n.evil",
      "evil.example",
    ];
    for (const returnTo of foreign) {
      const { status, json } = await signOn(member.token, { return_to: returnTo });
      expect(status, returnTo).toBe(400);
      expect(json.errors?.[0]).toMatchObject({ key: HELPDESK_ERRORS.foreignReturnTo, source: "return_to" });
    }
  });

  it("sends guests no token (401) and refuses a member whose e-mail nobody confirmed (403)", async () => {
    expect((await signOn(undefined, { return_to: `${ZENDESK}/hc` })).status).toBe(401);
    const user = await createUser(rt);
    await rt.deps.db.updateTable("users").set({ email_verified_at: null }).where("id", "=", user.id).execute();
    const { status, json } = await signOn(await tokenOf(user), {});
    expect(status).toBe(403);
    expect(json.errors?.[0]?.key).toBe(HELPDESK_ERRORS.emailUnverified);
    expect(await rt.deps.db.selectFrom("helpdesk_sign_ons").select("id").where("user_id", "=", user.id).execute()).toEqual([]);
  });

  it("Freshworks: answers redirect_uri with state and an RS256 id_token the public key verifies", async () => {
    setHelpdesk(freshworks);
    const redirectUri = `${FRESHWORKS}/sp/OIDC/1234/implicit`;
    const { status, json } = await signOn(member.token, { redirect_uri: redirectUri, state: "st-1", nonce: "n-1" });
    expect(status).toBe(200);
    const url = new URL(json.data.url!);
    expect(url.origin + url.pathname).toBe(redirectUri);
    expect(url.searchParams.get("state")).toBe("st-1");
    const { payload } = await jwtVerify(url.searchParams.get("id_token")!, await importSPKI(PUBLIC_PEM, "RS256"), {
      algorithms: ["RS256"],
      currentDate: new Date(rt.clock.now()),
    });
    expect(payload).toMatchObject({
      sub: String(member.id),
      email: member.email,
      nonce: "n-1",
      given_name: member.username,
      user_type: "escort",
    });
    expect(payload.exp! - payload.iat!).toBe(HELPDESK_TOKEN_TTL_SECONDS);
    // A redirect_uri off the Freshworks account is refused; without state and nonce the member goes to the portal, no token.
    const foreign = await signOn(member.token, { redirect_uri: `${PORTAL}.evil/sp`, state: "s", nonce: "n" });
    expect(foreign.status).toBe(400);
    expect(foreign.json.errors?.[0]).toMatchObject({ key: HELPDESK_ERRORS.foreignReturnTo, source: "redirect_uri" });
    const bare = await signOn(member.token, { return_to: `${PORTAL}/support/tickets` });
    expect(bare.json.data.url).toBe(`${PORTAL}/support/tickets`);
  });

  it("support/signout closes the member's open sign-ons and sends them back to the help desk, never elsewhere", async () => {
    await signOn(member.token, {});
    const signOut = (token: string | undefined, body: Record<string, string>) =>
      callJson<Answer<{ url: string | null }>>(rt, token, "POST", "/api/v2/user/support/signout", body);
    const back = await signOut(member.token, { return_to: `${ZENDESK}/hc/de` });
    expect(back.status).toBe(200);
    expect(back.json.data.url).toBe(`${ZENDESK}/hc/de`);
    const open = await rt.deps.db
      .selectFrom("helpdesk_sign_ons")
      .select("id")
      .where("user_id", "=", member.id)
      .where("signed_out_at", "is", null)
      .execute();
    expect(open).toEqual([]);
    expect((await signOut(undefined, { return_to: "https://evil.example/" })).json.data.url).toBe(`${ZENDESK}/hc`);
    setHelpdesk(NO_HELPDESK);
    expect((await signOut(member.token, {})).json.data.url).toBeNull();
  });

  it("refuses malformed input with 400, never a 5xx", async () => {
    const long = await signOn(member.token, { return_to: `${ZENDESK}/${"a".repeat(3000)}` });
    expect(long.status).toBe(400);
    const unknown = await signOn(member.token, { evil: "1" });
    expect(unknown.status).toBe(400);
    const response = await rt.request("/api/v2/user/support/signout", {
      method: "POST",
      token: member.token,
      headers: { "content-type": "text/plain" },
      body: "return_to=x",
    });
    expect(response.status).toBeLessThan(500);
  });
});
