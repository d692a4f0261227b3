import type { ModuleContext } from "../../api/module-context";
import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import { warningsOps } from "../../contract/operations/warnings";
import { WARNING_EXPIRY_DAYS, WARNING_MIN_REPORTERS } from "../../contract/warnings";
import { decideObjection, decideWarning, objectionQueue, objectToWarning, ownWarning, warningQueue, warningVisibility } from "./service";

const PRIVATE = "private, no-store";

/** The escorts' shared warning list (issue 30 item 6, ADR 121). */
export function registerWarnings({ v2, deps }: ModuleContext): void {
  v2.add(
    warningsOps.visibility,
    {
      tag: "warnings",
      auth: "required",
      summary:
        "Whether to show the discreet warning on a member's profile or message: true only for an escort viewer and a confirmed, unexpired entry; false for everyone else (never the reporters).",
      statuses: [401],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await warningVisibility(deps, user!.id, rowIdParam(c.req.param("id"))));
    },
  );
  v2.add(
    warningsOps.mine,
    {
      tag: "warnings",
      auth: "required",
      summary:
        "The caller's own entry on the warning list (flagged, the report categories behind it, since, expires_at) and their latest objection; never the reporters.",
      statuses: [401],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await ownWarning(deps, user!.id));
    },
  );
  v2.add(
    warningsOps.object,
    {
      tag: "warnings",
      auth: "required",
      summary:
        "The flagged member's objection (GDPR Art. 21), for backend staff. 404 exception.warnings.no_entry, 409 exception.warnings.objection_open.",
      statuses: [400, 401, 404, 409],
    },
    async (c, { user, body }) => ok(c, await objectToWarning(deps, user!.id, body.text)),
  );
  v2.add(
    warningsOps.queue,
    {
      tag: "backoffice",
      auth: "required",
      staff: "reports.decide",
      summary: `Staff (reports.decide): clients reported for violence or non-payment by at least ${WARNING_MIN_REPORTERS} distinct verified escorts within ${WARNING_EXPIRY_DAYS} days and not decided since the newest report.`,
      statuses: [401, 403],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await warningQueue(deps, user!.id));
    },
  );
  v2.add(
    warningsOps.decide,
    {
      tag: "backoffice",
      auth: "required",
      staff: "reports.decide",
      summary:
        "Staff (reports.decide): confirm (shows to escorts; the client gets a statement of reasons) or reject a client's entry, with an optional reason for the audit trail. Audited. 409 not_enough_reports / already_decided.",
      statuses: [400, 401, 403, 409],
    },
    async (c, { user, body }) => ok(c, await decideWarning(deps, user!.id, rowIdParam(c.req.param("id")), body.outcome, body.reason)),
  );
  v2.add(
    warningsOps.objections,
    {
      tag: "backoffice",
      auth: "required",
      staff: "trust.manage",
      summary: "Backend staff (trust.manage): open objections to the warning list, oldest first.",
      statuses: [401, 403],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await objectionQueue(deps, user!.id));
    },
  );
  v2.add(
    warningsOps.decideObjection,
    {
      tag: "backoffice",
      auth: "required",
      staff: "trust.manage",
      summary:
        "Backend staff (trust.manage): lift the entry (it stops showing at once) or keep it, with an optional reason for the audit trail. Audited. 404 unknown, 409 already decided.",
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { user, body }) => ok(c, await decideObjection(deps, user!.id, rowIdParam(c.req.param("id")), body.outcome, body.reason)),
  );
}
