import type { Context } from "hono";
import { fail } from "../../api/errors";
import { ok } from "../../api/router";
import type { ApiEnv } from "../../api/types";
import type { ModuleContext } from "../../api/module-context";
import { isValidProfileUsername } from "../../contract/validation";
import { profileExtrasOps } from "../../contract/operations/profile-extras";
import { viewerContext } from "../access/index";
import { PROFILE_NOT_FOUND } from "../profiles/index";
import { saveInterviews, savePreferredDates, visibleBusinessReviews, visibleInterviews, visiblePreferredDates } from "./service";

const TAG = "profiles";
const VISIBILITY_NOTE =
  " 404 when the profile does not exist, is not listed (inactive, paused, hidden, unfinished registration) or a block separates viewer and owner; " +
  "403 exception.profile.members_only for guests on a members-only profile.";

/** A name no profile address can have names nobody: 404 before any lookup. */
function usernameOf(c: Context<ApiEnv>): string {
  const username = c.req.param("username") ?? "";
  if (username === "" || !isValidProfileUsername(username)) throw fail.notFound(PROFILE_NOT_FOUND);
  return username;
}

/** The viewer, and the cache rule of the profile reads: guests share an answer; a member's is theirs alone. */
async function viewerOf(c: Context<ApiEnv>) {
  const viewer = await viewerContext(c.get("deps"), c.get("user"));
  c.header("Cache-Control", viewer.id === null ? "public, max-age=60" : "private, no-store");
  c.header("Vary", "Authorization, Accept-Language");
  return viewer;
}

/** Interviews, preferred dates and business reviews of a profile (spec section 7 profiles; ADR 039). */
export function registerProfileExtras({ v2 }: ModuleContext): void {
  const read = { tag: TAG, auth: "optional" as const, statuses: [403, 404] };

  v2.add(
    profileExtrasOps.interviews,
    {
      ...read,
      summary:
        "The profile's interview: answered questions of the fixed catalogue (question_key, answer ≤ 250 characters) in catalogue order, and the keys its kind of member may answer." +
        VISIBILITY_NOTE,
    },
    async (c) => {
      const username = usernameOf(c);
      return ok(c, await visibleInterviews(c.get("deps"), username, await viewerOf(c)));
    },
  );
  v2.add(
    profileExtrasOps.saveInterviews,
    {
      summary:
        "Sets the owner's answers by question key; an empty answer or null removes it, keys left out stay. 403 exception.interviews.owner_only on anyone else's profile; " +
        "400 exception.interviews.unknown_question at a key outside the owner's catalogue; 400 at a key whose answer is longer than 250 characters or fails the ProstSchG filter.",
      tag: TAG,
      auth: "required",
      statuses: [400, 401, 403],
    },
    async (c, { body, user }) => ok(c, await saveInterviews(c.get("deps"), user!.id, usernameOf(c), body)),
  );

  v2.add(
    profileExtrasOps.preferredDates,
    {
      ...read,
      summary:
        "An escort's preferred kinds of date, with their meeting options (trait meeting_option ids) and the weekdays of their working hours. 404 exception.preferred_dates.not_offered for other profiles." +
        VISIBILITY_NOTE,
    },
    async (c) => {
      const username = usernameOf(c);
      return ok(c, await visiblePreferredDates(c.get("deps"), username, await viewerOf(c)));
    },
  );
  v2.add(
    profileExtrasOps.savePreferredDates,
    {
      summary:
        "Replaces the owner's preferred kinds of date. 403 exception.preferred_dates.owner_only on anyone else's profile; 403 exception.preferred_dates.not_offered for members who are not escorts.",
      tag: TAG,
      auth: "required",
      statuses: [400, 401, 403],
    },
    async (c, { body, user }) => ok(c, await savePreferredDates(c.get("deps"), user!.id, usernameOf(c), body)),
  );

  v2.add(
    profileExtrasOps.businessReviews,
    {
      ...read,
      statuses: [400, 403, 404],
      summary:
        "A business's published date reviews, newest first, 10 a page (page 1–1000); texts locked (null) for readers who do not read them for free (ADR 047); an empty page when the business hides its reviews. 404 exception.business_reviews.not_a_business for other profiles." +
        VISIBILITY_NOTE,
    },
    async (c, { query }) => {
      const username = usernameOf(c);
      return ok(c, await visibleBusinessReviews(c.get("deps"), username, await viewerOf(c), query.page));
    },
  );
}
