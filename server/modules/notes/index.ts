/** The notes group's public face for other modules. */
import { defineFeature } from "../manifest";
import { registerNotes } from "./routes";
export { noteRelation } from "./relation";
export { notesFor, notesForExport } from "./service";

export const manifest = defineFeature({ name: "notes", routes: registerNotes });
