/** The note part of a profile's relation to its viewer (contract/profile-relation). */
import type { ApiDeps } from "../../api/types";
import type { NoteRelation } from "../../contract/profile-relation";
import type { ViewerContext } from "../access";
import { noteOn } from "./service";

/** Called for a signed-in viewer on a profile they may see (not their own). */
export async function noteRelation(deps: ApiDeps, viewer: ViewerContext & { id: number }, ownerId: number): Promise<NoteRelation | null> {
  const note = await noteOn(deps, viewer, ownerId);
  return { text: note.text, can_write: note.can_write };
}
