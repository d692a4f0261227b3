/**
 * Issue 27's leftovers, item 1 (ADR 085 addendum): a Google sign-in that creates an account with a verified address,
 * or links one by it, grants the e-mail reward where it happens (the rewards page's GET no longer does); signing in
 * again grants nothing more. msw stands in for Google, as in google.test.ts.
 */
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { TOKEN_REWARDS } from "#server/contract/gifts";
import { dollarBalances } from "#server/modules/wallet/index";
import { freshIp, jsonOf } from "../../helpers/auth";
import { GOOGLE, googleHandlers } from "../../msw/google";
import { createTestRuntime, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const msw = setupServer();
const REDIRECT = "http://velora.test/de/federated/google/callback";
const EMAIL_REWARD = TOKEN_REWARDS.find((reward) => reward.kind === "email_verified")!.dollars;
let counter = 0;

describe(`a Google sign-in grants the e-mail reward (${TEST_DB})`, () => {
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

  async function signIn(account: { sub: string; email: string; email_verified?: boolean; name?: string }) {
    const authorized = await post("third-party/authorize", { provider: "google", redirect_uri: REDIRECT });
    const auth = (await jsonOf(authorized)).data as { nonce: string; code_verifier: string };
    const code = `reward-code-${++counter}`;
    msw.use(...googleHandlers({ code, account, nonce: auth.nonce, now: () => rt.clock.now() }));
    const response = await post("third-party", {
      provider: "google",
      code,
      code_verifier: auth.code_verifier,
      redirect_uri: REDIRECT,
      nonce: auth.nonce,
    });
    expect(response.status).toBe(200);
    return (await jsonOf(response)).data as { outcome: string; user: { id: number } };
  }
  const available = async (id: number) => (await dollarBalances(rt.deps, id)).available;

  it("a new account with a verified address gets it once; signing in again grants nothing more", async () => {
    const created = await signIn({ sub: "g-reward-1", email: "belohnung.neu@gmail.test", name: "Belohnung Neu" });
    expect(created.outcome).toBe("created");
    expect(await available(created.user.id)).toBe(EMAIL_REWARD);
    const again = await signIn({ sub: "g-reward-1", email: "belohnung.neu@gmail.test", name: "Belohnung Neu" });
    expect(again).toMatchObject({ outcome: "signed_in", user: { id: created.user.id } });
    expect(await available(created.user.id)).toBe(EMAIL_REWARD);
  });

  it("an unverified account linked by the provider's verified address gets it at the link", async () => {
    const existing = await createUser(rt, { email: "belohnung.alt@gmail.test" });
    await rt.deps.db.updateTable("users").set({ email_verified_at: null }).where("id", "=", existing.id).execute();
    const linked = await signIn({ sub: "g-reward-2", email: "belohnung.alt@gmail.test" });
    expect(linked).toMatchObject({ outcome: "linked", user: { id: existing.id } });
    expect(await available(existing.id)).toBe(EMAIL_REWARD);
  });
});
