import type { Context } from "hono";
import { fail } from "../../api/errors";
import { ok } from "../../api/router";
import type { ApiEnv } from "../../api/types";
import type { ModuleContext } from "../../api/module-context";
import { NOTE_ERRORS, NOTE_MAX_LENGTH } from "../../contract/notes";
import { isValidProfileUsername } from "../../contract/validation";
import { notesOps } from "../../contract/operations/notes";
import { viewerContext } from "../access/index";
import { deleteNote, readNote, writeNote } from "./service";

/** The signed-in author and the profile's username (a name no profile can have: 404 before any lookup). */
async function resolve(c: Context<ApiEnv>) {
  const username = c.req.param("username") ?? "";
  if (!isValidProfileUsername(username) || username === "") throw fail.notFound(NOTE_ERRORS.profileNotFound);
  const deps = c.get("deps");
  const viewer = await viewerContext(deps, c.get("user"));
  if (viewer.id === null) throw fail.unauthorized();
  return { deps, author: { ...viewer, id: viewer.id }, username };
}

const WHO =
  " Only the signed-in member's own note on that profile exists for them; 404 exception.profile.not_found for profiles they may not see (blocked either way, paused, banned) and for their own.";

/** Notes on profiles (spec section 7 "profiles … notes", section 6 plus benefit; ADR 037). */
export function registerNotes({ v2 }: ModuleContext): void {
  const base = { tag: "profiles", auth: "required" as const };
  v2.add(
    notesOps.read,
    {
      ...base,
      summary: `The member's private note on this profile (text null: none).${WHO}`,
      statuses: [401, 404],
    },
    async (c) => {
      const { deps, author, username } = await resolve(c);
      return ok(c, await readNote(deps, author, username));
    },
  );
  v2.add(
    notesOps.write,
    {
      ...base,
      summary: `Writes or changes the note (text, 1–${NOTE_MAX_LENGTH} characters after trimming). Plus running now: else 403 exception.notes.plus_required.${WHO}`,
      statuses: [400, 401, 403, 404],
    },
    async (c, { body }) => {
      const { deps, author, username } = await resolve(c);
      return ok(c, await writeNote(deps, author, username, body));
    },
  );
  v2.add(
    notesOps.remove,
    {
      ...base,
      summary: `Deletes the note (also after plus has ended); none there: no change.${WHO}`,
      statuses: [401, 404],
    },
    async (c) => {
      const { deps, author, username } = await resolve(c);
      return ok(c, await deleteNote(deps, author, username));
    },
  );
}
