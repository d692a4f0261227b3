import { fail } from "../../api/errors";
import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import {
  FRIEND_CANCEL_COOLDOWN_MS,
  FRIEND_ERRORS,
  FRIEND_OPEN_REQUESTS_MAX,
  FRIEND_RECEIVED_REQUESTS_MAX,
  FRIEND_REJECT_COOLDOWN_MS,
  FRIEND_REQUESTS_PER_DAY,
  FRIENDS_MAX,
} from "../../contract/friends";
import { isValidProfileUsername } from "../../contract/validation";
import { friendsOps } from "../../contract/operations/friends";
import { acceptFriend, denyFriend, friendList, linkWith, requestFriend, unfriend } from "./service";

/** A name no username can have names nobody: 404 before any lookup. */
function usernameOf(raw: string | undefined): string {
  if (!raw || !isValidProfileUsername(raw)) throw fail.notFound(FRIEND_ERRORS.userNotFound);
  return raw;
}

const DAYS = (ms: number) => Math.round(ms / (24 * 60 * 60 * 1000));
const KEYS =
  " The link's id and key come from GET /friends or the profile's relation; a wrong key, another member's link or a link that is no longer open answer 404 exception.friends.not_found. A block either way refuses it (404).";

/** The friends group (spec section 7 "friends"; ADR 037). Every route answers for the signed-in member only. */
export function registerFriends({ v2 }: ModuleContext): void {
  const base = { tag: "friends", auth: "required" as const };
  v2.add(
    friendsOps.list,
    {
      ...base,
      summary: `One tab of the member's friend links (type friends | received | sent, page), newest first, with the counts of all tabs. Members the viewer may not see (blocked, paused, banned, deleted) are left out. Friends at most ${FRIENDS_MAX}.`,
      statuses: [400, 401],
    },
    async (c, { user, query }) => ok(c, await friendList(c.get("deps"), user!.id, query.type, query.page)),
  );
  v2.add(
    friendsOps.request,
    {
      ...base,
      summary: `Asks a member for friendship; again while open: no change. 400 exception.friends.self; 403 own_profile_hidden while the asker's own profile is not listed (paused…); 404 for names the member may not see; 409 already_friends, request_received (answer theirs), cool_down (${DAYS(FRIEND_REJECT_COOLDOWN_MS)} days after a rejection, ${DAYS(FRIEND_CANCEL_COOLDOWN_MS)} after a cancel), friends_limit (${FRIENDS_MAX}), open_limit (${FRIEND_OPEN_REQUESTS_MAX} open), receiver_full (${FRIEND_RECEIVED_REQUESTS_MAX} waiting); 429 daily_limit (${FRIEND_REQUESTS_PER_DAY} a day).`,
      statuses: [400, 401, 403, 404, 409, 429],
    },
    async (c, { user }) => ok(c, await requestFriend(c.get("deps"), user!.id, usernameOf(c.req.param("username")))),
  );
  v2.add(
    friendsOps.accept,
    {
      ...base,
      summary: `The receiver accepts a request with its accept key (body link_id, key). 409 when either member has ${FRIENDS_MAX} friends.${KEYS}`,
      statuses: [400, 401, 404, 409],
    },
    async (c, { user, body }) => ok(c, await acceptFriend(c.get("deps"), user!.id, body)),
  );
  v2.add(
    friendsOps.reject,
    {
      ...base,
      summary: `The receiver rejects a request with its deny key (body link_id, key); the sender may ask again after ${DAYS(FRIEND_REJECT_COOLDOWN_MS)} days.${KEYS}`,
      statuses: [400, 401, 404],
    },
    async (c, { user, body }) => ok(c, await denyFriend(c.get("deps"), user!.id, body, "receiver")),
  );
  v2.add(
    friendsOps.cancel,
    {
      ...base,
      summary: `The sender withdraws their request with its deny key (body link_id, key).${KEYS}`,
      statuses: [400, 401, 404],
    },
    async (c, { user, body }) => ok(c, await denyFriend(c.get("deps"), user!.id, body, "sender")),
  );
  v2.add(
    friendsOps.unfriend,
    {
      ...base,
      summary:
        "Either friend ends the friendship by the link's id. 404 for a link that is not the member's friendship, or when a block separates them.",
      statuses: [401, 404],
    },
    async (c, { user }) => ok(c, await unfriend(c.get("deps"), user!.id, rowIdParam(c.req.param("id"), FRIEND_ERRORS.notFound))),
  );
  v2.add(
    friendsOps.accepted,
    {
      ...base,
      summary:
        "The link with this member as the viewer sees it: state none | request_sent | request_received | friends, with the viewer's keys. 404 for names the viewer may not see.",
      statuses: [400, 401, 404],
    },
    async (c, { user }) => ok(c, await linkWith(c.get("deps"), user!.id, usernameOf(c.req.param("username")))),
  );
}
