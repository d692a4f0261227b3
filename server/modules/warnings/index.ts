/** The escorts' shared warning list (issue 30 item 6, ADR 121). Its tables come with migration 0104 (module editors). */
import { defineFeature } from "../manifest";
import { registerWarnings } from "./routes";

export const manifest = defineFeature({ name: "warnings", routes: registerWarnings });
export { warningForExport, warningHashOf, withdrawWarningFlag } from "./service";
