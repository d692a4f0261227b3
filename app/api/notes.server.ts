/** The private notes on profiles (spec section 7 "profiles … notes"; ADR 037), as the web tier calls them. */
import type { NoteAnswer, NoteInput } from "#server/contract/notes";
import type { Camelize } from "./camelize";
import type { ApiClient, ApiResult } from "./client.server";

export type NoteData = Camelize<NoteAnswer>;

/** PUT /profiles/{username}/notes. */
export function writeNote(api: ApiClient, username: string, body: NoteInput): Promise<ApiResult<NoteData>> {
  return api.call<NoteData>(`/api/v2/profiles/${encodeURIComponent(username)}/notes`, { method: "PUT", body, handleErrors: true });
}

/** DELETE /profiles/{username}/notes. */
export function deleteNote(api: ApiClient, username: string): Promise<ApiResult<NoteData>> {
  return api.call<NoteData>(`/api/v2/profiles/${encodeURIComponent(username)}/notes`, { method: "DELETE", handleErrors: true });
}
