/** HTTP of the audit viewer (issue 30 item 5): backend staff read the trail of every staff action. */
import type { ModuleContext } from "../../api/module-context";
import { ok } from "../../api/router";
import { auditOps } from "../../contract/operations/audit";
import { auditTrail } from "./service";

export function registerAudit({ v2 }: ModuleContext): void {
  v2.add(
    auditOps.list,
    {
      summary:
        "The audit trail of every staff action, newest first, 50 a page: who, when, what (action, subject), why, the state before and after and the keys that changed. Filters: actor (username), action (prefix), subject_type and subject_id, from/to (days); before=<id> pages on. Backend accounts only (audit.read).",
      tag: "backoffice",
      auth: "required",
      staff: "audit.read",
      statuses: [400, 401, 403],
    },
    async (c, { query, user }) => ok(c, await auditTrail(c.get("deps"), user!.id, query)),
  );
}
