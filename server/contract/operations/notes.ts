/** The notes group's operations (ADR 062): method, path, schemas and response, for the API and the web tier. */
import { defineOperation } from "../operation";
import { noteSchema } from "../notes";

export const notesOps = {
  read: defineOperation({ method: "get", path: "/api/v2/profiles/:username/notes", response: "NoteAnswer" }),
  write: defineOperation({ method: "put", path: "/api/v2/profiles/:username/notes", body: noteSchema, response: "NoteAnswer" }),
  remove: defineOperation({ method: "delete", path: "/api/v2/profiles/:username/notes", response: "NoteAnswer" }),
};
