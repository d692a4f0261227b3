/**
 * Friend links (issue 11 item 3; spec section 4 "Friend links", section 7 "friends"; ADR 037).
 *
 * One link per pair of members, whatever the direction. A member asks (request); the other accepts with the
 * accept key or rejects with the deny key; the asker cancels with the deny key; either friend unfriends by the
 * link's id. The keys are random (32 bytes, base64url), new for every request, and bound to the link and to the
 * member who may use them: the API gives the accept key only to the receiver, the deny key only to the two members
 * of the link, and checks the signed-in member's side on every use. A wrong key, another member's link or a link
 * that is gone all answer the same 404.
 */
import * as v from "valibot";
import { pageQueryParam } from "./paging";
import { MAX_ROW_ID } from "./row-id";
import type { FriendRelation } from "./profile-relation";

/** Friends a member can have (accepted links). A mature community's scale; the block list allows 500 as well. */
export const FRIENDS_MAX = 500;
/** Requests a member may have open (sent, not yet answered) at a time. */
export const FRIEND_OPEN_REQUESTS_MAX = 50;
/** Requests a member may have waiting for their answer; beyond it new requests to them are refused. */
export const FRIEND_RECEIVED_REQUESTS_MAX = 200;
/** New requests a member may send in a day (a sliding window), cancelled ones included. */
export const FRIEND_REQUESTS_PER_DAY = 30;
/** After a rejection the sender may ask the same member again only after this (the receiver may ask any time). */
export const FRIEND_REJECT_COOLDOWN_MS = 30 * 24 * 60 * 60 * 1000;
/** After cancelling, the sender may ask the same member again only after this (no request–cancel loops). */
export const FRIEND_CANCEL_COOLDOWN_MS = 24 * 60 * 60 * 1000;
/** Entries per page of the friend list and its request tabs. */
export const FRIEND_LIST_PAGE_SIZE = 20;
/** A key's length: 32 random bytes in base64url without padding. */
export const FRIEND_KEY_LENGTH = 43;

/** The tabs of GET /friends: accepted friends, requests to the member, requests by the member. */
export const FRIEND_LIST_TYPES = ["friends", "received", "sent"] as const;
export type FriendListType = (typeof FRIEND_LIST_TYPES)[number];

/** A link's stored status; rejected and cancelled rows remain only to time the cool-down. */
export const FRIEND_LINK_STATUSES = ["pending", "accepted", "rejected", "cancelled"] as const;
export type FriendLinkStatus = (typeof FRIEND_LINK_STATUSES)[number];

export const FRIEND_ERRORS = {
  /** Unknown member, a profile the member may not see (blocked either way, paused, banned…), a wrong key or link. */
  userNotFound: "exception.friends.user_not_found",
  notFound: "exception.friends.not_found",
  self: "exception.friends.self",
  /** The asker's own profile is not listed (paused, unfinished, a back office account): the other could not see the request. */
  ownProfileHidden: "exception.friends.own_profile_hidden",
  alreadyFriends: "exception.friends.already_friends",
  /** The other member asked first: answer their request instead. */
  requestReceived: "exception.friends.request_received",
  coolDown: "exception.friends.cool_down",
  friendsLimit: `exception.friends.friends_limit?max=${FRIENDS_MAX}`,
  otherFriendsLimit: "exception.friends.other_friends_limit",
  openLimit: `exception.friends.open_limit?max=${FRIEND_OPEN_REQUESTS_MAX}`,
  receiverFull: "exception.friends.receiver_full",
  dailyLimit: `exception.friends.daily_limit?max=${FRIEND_REQUESTS_PER_DAY}`,
} as const;

/** GET /friends: one tab, one page. Unknown parameters are refused. */
export const friendListQuerySchema = v.strictObject(
  { type: v.optional(v.picklist(FRIEND_LIST_TYPES, "validation.invalid"), "friends"), page: pageQueryParam },
  "validation.invalid",
);

const linkId = v.pipe(
  v.number(FRIEND_ERRORS.notFound),
  v.integer(FRIEND_ERRORS.notFound),
  v.minValue(1, FRIEND_ERRORS.notFound),
  v.maxValue(MAX_ROW_ID, FRIEND_ERRORS.notFound),
);
const key = v.pipe(v.string(FRIEND_ERRORS.notFound), v.regex(/^[A-Za-z0-9_-]{43}$/, FRIEND_ERRORS.notFound));

/** POST /friends/accept, /friends/reject, /friends/cancel: the link and the key for it. */
export const friendKeySchema = v.object({ link_id: linkId, key }, "validation.required");
export type FriendKeyInput = v.InferOutput<typeof friendKeySchema>;

/** One entry of a tab: the other member, and the keys this member holds for the link. */
export interface FriendListItem {
  link_id: number;
  username: string;
  display_name: string;
  user_type: number;
  city_name: string | null;
  /** Friends since (accepted) or asked at (requests), ms since epoch. */
  since: number;
  /** Received requests only. */
  accept_key: string | null;
  /** Received (reject) and sent (cancel) requests. */
  deny_key: string | null;
}

/** GET /friends. Counts cover every tab; members the viewer may not see (blocked, paused, banned) are left out. */
export interface FriendList {
  type: FriendListType;
  items: FriendListItem[];
  page: number;
  page_size: number;
  total: number;
  counts: Record<FriendListType, number>;
  limits: { friends_max: number; open_requests_max: number };
}

/** The answer of request, accept, reject, cancel, unfriend and GET /friends/{username}/accepted: the link as the viewer now sees it. */
export type FriendLinkAnswer = FriendRelation & { username: string };
