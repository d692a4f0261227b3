/**
 * Friend links (issue 11 item 3, ADR 037): request, accept with the accept key, reject and cancel with the deny key,
 * unfriend by the link's id. Every rule and every check of who may touch a link is here:
 * - a link is only ever read for one of its two members, and a key only works for the member it was given to;
 *   a wrong key, another member's link or a gone link all answer the same 404 (nothing to probe);
 * - a block, either way, refuses every action and hides the link; a member whose profile the other may not see
 *   (paused, deactivated, banned, unfinished, hidden by type) cannot be asked, and their links leave the lists;
 * - the limits (contract/friends) hold under parallel posts: a request or an accept locks both members first
 *   (lockMembersForLimits, ADR 058), so their counts include every other one's row.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { sql, type ExpressionBuilder } from "kysely";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  FRIEND_CANCEL_COOLDOWN_MS,
  FRIEND_ERRORS,
  FRIEND_LIST_PAGE_SIZE,
  FRIEND_OPEN_REQUESTS_MAX,
  FRIEND_RECEIVED_REQUESTS_MAX,
  FRIEND_REJECT_COOLDOWN_MS,
  FRIEND_REQUESTS_PER_DAY,
  FRIENDS_MAX,
  type FriendKeyInput,
  type FriendLinkAnswer,
  type FriendList,
  type FriendListType,
} from "../../contract/friends";
import type { FriendRelation } from "../../contract/profile-relation";
import type { DB } from "../../db/index";
import { lockMembersForLimits } from "../../db/locks";
import type { Database, FriendLinksTable } from "../../db/schema";
import { isOverLimit, recordHit, type Window } from "../../lib/rate-limit";
import { findOwner, isBlockedBetween, isListedOwner, isListedProfile, isReachable, notBlockedWith } from "../access/index";
import { notify, publishNotificationHints, type NotificationHints } from "../notifications/index";

type Link = Pick<FriendLinksTable, "sender_id" | "receiver_id" | "status" | "accept_key" | "deny_key" | "requested_at" | "answered_at"> & {
  id: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

export function pairKey(a: number, b: number): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

function newKey(): string {
  return randomBytes(32).toString("base64url");
}

/** Constant-time comparison of a presented key with the stored one. */
function keyMatches(stored: string | null, presented: string): boolean {
  if (stored === null) return false;
  const a = Buffer.from(stored);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

function dailyWindow(userId: number): Window {
  return { bucket: `friend_request:${userId}`, windowMs: DAY_MS, limit: FRIEND_REQUESTS_PER_DAY };
}

function conflict(key: string): ApiError {
  return new ApiError(409, [errorItem(409, key)]);
}

/** The member a username names, with what the visibility rule needs; undefined for unknown names. */
/**
 * The other member of a request, as the viewer may reach them: their profile is listed and no block separates
 * the two. Anyone else answers like an unknown name.
 */
async function reachableMember(deps: ApiDeps, viewerId: number, username: string): Promise<{ id: number; username: string }> {
  const row = await findOwner(deps.db, { username });
  if (row && row.id === viewerId) throw fail.badRequest(FRIEND_ERRORS.self, "username");
  if (!row || !(await isReachable(deps, viewerId, row))) throw fail.notFound(FRIEND_ERRORS.userNotFound);
  return row;
}

/** Whether the member with this id is listed (the rule of profile pages). */
async function isListedMember(db: DB, userId: number): Promise<boolean> {
  const row = await findOwner(db, { id: userId });
  return row !== undefined && isListedOwner(row);
}

async function linkOfPair(db: DB, a: number, b: number): Promise<Link | undefined> {
  return db
    .selectFrom("friend_links")
    .select(["id", "sender_id", "receiver_id", "status", "accept_key", "deny_key", "requested_at", "answered_at"])
    .where("pair_key", "=", pairKey(a, b))
    .executeTakeFirst();
}

/** The rows of a member's links whose other member they may see: listed and not blocked either way. */
function visibleLinks(db: DB, me: number) {
  return db
    .selectFrom("friend_links")
    .innerJoin("users", (join) =>
      join.on((eb) =>
        eb.or([
          eb.and([eb("friend_links.sender_id", "=", me), eb("friend_links.receiver_id", "=", eb.ref("users.id"))]),
          eb.and([eb("friend_links.receiver_id", "=", me), eb("friend_links.sender_id", "=", eb.ref("users.id"))]),
        ]),
      ),
    )
    .innerJoin("profiles", "profiles.user_id", "users.id")
    .where((eb) => isListedProfile(eb as unknown as Parameters<typeof isListedProfile>[0]))
    .where((eb) => notBlockedWith(eb as unknown as ExpressionBuilder<Database, "users">, me));
}

/**
 * The member's friend links as their lists show them (the data export, ADR 059): friends and open requests with a
 * member they may see. A link hidden by a block, or the other member's pause, stays out as it does in the lists —
 * the member is never told they were blocked — and so do the closed rows kept only to time a cool-down (a refusal
 * the product does not announce). The keys are capabilities, not data.
 */
export async function friendLinksForExport(db: DB, me: number) {
  return visibleLinks(db, me)
    .where("friend_links.status", "in", ["pending", "accepted"])
    .select((eb) => [
      "users.username as other",
      eb.case().when("friend_links.sender_id", "=", me).then("sent").else("received").end().as("direction"),
      "friend_links.status",
      "friend_links.requested_at",
      "friend_links.answered_at",
    ])
    .orderBy("friend_links.id")
    .execute();
}

type Tab = FriendListType;

function tabFilter(me: number, tab: Tab) {
  return (eb: ExpressionBuilder<Database, "friend_links">) => {
    if (tab === "friends") return eb("friend_links.status", "=", "accepted");
    const side = tab === "received" ? "friend_links.receiver_id" : "friend_links.sender_id";
    return eb.and([eb("friend_links.status", "=", "pending"), eb(side, "=", me)]);
  };
}

async function countTab(db: DB, me: number, tab: Tab): Promise<number> {
  const row = await visibleLinks(db, me)
    .where((eb) => tabFilter(me, tab)(eb as unknown as ExpressionBuilder<Database, "friend_links">))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * For the limits: every link of the tab, also those whose other member is hidden (paused, banned, unfinished)
 * or blocked. Counting only the visible ones would let a member pass FRIENDS_MAX and the request limits.
 */
async function countForLimit(db: DB, me: number, tab: Tab): Promise<number> {
  const row = await db
    .selectFrom("friend_links")
    .where((eb) => eb.or([eb("friend_links.sender_id", "=", me), eb("friend_links.receiver_id", "=", me)]))
    .where((eb) => tabFilter(me, tab)(eb))
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The link as one of its members sees it (null members: no link). */
function relationOf(link: Link | undefined, me: number, now: number): FriendRelation {
  const closed = { accept_key: null, can_request: false, request_blocked_reason: null };
  if (link?.status === "accepted") return { ...closed, state: "friends", link_id: link.id, deny_key: null };
  if (link?.status === "pending") {
    const sent = link.sender_id === me;
    return {
      ...closed,
      state: sent ? "request_sent" : "request_received",
      link_id: link.id,
      accept_key: sent ? null : link.accept_key,
      deny_key: link.deny_key,
    };
  }
  const coolingDown = coolDownEnds(link, me) > now;
  return {
    state: "none",
    link_id: null,
    accept_key: null,
    deny_key: null,
    can_request: !coolingDown,
    request_blocked_reason: coolingDown ? "cool_down" : null,
  };
}

/** When this member may ask again after a rejected or cancelled request of theirs (0: any time). */
function coolDownEnds(link: Link | undefined, me: number): number {
  if (!link || link.sender_id !== me || link.answered_at === null) return 0;
  if (link.status === "rejected") return link.answered_at + FRIEND_REJECT_COOLDOWN_MS;
  if (link.status === "cancelled") return link.answered_at + FRIEND_CANCEL_COOLDOWN_MS;
  return 0;
}

/** The friend part of a profile's relation to a signed-in viewer (the profile is already known to be visible). */
export async function friendRelation(deps: ApiDeps, viewerId: number, ownerId: number): Promise<FriendRelation> {
  const relation = relationOf(await linkOfPair(deps.db, viewerId, ownerId), viewerId, deps.clock.now());
  // Not offered while the viewer's own profile is hidden (requestFriend refuses it). That reason comes first:
  // a cool-down ends by itself, a hidden profile only by the viewer's doing.
  if (relation.state === "none" && !(await isListedMember(deps.db, viewerId)))
    return { ...relation, can_request: false, request_blocked_reason: "own_profile_hidden" };
  return relation;
}

/** GET /friends/{username}/accepted: the link with this member as the viewer sees it. */
export async function linkWith(deps: ApiDeps, viewerId: number, username: string): Promise<FriendLinkAnswer> {
  const other = await reachableMember(deps, viewerId, username);
  return { ...(await friendRelation(deps, viewerId, other.id)), username: other.username };
}

/** POST /friends/request/{username}. Again while it is open: no change. */
export async function requestFriend(deps: ApiDeps, viewerId: number, username: string): Promise<FriendLinkAnswer> {
  const other = await reachableMember(deps, viewerId, username);
  // A request shows on both sides: the other member must be able to see who asks.
  if (!(await isListedMember(deps.db, viewerId))) throw fail.forbidden(FRIEND_ERRORS.ownProfileHidden);
  const now = deps.clock.now();
  const window = dailyWindow(viewerId);
  const hints = await deps.db.transaction().execute(async (trx): Promise<NotificationHints> => {
    await lockMembersForLimits(trx, deps.dialect, "friendLinks", [viewerId, other.id]);
    const link = await linkOfPair(trx, viewerId, other.id);
    if (link?.status === "accepted") throw conflict(FRIEND_ERRORS.alreadyFriends);
    if (link?.status === "pending") {
      if (link.sender_id === viewerId) return [];
      throw conflict(FRIEND_ERRORS.requestReceived);
    }
    if (coolDownEnds(link, viewerId) > now) throw conflict(FRIEND_ERRORS.coolDown);
    if ((await countForLimit(trx, viewerId, "friends")) >= FRIENDS_MAX) throw conflict(FRIEND_ERRORS.friendsLimit);
    if ((await countForLimit(trx, other.id, "friends")) >= FRIENDS_MAX) throw conflict(FRIEND_ERRORS.otherFriendsLimit);
    if ((await countForLimit(trx, viewerId, "sent")) >= FRIEND_OPEN_REQUESTS_MAX) throw conflict(FRIEND_ERRORS.openLimit);
    if ((await countForLimit(trx, other.id, "received")) >= FRIEND_RECEIVED_REQUESTS_MAX) throw conflict(FRIEND_ERRORS.receiverFull);
    if (await isOverLimit(trx, now, window)) throw fail.tooMany(FRIEND_ERRORS.dailyLimit);
    const fresh = {
      sender_id: viewerId,
      receiver_id: other.id,
      status: "pending" as const,
      accept_key: newKey(),
      deny_key: newKey(),
      requested_at: now,
      answered_at: null,
    };
    let linkId: number;
    if (link) {
      await trx.updateTable("friend_links").set(fresh).where("id", "=", link.id).execute();
      linkId = link.id;
    } else {
      const inserted = await trx
        .insertInto("friend_links")
        .values({ ...fresh, pair_key: pairKey(viewerId, other.id) })
        .returning("id")
        .executeTakeFirstOrThrow();
      linkId = inserted.id;
    }
    await recordHit(trx, now, window);
    return notify(deps, trx, {
      userId: other.id,
      event: "friend_request",
      actorId: viewerId,
      subject: { type: "friend_link", id: linkId },
      url: "user/friends?tab=received",
    });
  });
  await publishNotificationHints(deps, hints);
  return { ...(await friendRelation(deps, viewerId, other.id)), username: other.username };
}

/** A pending link of this member's, found by id and key; everything else is the same 404. */
async function pendingLinkFor(
  deps: ApiDeps,
  trx: DB,
  viewerId: number,
  input: FriendKeyInput,
  side: "sender" | "receiver",
  keyKind: "accept" | "deny",
): Promise<Link & { otherId: number }> {
  const link = await trx
    .selectFrom("friend_links")
    .select(["id", "sender_id", "receiver_id", "status", "accept_key", "deny_key", "requested_at", "answered_at"])
    .where("id", "=", input.link_id)
    .executeTakeFirst();
  const mine = link && (side === "sender" ? link.sender_id : link.receiver_id) === viewerId;
  const key = link ? (keyKind === "accept" ? link.accept_key : link.deny_key) : null;
  if (!link || !mine || link.status !== "pending" || !keyMatches(key, input.key)) throw fail.notFound(FRIEND_ERRORS.notFound);
  const otherId = side === "sender" ? link.receiver_id : link.sender_id;
  // A block hides the link from both members and refuses every action on it.
  if (await isBlockedBetween({ ...deps, db: trx }, viewerId, otherId)) throw fail.notFound(FRIEND_ERRORS.notFound);
  return { ...link, otherId };
}

async function answerFor(deps: ApiDeps, viewerId: number, otherId: number): Promise<FriendLinkAnswer> {
  const other = await deps.db.selectFrom("users").select("username").where("id", "=", otherId).executeTakeFirstOrThrow();
  return { ...(await friendRelation(deps, viewerId, otherId)), username: other.username };
}

/** POST /friends/accept: the receiver, with the accept key. Both stay within the friend limit. */
export async function acceptFriend(deps: ApiDeps, viewerId: number, input: FriendKeyInput): Promise<FriendLinkAnswer> {
  const now = deps.clock.now();
  const accepted = await deps.db.transaction().execute(async (trx) => {
    const first = await pendingLinkFor(deps, trx, viewerId, input, "receiver", "accept");
    await lockMembersForLimits(trx, deps.dialect, "friendLinks", [viewerId, first.otherId]);
    // Read again under the locks: a parallel answer may have taken it.
    const link = await pendingLinkFor(deps, trx, viewerId, input, "receiver", "accept");
    if (!(await isListedMember(trx, link.otherId))) throw fail.notFound(FRIEND_ERRORS.notFound);
    if ((await countForLimit(trx, viewerId, "friends")) >= FRIENDS_MAX) throw conflict(FRIEND_ERRORS.friendsLimit);
    if ((await countForLimit(trx, link.otherId, "friends")) >= FRIENDS_MAX) throw conflict(FRIEND_ERRORS.otherFriendsLimit);
    await trx
      .updateTable("friend_links")
      .set({ status: "accepted", accept_key: null, deny_key: null, answered_at: now })
      .where("id", "=", link.id)
      .where("status", "=", "pending")
      .execute();
    const hints = await notify(deps, trx, {
      userId: link.otherId,
      event: "friend_accepted",
      actorId: viewerId,
      subject: { type: "friend_link", id: link.id },
      url: "user/friends",
    });
    return { otherId: link.otherId, hints };
  });
  await publishNotificationHints(deps, accepted.hints);
  return answerFor(deps, viewerId, accepted.otherId);
}

/** POST /friends/reject (the receiver) and /friends/cancel (the sender), both with the deny key. */
export async function denyFriend(
  deps: ApiDeps,
  viewerId: number,
  input: FriendKeyInput,
  as: "receiver" | "sender",
): Promise<FriendLinkAnswer> {
  const now = deps.clock.now();
  const otherId = await deps.db.transaction().execute(async (trx) => {
    const link = await pendingLinkFor(deps, trx, viewerId, input, as, "deny");
    const done = await trx
      .updateTable("friend_links")
      .set({ status: as === "receiver" ? "rejected" : "cancelled", accept_key: null, deny_key: null, answered_at: now })
      .where("id", "=", link.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw fail.notFound(FRIEND_ERRORS.notFound);
    return link.otherId;
  });
  return answerFor(deps, viewerId, otherId);
}

/** DELETE /friends/unfriend/{id}: either friend ends the friendship; the link is gone for both. */
export async function unfriend(deps: ApiDeps, viewerId: number, linkId: number): Promise<FriendLinkAnswer> {
  const link = await deps.db
    .selectFrom("friend_links")
    .select(["id", "sender_id", "receiver_id", "status"])
    .where("id", "=", linkId)
    .where("status", "=", "accepted")
    .where((eb) => eb.or([eb("sender_id", "=", viewerId), eb("receiver_id", "=", viewerId)]))
    .executeTakeFirst();
  if (!link) throw fail.notFound(FRIEND_ERRORS.notFound);
  const otherId = link.sender_id === viewerId ? link.receiver_id : link.sender_id;
  if (await isBlockedBetween(deps, viewerId, otherId)) throw fail.notFound(FRIEND_ERRORS.notFound);
  await deps.db.deleteFrom("friend_links").where("id", "=", link.id).execute();
  return answerFor(deps, viewerId, otherId);
}

/** GET /friends: one tab, newest first, with the counts of all three. */
export async function friendList(deps: ApiDeps, viewerId: number, type: Tab, page: number): Promise<FriendList> {
  const [friends, received, sent] = await Promise.all([
    countTab(deps.db, viewerId, "friends"),
    countTab(deps.db, viewerId, "received"),
    countTab(deps.db, viewerId, "sent"),
  ]);
  const counts = { friends, received, sent };
  const rows = await visibleLinks(deps.db, viewerId)
    .where((eb) => tabFilter(viewerId, type)(eb as unknown as ExpressionBuilder<Database, "friend_links">))
    .select([
      "friend_links.id",
      "friend_links.sender_id",
      "friend_links.accept_key",
      "friend_links.deny_key",
      "friend_links.requested_at",
      "friend_links.answered_at",
      "users.username",
      "users.user_type",
      "profiles.display_name",
      "profiles.city_name",
    ])
    .orderBy(
      type === "friends" ? sql`coalesce(friend_links.answered_at, friend_links.requested_at)` : sql`friend_links.requested_at`,
      "desc",
    )
    .orderBy("friend_links.id", "desc")
    .limit(FRIEND_LIST_PAGE_SIZE)
    .offset((page - 1) * FRIEND_LIST_PAGE_SIZE)
    .execute();
  return {
    type,
    items: rows.map((row) => ({
      link_id: row.id,
      username: row.username,
      display_name: row.display_name ?? row.username,
      user_type: row.user_type,
      city_name: row.city_name,
      since: type === "friends" ? (row.answered_at ?? row.requested_at) : row.requested_at,
      accept_key: type === "received" ? row.accept_key : null,
      deny_key: type === "friends" ? null : row.deny_key,
    })),
    page,
    page_size: FRIEND_LIST_PAGE_SIZE,
    total: counts[type],
    counts,
    limits: { friends_max: FRIENDS_MAX, open_requests_max: FRIEND_OPEN_REQUESTS_MAX },
  };
}
