/** The affiliates group's operations (ADR 062, 135). */
import { affiliateCreateSchema, affiliateStateSchema } from "../affiliates";
import { defineOperation } from "../operation";
import "../affiliates";

const office = "/api/v2/backoffice/affiliates";

export const affiliatesOps = {
  link: defineOperation({ method: "get", path: "/api/v2/affiliates/:code", response: "AffiliateLink" }),
  list: defineOperation({ method: "get", path: office, response: "AffiliateList" }),
  create: defineOperation({ method: "post", path: office, body: affiliateCreateSchema, response: "AffiliateItem" }),
  report: defineOperation({ method: "get", path: `${office}/:id`, response: "AffiliateReport" }),
  setState: defineOperation({ method: "post", path: `${office}/:id/state`, body: affiliateStateSchema, response: "AffiliateItem" }),
};
