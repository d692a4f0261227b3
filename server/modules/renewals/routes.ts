import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import { renewalsOps } from "../../contract/operations/renewals";
import { payRebill, rebillInfo } from "./service";

/** The rebill link's two operations (spec "rebill info and pay"): the token is the key; a signed-in caller must own it. */
export function registerRenewals({ v2 }: ModuleContext): void {
  v2.add(
    renewalsOps.info,
    {
      summary:
        "The offer behind a rebill link (rebill group 0–5), the paid period's end and whether the stored method can pay. 404 for an unknown link or another member's; 410 when it was used, replaced or expired.",
      tag: "membership",
      auth: "optional",
      statuses: [404, 410],
    },
    async (c, { user }) => ok(c, await rebillInfo(c.get("deps"), c.req.param("token") ?? "", user?.id ?? null)),
  );
  v2.add(
    renewalsOps.pay,
    {
      summary:
        "Pays the rebill link's offer in one step: with the stored method at once, or on the provider's page (redirect_url). The link is single use; a refused charge gives it back. 404, 410 as for the info; 409 while a retry charges.",
      tag: "membership",
      auth: "optional",
      statuses: [400, 404, 409, 410],
    },
    async (c, { user, body }) => ok(c, await payRebill(c.get("deps"), c.req.param("token") ?? "", user?.id ?? null, body.pay_with)),
  );
}
