/**
 * What a signed-in viewer has to do with a profile (issue 11): the `relation` of GET /profiles/{username}/detail.
 * The profile page offers only the actions this says are open; the API enforces the same rules on each action.
 * Guests get `null` (they see the sign-up prompt). On the owner's own profile every part is null or false.
 */

/** Favorites (spec section 3/7 "favorite"): whether the viewer keeps this profile. */
export interface FavoriteRelation {
  is_favorite: boolean;
}

/**
 * Friend links (spec section 4 "Friend links"): the link's state seen from the viewer.
 * `request_sent`: the viewer asked and may cancel (deny key); `request_received`: the profile's owner asked and the
 * viewer may accept (accept key) or reject (deny key); `friends`: either may unfriend (link id).
 */
export type FriendState = "none" | "request_sent" | "request_received" | "friends";

export interface FriendRelation {
  state: FriendState;
  link_id: number | null;
  /** Only for the member the key belongs to: the receiver's accept key while a request is open to them. */
  accept_key: string | null;
  /** The deny key: the sender cancels with it, the receiver rejects with it. */
  deny_key: string | null;
  /** Whether a new request may be sent now (state none and the other member accepts requests). */
  can_request: boolean;
  /**
   * Why not, in state none with `can_request` false: `cool_down` (the viewer's last request was rejected or
   * cancelled a short while ago), `own_profile_hidden` (the viewer's own profile is paused, unfinished or not
   * visible). Null otherwise.
   */
  request_blocked_reason: FriendRequestBlockedReason | null;
}

export type FriendRequestBlockedReason = "cool_down" | "own_profile_hidden";

/** The viewer's private note on this profile (plus members, spec section 6 "notes"). */
export interface NoteRelation {
  text: string | null;
  /** Plus running now: the note can be written or changed. A former plus member still reads their note. */
  can_write: boolean;
}

export interface ProfileRelation {
  favorite: FavoriteRelation | null;
  friend: FriendRelation | null;
  note: NoteRelation | null;
  /** Report this profile (members; guests use the public notice form). */
  can_report: boolean;
  /** Block this member (spec section 7 "block"). */
  can_block: boolean;
}

/** The relation on one's own profile and for guests: nothing to offer. */
export const NO_RELATION: ProfileRelation = { favorite: null, friend: null, note: null, can_report: false, can_block: false };
