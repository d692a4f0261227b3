/** The report forms of the profile page (issue 11). */
import type { ProfileActionHandler } from "./types";

export const REPORT_ACTIONS: Record<string, ProfileActionHandler> = {};
