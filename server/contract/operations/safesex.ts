/** The safesex group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";
import { safeSexInputSchema } from "../safesex";

export const safesexOps = {
  state: defineOperation({ method: "get", path: "/api/v2/safesex", response: "SafeSexState" }),
  save: defineOperation({ method: "put", path: "/api/v2/safesex", body: safeSexInputSchema, response: "SafeSexState" }),
};
