/** The friends group's public face for other modules. */
export { friendRelation } from "./relation";
export { friendLinksForExport } from "./service";
