/** The consents group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";

// The consent list is keyed by purposes, which are data: read as the API spells them.
export const consentsOps = {
  list: defineOperation({ method: "get", path: "/api/v2/user/consents", response: "ConsentList", camelize: false }),
  grant: defineOperation({ method: "put", path: "/api/v2/user/consents/:purpose", response: "ConsentList", camelize: false }),
  withdraw: defineOperation({ method: "delete", path: "/api/v2/user/consents/:purpose", response: "ConsentList", camelize: false }),
};
