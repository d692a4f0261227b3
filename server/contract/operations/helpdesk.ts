/** Support sign-on's operations (issue 32 item 4; ADR 062, 067, 134). */
import { defineOperation } from "../operation";
import { supportSignOnQuerySchema, supportSignOutBodySchema } from "../helpdesk";
import "../helpdesk";

export const helpdeskOps = {
  signOn: defineOperation({ method: "get", path: "/api/v2/user/support/sso", query: supportSignOnQuerySchema, response: "SupportSignOn" }),
  signOut: defineOperation({
    method: "post",
    path: "/api/v2/user/support/signout",
    body: supportSignOutBodySchema,
    response: "SupportSignOut",
  }),
};
