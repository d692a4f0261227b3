/** The note forms of the profile page (issue 11). */
import type { ProfileActionHandler } from "./types";

export const NOTE_ACTIONS: Record<string, ProfileActionHandler> = {};
