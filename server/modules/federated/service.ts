/**
 * Federated sign-in (third-party sign-up or login, spec section 7). The web
 * tier asks for an authorization URL (state, nonce and PKCE made here), sends
 * the browser to the provider, checks the state on return and hands the code
 * back. Then, in this order:
 *  1. an account already linked to the provider's subject signs in;
 *  2. an account with the same e-mail address, verified by the provider, is
 *     linked and signs in (the provider proved control of the address);
 *  3. otherwise a new client account is created at register step 1 (sign-up
 *     done; the remaining steps follow as for any sign-up).
 */
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import type { FederatedProvider, ThirdPartyAuthorization, ThirdPartySignIn } from "../../contract/invites";
import { REGISTER_STEP, USER_TYPE } from "../../contract/users";
import { USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from "../../contract/validation";
import { configuredProviders, oauthProviderFor } from "../../integrations/identity/index";
import { IdentityProviderError, pkcePair, type FederatedIdentity } from "../../integrations/identity/oauth";
import { randomToken } from "../../lib/crypto";
import { getUserData } from "../auth/index";
import { issueTokens } from "../auth/index";
import { UNUSABLE_PASSWORD } from "../claims/index";
import { grantEarnedRewards } from "../gifts/index";

export function listProviders(deps: ApiDeps): string[] {
  return configuredProviders(deps.config);
}

function providerOrThrow(deps: ApiDeps, name: string) {
  const provider = oauthProviderFor(name, deps.config, deps.clock);
  if (!provider) throw fail.notFound("exception.federated.provider_not_configured");
  return provider;
}

/**
 * The provider only sends codes back to a callback of ours: same origin as
 * PUBLIC_URL, path /{lang}/federated/{provider}/callback.
 */
function assertOwnCallback(deps: ApiDeps, provider: string, redirectUri: string): void {
  const url = new URL(redirectUri);
  const own = new URL(deps.config.publicUrl);
  const pathOk = new RegExp(`^/[a-z]{2}/federated/${provider}/callback$`).test(url.pathname);
  if (url.origin !== own.origin || !pathOk || url.search || url.hash)
    throw fail.badRequest("exception.federated.redirect_uri_invalid", "redirect_uri");
}

export function authorize(deps: ApiDeps, input: { provider: FederatedProvider; redirect_uri: string }): ThirdPartyAuthorization {
  const provider = providerOrThrow(deps, input.provider);
  assertOwnCallback(deps, input.provider, input.redirect_uri);
  const state = randomToken(24);
  const nonce = randomToken(24);
  const pkce = pkcePair();
  return {
    authorization_url: provider.authorizationUrl({ redirectUri: input.redirect_uri, state, nonce, codeChallenge: pkce.challenge }),
    state,
    nonce,
    code_verifier: pkce.verifier,
  };
}

export interface ThirdPartyInput {
  provider: FederatedProvider;
  code: string;
  code_verifier: string;
  redirect_uri: string;
  nonce?: string;
}

export async function thirdPartySignIn(
  deps: ApiDeps,
  input: ThirdPartyInput,
  clientIp: string,
  language: string,
): Promise<ThirdPartySignIn> {
  const provider = providerOrThrow(deps, input.provider);
  assertOwnCallback(deps, input.provider, input.redirect_uri);
  let identity: FederatedIdentity;
  try {
    identity = await provider.exchangeCode({
      code: input.code,
      codeVerifier: input.code_verifier,
      redirectUri: input.redirect_uri,
      nonce: input.nonce,
    });
  } catch (err) {
    if (!(err instanceof IdentityProviderError)) throw err;
    // The provider's trouble, not a server fault: a clear error, never a 5xx.
    throw new ApiError(400, [errorItem(400, err.key)]);
  }
  const { userId, outcome } = await resolveAccount(deps, identity, language);
  // A new or newly linked account may now have a verified address: its token rewards (issue 27, ADR 085).
  if (outcome !== "signed_in") await grantEarnedRewards(deps, userId);
  const now = deps.clock.now();
  await deps.db.updateTable("users").set({ last_login_at: now }).where("id", "=", userId).execute();
  const tokens = await issueTokens(deps.db, deps.clock, userId, clientIp);
  return { ...tokens, outcome, user: await getUserData(deps, userId) };
}

type Outcome = "signed_in" | "linked" | "created";

async function resolveAccount(deps: ApiDeps, identity: FederatedIdentity, language: string): Promise<{ userId: number; outcome: Outcome }> {
  const { db, clock } = deps;
  const now = clock.now();
  const linked = await db
    .selectFrom("federated_identities")
    .innerJoin("users", "users.id", "federated_identities.user_id")
    .select(["users.id", "users.status"])
    .where("federated_identities.provider", "=", identity.provider)
    .where("federated_identities.subject", "=", identity.subject)
    .executeTakeFirst();
  if (linked) {
    assertMaySignIn(linked.status);
    return { userId: linked.id, outcome: "signed_in" };
  }

  const emailKey = identity.email?.toLowerCase() ?? null;
  const sameEmail = emailKey
    ? await db.selectFrom("users").select(["id", "status", "email_verified_at"]).where("email_key", "=", emailKey).executeTakeFirst()
    : undefined;
  if (sameEmail) {
    // An address the provider has not verified proves nothing: never link on it.
    if (!identity.emailVerified) throw new ApiError(409, [errorItem(409, "exception.federated.email_unverified")]);
    if (sameEmail.status === "claimable") throw new ApiError(409, [errorItem(409, "exception.federated.claim_first")]);
    assertMaySignIn(sameEmail.status);
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("federated_identities")
        .values({ user_id: sameEmail.id, provider: identity.provider, subject: identity.subject, email: identity.email, created_at: now })
        .execute();
      if (sameEmail.email_verified_at === null) {
        await trx
          .updateTable("users")
          .set({ email_verified_at: now, email_was_verified: 1, is_bounced_email: 0, updated_at: now })
          .where("id", "=", sameEmail.id)
          .execute();
      }
    });
    return { userId: sameEmail.id, outcome: "linked" };
  }

  if (!identity.email) throw new ApiError(400, [errorItem(400, "exception.federated.email_required")]);
  const username = await freeUsername(deps, identity);
  const userId = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("users")
      .values({
        username,
        username_key: username.toLowerCase(),
        email: identity.email!,
        email_key: emailKey!,
        password_hash: UNUSABLE_PASSWORD,
        user_type: USER_TYPE.client,
        gender: null,
        salutation: null,
        birth_date: null,
        language,
        member_until: null,
        email_verified_at: identity.emailVerified ? now : null,
        email_was_verified: identity.emailVerified ? 1 : 0,
        register_completed_step: REGISTER_STEP["sign-up"],
        created_at: now,
        updated_at: now,
        last_login_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("profiles")
      .values({ user_id: row.id, display_name: (identity.name ?? username).slice(0, 60), updated_at: now })
      .execute();
    await trx
      .insertInto("federated_identities")
      .values({ user_id: row.id, provider: identity.provider, subject: identity.subject, email: identity.email, created_at: now })
      .execute();
    return row.id;
  });
  return { userId, outcome: "created" };
}

function assertMaySignIn(status: string): void {
  if (status === "banned") throw new ApiError(403, [errorItem(403, "exception.login.account_banned")]);
  if (status === "deleted") throw new ApiError(403, [errorItem(403, "exception.federated.account_unavailable")]);
}

/** A username in the registration rules, from the name or the address, made unique with digits. */
export function usernameBaseFrom(identity: Pick<FederatedIdentity, "name" | "email">): string {
  const source = identity.name?.trim() || identity.email?.split("@")[0] || "";
  const cleaned = source
    .normalize("NFC")
    .replace(/[^A-Za-z0-9ÄÖÜäöüß]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, USERNAME_MAX - 5)
    .replace(/_+$/, "");
  return cleaned.length >= USERNAME_MIN && USERNAME_PATTERN.test(cleaned) ? cleaned : "member";
}

async function freeUsername(deps: ApiDeps, identity: FederatedIdentity): Promise<string> {
  const base = usernameBaseFrom(identity);
  for (let attempt = 0; attempt < 8; attempt++) {
    const candidate = attempt === 0 ? base : `${base}_${Math.floor(1000 + Math.random() * 9000)}`;
    const taken = await deps.db.selectFrom("users").select("id").where("username_key", "=", candidate.toLowerCase()).executeTakeFirst();
    if (!taken) return candidate;
  }
  return `${base}_${randomToken(3).replace(/[^A-Za-z0-9]/g, "x")}`;
}
