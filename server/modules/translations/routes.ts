/** HTTP of translations (issue 32 item 7, ADR 136): the browser's missing-key reports and their back-office list. */
import type { ModuleContext } from "../../api/module-context";
import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import { translationsOps } from "../../contract/operations/translations";
import { dismissKey, markKeyFixed, missingKeyList, reportMissingKeys } from "./service";

export function registerTranslations({ v2, deps }: ModuleContext): void {
  v2.add(
    translationsOps.report,
    {
      tag: "translations",
      auth: "optional",
      summary:
        "The browser reports translation keys it could not find ({keys: [{lng, ns, key}]}, at most 20). Each language + namespace + key is " +
        "counted once per report (count, first and last seen); keys with whitespace are text, not keys, and are ignored. 429 " +
        "exception.translations.too_many_reports past 10 reports a minute from one address or 300 from everyone; nothing is stored then.",
      statuses: [400, 429],
    },
    async (c, { body }) => ok(c, await reportMissingKeys(deps, body, c.get("clientIp"))),
  );
  v2.add(
    translationsOps.list,
    {
      tag: "backoffice",
      auth: "required",
      staff: "content.edit",
      summary:
        "Reported missing translation keys (filter lng, ns, state open|fixed|dismissed|all; page), most reported first, 50 a page with the total, and the open keys per language and namespace.",
      statuses: [400, 401, 403],
    },
    async (c, { user, query }) => {
      c.header("Cache-Control", "private, no-store");
      return ok(c, await missingKeyList(deps, user!.id, query));
    },
  );
  v2.add(
    translationsOps.markFixed,
    {
      tag: "backoffice",
      auth: "required",
      staff: "content.edit",
      summary: "Marks a reported key fixed (one audit row; a later report opens it again). 404 exception.translations.key_not_found.",
      statuses: [400, 401, 403, 404],
    },
    async (c, { user, body }) =>
      ok(c, await markKeyFixed(deps, user!.id, rowIdParam(c.req.param("id"), "exception.translations.key_not_found"), body.reason)),
  );
  v2.add(
    translationsOps.dismiss,
    {
      tag: "backoffice",
      auth: "required",
      staff: "content.edit",
      summary:
        "Dismisses a reported key as no key of ours (one audit row translation_key.dismiss); unlike fixed, a later report does not open it again (its count still grows). 404 exception.translations.key_not_found.",
      statuses: [400, 401, 403, 404],
    },
    async (c, { user, body }) =>
      ok(c, await dismissKey(deps, user!.id, rowIdParam(c.req.param("id"), "exception.translations.key_not_found"), body.reason)),
  );
}
