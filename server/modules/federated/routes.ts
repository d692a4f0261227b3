/** Third-party sign-up / login (registration group, spec section 7). */
import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import { authorize, listProviders, thirdPartySignIn } from "./service";
import { federatedOps } from "../../contract/operations/federated";

export function registerFederated({ v2 }: ModuleContext): void {
  const base = { tag: "registration", auth: "optional" as const };
  v2.add(
    federatedOps.providers,
    {
      ...base,
      summary: 'Federated sign-in providers that are configured (e.g. ["google"]).',
    },
    (c) => ok(c, { providers: listProviders(c.get("deps")) }),
  );
  v2.add(
    federatedOps.authorize,
    {
      ...base,
      summary:
        "Authorization URL for a provider with fresh state, nonce and PKCE verifier; the web tier keeps the last three in a short cookie. 404 when not configured.",
      statuses: [404],
    },
    (c, { body }) => ok(c, authorize(c.get("deps"), body)),
  );
  v2.add(
    federatedOps.signIn,
    {
      ...base,
      summary:
        "Complete a third-party sign-in: exchange the code, then sign in the linked account, link the account with the same verified e-mail, or create a client account (register step 1). Answers the token pair, outcome and user data.",
      statuses: [403, 404, 409],
    },
    async (c, { body }) => ok(c, await thirdPartySignIn(c.get("deps"), body, c.get("clientIp"), c.get("lang"))),
  );
}
