/** The definitions group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";

export const definitionsOps = {
  languages: defineOperation({ method: "get", path: "/api/v2/definitions/languages", response: "LanguageDefinitions" }),
  countries: defineOperation({ method: "get", path: "/api/v2/definitions/countries", response: "CountryDefinitions" }),
  register: defineOperation({ method: "get", path: "/api/v2/definitions/register", response: "RegisterDefinitions" }),
};
