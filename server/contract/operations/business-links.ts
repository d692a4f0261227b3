/** The business-links group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";

export const businessLinksOps = {
  list: defineOperation({ method: "get", path: "/api/v2/user/business-links", response: "BusinessLinksView" }),
  /** The escort accepts a business's request, or declines it (or ends a listing). */
  answer: {
    accept: defineOperation({ method: "post", path: "/api/v2/user/business-links/:business/accept", response: "BusinessLinkAnswered" }),
    decline: defineOperation({ method: "post", path: "/api/v2/user/business-links/:business/decline", response: "BusinessLinkAnswered" }),
  },
};
