/** HTTP of the member's own consents (ADR 023): list, withdraw. Granting happens in the forms that ask (registration profile step). */
import * as v from "valibot";
import { fail } from "../../api/errors";
import { ok } from "../../api/router";
import { CONSENT_PURPOSES, GRANTABLE_CONSENTS, type ConsentPurpose } from "../../contract/consents";
import { consentsOps } from "../../contract/operations/consents";
import type { ModuleContext } from "../../api/module-context";
import { grantOwnConsent, listConsents, withdrawOwnConsent } from "./service";

const purposeSchema = v.picklist(CONSENT_PURPOSES);

export function registerConsents({ v2, deps }: ModuleContext): void {
  v2.add(
    consentsOps.list,
    {
      summary: "The caller's consents that stand now: [{purpose, granted_at}] (purposes: special_category_data, activity_statistics).",
      tag: "user",
      auth: "required",
    },
    async (c, { user }) => ok(c, await listConsents(deps, user!.id)),
  );
  v2.add(
    consentsOps.grant,
    {
      summary:
        "Give a consent the data privacy page offers (activity_statistics: the activity tracker, ADR 132). Answers the consents that stand. 404 for an unknown purpose, 400 for one given only with its data (special_category_data).",
      tag: "user",
      auth: "required",
      statuses: [400, 404],
    },
    async (c, { user }) => {
      const parsed = v.safeParse(purposeSchema, c.req.param("purpose"));
      if (!parsed.success) throw fail.notFound();
      if (!GRANTABLE_CONSENTS.includes(parsed.output)) throw fail.badRequest("validation.invalid", "purpose");
      return ok(c, await grantOwnConsent(deps, user!.id, parsed.output));
    },
  );
  v2.add(
    consentsOps.withdraw,
    {
      summary:
        "Withdraw a consent; special_category_data also deletes the ethnicity and sexual orientation it covered. Answers the consents that still stand. 404 for an unknown purpose.",
      tag: "user",
      auth: "required",
      statuses: [404],
    },
    async (c, { user }) => {
      const parsed = v.safeParse(purposeSchema, c.req.param("purpose"));
      if (!parsed.success) throw fail.notFound();
      return ok(c, await withdrawOwnConsent(deps, user!.id, parsed.output as ConsentPurpose));
    },
  );
}
