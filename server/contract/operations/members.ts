/** The back office's members (issue 30 item 5, ADRs 062, 118): the search, a member's page, the staff actions on a member. */
import { memberPauseSchema, memberReasonSchema, memberResetSchema, memberSearchQuerySchema } from "../members";
import { defineOperation } from "../operation";

const base = "/api/v2/backoffice/members";

export const membersOps = {
  search: defineOperation({ method: "get", path: base, query: memberSearchQuerySchema, response: "MemberSearchPage" }),
  one: defineOperation({ method: "get", path: `${base}/:id`, response: "BackofficeMember" }),
  ban: defineOperation({ method: "post", path: `${base}/:id/ban`, body: memberReasonSchema, response: "MemberActionDone" }),
  unban: defineOperation({ method: "post", path: `${base}/:id/unban`, body: memberReasonSchema, response: "MemberActionDone" }),
  pause: defineOperation({ method: "post", path: `${base}/:id/pause`, body: memberPauseSchema, response: "MemberActionDone" }),
  unpause: defineOperation({ method: "post", path: `${base}/:id/unpause`, body: memberReasonSchema, response: "MemberActionDone" }),
  signOut: defineOperation({ method: "post", path: `${base}/:id/sign-out`, body: memberReasonSchema, response: "MemberActionDone" }),
  resetVerification: defineOperation({
    method: "post",
    path: `${base}/:id/reset-verification`,
    body: memberResetSchema,
    response: "MemberActionDone",
  }),
};
