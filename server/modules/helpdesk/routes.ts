import type { ModuleContext } from "../../api/module-context";
import { fail } from "../../api/errors";
import { ok } from "../../api/router";
import { HELPDESK_TOKEN_TTL_SECONDS } from "../../contract/helpdesk";
import { helpdeskOps } from "../../contract/operations/helpdesk";
import { signOnToHelpdesk, signOutOfHelpdesk, activeHelpdesk } from "./service";

/** Support sign-on with two providers (spec section 7 "user … support SSO with two providers"; ADR 134). */
export function registerHelpdesk({ v2 }: ModuleContext): void {
  v2.add(
    helpdeskOps.signOn,
    {
      tag: "user",
      auth: "optional",
      summary: `The help desk sign-on for the signed-in member: the active provider's sign-on address carrying a token signed as the provider documents it (Zendesk: HS256 JWT with the shared secret; Freshworks: RS256 id_token), with the member's name, e-mail, id and user type, iat, jti and an expiry ${HELPDESK_TOKEN_TTL_SECONDS} s later. configured=false when no help desk is set up (guests too). 401 for guests otherwise; 400 when return_to or redirect_uri is not on the help desk (no open redirect); 403 when the member's e-mail is not confirmed.`,
      statuses: [400, 401, 403],
    },
    async (c, { query }) => {
      c.header("Cache-Control", "private, no-store");
      const user = c.get("user");
      if (!activeHelpdesk(c.get("deps"))) return ok(c, { configured: false, provider: null, url: null });
      if (!user) throw fail.unauthorized();
      return ok(c, await signOnToHelpdesk(c.get("deps"), user.id, query));
    },
  );
  v2.add(
    helpdeskOps.signOut,
    {
      tag: "user",
      auth: "optional",
      summary:
        "The help desk signed the member out (its remote logout address): closes the member's open help-desk sign-ons and names where to go next — return_to when it is on the help desk, else the help desk's start page, or null (our home) without a help desk. A foreign return_to is ignored, never followed.",
      statuses: [400],
    },
    async (c, { body }) => {
      c.header("Cache-Control", "private, no-store");
      return ok(c, await signOutOfHelpdesk(c.get("deps"), c.get("user")?.id ?? null, body.return_to));
    },
  );
}
