/** The note forms of the profile page (issue 11 item 4, ADR 037): write or change (plus), delete. */
import * as v from "valibot";
import { noteSchema } from "#server/contract/notes";
import { deleteNote, writeNote } from "~/api/notes.server";
import { normalizeLineBreaks } from "~/utils/line-breaks";
import { refusedBy, type ProfileActionHandler } from "./types";

export const NOTE_ACTIONS: Record<string, ProfileActionHandler> = {
  note_save: async ({ api, username, form }) => {
    const input = { text: normalizeLineBreaks(String(form.get("text") ?? "")) };
    const parsed = v.safeParse(noteSchema, input);
    if (!parsed.success) {
      const text = v.flatten<typeof noteSchema>(parsed.issues).nested?.text ?? ["validation.required"];
      return { intent: "note_save", status: 400, formErrors: [], fieldErrors: { text }, input };
    }
    const result = await writeNote(api, username, parsed.output);
    if (result.ok) return { done: "note_saved" };
    // The placeholders ride along in the message (messageOf), so "at most {{max}}" keeps its number.
    return refusedBy("note_save", result, ["text"], input);
  },
  note_delete: async ({ api, username }) => {
    const result = await deleteNote(api, username);
    if (result.ok) return { done: "note_deleted" };
    return refusedBy("note_delete", result);
  },
};
