/**
 * The messenger (issue 12, ADR 043): threads per pair of members, each member's own view of a thread, sending under
 * the contact rules (rules.ts), thread actions, the requests folder, thread mediums and autocomplete. Every read and
 * action is for the signed-in member's own view: a thread id of someone else's conversation answers 404 like an
 * unknown one. A message is committed first, then published on the bus to each member as their own copy, with the id
 * of the message before it (contract/realtime, ADR 052).
 */
import { sql, type ExpressionBuilder } from "kysely";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  MESSAGE_ACTION,
  MESSENGER_AUTOCOMPLETE_MAX,
  MESSENGER_AUTOCOMPLETE_MIN,
  MESSENGER_CONVERSATION_PAGE_SIZE,
  MESSENGER_ERRORS,
  MESSENGER_THREADS_PAGE_SIZE,
  UNREAD_MAIL_DELAY_MS,
  type Conversation,
  type ConversationState,
  type Message,
  type MessagePhoto,
  type BoostResult,
  type MessengerAutocomplete,
  type SendCheck,
  type SendResult,
  type ThreadAction,
  type ThreadActionResult,
  type ThreadFolder,
  type ThreadList,
  type ThreadMediums,
  type ThreadSummary,
} from "../../contract/messenger";
import type { MediaVisibility } from "../../contract/media";
import type { RealtimeEnvelope } from "../../contract/realtime";
import type { NotificationChannel } from "../../contract/settings";
import type { DB } from "../../db/index";
import { literalLimit } from "../../db/literal-limit";
import { precompiled, type Slots } from "../../db/precompiled";
import { LOCK_SPACES, lockMembersForLimits } from "../../db/locks";
import type { Database } from "../../db/schema";
import { enqueueJob } from "../../jobs/queue";
import {
  insufficientDollars,
  isFindableProfile,
  LedgerInsufficient,
  notBlockedWith,
  offerOf,
  paidAnswer,
  payInPlace,
  viewerContext,
  viewerContextOf,
  visibleMediaLevels,
  type PaidInPlace,
  type ViewerContext,
} from "../access/index";
import { folderCounts, listFilter } from "../inbox/index";
import { markSubjectRead, notificationDeclaration, notify, type NotificationHints } from "../notifications/index";
import {
  avatarsOf,
  conversationState,
  joinedMember,
  MEMBER_COLUMNS,
  memberByUsername,
  onlineStatus,
  partnerOf,
  type MemberRow,
} from "./members";
import { mediaImageOf } from "../media/index";
import { photoImageOf, photosOfMessages, type PreparedPhoto, type StoredPhoto } from "./photos";
import { decideSend, refusalStatus, type Decision } from "./rules";
import { pairKey, readPair, VIEW_COLUMNS, type MemberView, type PairRead, type ThreadRow } from "./pair";
import { notifyWalletChanged } from "../wallet/index";

async function threadOfPair(db: DB, a: number, b: number): Promise<ThreadRow | undefined> {
  return db
    .selectFrom("messenger_threads")
    .select(["id", "starter_id", "other_id", "last_message_id", "no_thanks_by"])
    .where("pair_key", "=", pairKey(a, b))
    .executeTakeFirst();
}

async function viewOf(db: DB, threadId: number, memberId: number): Promise<MemberView | undefined> {
  const row = await db
    .selectFrom("messenger_thread_members")
    .select([...VIEW_COLUMNS])
    .where("thread_id", "=", threadId)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  return row ? { ...row, updated_at: Number(row.updated_at) } : undefined;
}

/** The member's own view of a thread by its id; another member's thread answers like a missing one. */
async function ownThread(deps: ApiDeps, threadId: number, memberId: number): Promise<{ thread: ThreadRow; view: MemberView }> {
  const view = await viewOf(deps.db, threadId, memberId);
  if (!view) throw fail.notFound(MESSENGER_ERRORS.threadNotFound);
  const thread = await deps.db
    .selectFrom("messenger_threads")
    .select(["id", "starter_id", "other_id", "last_message_id", "no_thanks_by"])
    .where("id", "=", threadId)
    .executeTakeFirstOrThrow();
  return { thread, view };
}

function folderOf(view: MemberView): ThreadFolder | null {
  if (view.folder === "declined") return null;
  if (view.hidden === 1) return "hidden";
  return view.folder === "requests" ? "requests" : "inbox";
}

/** The first characters of a message for the thread list. */
function previewOf(body: string): string {
  const flat = body.replace(/\s+/g, " ").trim();
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}

/** Stored activity is read at minute grain (the hot-escort rule's 4 hours): a busy reader writes once a minute. */
const ACTIVITY_GRAIN_MS = 60_000;

/** When this instance last stored each member's activity (per database handle, like the API instance). */
const touches = new WeakMap<ApiDeps["db"], Map<number, number>>();
/** Members remembered at most; past it the map starts afresh (a forgotten member costs one statement). */
const TOUCHES_MAX = 50_000;

function touchedBy(deps: ApiDeps): Map<number, number> {
  let touched = touches.get(deps.db);
  if (!touched) touches.set(deps.db, (touched = new Map()));
  return touched;
}

function rememberTouch(deps: ApiDeps, memberId: number, at: number): void {
  const touched = touchedBy(deps);
  if (touched.size >= TOUCHES_MAX) touched.clear();
  touched.set(memberId, at);
}

/**
 * Marks the member active for the contact rules (a hot escort is one active within 4 hours). The online status
 * comes from live presence (members.ts), not from this.
 */
export async function touchActivity(deps: ApiDeps, memberId: number): Promise<void> {
  const now = deps.clock.now();
  // Stored within the grain by this instance already: the statement would change nothing (ADR 154).
  const last = touchedBy(deps).get(memberId);
  if (last !== undefined && last <= now && now - last < ACTIVITY_GRAIN_MS) return;
  await storeActivity(deps, memberId, now);
}

/** The write itself: only a stored activity older than the grain is replaced. */
async function storeActivity(deps: ApiDeps, memberId: number, now: number): Promise<void> {
  rememberTouch(deps, memberId, now);
  await deps.db
    .updateTable("users")
    .set({ last_active_at: now })
    .where("id", "=", memberId)
    .where((eb) => eb.or([eb("last_active_at", "is", null), eb("last_active_at", "<", now - ACTIVITY_GRAIN_MS)]))
    .execute();
}

// --- lists -------------------------------------------------------------------------------------------------------

type ThreadPageArgs = { memberId: number; offset: number };

/**
 * One folder's page of threads with everything an entry shows, in one statement: the last visible message (ADR 154),
 * the partner's member row, the blocks either way and the partner's avatar among the photos the viewer may see (ADR
 * 178). Apart, the partners' three reads each had an `in` list as long as the page's partners: a statement text per
 * length, built by Kysely on every view. `levels` (the viewer's media visibilities) is part of the text: one statement
 * per folder and set of levels, built once (ADR 148).
 */
const threadPageOf = (folder: ThreadFolder, levels: readonly MediaVisibility[]) =>
  precompiled((db, slot: Slots<ThreadPageArgs>) =>
    db
      .selectFrom("messenger_thread_members")
      .innerJoin("messenger_threads", "messenger_threads.id", "messenger_thread_members.thread_id")
      .leftJoin("messenger_messages as last", "last.id", "messenger_thread_members.last_visible_id")
      // The partner as membersByIds read them: the users row and, where there is one, the profile.
      .leftJoin("users", "users.id", "messenger_thread_members.partner_id")
      .leftJoin("profiles", "profiles.user_id", "users.id")
      // The avatar as avatarsOf picks it: the first by position of the avatar photos the viewer may see.
      .leftJoin("media as avatar", (join) =>
        join.on((eb) =>
          eb(
            "avatar.id",
            "=",
            eb
              .selectFrom("media as face")
              .select("face.id")
              .whereRef("face.user_id", "=", "messenger_thread_members.partner_id")
              .where("face.is_avatar", "=", 1)
              .where("face.status", "=", 1)
              .where("face.visibility", "in", [...levels])
              // A paid medium is never a face (issue 28, ADR 093).
              .where("face.access", "=", "open")
              .orderBy("face.position")
              .limit(literalLimit(1)),
          ),
        ),
      )
      .select([
        "messenger_thread_members.thread_id",
        "messenger_thread_members.partner_id",
        "messenger_thread_members.folder",
        "messenger_thread_members.hidden",
        "messenger_thread_members.unread_count",
        "messenger_thread_members.last_visible_id",
        "messenger_thread_members.updated_at",
        "messenger_threads.no_thanks_by",
        "last.id as last_id",
        "last.sender_id as last_sender_id",
        "last.body as last_body",
        "last.photo_count as last_photo_count",
        "last.action_type as last_action_type",
        "last.created_at as last_created_at",
        ...MEMBER_COLUMNS,
        "avatar.public_id as avatar_public_id",
        "avatar.width as avatar_width",
        "avatar.height as avatar_height",
        "avatar.variant_widths as avatar_variant_widths",
      ])
      // The block relation either way (access/blockRelations' two directions).
      .select((eb) => [
        eb
          .exists(
            eb
              .selectFrom("blocks")
              .select("blocks.blocker_id")
              .where("blocks.blocker_id", "=", slot("memberId"))
              .whereRef("blocks.blocked_id", "=", "messenger_thread_members.partner_id"),
          )
          .as("blocked_by_me"),
        eb
          .exists(
            eb
              .selectFrom("blocks")
              .select("blocks.blocker_id")
              .whereRef("blocks.blocker_id", "=", "messenger_thread_members.partner_id")
              .where("blocks.blocked_id", "=", slot("memberId")),
          )
          .as("blocked_by_them"),
      ])
      .where("messenger_thread_members.member_id", "=", slot("memberId"))
      .where((eb) => listFilter(folder)(eb))
      .orderBy("messenger_thread_members.updated_at", "desc")
      .orderBy("messenger_thread_members.thread_id", "desc")
      .limit(literalLimit(MESSENGER_THREADS_PAGE_SIZE))
      .offset(slot("offset")),
  );

// Each folder's page statement per set of media levels (at most 2 × 2 for a member: plus, age-verified), made on first
// use; its page size a literal LIMIT (ADR 173).
const threadPages = new Map<string, ReturnType<typeof threadPageOf>>();

function threadPageFor(folder: ThreadFolder, levels: readonly MediaVisibility[]): ReturnType<typeof threadPageOf> {
  const key = `${folder} ${levels.join(",")}`;
  let page = threadPages.get(key);
  if (!page) threadPages.set(key, (page = threadPageOf(folder, levels)));
  return page;
}

/** GET /messenger/threads: one folder's page, the latest conversation first. */
export async function threadList(deps: ApiDeps, memberId: number, folder: ThreadFolder, page: number): Promise<ThreadList> {
  await touchActivity(deps, memberId);
  const viewer = await viewerContext(deps, { id: memberId });
  const rows = await threadPageFor(folder, visibleMediaLevels(viewer))(deps.db, {
    memberId,
    offset: (page - 1) * MESSENGER_THREADS_PAGE_SIZE,
  });
  const now = deps.clock.now();
  const items: ThreadSummary[] = rows.map((row) => {
    const other = joinedMember(row);
    const blocks = { mine: Boolean(row.blocked_by_me), theirs: Boolean(row.blocked_by_them) };
    const state = conversationState(memberId, other, blocks, row.no_thanks_by);
    const status = onlineStatus(deps.presence, memberId, other, state, now);
    const avatar =
      row.avatar_public_id !== null && row.avatar_width !== null && row.avatar_height !== null
        ? mediaImageOf({
            public_id: row.avatar_public_id,
            width: row.avatar_width,
            height: row.avatar_height,
            variant_widths: row.avatar_variant_widths,
          })
        : undefined;
    return {
      thread_id: row.thread_id,
      partner: partnerOf(other, state, status, avatar),
      state,
      folder: row.hidden === 1 ? "hidden" : row.folder === "requests" ? "requests" : "inbox",
      unread_count: row.unread_count,
      last_message:
        row.last_id !== null
          ? {
              id: row.last_id,
              mine: row.last_sender_id === memberId,
              preview: previewOf(row.last_body ?? ""),
              photo_count: row.last_photo_count ?? 0,
              action_type: row.last_action_type ?? 0,
              created_at: Number(row.last_created_at),
            }
          : null,
      updated_at: Number(row.updated_at),
    };
  });
  const counts = await folderCounts(deps.db, memberId);
  return {
    folder,
    items,
    page,
    page_size: MESSENGER_THREADS_PAGE_SIZE,
    total: counts[folder],
    counts: { unread_threads: counts.unreadInbox, requests: counts.requests, hidden: counts.hidden },
  };
}

// --- a conversation ----------------------------------------------------------------------------------------------

/** The other member named in a path, or 404; writing to oneself is a 400. */
async function partnerByName(deps: ApiDeps, memberId: number, username: string): Promise<MemberRow> {
  const other = await memberByUsername(deps.db, username);
  if (other && other.id === memberId) throw fail.badRequest(MESSENGER_ERRORS.self);
  // Deleted accounts keep a tombstone name nobody can type; unfinished and claimable ones are nobody to write to.
  if (!other || other.status === "deleted" || other.status === "claimable") throw fail.notFound(MESSENGER_ERRORS.userNotFound);
  return other;
}

function toMessage(
  row: {
    id: number;
    thread_id: number;
    sender_id: number;
    body: string;
    action_type: number;
    client_key: string | null;
    created_at: number | string;
  },
  memberId: number,
  photos: Map<number, StoredPhoto[]>,
  partnerReadUpTo: number,
  boosted: ReadonlySet<number> = new Set(),
): Message {
  return {
    id: row.id,
    thread_id: row.thread_id,
    mine: row.sender_id === memberId,
    body: row.body,
    action_type: row.action_type,
    photos: (photos.get(row.id) ?? []).map((photo): MessagePhoto => ({ id: photo.id, image: photoImageOf(photo) })),
    created_at: Number(row.created_at),
    read: row.sender_id === memberId && partnerReadUpTo >= row.id,
    // The key is the sender's: the other member never learns it.
    client_key: row.sender_id === memberId ? row.client_key : null,
    boosted: boosted.has(row.id),
  };
}

/** The boosted ones among some messages (ADR 083). */
async function boostedAmong(db: DB, messageIds: number[]): Promise<Set<number>> {
  if (messageIds.length === 0) return new Set();
  const rows = await db.selectFrom("messenger_boosts").select("message_id").where("message_id", "in", messageIds).execute();
  return new Set(rows.map((row) => row.message_id));
}

interface PairContext extends PairRead {
  other: MemberRow;
  viewer: ViewerContext;
  state: ConversationState;
}

/** The pair in one read (pair.ts), with the viewer context and the conversation state derived from it. */
async function pairContext(
  deps: ApiDeps,
  db: DB,
  memberId: number,
  other: MemberRow,
  options: Parameters<typeof readPair>[4] = {},
): Promise<PairContext> {
  const now = deps.clock.now();
  const pair = await readPair(db, memberId, other.id, now, options);
  if (!pair) throw fail.unauthorized();
  const state = conversationState(memberId, other, pair.blocks, pair.thread?.no_thanks_by ?? null);
  return { ...pair, other, viewer: viewerContextOf(memberId, pair.me, now), state };
}

async function decide(
  deps: ApiDeps,
  db: DB,
  ctx: PairContext,
  options: { laterVerifiedEmail?: boolean; firstContactUnlock?: boolean } = {},
): Promise<Decision> {
  return decideSend(deps, db, {
    sender: ctx.me,
    recipient: ctx.other,
    state: ctx.state,
    mustVerifyEmail: ctx.viewer.mustVerifyEmail && !options.laterVerifiedEmail,
    threadId: ctx.thread?.id ?? null,
    conversationExists: ctx.thread?.last_message_id != null,
    sent: ctx.sent,
    firstContactUnlock: options.firstContactUnlock ?? false,
  });
}

function publicCheck(decision: Decision): SendCheck {
  const { requestReason: _hidden, needsUnlock: _internal, ...check } = decision;
  return check;
}

/** GET /messenger/direction/{username}: what sending would answer now, without sending. */
export async function directionCheck(deps: ApiDeps, memberId: number, username: string): Promise<SendCheck> {
  const other = await partnerByName(deps, memberId, username);
  return publicCheck(await decide(deps, deps.db, await pairContext(deps, deps.db, memberId, other, { counts: true })));
}

/**
 * The contact rules between the member and another as a send would meet them once the member's address is verified
 * (the profile's contact outlook, contact.ts, says the rule before the missing verification), and whether it is
 * still missing.
 */
export async function contactDecision(
  deps: ApiDeps,
  memberId: number,
  other: MemberRow,
): Promise<{ decision: Decision; mustVerifyEmail: boolean }> {
  const ctx = await pairContext(deps, deps.db, memberId, other, { counts: true });
  return { decision: await decide(deps, deps.db, ctx, { laterVerifiedEmail: true }), mustVerifyEmail: ctx.viewer.mustVerifyEmail };
}

/**
 * Whether `memberId` may tell `username` that they are typing (the /ws hub's typing frames, ADR 057): only where a
 * message would be accepted now, by the same contact rules as a send (decideSend: the conversation state with blocks
 * either way, the sender's verified address, the limits, and for a first contact the first-contact rules). The
 * recipient's id, or null — for an unknown name too, so the hub learns nothing a send would not say.
 */
export async function typingRecipient(deps: ApiDeps, memberId: number, username: string): Promise<number | null> {
  const other = await memberByUsername(deps.db, username);
  if (!other || other.id === memberId || other.status === "deleted" || other.status === "claimable") return null;
  const decision = await decide(deps, deps.db, await pairContext(deps, deps.db, memberId, other, { counts: true }));
  return decision.outcome === "success" ? other.id : null;
}

/** Stored activity, written only when the member's row says it is older than the grain (no write on most reads). */
async function touchActivityOf(deps: ApiDeps, me: MemberRow): Promise<void> {
  const now = deps.clock.now();
  if (me.last_active_at === null || me.last_active_at < now - ACTIVITY_GRAIN_MS) await storeActivity(deps, me.id, now);
}

/**
 * GET /messenger/messages/{username}: the newest page (oldest first within it), an older page (before_id), or
 * everything after after_id (a client's resync, up to a page; has_older then says nothing). A resync answers
 * `can_send: null`: it runs on every socket hint, and the contact rules are the page's question, not the resync's
 * (ADR 048).
 */
export async function conversationWith(
  deps: ApiDeps,
  memberId: number,
  username: string,
  query: { before_id?: number; after_id?: number },
): Promise<Conversation> {
  const other = await partnerByName(deps, memberId, username);
  const resync = query.after_id !== undefined;
  const ctx = await pairContext(deps, deps.db, memberId, other, { counts: !resync });
  await touchActivityOf(deps, ctx.me);
  const decision = resync ? null : publicCheck(await decide(deps, deps.db, ctx));
  const avatar = (await avatarsOf(deps, ctx.viewer, [other.id])).get(other.id);
  const partner = partnerOf(other, ctx.state, onlineStatus(deps.presence, memberId, other, ctx.state, deps.clock.now()), avatar);
  const view = ctx.mine;
  if (!ctx.thread || !view) {
    // Nothing to read: a deleted or hidden member's name is no way to learn more about them.
    return {
      thread_id: null,
      partner,
      state: ctx.state,
      folder: null,
      messages: [],
      has_older: false,
      last_id: 0,
      can_send: decision,
      unread_count: 0,
    };
  }
  let rowsQuery = deps.db
    .selectFrom("messenger_messages")
    .select(["id", "thread_id", "sender_id", "body", "action_type", "photo_count", "client_key", "created_at"])
    // Boosted or not in the same read (ADR 083): a page and a resync keep their round trips.
    .select((eb) =>
      eb
        .exists(
          eb.selectFrom("messenger_boosts").select("message_id").whereRef("messenger_boosts.message_id", "=", "messenger_messages.id"),
        )
        .as("boosted"),
    )
    .where("thread_id", "=", ctx.thread.id)
    // A message the team removed on a report (ADR 112) is shown to neither member until an appeal restores it.
    .where("removed_at", "is", null)
    .where("id", ">", Math.max(view.deleted_up_to, query.after_id ?? 0));
  if (resync) rowsQuery = rowsQuery.orderBy("id", "asc");
  else {
    if (query.before_id !== undefined) rowsQuery = rowsQuery.where("id", "<", query.before_id);
    rowsQuery = rowsQuery.orderBy("id", "desc");
  }
  const fetched = await rowsQuery.limit(MESSENGER_CONVERSATION_PAGE_SIZE + 1).execute();
  const hasMore = fetched.length > MESSENGER_CONVERSATION_PAGE_SIZE;
  const page = fetched.slice(0, MESSENGER_CONVERSATION_PAGE_SIZE);
  if (!resync) page.reverse();
  const photos = await photosOfMessages(
    deps.db,
    page.filter((row) => row.photo_count > 0).map((row) => row.id),
  );
  const boosted = new Set(page.filter((row) => Boolean(row.boosted)).map((row) => row.id));
  const messages = page.map((row) => toMessage(row, memberId, photos, ctx.theirs?.last_read_id ?? 0, boosted));
  return {
    thread_id: ctx.thread.id,
    partner,
    state: ctx.state,
    folder: folderOf(view),
    messages,
    has_older: resync ? false : hasMore,
    last_id: Math.max(view.last_visible_id, query.after_id ?? 0),
    can_send: decision,
    unread_count: view.unread_count,
  };
}

// --- sending -----------------------------------------------------------------------------------------------------

function refused(decision: Decision): ApiError {
  return new ApiError(
    refusalStatus(decision.outcome),
    [errorItem(refusalStatus(decision.outcome), decision.message_key ?? MESSENGER_ERRORS.failed)],
    {
      outcome: decision.outcome,
      upgrade: decision.upgrade,
      // The payment that would lift it (the first-contact unlock): the page offers it with its price (ADR 083).
      dollar_offer: decision.dollar_offer,
    },
  );
}

/**
 * The send's locks, in one statement on PostgreSQL (ADR 052: one round trip fewer per message).
 *
 * The pair lock (PostgreSQL) serialises the sends of one pair before the message takes its id, so messages of one
 * conversation commit in id order — ADR 042's cursor and ADR 052's `prev_id` rely on it: without it, two members
 * writing at once could commit 101 before 100, and a client that resynced "after 101" in between would never see 100
 * (found by scripts/bench-realtime.mjs). A lock on the pair key, not on the thread row: two first messages at once
 * have no row to lock yet, and the second would read "no thread, no views" and then insert views the first had just
 * written (500). Held until the transaction ends.
 *
 * The sender's row is held so parallel sends count the limits one after the other, and marked active (the hot-escort
 * rule reads it) in the same UPDATE. On PostgreSQL an UPDATE that changes no key column takes FOR NO KEY UPDATE, not
 * FOR UPDATE: every row a send inserts points at both members (foreign keys take KEY SHARE on them), and FOR UPDATE
 * would make two members writing to each other wait on one another's row.
 *
 * Order: the pair lock first (the subquery yields its row before the UPDATE touches the sender's row), then the row.
 * A send holds one pair lock and one member row and takes them in that order, so two sends cannot wait on each other
 * in a circle. The pair read after it runs in a snapshot taken after both locks (pair.ts). SQLite writes serially.
 */
async function lockSend(deps: ApiDeps, trx: DB, memberId: number, otherId: number, now: number): Promise<void> {
  if (deps.dialect !== "postgres") {
    await trx.updateTable("users").set({ last_active_at: now }).where("id", "=", memberId).execute();
    return;
  }
  await sql`UPDATE users SET last_active_at = ${now}
    FROM (SELECT pg_advisory_xact_lock(${LOCK_SPACES.messengerPair}, hashtext(${pairKey(memberId, otherId)}))) AS pair_lock
    WHERE users.id = ${memberId}`.execute(trx);
}

/** What a send carries, to tell a retry (the same) from a new message under a used key (ADR 048). */
export interface SendContent {
  body: string;
  photoCount: number;
}

/**
 * A retry is the same send again: a key used for another member, or with another text or number of photos (a
 * no-JavaScript form edited and posted again before its page was rendered anew), is refused, never answered with
 * the older message as if the new one had been stored.
 */
export function assertSameSend(stored: SendResult, content: SendContent): void {
  if (stored.message.body !== content.body || stored.message.photos.length !== content.photoCount)
    throw fail.conflict(MESSENGER_ERRORS.clientKeyReused);
}

/** The sender's message stored under a client key, as a send answers it (a retried send, ADR 048). */
async function storedSend(
  deps: ApiDeps,
  memberId: number,
  otherId: number,
  keyed: PairRead["keyed"],
  content: SendContent | null,
): Promise<SendResult | null> {
  if (!keyed) return null;
  // A key is the sender's per message; the same key for another member is a client's mistake, not a retry.
  if (keyed.recipient_id !== otherId) throw fail.conflict(MESSENGER_ERRORS.clientKeyReused);
  const row = await deps.db
    .selectFrom("messenger_messages")
    .select(["id", "thread_id", "sender_id", "body", "action_type", "client_key", "created_at"])
    .where("id", "=", keyed.id)
    .executeTakeFirstOrThrow();
  const photos = await photosOfMessages(deps.db, [row.id]);
  const boosted = await boostedAmong(deps.db, [row.id]);
  const stored: SendResult = {
    outcome: "success",
    thread_id: row.thread_id,
    message: toMessage(row, memberId, photos, 0, boosted),
    payment: null,
  };
  if (content) assertSameSend(stored, content);
  return stored;
}

/**
 * Checks a send before its photos are processed (a refusal costs no image work). A send already stored under its
 * client key is answered with the stored message; the caller compares it with what it received (assertSameSend)
 * and skips the image work.
 */
export async function precheckSend(
  deps: ApiDeps,
  memberId: number,
  username: string,
  clientKey: string | null,
  options: { firstContactUnlock?: boolean } = {},
): Promise<SendResult | null> {
  const other = await partnerByName(deps, memberId, username);
  const ctx = await pairContext(deps, deps.db, memberId, other, { counts: true, clientKey });
  const stored = await storedSend(deps, memberId, other.id, ctx.keyed, null);
  if (stored) return stored;
  const decision = await decide(deps, deps.db, ctx, { firstContactUnlock: options.firstContactUnlock && clientKey !== null });
  if (decision.outcome !== "success") throw refused(decision);
  return null;
}

/**
 * Sends a message (text, photos, or the no-thanks action) under the contact rules. In one transaction: the sender
 * and the thread locked (PostgreSQL), the pair read once (pair.ts), the rules, the message and its photos, both
 * views, the notification, the first-contact record, the unread mail job; after the commit the message events.
 * With a client key, a key already stored for this sender answers that message, writes and publishes nothing, and
 * says so (`replayed`: the caller drops the photos it prepared for the retry) (ADR 048).
 *
 * `firstContactUnlock` (ADR 083): the sender confirmed paying the first-contact unlock. When this first contact is
 * past their daily limit (and every other rule lets it through), the unlock is paid in this same transaction under
 * `unlock:<client key>` (reference `message:<id>`): the message and its payment commit together or not at all, and a
 * retry with the client key answers the stored message without paying again. Needs a client key (400 without).
 */
export async function sendMessage(
  deps: ApiDeps,
  memberId: number,
  username: string,
  input: { body: string; actionType?: number; photos?: PreparedPhoto[]; clientKey?: string | null; firstContactUnlock?: boolean },
): Promise<{ result: SendResult; replayed: boolean }> {
  const other = await partnerByName(deps, memberId, username);
  const actionType = input.actionType ?? MESSAGE_ACTION.normal;
  const clientKey = actionType === MESSAGE_ACTION.normal ? (input.clientKey ?? null) : null;
  const firstContactUnlock = input.firstContactUnlock === true && actionType === MESSAGE_ACTION.normal;
  if (firstContactUnlock && clientKey === null) throw fail.badRequest("validation.invalid", "client_key");
  let hints: NotificationHints = [];
  let events: RealtimeEnvelope[] = [];
  let replayed = false;
  let paid: PaidInPlace | null = null;
  const result = await deps.db
    .transaction()
    .execute(async (trx) => {
      hints = [];
      events = [];
      replayed = false;
      paid = null;
      const now = deps.clock.now();
      await lockSend(deps, trx, memberId, other.id, now);
      // Every read of the rules inside the transaction (SQLite holds one connection for it).
      const tdeps: ApiDeps = { ...deps, db: trx };
      const ctx = await pairContext(tdeps, trx, memberId, other, {
        counts: true,
        clientKey,
        recipientChoices: notificationDeclaration(deps, "message").kind,
      });
      const stored = await storedSend(tdeps, memberId, other.id, ctx.keyed, { body: input.body, photoCount: input.photos?.length ?? 0 });
      if (stored) {
        replayed = true;
        return stored;
      }
      if (actionType === MESSAGE_ACTION.no_thanks) {
        // No thanks answers a conversation the other member opened; it needs no contact allowance of its own.
        if (!ctx.thread || ctx.thread.last_message_id === null) throw fail.notFound(MESSENGER_ERRORS.threadNotFound);
        if (ctx.state !== "normal" && ctx.state !== "sent_no_thanks") throw refused(await decide(tdeps, trx, ctx));
      } else {
        // A basic member's first contact counts against the recipient's daily overflow, which other senders' first
        // contacts fill too: those wait here, so decideSend's count includes them (ADR 058). The sender's own limits
        // need no more than the sender's row lockSend holds; replies inside a conversation take no lock here.
        if (ctx.thread?.last_message_id == null && !ctx.viewer.entitlements.plus)
          await lockMembersForLimits(trx, deps.dialect, "firstContactsReceived", [other.id]);
        const decision = await decide(tdeps, trx, ctx, { firstContactUnlock });
        if (decision.outcome !== "success") throw refused(decision);
        const sent = await write(trx, ctx, decision, now);
        if (decision.needsUnlock)
          paid = await payInPlace(trx, deps, {
            payer: memberId,
            product: "first_contact_unlock",
            key: `unlock:${clientKey}`,
            reference: `message:${sent.message.id}`,
          });
        return sent;
      }
      return write(trx, ctx, null, now);
    })
    .catch(async (error: unknown) => {
      // Nothing was sent and nothing paid: the page keeps the text and links to buying dollars.
      if (error instanceof LedgerInsufficient)
        throw await insufficientDollars(deps, memberId, "first_contact_unlock", {
          outcome: "first_contact_limit",
          upgrade: false,
          dollar_offer: offerOf("first_contact_unlock"),
        });
      throw error;
    });
  if (replayed) return { result, replayed };
  const payment = paid as PaidInPlace | null;
  if (payment) {
    result.payment = await paidAnswer(deps, memberId, payment);
    await notifyWalletChanged(deps, memberId);
  }
  // One entry, in order: the message before its notification, and every instance wakes once for all of them.
  await deps.bus.publishAll([...events, ...hints]);
  return { result, replayed };

  async function write(trx: DB, ctx: PairContext, decision: Decision | null, now: number): Promise<SendResult> {
    let thread = ctx.thread;
    const firstContact = decision?.first_contact ?? false;
    if (!thread) {
      thread = await trx
        .insertInto("messenger_threads")
        .values({ pair_key: pairKey(memberId, other.id), starter_id: memberId, other_id: other.id, created_at: now })
        .onConflict((oc) => oc.column("pair_key").doNothing())
        .returning(["id", "starter_id", "other_id", "last_message_id", "no_thanks_by"])
        .executeTakeFirst();
      // A parallel first message created it meanwhile (PostgreSQL waited on the pair key): take that one.
      thread ??= await threadOfPair(trx, memberId, other.id);
      if (!thread) throw fail.notFound(MESSENGER_ERRORS.threadNotFound);
    }
    const threadId = thread.id;
    const message = await trx
      .insertInto("messenger_messages")
      .values({
        thread_id: threadId,
        sender_id: memberId,
        recipient_id: other.id,
        body: input.body,
        action_type: actionType,
        photo_count: input.photos?.length ?? 0,
        client_key: clientKey,
        created_at: now,
      })
      .returning(["id", "thread_id", "sender_id", "body", "action_type", "client_key", "created_at"])
      .executeTakeFirstOrThrow();
    const photos = new Map<number, StoredPhoto[]>();
    if (input.photos && input.photos.length > 0) {
      const stored = await trx
        .insertInto("messenger_photos")
        .values(
          input.photos.map((photo, position) => ({ ...photo, message_id: message.id, thread_id: threadId, position, created_at: now })),
        )
        .returning(["id", "position", "public_id", "width", "height", "variant_widths"])
        .execute();
      photos.set(
        message.id,
        stored.sort((a, b) => a.position - b.position),
      );
    }
    // No thanks: the other side cannot write further; a normal message from who said it withdraws it.
    const noThanksBy = actionType === MESSAGE_ACTION.no_thanks ? memberId : thread.no_thanks_by === memberId ? null : thread.no_thanks_by;
    await trx
      .updateTable("messenger_threads")
      .set({ last_message_id: message.id, no_thanks_by: noThanksBy })
      .where("id", "=", threadId)
      .execute();

    const { mine, theirs } = ctx;
    // Both members' existing views in one statement (ADR 052): the sender's reads the thread — writing in a thread of
    // one's requests folder accepts it — and the recipient's counts one more unread; writing brings a hidden thread
    // back on both sides.
    const existing = [mine ? memberId : null, theirs ? other.id : null].filter((id): id is number => id !== null);
    if (existing.length > 0) {
      await trx
        .updateTable("messenger_thread_members")
        .set((eb) => {
          const isMine = eb("member_id", "=", memberId);
          return {
            folder: eb.case().when(isMine).then("inbox").else(eb.ref("folder")).end(),
            request_reason: eb
              .case()
              .when(isMine)
              .then(sql<string | null>`null`)
              .else(eb.ref("request_reason"))
              .end(),
            hidden: 0,
            last_read_id: eb.case().when(isMine).then(message.id).else(eb.ref("last_read_id")).end(),
            unread_count: eb
              .case()
              .when(isMine)
              .then(0)
              .else(eb("unread_count", "+", 1))
              .end(),
            last_visible_id: message.id,
            updated_at: now,
          };
        })
        .where("thread_id", "=", threadId)
        .where("member_id", "in", existing)
        .execute();
    }
    if (!mine) {
      await trx
        .insertInto("messenger_thread_members")
        .values({
          thread_id: threadId,
          member_id: memberId,
          partner_id: other.id,
          last_read_id: message.id,
          last_visible_id: message.id,
          updated_at: now,
        })
        .execute();
    }
    // Answering reads the thread, so its notifications are read too. Only unread messages have an unread
    // notification (every way of reading a thread marks them), so a thread without any has nothing to mark.
    else if (mine.unread_count > 0) await markSubjectRead(deps, trx, memberId, "message", { type: "thread", id: threadId });
    if (!theirs) {
      const toRequests = decision?.requestReason ? { folder: "requests", request_reason: decision.requestReason } : {};
      await trx
        .insertInto("messenger_thread_members")
        .values({
          thread_id: threadId,
          member_id: other.id,
          partner_id: memberId,
          unread_count: 1,
          last_visible_id: message.id,
          updated_at: now,
          ...toRequests,
        })
        .execute();
    }
    hints = await notifyRecipient(deps, trx, {
      recipient: other,
      sender: ctx.me,
      threadId,
      before: theirs,
      requestReason: decision?.requestReason ?? null,
      actionType,
      channels: ctx.recipientChannels,
    });
    if (firstContact) {
      await trx
        .insertInto("messenger_first_contacts")
        .values({ sender_id: memberId, recipient_id: other.id, sender_plus: ctx.viewer.entitlements.plus ? 1 : 0, created_at: now })
        .execute();
    }
    if (actionType === MESSAGE_ACTION.normal) {
      await enqueueJob(
        trx,
        deps.clock,
        "mail.messenger_unread",
        { thread_id: threadId, member_id: other.id },
        { runAt: now + UNREAD_MAIL_DELAY_MS, key: `mail.messenger_unread:${threadId}:${other.id}` },
      );
    }
    // Each member's socket gets the message as their conversation GET shows it (ADR 052); `prev_id` is what was
    // last in the thread when the pair lock was taken, so it is exactly the message before this one.
    const prevId = thread.last_message_id ?? 0;
    const mineCopy = toMessage(message, memberId, photos, 0);
    events = [
      { to: [memberId], event: { type: "message", prev_id: prevId, message: mineCopy } },
      { to: [other.id], event: { type: "message", prev_id: prevId, message: toMessage(message, other.id, photos, 0) } },
    ];
    return { outcome: "success", thread_id: threadId, message: mineCopy, payment: null };
  }
}

/**
 * The recipient's notification of a message (ADR 043 "Notifications"): kind messages under their choices for push
 * and bar (the e-mail is the delayed digest), never to the sender. One per thread until the recipient reads it: the
 * dedupe key carries how far they had read, so further messages meanwhile add nothing (no row, no push), and reading
 * the thread marks it read (threadAction). Nothing for the requests folder (a filtered first contact stays quiet
 * until the member looks, as it stays out of the unread count), nothing for a declined thread, and nothing for
 * "no thanks", which ends a conversation rather than asking for an answer.
 */
async function notifyRecipient(
  deps: ApiDeps,
  trx: DB,
  message: {
    recipient: MemberRow;
    sender: MemberRow;
    threadId: number;
    /** The recipient's view before this message (none for a new thread). */
    before: MemberView | undefined;
    requestReason: string | null;
    actionType: number;
    /** The recipient's choices for messages, read with the pair. */
    channels: Record<NotificationChannel, boolean> | null;
  },
): Promise<NotificationHints> {
  const { before } = message;
  if (message.actionType !== MESSAGE_ACTION.normal) return [];
  const folder = before ? before.folder : message.requestReason ? "requests" : "inbox";
  if (folder !== "inbox") return [];
  return notify(deps, trx, {
    userId: message.recipient.id,
    // Both rows are read already: notify need not read the recipient's status and language or the sender's name.
    known: {
      recipient: message.recipient,
      actorName: message.sender.display_name ?? message.sender.username,
      channels: message.channels ?? undefined,
    },
    event: "message",
    actorId: message.sender.id,
    subject: { type: "thread", id: message.threadId },
    url: `messenger/${message.sender.username}`,
    dedupeKey: `message:${message.threadId}:${before?.last_read_id ?? 0}`,
  });
}

// --- thread actions ----------------------------------------------------------------------------------------------

/** POST /messenger/threads/{id}/{action}: the member's own view changes; the other member's never does. */
export async function threadAction(
  deps: ApiDeps,
  memberId: number,
  threadId: number,
  action: ThreadAction,
  options: { upTo?: number } = {},
): Promise<ThreadActionResult> {
  const { thread, view } = await ownThread(deps, threadId, memberId);
  const last = thread.last_message_id ?? 0;
  const set = (
    values: Partial<{
      hidden: number;
      folder: string;
      request_reason: null;
      last_read_id: number;
      unread_count: number;
      deleted_up_to: number;
    }>,
  ) =>
    deps.db
      .updateTable("messenger_thread_members")
      .set(values)
      .where("thread_id", "=", threadId)
      .where("member_id", "=", memberId)
      .execute();
  switch (action) {
    case "hide":
      await set({ hidden: 1 });
      break;
    case "restore":
      await set({ hidden: 0 });
      break;
    case "delete":
      // Delete for me: everything up to now leaves the member's view; a new message brings the thread back.
      await set({ deleted_up_to: last, last_read_id: last, unread_count: 0, hidden: 0 });
      await markSubjectRead(deps, deps.db, memberId, "message", { type: "thread", id: threadId });
      break;
    case "read": {
      // Up to what the member has seen (a live tab says which message), never backwards, never past the last.
      const readTo = Math.max(view.last_read_id, Math.min(options.upTo ?? last, last));
      if (readTo >= last) {
        await set({ last_read_id: last, unread_count: 0 });
        await markSubjectRead(deps, deps.db, memberId, "message", { type: "thread", id: threadId });
      } else {
        const unread = await deps.db
          .selectFrom("messenger_messages")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("thread_id", "=", threadId)
          .where("sender_id", "=", view.partner_id)
          .where("id", ">", Math.max(readTo, view.deleted_up_to))
          .executeTakeFirstOrThrow();
        await set({ last_read_id: readTo, unread_count: Number(unread.n) });
      }
      await deps.bus.publish({
        to: [memberId, view.partner_id],
        event: { type: "thread_read", thread_id: threadId, reader_id: memberId, last_read_id: readTo },
      });
      break;
    }
    case "unread": {
      const lastIncoming = await deps.db
        .selectFrom("messenger_messages")
        .select("id")
        .where("thread_id", "=", threadId)
        .where("sender_id", "=", view.partner_id)
        .where("id", ">", view.deleted_up_to)
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      if (lastIncoming) await set({ last_read_id: lastIncoming.id - 1, unread_count: Math.max(1, view.unread_count) });
      break;
    }
    case "accept":
    case "decline":
      if (view.folder !== "requests") throw fail.conflict(MESSENGER_ERRORS.notARequest);
      // Declining is silent: the sender keeps reading "delivered"; the thread leaves every folder of the member.
      await set(
        action === "accept" ? { folder: "inbox", request_reason: null } : { folder: "declined", unread_count: 0, last_read_id: last },
      );
      break;
  }
  if (action !== "read") await deps.bus.publish({ to: [memberId], event: { type: "thread_changed", thread_id: threadId } });
  const after = (await viewOf(deps.db, threadId, memberId))!;
  return { thread_id: threadId, action, folder: folderOf(after), unread_count: after.unread_count };
}

/**
 * A message the member sent and still sees (not deleted from their view): what a boost would lift. Another member's
 * message, a no-thanks action or an unknown id is 404, the same answer for each, so ids reveal nothing.
 */
export async function ownVisibleMessage(deps: ApiDeps, memberId: number, messageId: number): Promise<{ id: number }> {
  const row = await deps.db
    .selectFrom("messenger_messages as m")
    .innerJoin("messenger_thread_members as v", (join) => join.onRef("v.thread_id", "=", "m.thread_id").on("v.member_id", "=", memberId))
    .select("m.id")
    .where("m.id", "=", messageId)
    .where("m.sender_id", "=", memberId)
    .where("m.action_type", "=", MESSAGE_ACTION.normal)
    .whereRef("m.id", ">", "v.deleted_up_to")
    .executeTakeFirst();
  if (!row) throw fail.notFound(MESSENGER_ERRORS.messageNotFound);
  return row;
}

/**
 * POST /messenger/boost/{id} (ADR 083): one of the member's own messages in their view (else 404) is boosted for the
 * product boost's price. What a boost does: the message is marked boosted for both members, and the conversation
 * rises to the top of the receiver's list (their view's updated_at is now) without counting as unread again. In one
 * transaction: the payment under `boost:<key>` (reference `message:<id>`), the boost's row, the receiver's view. A
 * retry with the key answers the first payment; a message boosted before under another key answers already_boosted
 * and pays nothing; a wallet that does not cover it answers 402 insufficient (nothing moved).
 */
export async function boostMessage(deps: ApiDeps, memberId: number, messageId: number, key: string): Promise<BoostResult> {
  await ownVisibleMessage(deps, memberId, messageId);
  const paymentKey = `boost:${key}`;
  let boosted: { paid: PaidInPlace | null; recipientId: number; threadId: number } | null = null;
  try {
    boosted = await deps.db.transaction().execute(async (trx) => {
      const now = deps.clock.now();
      const pay = () => payInPlace(trx, deps, { payer: memberId, product: "boost", key: paymentKey, reference: `message:${messageId}` });
      const earlier = await trx.selectFrom("messenger_boosts").select("payment_key").where("message_id", "=", messageId).executeTakeFirst();
      // Boosted before: this request's own retry is answered with its payment (nothing moves); another pays nothing.
      if (earlier) return { paid: earlier.payment_key === paymentKey ? await pay() : null, recipientId: 0, threadId: 0 };
      const paid = await pay();
      const inserted = await trx
        .insertInto("messenger_boosts")
        .values({ message_id: messageId, sender_id: memberId, operation_id: paid.operationId, payment_key: paymentKey, created_at: now })
        .onConflict((oc) => oc.column("message_id").doNothing())
        .returning("message_id")
        .executeTakeFirst();
      // A parallel boost committed first: a retry of it reads its payment; another request rolls its own back.
      if (!inserted) {
        if (paid.replayed) return { paid, recipientId: 0, threadId: 0 };
        throw new AlreadyBoosted();
      }
      const message = await trx
        .selectFrom("messenger_messages")
        .select(["thread_id", "recipient_id"])
        .where("id", "=", messageId)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable("messenger_thread_members")
        .set({ updated_at: now })
        .where("thread_id", "=", message.thread_id)
        .where("member_id", "=", message.recipient_id)
        .execute();
      return { paid, recipientId: message.recipient_id, threadId: message.thread_id };
    });
  } catch (error) {
    if (error instanceof AlreadyBoosted) return { message_id: messageId, already_boosted: true, payment: null };
    if (error instanceof LedgerInsufficient) throw await insufficientDollars(deps, memberId, "boost", { outcome: "boost" });
    throw error;
  }
  if (!boosted.paid) return { message_id: messageId, already_boosted: true, payment: null };
  if (!boosted.paid.replayed) {
    await notifyWalletChanged(deps, memberId);
    await deps.bus.publish({ to: [memberId, boosted.recipientId], event: { type: "thread_changed", thread_id: boosted.threadId } });
  }
  return { message_id: messageId, already_boosted: false, payment: await paidAnswer(deps, memberId, boosted.paid) };
}

/** A second boost of one message under another key, found after paying: the paying transaction rolls back. */
class AlreadyBoosted extends Error {}

/** GET /messenger/threads/{id}/mediums: the photos of the member's view of a thread, newest first. */
export async function threadMediums(deps: ApiDeps, memberId: number, threadId: number): Promise<ThreadMediums> {
  const { view } = await ownThread(deps, threadId, memberId);
  const rows = await deps.db
    .selectFrom("messenger_photos")
    .innerJoin("messenger_messages", "messenger_messages.id", "messenger_photos.message_id")
    .select([
      "messenger_photos.id",
      "messenger_photos.public_id",
      "messenger_photos.width",
      "messenger_photos.height",
      "messenger_photos.variant_widths",
      "messenger_photos.message_id",
      "messenger_photos.created_at",
      "messenger_messages.sender_id",
    ])
    .where("messenger_photos.thread_id", "=", threadId)
    .where("messenger_photos.message_id", ">", view.deleted_up_to)
    .orderBy("messenger_photos.id", "desc")
    .limit(200)
    .execute();
  return {
    thread_id: threadId,
    items: rows.map((row) => ({
      id: row.id,
      image: photoImageOf(row),
      message_id: row.message_id,
      mine: row.sender_id === memberId,
      created_at: Number(row.created_at),
    })),
  };
}

/**
 * GET /messenger/autocomplete: names the member may write to, by prefix: members they have a conversation with
 * first, then findable profiles; never a blocked, hidden or staff account.
 */
export async function autocomplete(deps: ApiDeps, memberId: number, q: string): Promise<MessengerAutocomplete> {
  const prefix = q.trim().toLowerCase();
  if (prefix.length < MESSENGER_AUTOCOMPLETE_MIN || !/^[\p{L}\p{N}_.-]+$/u.test(prefix)) return { items: [] };
  const like = `${prefix.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
  const rows = await deps.db
    .selectFrom("users")
    .innerJoin("profiles", "profiles.user_id", "users.id")
    .leftJoin("messenger_threads", (join) =>
      join.on((eb) =>
        eb.or([
          eb.and([eb("messenger_threads.starter_id", "=", memberId), eb("messenger_threads.other_id", "=", eb.ref("users.id"))]),
          eb.and([eb("messenger_threads.other_id", "=", memberId), eb("messenger_threads.starter_id", "=", eb.ref("users.id"))]),
        ]),
      ),
    )
    .select(["users.username", "profiles.display_name", "users.user_type", "messenger_threads.id as thread_id"])
    .where(sql<boolean>`users.username_key like ${like} escape '\\'`)
    .where("users.id", "!=", memberId)
    .where((eb) => isFindableProfile(eb as never))
    .where((eb) => notBlockedWith(eb as unknown as ExpressionBuilder<Database, "users">, memberId))
    // Conversations first (the same order on both dialects: no reliance on where NULLs sort).
    .orderBy(sql`case when messenger_threads.id is null then 1 else 0 end`)
    .orderBy("users.username_key")
    .limit(MESSENGER_AUTOCOMPLETE_MAX)
    .execute();
  return { items: rows.map((row) => ({ username: row.username, display_name: row.display_name, user_type: row.user_type })) };
}
