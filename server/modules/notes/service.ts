/**
 * Private notes (issue 11 item 4, ADR 037): one note per member and profile, read and changed only by its author.
 * Notes are addressed by the profile's username and the signed-in member, never by an id: there is no way to name
 * someone else's note. Writing needs plus running now; a former plus member still reads and deletes. A profile
 * the author may not see (blocked either way, paused, banned, deleted) takes no note action at all.
 */
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { NOTE_ERRORS, NOTE_MAX_LENGTH, type NoteAnswer, type NoteInput } from "../../contract/notes";
import type { ExpressionBuilder } from "kysely";
import type { DB } from "../../db/index";
import type { Database } from "../../db/schema";
import { findOwner, isListedProfile, isReachable, notBlockedWith, type ViewerContext } from "../access/index";

type Member = ViewerContext & { id: number };

/** The profile's owner, if the author may see the profile; otherwise the same 404 as the profile page. */
async function subjectOf(deps: ApiDeps, author: Member, username: string): Promise<number> {
  const row = await findOwner(deps.db, { username });
  // One's own profile takes no note: notes are about others.
  if (!row || row.id === author.id || !(await isReachable(deps, author.id, row))) {
    throw fail.notFound(NOTE_ERRORS.profileNotFound);
  }
  return row.id;
}

async function noteRow(deps: ApiDeps, authorId: number, subjectId: number) {
  return deps.db
    .selectFrom("profile_notes")
    .select(["text", "updated_at"])
    .where("author_id", "=", authorId)
    .where("subject_id", "=", subjectId)
    .executeTakeFirst();
}

/** The author's note on a profile they may see (also the note part of the profile's relation). */
export async function noteOn(deps: ApiDeps, author: Member, subjectId: number): Promise<NoteAnswer> {
  const row = await noteRow(deps, author.id, subjectId);
  return {
    text: row?.text ?? null,
    updated_at: row?.updated_at ?? null,
    can_write: author.entitlements.may("notes"),
    max_length: NOTE_MAX_LENGTH,
  };
}

/** GET /profiles/{username}/notes. */
export async function readNote(deps: ApiDeps, author: Member, username: string): Promise<NoteAnswer> {
  return noteOn(deps, author, await subjectOf(deps, author, username));
}

/** PUT /profiles/{username}/notes: writes or changes the note (plus only). */
export async function writeNote(deps: ApiDeps, author: Member, username: string, input: NoteInput): Promise<NoteAnswer> {
  const subjectId = await subjectOf(deps, author, username);
  if (!author.entitlements.may("notes")) throw fail.forbidden(NOTE_ERRORS.plusRequired);
  const now = deps.clock.now();
  await deps.db
    .insertInto("profile_notes")
    .values({ author_id: author.id, subject_id: subjectId, text: input.text, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(["author_id", "subject_id"]).doUpdateSet({ text: input.text, updated_at: now }))
    .execute();
  return noteOn(deps, author, subjectId);
}

/** DELETE /profiles/{username}/notes: also for a former plus member; none there: no change. */
export async function deleteNote(deps: ApiDeps, author: Member, username: string): Promise<NoteAnswer> {
  const subjectId = await subjectOf(deps, author, username);
  await deps.db.deleteFrom("profile_notes").where("author_id", "=", author.id).where("subject_id", "=", subjectId).execute();
  return noteOn(deps, author, subjectId);
}

/**
 * The author's notes on these members, for lists (favorites, visitors): member id → text. Only the author's own
 * notes are ever read; members without a note are absent. The caller decides which members the list may show.
 */
export async function notesFor(deps: ApiDeps, authorId: number, userIds: readonly number[]): Promise<Map<number, string>> {
  const notes = new Map<number, string>();
  if (userIds.length === 0) return notes;
  const rows = await deps.db
    .selectFrom("profile_notes")
    .select(["subject_id", "text"])
    .where("author_id", "=", authorId)
    .where("subject_id", "in", [...new Set(userIds)])
    .execute();
  for (const row of rows) notes.set(row.subject_id, row.text);
  return notes;
}

/**
 * The author's notes for their data export (ADR 059), on the profiles they may see now, as the notes are shown: a
 * note on a member who blocked them or paused stays out while the profile is out of reach (the export must not
 * tell the author they were blocked) and comes back with it. Notes others wrote about the author are never theirs.
 */
export async function notesForExport(db: DB, authorId: number) {
  return db
    .selectFrom("profile_notes")
    .innerJoin("users", "users.id", "profile_notes.subject_id")
    .innerJoin("profiles", "profiles.user_id", "users.id")
    .where((eb) => isListedProfile(eb as unknown as Parameters<typeof isListedProfile>[0]))
    .where((eb) => notBlockedWith(eb as unknown as ExpressionBuilder<Database, "users">, authorId))
    .where("profile_notes.author_id", "=", authorId)
    .select(["users.username as profile", "profile_notes.text", "profile_notes.created_at", "profile_notes.updated_at"])
    .orderBy("profile_notes.created_at")
    .execute();
}
