import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import { rowIdParam } from "../../api/params";
import { REPORT_EMAIL_CONFIRMATION, REPORT_LIMITS } from "../../contract/reports";
import { reportsOps } from "../../contract/operations/reports";
import { confirmReportEmail, decideReport, fileReport, ownReport, ownReports, reportQueue } from "./service";

const STAFF_NOTE = "Team (10) and backend (9) accounts only: 403 exception.backoffice.staff_only for everyone else.";

export function registerReports({ v2 }: ModuleContext): void {
  v2.add(
    reportsOps.file,
    {
      summary: `Reports an object (kind + object_id; kind page: by its web address in url) with a type of contract/reports. Members and guests (guests give name and e-mail, except for underage reports, and an explanation). Answers 202 with the reference and \`receipt\`: a member's account address gets the receipt at once (sent); a guest's typed address first gets a single-use link to confirm it, valid ${REPORT_EMAIL_CONFIRMATION.ttlMs / 3_600_000} hours (confirmation_sent), and the receipt and the decision only once confirmed — at most ${REPORT_EMAIL_CONFIRMATION.perAddress.limit} such mails a day per address and ${REPORT_EMAIL_CONFIRMATION.perIp.limit} per network address (over that: confirmation_limited, the notice is still filed); an anonymous report has none. 400 type not for this kind, own object, missing fields; 404 no such profile or photo; 409 exception.reports.already_open (one open report per reporter and object); 429 after 10 an hour per member, 5 per guest address. Blocks do not stop a report.`,
      tag: "reports",
      auth: "optional",
      statuses: [202, 400, 404, 409, 429],
    },
    async (c, { body, user }) => {
      const filed = await fileReport(c.get("deps"), body, {
        clientIp: c.get("clientIp"),
        language: c.get("lang"),
        userId: user?.id ?? null,
      });
      return ok(c, filed, { status: 202 });
    },
  );
  v2.add(
    reportsOps.confirmEmail,
    {
      summary:
        "Opens a guest's confirmation link: the notice's address is confirmed, its receipt is mailed (and the decision, if taken already). The link works once and expires; a wrong, expired or used token answers 400 exception.reports.confirmation_invalid at token.",
      tag: "reports",
      auth: "optional",
      statuses: [400],
    },
    async (c, { body }) => ok(c, await confirmReportEmail(c.get("deps"), body.token)),
  );
  v2.add(
    reportsOps.mine,
    {
      summary: `The signed-in member's own reports, newest first, ${REPORT_LIMITS.pageSize} a page (page=1…), each with its state and, once decided, the outcome and the statement of reasons.`,
      tag: "reports",
      auth: "required",
      statuses: [400, 401],
    },
    async (c, { query, user }) => ok(c, await ownReports(c.get("deps"), user!.id, query.page)),
  );
  v2.add(
    reportsOps.one,
    {
      summary: "One of the member's own reports with its decision; 404 for anyone else's.",
      tag: "reports",
      auth: "required",
      statuses: [401, 404],
    },
    async (c, { user }) => ok(c, await ownReport(c.get("deps"), user!.id, rowIdParam(c.req.param("id"), "exception.reports.not_found"))),
  );
  v2.add(
    reportsOps.queue,
    {
      summary: `Open reports, most urgent type first (underage, trafficking), then oldest first, ${REPORT_LIMITS.pageSize} a page, with the reported object and the reporter. ${STAFF_NOTE}`,
      tag: "backoffice",
      auth: "required",
      staff: "reports.decide",
      statuses: [400, 401, 403],
    },
    async (c, { query, user }) => ok(c, await reportQueue(c.get("deps"), user!.id, query.page)),
  );
  v2.add(
    reportsOps.decide,
    {
      summary: `Decides an open report (no_action, content_removed, account_restricted, account_banned) with a statement of reasons; every open report on the same object is decided with it, each reporter is told by e-mail, and the reported account gets the statement when something was done. 404 unknown id, 409 decided already. ${STAFF_NOTE}`,
      tag: "backoffice",
      auth: "required",
      staff: "reports.decide",
      statuses: [400, 401, 403, 404, 409],
      claim: { queue: "reports", param: "id" },
    },
    async (c, { body, user }) =>
      ok(c, await decideReport(c.get("deps"), user!.id, rowIdParam(c.req.param("id"), "exception.reports.not_found"), body)),
  );
}
