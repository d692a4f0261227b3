/** The private notes on profiles (spec section 7 "profiles … notes"; ADR 037), as the web tier calls them. */
import type { NoteInput } from "#server/contract/notes";
import { notesOps } from "#server/contract/operations/notes";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type NoteData = DataOf<typeof notesOps.write>;

/** PUT /profiles/{username}/notes. */
export function writeNote(api: ApiClient, username: string, body: NoteInput): Promise<ApiResult<NoteData>> {
  return api.op(notesOps.write, { params: { username }, body, handleErrors: true });
}

/** DELETE /profiles/{username}/notes. */
export function deleteNote(api: ApiClient, username: string): Promise<ApiResult<NoteData>> {
  return api.op(notesOps.remove, { params: { username }, handleErrors: true });
}
