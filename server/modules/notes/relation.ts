/** The note part of a profile's relation to its viewer (contract/profile-relation). */
import type { ApiDeps } from "../../api/types";
import type { NoteRelation } from "../../contract/profile-relation";
import type { ViewerContext } from "../access";

export async function noteRelation(
  _deps: ApiDeps,
  _viewer: ViewerContext & { id: number },
  _ownerId: number,
): Promise<NoteRelation | null> {
  // Filled by the notes group (issue 11 item 4).
  return null;
}
