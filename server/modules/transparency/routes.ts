/** HTTP of transparency (issue 30 item 4, ADRs 114, 115): the public report, the backend's run, the trusted flaggers. */
import type { ModuleContext } from "../../api/module-context";
import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import { transparencyOps } from "../../contract/operations/transparency";
import { TRUSTED_FLAGGER_ERRORS } from "../../contract/transparency";
import { addTrustedFlagger, endTrustedFlagger, trustedFlaggerList } from "./flaggers";
import { publishTransparency, transparencyIndex, transparencyReport } from "./report";

const PRIVATE = "private, no-store";
const BACKEND_NOTE =
  "Backend (9) accounts only: 403 exception.backoffice.staff_only for members and guests, exception.backoffice.role_forbidden for the team.";

export function registerTransparency({ v2, deps }: ModuleContext): void {
  v2.add(
    transparencyOps.index,
    {
      tag: "transparency",
      auth: "optional",
      summary:
        "Public (DSA Arts. 15, 24): the published periods (years and half-years), newest first, and the newest report with its counts and the average monthly active recipients.",
      statuses: [],
    },
    async (c) => ok(c, await transparencyIndex(deps)),
  );
  v2.add(
    transparencyOps.report,
    {
      tag: "transparency",
      auth: "optional",
      summary:
        "Public: the published report of one period (2026, 2026-H1, 2026-H2); 404 exception.transparency.report_not_found otherwise.",
      statuses: [404],
    },
    async (c) => ok(c, await transparencyReport(deps, c.req.param("period") ?? "")),
  );
  v2.add(
    transparencyOps.publish,
    {
      tag: "backoffice",
      auth: "required",
      staff: "audit.read",
      summary: `Computes and publishes (again) the report of an ended period; 400 validation.transparency.period_not_ended before its end. A job does it on the day after each half-year. ${BACKEND_NOTE}`,
      statuses: [400, 401, 403],
    },
    async (c, { user, body }) => ok(c, await publishTransparency(deps, user!.id, body.period)),
  );
  v2.add(
    transparencyOps.flaggers,
    {
      tag: "backoffice",
      auth: "required",
      staff: "trust.manage",
      summary: `Trusted flaggers (DSA Art. 22): every award, running ones first, with the notices filed under it. ${BACKEND_NOTE}`,
      statuses: [401, 403],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await trustedFlaggerList(deps, user!.id));
    },
  );
  v2.add(
    transparencyOps.addFlagger,
    {
      tag: "backoffice",
      auth: "required",
      staff: "trust.manage",
      summary: `Marks a member as a trusted flagger: organisation, the coordinator's reference, first and last day (UTC). 400 unknown member or dates; 409 an award overlapping this one. ${BACKEND_NOTE}`,
      statuses: [201, 400, 401, 403, 409],
    },
    async (c, { user, body }) => ok(c, await addTrustedFlagger(deps, user!.id, body), { status: 201 }),
  );
  v2.add(
    transparencyOps.endFlagger,
    {
      tag: "backoffice",
      auth: "required",
      staff: "trust.manage",
      summary: `Ends an award now (the coordinator revoked it), with an optional reason for the audit trail. 400 reason too long, 404 unknown, 409 ended already. ${BACKEND_NOTE}`,
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { user, body }) =>
      ok(c, await endTrustedFlagger(deps, user!.id, rowIdParam(c.req.param("id"), TRUSTED_FLAGGER_ERRORS.notFound), body.reason || null)),
  );
}
