/** The transparency group's operations (issue 30 item 4, ADRs 114, 115): the public report, its runs, the trusted flaggers. */
import { defineOperation } from "../operation";
import { endTrustedFlaggerSchema, publishTransparencySchema, trustedFlaggerSchema } from "../transparency";

export const transparencyOps = {
  // camelize: false: the counts' keys are data (report types, kinds, restrictions), and the JSON download is the body as sent.
  index: defineOperation({ method: "get", path: "/api/v2/transparency", response: "TransparencyIndex", camelize: false }),
  report: defineOperation({ method: "get", path: "/api/v2/transparency/:period", response: "TransparencyReport", camelize: false }),
  publish: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/transparency/publish",
    body: publishTransparencySchema,
    response: "TransparencyPublished",
  }),
  flaggers: defineOperation({ method: "get", path: "/api/v2/backoffice/trusted-flaggers", response: "TrustedFlaggerList" }),
  addFlagger: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/trusted-flaggers",
    body: trustedFlaggerSchema,
    response: "TrustedFlagger",
  }),
  endFlagger: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/trusted-flaggers/:id/end",
    body: endTrustedFlaggerSchema,
    response: "TrustedFlagger",
  }),
};
