/** The business-links group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { businessLinkInviteSchema } from "../business-links";
import { defineOperation } from "../operation";

export const businessLinksOps = {
  list: defineOperation({ method: "get", path: "/api/v2/user/business-links", response: "BusinessLinksView" }),
  /** The escort accepts a business's request, or declines it (or ends a listing). */
  answer: {
    accept: defineOperation({ method: "post", path: "/api/v2/user/business-links/:business/accept", response: "BusinessLinkAnswered" }),
    decline: defineOperation({ method: "post", path: "/api/v2/user/business-links/:business/decline", response: "BusinessLinkAnswered" }),
  },
  /** The business asks an escort by username (a new name, or again after a decline or end; ADR 069). */
  invite: defineOperation({
    method: "post",
    path: "/api/v2/user/business-links/escorts",
    body: businessLinkInviteSchema,
    response: "BusinessLinkChanged",
  }),
  /** The business takes back a request or ends a listing of one of its own links. */
  remove: defineOperation({ method: "post", path: "/api/v2/user/business-links/escorts/:escort/remove", response: "BusinessLinkChanged" }),
};
