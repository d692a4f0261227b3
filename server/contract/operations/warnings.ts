/** The escorts' shared warning list (issue 30 item 6, ADR 121). */
import { defineOperation } from "../operation";
import { objectionDecisionSchema, warningDecisionSchema, warningObjectionSchema } from "../warnings";

export const warningsOps = {
  visibility: defineOperation({ method: "get", path: "/api/v2/warnings/members/:id", response: "WarningVisibility" }),
  mine: defineOperation({ method: "get", path: "/api/v2/warnings/me", response: "OwnWarning" }),
  object: defineOperation({ method: "post", path: "/api/v2/warnings/me/objection", body: warningObjectionSchema, response: "OwnWarning" }),
  queue: defineOperation({ method: "get", path: "/api/v2/backoffice/warnings", response: "WarningQueue" }),
  decide: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/warnings/:id",
    body: warningDecisionSchema,
    response: "WarningDecisionAnswer",
  }),
  objections: defineOperation({ method: "get", path: "/api/v2/backoffice/warning-objections", response: "WarningObjectionQueue" }),
  decideObjection: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/warning-objections/:id",
    body: objectionDecisionSchema,
    response: "WarningDecisionAnswer",
  }),
};
