/** HTTP of internal complaints (DSA Art. 20, ADR 113): the member's complaints and the back office's appeals queue. */
import type { ModuleContext } from "../../api/module-context";
import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import { APPEAL_ERRORS, APPEAL_LIMITS } from "../../contract/appeals";
import { appealsOps } from "../../contract/operations/appeals";
import { APPEAL_WINDOW_MONTHS } from "../../contract/statements";
import {
  appealQueue,
  decideAppeal,
  fileReportAppeal,
  fileStatementAppeal,
  fileStatementAppealByLink,
  statementAppealView,
  statementAppealViewByLink,
} from "./service";

const STAFF_NOTE =
  'Staff with the permission "appeals.decide" only: 403 exception.backoffice.staff_only for members, exception.backoffice.role_forbidden for other roles.';
const FILE_NOTE = `Once per decision (409 exception.appeals.already_filed), within ${APPEAL_WINDOW_MONTHS} months of it (400 exception.appeals.window_closed); text ${APPEAL_LIMITS.textMin}–${APPEAL_LIMITS.textMax} characters.`;
const PRIVATE = "private, no-store";

const idOf = (raw: string | undefined) => rowIdParam(raw, APPEAL_ERRORS.notFound);

export function registerAppeals({ v2 }: ModuleContext): void {
  v2.add(
    appealsOps.statementView,
    {
      summary:
        "The appeal page's view of one of the caller's statements of reasons: a short summary, until when a complaint may be filed, and the complaint if filed. Another member's statement is 404.",
      tag: "appeals",
      auth: "required",
      statuses: [401, 404],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await statementAppealView(c.get("deps"), user!.id, idOf(c.req.param("id"))));
    },
  );
  v2.add(
    appealsOps.fileForStatement,
    {
      summary: `The affected member complains about one of their statements of reasons (DSA Art. 20). ${FILE_NOTE} 404 another member's statement; 409 exception.appeals.not_appealable once reversed.`,
      tag: "appeals",
      auth: "required",
      statuses: [201, 400, 401, 404, 409],
    },
    async (c, { body, user }) => ok(c, await fileStatementAppeal(c.get("deps"), user!.id, idOf(c.req.param("id")), body), { status: 201 }),
  );
  const LINK_NOTE =
    "The token of the signed link the statement's mail carries when its member cannot sign in (a ban or a suspension; ADR 123): 404 exception.appeals.link_invalid for a malformed, altered or another statement's token, 410 exception.appeals.link_expired after the complaint window.";
  v2.add(
    appealsOps.linkView,
    {
      summary: `The appeal page's view of one statement, without a session. ${LINK_NOTE}`,
      tag: "appeals",
      auth: "optional",
      statuses: [404, 410],
    },
    async (c) => {
      c.header("Cache-Control", PRIVATE);
      c.header("Referrer-Policy", "no-referrer");
      return ok(c, await statementAppealViewByLink(c.get("deps"), c.req.param("token") ?? ""));
    },
  );
  v2.add(
    appealsOps.fileForLink,
    {
      summary: `The affected member complains about the statement through its signed link, without a session (DSA Art. 20). ${FILE_NOTE} ${LINK_NOTE}`,
      tag: "appeals",
      auth: "optional",
      statuses: [201, 400, 404, 409, 410],
    },
    async (c, { body }) => ok(c, await fileStatementAppealByLink(c.get("deps"), c.req.param("token") ?? "", body), { status: 201 }),
  );
  v2.add(
    appealsOps.fileForReport,
    {
      summary: `A notifier complains about their report decided without action (DSA Art. 20(1)). ${FILE_NOTE} 404 another member's report; 409 exception.appeals.not_appealable while open or when action was taken.`,
      tag: "appeals",
      auth: "required",
      statuses: [201, 400, 401, 404, 409],
    },
    async (c, { body, user }) => ok(c, await fileReportAppeal(c.get("deps"), user!.id, idOf(c.req.param("id")), body), { status: 201 }),
  );
  v2.add(
    appealsOps.queue,
    {
      summary: `Open complaints, oldest first, ${APPEAL_LIMITS.pageSize} a page, each with the contested decision, who took it, and whether the caller may decide it. ${STAFF_NOTE}`,
      tag: "backoffice",
      auth: "required",
      staff: "appeals.decide",
      statuses: [400, 401, 403],
    },
    async (c, { query, user }) => ok(c, await appealQueue(c.get("deps"), user!.id, query.page)),
  );
  v2.add(
    appealsOps.decide,
    {
      summary: `Upholds or reverses a complaint with reasons. A reversal undoes the decision (content restored, ban or restriction lifted, statement marked reversed; a notifier's report goes back to the queue). The appellant is told in the bell and by mail. 403 exception.appeals.original_decider for the staff member who took the contested decision; 404 unknown; 409 decided already. ${STAFF_NOTE}`,
      tag: "backoffice",
      auth: "required",
      staff: "appeals.decide",
      statuses: [400, 401, 403, 404, 409],
      claim: { queue: "appeals", param: "id" },
    },
    async (c, { body, user }) => ok(c, await decideAppeal(c.get("deps"), user!.id, idOf(c.req.param("id")), body)),
  );
}
