/** The consents group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";

export const consentsOps = {
  list: defineOperation({ method: "get", path: "/api/v2/user/consents", response: "ConsentList", camelize: false }),
  withdraw: defineOperation({ method: "delete", path: "/api/v2/user/consents/:purpose", response: "ConsentList", camelize: false }),
};
