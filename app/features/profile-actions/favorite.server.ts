/** The favorite forms of the profile page (issue 11). */
import type { ProfileActionHandler } from "./types";

export const FAVORITE_ACTIONS: Record<string, ProfileActionHandler> = {};
