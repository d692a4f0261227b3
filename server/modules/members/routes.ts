/** HTTP of the back office's members (issue 30 item 5, ADR 118): the search, a member's page, the staff actions. */
import type { ModuleContext } from "../../api/module-context";
import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import { MEMBER_ERRORS, MEMBER_PAUSE_DAYS, MEMBER_REASON_MAX, MEMBER_REASON_MIN } from "../../contract/members";
import { membersOps } from "../../contract/operations/members";
import { banMember, pauseMember, resetMemberVerification, signOutMember, unbanMember, unpauseMember } from "./actions";
import { memberPage, searchMembers } from "./service";

const PRIVATE = "private, no-store";
const READ_NOTE = "Staff with members.read (team, backend): 403 exception.backoffice.staff_only for everyone else.";
const ACT_NOTE = `Staff with members.act (team, backend); a reason of ${MEMBER_REASON_MIN}–${MEMBER_REASON_MAX} characters (400 validation.members.reason). One audit row. 403 exception.backoffice.staff_only for members and guests, 403 exception.members.staff_account for a staff account, 404 unknown id, 409 exception.members.deleted for an erased account.`;

const idOf = (raw: string | undefined) => rowIdParam(raw, MEMBER_ERRORS.notFound);

export function registerMembers({ v2, deps }: ModuleContext): void {
  v2.add(
    membersOps.search,
    {
      tag: "backoffice",
      auth: "required",
      staff: "members.read",
      summary: `Member search: username (its beginning, any case), e-mail (whole, any case), id, type (client, escort, business, team, backend), status (active, paused, banned, deleted), city (the profile's); all optional, combined; newest accounts first, 25 a page with has_more. ${READ_NOTE}`,
      statuses: [400, 401, 403],
    },
    async (c, { user, query }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await searchMembers(deps, user!.id, query));
    },
  );
  v2.add(
    membersOps.one,
    {
      tag: "backoffice",
      auth: "required",
      staff: "members.read",
      summary: `A member's page: profile summary, the team's open restriction, verification (age check, identity and photo checks, badges, trust level), reports by and about them, statements of reasons, balances (orders and the last 20 ledger entries for backend staff only: money.manage), sessions and the audit trail of staff actions on them. 404 unknown id. ${READ_NOTE}`,
      statuses: [401, 403, 404],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await memberPage(deps, user!.id, idOf(c.req.param("id"))));
    },
  );
  v2.add(
    membersOps.ban,
    {
      tag: "backoffice",
      auth: "required",
      staff: "members.act",
      summary: `Bans the account: status banned, every session ends, a statement of reasons (account_terminated). 409 exception.members.already_banned (also the second of two staff banning at once). ${ACT_NOTE}`,
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { user, body }) => ok(c, await banMember(deps, user!.id, idOf(c.req.param("id")), body.reason)),
  );
  v2.add(
    membersOps.unban,
    {
      tag: "backoffice",
      auth: "required",
      staff: "members.act",
      summary: `Lifts a ban: status active, the ban's statement reversed, the member told by mail. 409 exception.members.not_banned. ${ACT_NOTE}`,
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { user, body }) => ok(c, await unbanMember(deps, user!.id, idOf(c.req.param("id")), body.reason)),
  );
  v2.add(
    membersOps.pause,
    {
      tag: "backoffice",
      auth: "required",
      staff: "members.act",
      summary: `Pauses the account for ${MEMBER_PAUSE_DAYS.join(", ")} days (days): hidden from search and its page, the member cannot resume it; a statement of reasons (account_suspended) with its end; a job lifts it then. 409 exception.members.already_paused, already_banned. ${ACT_NOTE}`,
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { user, body }) => ok(c, await pauseMember(deps, user!.id, idOf(c.req.param("id")), body)),
  );
  v2.add(
    membersOps.unpause,
    {
      tag: "backoffice",
      auth: "required",
      staff: "members.act",
      summary: `Ends the team's pause early: status active, its statement reversed, the member told by mail. 409 exception.members.not_paused. ${ACT_NOTE}`,
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { user, body }) => ok(c, await unpauseMember(deps, user!.id, idOf(c.req.param("id")), body.reason)),
  );
  v2.add(
    membersOps.signOut,
    {
      tag: "backoffice",
      auth: "required",
      staff: "members.act",
      summary: `Signs the member out everywhere: every session's tokens are revoked (affected: how many). ${ACT_NOTE}`,
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { user, body }) => ok(c, await signOutMember(deps, user!.id, idOf(c.req.param("id")), body.reason)),
  );
  v2.add(
    membersOps.resetVerification,
    {
      tag: "backoffice",
      auth: "required",
      staff: "members.act",
      summary: `Resets the member's checks of one kind (webcam, id, prostschg): they count no more — attempts start again, the badge drops — and the member is told by mail. 409 exception.members.nothing_to_reset. ${ACT_NOTE}`,
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { user, body }) => ok(c, await resetMemberVerification(deps, user!.id, idOf(c.req.param("id")), body)),
  );
}
