/** The notes group's public face for other modules. */
export { noteRelation } from "./relation";
export { notesFor, notesForExport } from "./service";
