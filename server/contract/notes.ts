/**
 * Private notes (issue 11 item 4; spec section 6 "notes" among the plus benefits, section 7 "profiles … notes";
 * ADR 037): one note per member and profile, seen only by the member who wrote it — on that profile and in their
 * lists (favorites, visitors). Writing or changing a note needs plus running now; a former plus member still
 * reads their notes and may delete them.
 */
import * as v from "valibot";

/** The longest note (characters after trimming): a few paragraphs, enough to remember a meeting. */
export const NOTE_MAX_LENGTH = 1000;

export const NOTE_ERRORS = {
  plusRequired: "exception.notes.plus_required",
  profileNotFound: "exception.profile.not_found",
  tooLong: `validation.notes.too_long?max=${NOTE_MAX_LENGTH}`,
} as const;

/** PUT /profiles/{username}/notes. An empty note is no note: DELETE removes it. */
export const noteSchema = v.object(
  {
    text: v.pipe(
      v.string("validation.required"),
      v.trim(),
      v.nonEmpty("validation.required"),
      v.maxLength(NOTE_MAX_LENGTH, NOTE_ERRORS.tooLong),
    ),
  },
  "validation.required",
);
export type NoteInput = v.InferOutput<typeof noteSchema>;

/** GET/PUT/DELETE /profiles/{username}/notes: the viewer's own note on that profile (text null: none). */
export interface NoteAnswer {
  text: string | null;
  updated_at: number | null;
  /** Plus runs now: the note can be written or changed. */
  can_write: boolean;
  max_length: number;
}
