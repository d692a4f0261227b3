/** The friend forms of the profile page (issue 11). */
import type { ProfileActionHandler } from "./types";

export const FRIEND_ACTIONS: Record<string, ProfileActionHandler> = {};
