/** Statements of reasons (issue 30 item 4, DSA Art. 17): the table every restricting decision writes its statement to. */
import { defineFeature } from "../manifest";
import * as m0096 from "./migrations/0096_statements";

export const manifest = defineFeature({
  name: "statements",
  migrations: { "0096_statements": m0096 },
});
export { recordStatement, type StatementInput } from "./service";
