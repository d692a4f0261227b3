/** Private notes on profiles (migration 0032, ADR 037). Times are epoch milliseconds (UTC). */
export interface ProfileNotesTable {
  author_id: number;
  /** The profile's owner; the note is the author's, never shown to them. */
  subject_id: number;
  text: string;
  created_at: number;
  updated_at: number;
}
