/** The note forms of the profile page (issue 11 item 4, ADR 037): write or change (plus), delete. */
import { noteSchema } from "#server/contract/notes";
import { deleteNote, writeNote } from "~/api/notes.server";
import { outcomeOf, profileAction, type ProfileAction } from "./types";

export const NOTE_ACTIONS: Record<string, ProfileAction> = {
  // The contract's rule; the placeholders ride along in the message (messageOf), so "at most {{max}}" keeps its number.
  note_save: profileAction(noteSchema.entries, async ({ api, username }, note) =>
    outcomeOf(await writeNote(api, username, note), "note_saved", ["text"]),
  ),
  note_delete: profileAction({}, async ({ api, username }) => outcomeOf(await deleteNote(api, username), "note_deleted")),
};
