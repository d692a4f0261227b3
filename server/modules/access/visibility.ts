/**
 * Who may see which profile and which media: the one place for these rules
 * (profile pages, the profiles group, the directory and the sitemap use it).
 */
import type { ExpressionBuilder } from "kysely";
import { fail } from "../../api/errors";
import { precompiled, type Slots } from "../../db/precompiled";
import type { ApiDeps, AuthUser } from "../../api/types";
import { EMAIL_VERIFICATION_REQUIRED, mustVerifyEmail, VERIFIED_EMAIL_NEEDED, type MemberAction } from "../../contract/email-verification";
import { MEDIA_STATUS, MEDIA_VISIBILITY, type MediaVisibility } from "../../contract/media";
import { isStaffUserType } from "../../contract/moderation";
import { MEMBERS_ONLY_USER_TYPES } from "../../contract/profiles";
import { REGISTER_COMPLETED_STEP, USER_TYPE } from "../../contract/users";
import type { Database } from "../../db/schema";
import { ageSessionOpenSql, existsAnswer } from "./age-gate";
import { entitlementsOf, NO_ENTITLEMENTS, PLUS_COLUMNS, type Entitlements } from "./entitlements";

/** Profiles of these types are public pages; backend and team accounts are not. */
export const PROFILE_USER_TYPES = [USER_TYPE.client, USER_TYPE.escort, USER_TYPE.business] as const;

/** What the rules need to know about the person looking. */
export interface ViewerContext {
  /** null for guests. */
  id: number | null;
  userType: number;
  /** What plus gives this viewer now (the entitlements kernel): `entitlements.plus`, `entitlements.may(benefit)`. */
  entitlements: Entitlements;
  /**
   * Adult (fsk18) media need a verified age (DESIGN §8, JMStV § 4): verified by the provider's webhook and
   * authenticated in this login session (access/age-gate.ts, ADR 105). Only a viewer built from a token knows it.
   */
  isAgeVerified: boolean;
  /** The address still needs verification: messaging and posting wait for it (contract/email-verification). */
  mustVerifyEmail: boolean;
}

export const GUEST_VIEWER: ViewerContext = {
  id: null,
  userType: USER_TYPE.guest,
  entitlements: NO_ENTITLEMENTS,
  isAgeVerified: false,
  mustVerifyEmail: false,
};

/**
 * The viewer behind a caller. With the caller's token (`tokenId`, as the API's request user carries it) the fsk18
 * closed user group is asked too; a viewer built from a bare id (a job, a counterpart) never opens fsk18 content.
 */
export async function viewerContext(
  deps: ApiDeps,
  user: (Pick<AuthUser, "id"> & Partial<Pick<AuthUser, "tokenId">>) | null,
): Promise<ViewerContext> {
  if (!user) return GUEST_VIEWER;
  const tokenId = user.tokenId;
  const [row] =
    tokenId === undefined
      ? await viewerRow(deps.db, { userId: user.id })
      : await viewerRowWithAgeSession(deps.db, { userId: user.id, tokenId });
  if (!row) return GUEST_VIEWER;
  const viewer = viewerContextOf(user.id, row, deps.clock.now());
  return "age_session_open" in row ? { ...viewer, isAgeVerified: existsAnswer(row.age_session_open) } : viewer;
}

/** The users columns a viewer context is made of (callers that already read the member's row add these). */
export const VIEWER_COLUMNS = [...PLUS_COLUMNS, "user_type", "email_verified_at", "email_was_verified", "is_bounced_email"] as const;

// The viewer's row on nearly every signed-in request (lists, profiles, search): built once (ADR 148, ADR 160).
const viewerRow = precompiled((db, slot: Slots<{ userId: number }>) =>
  db
    .selectFrom("users")
    .select([...VIEWER_COLUMNS])
    .where("id", "=", slot("userId")),
);
const viewerRowWithAgeSession = precompiled((db, slot: Slots<{ userId: number; tokenId: number }>) =>
  db
    .selectFrom("users")
    .select([...VIEWER_COLUMNS])
    .select((eb) => ageSessionOpenSql(eb, slot("tokenId")).as("age_session_open"))
    .where("id", "=", slot("userId")),
);

/** The viewer context from a users row read elsewhere (the messenger reads it with the member's other columns). */
export function viewerContextOf(
  id: number,
  row: {
    is_member: number;
    member_until: number | null;
    user_type: number;
    email_verified_at: number | null;
    email_was_verified: number;
    is_bounced_email: number;
  },
  now: number,
): ViewerContext {
  return {
    id,
    userType: row.user_type,
    entitlements: entitlementsOf(row, now),
    isAgeVerified: false,
    mustVerifyEmail: mustVerifyEmail({
      isEmailVerified: row.email_verified_at !== null && row.is_bounced_email === 0,
      emailWasVerified: row.email_was_verified === 1,
      isBouncedEmail: row.is_bounced_email === 1,
    }),
  };
}

/**
 * The guard of member actions that reach others or publish (message, date
 * request, review, post): 403 exception.email_verification.required while
 * the viewer's address needs verification. Guests are the caller's concern
 * (those routes require a token).
 */
export function assertMayAct(viewer: ViewerContext, action: MemberAction): void {
  if (verifyFirst(viewer, action)) throw fail.forbidden(EMAIL_VERIFICATION_REQUIRED);
}

/** Whether this viewer must verify their address before `action`. */
export function verifyFirst(viewer: ViewerContext, action: MemberAction): boolean {
  return viewer.id !== null && VERIFIED_EMAIL_NEEDED[action] && viewer.mustVerifyEmail;
}

/**
 * The media visibilities a viewer may see on someone else's profile:
 * public for everyone; logged_in for members; plus_member for plus members;
 * fsk18 for age-verified viewers; private never (only the owner).
 */
export function visibleMediaLevels(viewer: ViewerContext): MediaVisibility[] {
  const levels: MediaVisibility[] = ["public"];
  if (viewer.id !== null) levels.push("logged_in");
  if (viewer.id !== null && viewer.entitlements.may("exclusive_media")) levels.push("plus_member");
  if (viewer.id !== null && viewer.isAgeVerified) levels.push("fsk18");
  return levels;
}

/** The owner sees every level of their own media. */
export function mediaLevelsFor(viewer: ViewerContext, ownerId: number): readonly MediaVisibility[] {
  return viewer.id === ownerId ? MEDIA_VISIBILITY : visibleMediaLevels(viewer);
}

/** What the rules need to know about a profile's owner (users joined with profiles; profile columns null without a profile). */
export interface OwnerState {
  id: number;
  status: string;
  user_type: number;
  register_completed_step: number;
  is_visible: number | null;
  members_only: number | null;
}

/**
 * What a media row's owner state is read from: `media` joined with its owner in `users` and left-joined with
 * `profiles` (the media file and the report by id both ask mediaAccess about a row read this way).
 */
export const MEDIA_OWNER_COLUMNS = [
  "media.user_id",
  "users.status as owner_status",
  "users.user_type",
  "users.register_completed_step",
  "profiles.is_visible",
  "profiles.members_only",
] as const;

/** The OwnerState of a row read with MEDIA_OWNER_COLUMNS. */
export function mediaOwnerOf(row: Omit<OwnerState, "id" | "status"> & { user_id: number; owner_status: string }): OwnerState {
  return {
    id: row.user_id,
    status: row.owner_status,
    user_type: row.user_type,
    register_completed_step: row.register_completed_step,
    is_visible: row.is_visible,
    members_only: row.members_only,
  };
}

/** The same rule as isListedProfile below, for a row already read. */
export function isListedOwner(owner: OwnerState): boolean {
  return (
    owner.status === "active" &&
    owner.register_completed_step >= REGISTER_COMPLETED_STEP &&
    (PROFILE_USER_TYPES as readonly number[]).includes(owner.user_type) &&
    owner.is_visible === 1
  );
}

/**
 * A profile that would be listed but for its owner's pause (ADR 026): its page tells visitors it is paused instead
 * of answering "not found" (issue 25 item 7, ADR 070). Deactivated, banned and unfinished accounts stay unknown.
 */
export function isPausedOwner(owner: OwnerState): boolean {
  return owner.status === "paused" && isListedOwner({ ...owner, status: "active" });
}

/**
 * Who may see a media file (ADR 017): the answer of every media URL.
 * - Accounts that are banned or deleted show nothing, to anyone.
 * - The owner sees every own photo, in any state (the registration photo step shows
 *   photos of an unfinished account; a paused member still manages their gallery).
 * - Team and backend accounts see every photo, in any state: they moderate them (ADR 030).
 * - Everyone else sees accepted photos of a listed profile (active, registration
 *   finished, visible: not paused, deactivated, claimable or hidden), not across a
 *   block, not a members-only profile as a guest, and only at a visibility level
 *   the viewer has (visibleMediaLevels).
 * - A valid grant (a page the API authorised another way, the claim preview) opens an
 *   accepted photo of an account that is not banned or deleted.
 * "shared" means the same answer for every viewer (a guest may see it): shared caches may keep it.
 */
export function mediaAccess(
  viewer: ViewerContext,
  owner: OwnerState,
  media: { visibility: string; status: number },
  relation: { blocked: boolean; granted: boolean },
): "shared" | "private" | null {
  if (owner.status === "banned" || owner.status === "deleted") return null;
  if (viewer.id === owner.id) return "private";
  // The back office sees what it moderates, in any state (ADR 030).
  if (viewer.id !== null && isStaffUserType(viewer.userType)) return "private";
  if (media.status !== MEDIA_STATUS.accepted) return null;
  if (relation.granted) return "private";
  if (!isListedOwner(owner) || relation.blocked) return null;
  if (viewer.id === null && owner.members_only === 1) return null;
  if (!visibleMediaLevels(viewer).includes(media.visibility as MediaVisibility)) return null;
  return media.visibility === "public" && owner.members_only === 0 ? "shared" : "private";
}

type ProfileQueryTables = Database & { users: Database["users"]; profiles: Database["profiles"] };

/**
 * A listed profile: an active account that finished registration and shows
 * its profile (not paused, deactivated, banned, deleted or hidden).
 * Expects `users` joined with `profiles`.
 */
export function isListedProfile(eb: ExpressionBuilder<ProfileQueryTables, "users" | "profiles">) {
  return eb.and([
    eb("users.status", "=", "active"),
    eb("users.register_completed_step", ">=", REGISTER_COMPLETED_STEP),
    eb("users.user_type", "in", [...PROFILE_USER_TYPES]),
    eb("profiles.is_visible", "=", 1),
  ]);
}

/**
 * Visible to guests: not members-only by the owner's choice nor by its type
 * (contract/profiles MEMBERS_ONLY_USER_TYPES: clients). Expects `users`
 * joined with `profiles`.
 */
export function isGuestVisible(eb: ExpressionBuilder<ProfileQueryTables, "users" | "profiles">) {
  return eb.and([eb("profiles.members_only", "=", 0), eb("users.user_type", "not in", [...MEMBERS_ONLY_USER_TYPES])]);
}

/**
 * Listed and not hidden by its owner (user/search_visibility, ADR 028): what lists of profiles show —
 * search (search_profiles holds only these), the directory, nearby, autocomplete, sitemaps. A hidden
 * profile's own page stays reachable by its address (isListedProfile/isListedOwner decide that).
 */
export function isFindableProfile(eb: ExpressionBuilder<ProfileQueryTables, "users" | "profiles">) {
  return eb.and([isListedProfile(eb), eb("profiles.search_hidden", "=", 0)]);
}

/** Findable and visible to guests: the lists crawlers, shared caches and sitemaps may see. */
export function isGuestVisibleProfile(eb: ExpressionBuilder<ProfileQueryTables, "users" | "profiles">) {
  return eb.and([isFindableProfile(eb), isGuestVisible(eb)]);
}

/** The same rule on the search table's rows (they carry user_type and members_only). */
export function isGuestVisibleSearchRow(eb: ExpressionBuilder<Database, "search_profiles">) {
  return eb.and([eb("search_profiles.members_only", "=", 0), eb("search_profiles.user_type", "not in", [...MEMBERS_ONLY_USER_TYPES])]);
}
