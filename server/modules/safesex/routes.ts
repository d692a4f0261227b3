import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import { safeSexState, saveSafeSex } from "./service";
import { safesexOps } from "../../contract/operations/safesex";

/** The safesex group (spec section 7): the signed-in member's own safer-sex status. */
export function registerSafeSex({ v2 }: ModuleContext): void {
  v2.add(
    safesexOps.state,
    {
      summary: "The member's safer-sex status (the profile badge and search's only-show flag safe_sex_status) and whether they may set it.",
      tag: "safesex",
      auth: "required",
      statuses: [401],
    },
    async (c, { user }) => ok(c, await safeSexState(c.get("deps"), user!.id)),
  );
  v2.add(
    safesexOps.save,
    {
      summary:
        "Sets the member's safer-sex status: they offer only protected sex. Escorts and businesses only: else 403 exception.safesex.providers_only.",
      tag: "safesex",
      auth: "required",
      statuses: [400, 401, 403],
    },
    async (c, { body, user }) => ok(c, await saveSafeSex(c.get("deps"), user!.id, body)),
  );
}
