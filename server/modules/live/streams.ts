/**
 * Live streams (issue 31 item 1, ADR 124): creating (on air now or announced), starting an announced stream, editing,
 * stopping, one stream with the viewer's access, browsing, the creator's own list, paying a paid stream once, watch
 * subscriptions and the profile's live tab. Who may watch is access.ts's one rule (liveAccess); how media flows is
 * media.ts's (livemedia); a stream ends only through lifecycle.ts (endStream).
 *
 * One live stream per creator: the partial unique index live_streams_one_live decides a race between two starts on
 * both databases, and the loser answers 409 exception.live.already_live.
 */
import type { Kysely, Selectable, Transaction } from "kysely";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps, AuthUser } from "../../api/types";
import {
  LIVE_BROWSE_MAX,
  LIVE_ERRORS,
  LIVE_PRICE_MAX,
  LIVE_PRICE_MIN,
  LIVE_PRODUCER_GRACE_MS,
  LIVE_SCHEDULE_MAX_DAYS,
  LIVE_SCHEDULE_STALE_MS,
  LIVE_UPCOMING_MAX,
  liveAccessLedgerKey,
  livePaths,
  liveStreamReference,
  type LiveBrowse,
  type LiveCity,
  type LiveCreateInput,
  type LiveCreator,
  type LiveMine,
  type LivePayAnswer,
  type LiveProfileTab,
  type LiveRescheduleInput,
  type LiveStreamAnswer,
  type LiveStreamItem,
  type LiveUpdateInput,
  type LiveWatchAnswer,
} from "../../contract/live";
import { USER_TYPE, isStaffUserType } from "../../contract/users";
import { INSUFFICIENT_DOLLARS_KEY } from "../../contract/wallet";
import { lockMembersForLimits } from "../../db/locks";
import type { Database } from "../../db/schema";
import { enqueueJob } from "../../jobs/queue";
import { findOwner, isReachable, notBlockedWith, viewerContext, verifyFirst } from "../access/index";
import { isRestricted } from "../appeals/index";
import { dollarOperations, LedgerInsufficient, memberBalances, postOperationIn } from "../ledger/index";
import { notify, publishNotificationHints } from "../notifications/index";
import { notifyWalletChanged } from "../wallet/index";
import { liveAccessTo } from "./access";
import { endStream } from "./lifecycle";
import { goneOnAir } from "./lifecycle";
import { liveSuspended } from "./safety";
import { liveMediaUrls, livePublishUrl } from "./media";
import { recordingsForProfile } from "./recordings";
import type { LiveStreamsTable } from "./schema";

const DAY = 24 * 60 * 60 * 1000;
/** Who streams: the creators (spec section 3: escorts and businesses). */
const CREATOR_TYPES: readonly number[] = [USER_TYPE.escort, USER_TYPE.business];
/** Subscribers told per pass of the go-live job (the job goes on until all are told). */
const NOTIFY_BATCH = 500;

type Row = Selectable<LiveStreamsTable>;

// ── Reading ────────────────────────────────────────────────────────────────────────────────────────────────────────

/** The stream columns with the creator's names and the city's, as every list reads them. */
function streamsQuery(db: Kysely<Database>) {
  return db
    .selectFrom("live_streams")
    .innerJoin("users", "users.id", "live_streams.creator_id")
    .leftJoin("profiles", "profiles.user_id", "live_streams.creator_id")
    .leftJoin("cities", "cities.id", "live_streams.city_id")
    .selectAll("live_streams")
    .select(["users.username", "profiles.display_name", "cities.name as city_name"]);
}

type ListedRow = Row & { username: string; display_name: string | null; city_name: string | null };

function itemOf(row: ListedRow): LiveStreamItem {
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    audience: row.audience,
    price: row.audience === "paid" ? row.price : null,
    ingest: row.ingest,
    state: row.state,
    end_reason: row.end_reason,
    record: Number(row.record) === 1,
    scheduled_at: row.scheduled_at === null ? null : Number(row.scheduled_at),
    started_at: row.started_at === null ? null : Number(row.started_at),
    ended_at: row.ended_at === null ? null : Number(row.ended_at),
    viewers: Number(row.viewers),
    peak_viewers: Number(row.peak_viewers),
    creator: { user_id: row.creator_id, username: row.username, display_name: row.display_name ?? row.username },
    city: row.city_id !== null && row.city_name !== null ? { id: row.city_id, name: row.city_name } : null,
  };
}

async function itemById(deps: ApiDeps, id: number): Promise<LiveStreamItem> {
  return itemOf(await streamsQuery(deps.db).where("live_streams.id", "=", id).executeTakeFirstOrThrow());
}

/** The caller's own stream, or 404 (another creator's stream answers like an unknown id). */
async function ownStream(deps: ApiDeps, userId: number, id: number): Promise<Row> {
  const row = await deps.db.selectFrom("live_streams").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row || row.creator_id !== userId) throw fail.notFound(LIVE_ERRORS.notFound);
  return row;
}

// ── Who may stream ─────────────────────────────────────────────────────────────────────────────────────────────────

/** Whether staff's suspension of the member's live access runs now (the chat part's one rule, safety.ts). */
export async function isLiveSuspended(deps: ApiDeps, memberId: number): Promise<boolean> {
  return (await liveSuspended(deps, memberId)) !== null;
}

/**
 * Why the member may not stream now, as the error's status and key; null when they may. Only creators stream; a
 * suspension of live access, an address still to verify (streaming publishes, like a post) or a running account
 * restriction (ADR 112) refuse it.
 */
async function streamRefusal(deps: ApiDeps, user: Pick<AuthUser, "id" | "userType" | "tokenId">): Promise<ApiError | null> {
  if (!CREATOR_TYPES.includes(user.userType)) return fail.forbidden(LIVE_ERRORS.notCreator);
  if (await isLiveSuspended(deps, user.id)) return fail.forbidden(LIVE_ERRORS.suspended);
  const viewer = await viewerContext(deps, { id: user.id });
  if (verifyFirst(viewer, "post") || (await isRestricted(deps.db, user.id, deps.clock.now())))
    return fail.forbidden(LIVE_ERRORS.cannotPublish);
  return null;
}

async function assertMayStream(deps: ApiDeps, user: AuthUser): Promise<void> {
  const refusal = await streamRefusal(deps, user);
  if (refusal) throw refusal;
}

function isUniqueViolation(error: unknown): boolean {
  const err = error as { code?: string; message?: string };
  return err.code === "23505" || /UNIQUE constraint failed/.test(err.message ?? "");
}

/** A paid stream names its price; other audiences carry none (so a price never lingers after a change of audience). */
function priceFor(audience: LiveCreateInput["audience"], price: number | null): number | null {
  if (audience !== "paid") return null;
  if (price === null) {
    throw new ApiError(400, [errorItem(400, LIVE_ERRORS.price, "price", { min: LIVE_PRICE_MIN, max: LIVE_PRICE_MAX })]);
  }
  return price;
}

/** The one rule for an announced start, when creating and when moving it: in the future, at most 30 days ahead. */
function checkedStart(now: number, scheduledAt: number | null): number {
  if (scheduledAt === null || scheduledAt <= now || scheduledAt > now + LIVE_SCHEDULE_MAX_DAYS * DAY) {
    throw new ApiError(400, [errorItem(400, LIVE_ERRORS.scheduledAt, "scheduled_at", { days: LIVE_SCHEDULE_MAX_DAYS })]);
  }
  return scheduledAt;
}

/**
 * The `live.not_started` job of an announced start. Keyed by stream and start, and the payload names the start: a
 * move deletes the queued job of the old start and enqueues one for the new (ADR 145), and a job whose start is no
 * longer the stream's does nothing.
 */
const notStartedKey = (streamId: number, scheduledAt: number) => `live.not_started:${streamId}:${scheduledAt}`;

async function enqueueNotStarted(deps: ApiDeps, trx: Transaction<Database>, streamId: number, scheduledAt: number): Promise<void> {
  await enqueueJob(
    trx,
    deps.clock,
    "live.not_started",
    { stream_id: streamId, scheduled_at: scheduledAt },
    { runAt: scheduledAt + LIVE_SCHEDULE_STALE_MS, key: notStartedKey(streamId, scheduledAt) },
  );
}

// ── Creating, starting, editing, stopping ──────────────────────────────────────────────────────────────────────────

/**
 * POST /live/streams: a new stream, on air now (`start: now`) or announced for `scheduled_at`. 403 for members who
 * may not stream (not a creator, suspended, cannot publish), 400 for a field out of its limits, 409 when the creator
 * is on air already.
 */
export async function createStream(deps: ApiDeps, user: AuthUser, input: LiveCreateInput): Promise<LiveStreamItem> {
  await assertMayStream(deps, user);
  const now = deps.clock.now();
  const price = priceFor(input.audience, input.price);
  const scheduledAt = input.start === "schedule" ? checkedStart(now, input.scheduled_at) : null;
  const profile = await deps.db.selectFrom("profiles").select("city_id").where("user_id", "=", user.id).executeTakeFirst();
  const onAir = input.start === "now";
  try {
    const id = await deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("live_streams")
        .values({
          creator_id: user.id,
          title: input.title,
          category: input.category,
          audience: input.audience,
          price,
          ingest: input.ingest,
          state: onAir ? "live" : "scheduled",
          end_reason: null,
          record: input.record ? 1 : 0,
          city_id: profile?.city_id ?? null,
          scheduled_at: scheduledAt,
          started_at: onAir ? now : null,
          ended_at: null,
          producer_seen_at: null,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (onAir) await goneOnAir(deps, trx, row.id, now);
      else {
        await enqueueNotStarted(deps, trx, row.id, scheduledAt!);
        await enqueueJob(
          trx,
          deps.clock,
          "live.notify_subscribers",
          { stream_id: row.id, event: "live_scheduled" },
          { key: `live-scheduled:${row.id}` },
        );
      }
      return row.id;
    });
    return itemById(deps, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw fail.conflict(LIVE_ERRORS.alreadyLive);
    throw error;
  }
}

/** POST /live/streams/{id}/start: an announced stream goes on air (409 when it is not announced or another is on air). */
export async function startStream(deps: ApiDeps, user: AuthUser, id: number): Promise<LiveStreamItem> {
  const row = await ownStream(deps, user.id, id);
  await assertMayStream(deps, user);
  if (row.state !== "scheduled") throw fail.conflict(LIVE_ERRORS.notScheduled);
  const now = deps.clock.now();
  try {
    await deps.db.transaction().execute(async (trx) => {
      const changed = await trx
        .updateTable("live_streams")
        .set({ state: "live", started_at: now, producer_seen_at: null, updated_at: now })
        .where("id", "=", id)
        .where("state", "=", "scheduled")
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) === 0) throw fail.conflict(LIVE_ERRORS.notScheduled);
      await goneOnAir(deps, trx, id, now);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail.conflict(LIVE_ERRORS.alreadyLive);
    throw error;
  }
  return itemById(deps, id);
}

/**
 * PUT /live/streams/{id}: title and category any time before the end; audience and price only while announced
 * (409 exception.live.audience_fixed on air, ADR 124).
 */
export async function updateStream(deps: ApiDeps, userId: number, id: number, input: LiveUpdateInput): Promise<LiveStreamItem> {
  const row = await ownStream(deps, userId, id);
  if (row.state === "ended") throw fail.conflict(LIVE_ERRORS.ended);
  const price = priceFor(input.audience, input.price);
  if (row.state === "live" && (input.audience !== row.audience || price !== (row.audience === "paid" ? row.price : null))) {
    throw fail.conflict(LIVE_ERRORS.audienceFixed, "audience");
  }
  await deps.db
    .updateTable("live_streams")
    .set({ title: input.title, category: input.category, audience: input.audience, price, updated_at: deps.clock.now() })
    .where("id", "=", id)
    .where("state", "in", ["scheduled", "live"])
    .execute();
  return itemById(deps, id);
}

/**
 * POST /live/streams/{id}/reschedule: an announced stream's start moves (checked as when creating: 400
 * exception.live.scheduled_at). Only while announced: 409 exception.live.not_reschedulable on air or after the end.
 * The newsfeed item and the pages read the row, so they follow; the not-started job moves with the start (the old
 * one is deleted, and would do nothing if it ran). Subscribers' "announced" notice names no time: nothing to resend.
 */
export async function rescheduleStream(deps: ApiDeps, userId: number, id: number, input: LiveRescheduleInput): Promise<LiveStreamItem> {
  const row = await ownStream(deps, userId, id);
  if (row.state !== "scheduled") throw fail.conflict(LIVE_ERRORS.notReschedulable);
  const now = deps.clock.now();
  const scheduledAt = checkedStart(now, input.scheduled_at);
  await deps.db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable("live_streams")
      .set({ scheduled_at: scheduledAt, updated_at: now })
      .where("id", "=", id)
      .where("state", "=", "scheduled")
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) throw fail.conflict(LIVE_ERRORS.notReschedulable);
    const previous = Number(row.scheduled_at ?? 0);
    if (previous === scheduledAt) return;
    await trx
      .deleteFrom("jobs")
      .where("kind", "=", "live.not_started")
      .where("state", "=", "queued")
      .where((eb) =>
        eb.or([
          eb("job_key", "=", notStartedKey(id, previous)),
          // Announced before jobs were keyed: the payload was the stream id alone.
          eb.and([eb("job_key", "is", null), eb("payload", "=", JSON.stringify({ stream_id: id }))]),
        ]),
      )
      .execute();
    await enqueueNotStarted(deps, trx, id, scheduledAt);
  });
  return itemById(deps, id);
}

/** POST /live/streams/{id}/stop: the creator ends the stream, or cancels an announced one. 409 when it ended already. */
export async function stopStream(deps: ApiDeps, userId: number, id: number): Promise<LiveStreamItem> {
  const row = await ownStream(deps, userId, id);
  if (row.state === "ended" || !(await endStream(deps, id, "creator"))) throw fail.conflict(LIVE_ERRORS.ended);
  return itemById(deps, row.id);
}

// ── Watching ───────────────────────────────────────────────────────────────────────────────────────────────────────

async function isSubscribed(db: Kysely<Database>, memberId: number, creatorId: number): Promise<boolean> {
  const row = await db
    .selectFrom("live_watch_subscriptions")
    .select("id")
    .where("member_id", "=", memberId)
    .where("creator_id", "=", creatorId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * GET /live/streams/{id}: the stream with the viewer's access (liveAccess) and, when they may watch, the media URLs.
 * A stream the viewer may not know of (a block either way, a creator who cannot be seen) answers 404.
 */
export async function streamForViewer(deps: ApiDeps, viewerId: number | null, id: number): Promise<LiveStreamAnswer> {
  const row = await deps.db.selectFrom("live_streams").selectAll().where("id", "=", id).executeTakeFirst();
  const access = row ? await liveAccessTo(deps, viewerId, row) : null;
  if (!row || !access) throw fail.notFound(LIVE_ERRORS.notFound);
  const [stream, subscribed, balances] = await Promise.all([
    itemById(deps, id),
    viewerId === null ? false : isSubscribed(deps.db, viewerId, row.creator_id),
    viewerId === null ? null : memberBalances(deps, viewerId, "dollar"),
  ]);
  return {
    stream,
    access: { role: access.role, watch: access.watch, chat: access.chat, staff: access.staff, denial: access.denial },
    media: access.watch && viewerId !== null ? liveMediaUrls(deps, access.stream, viewerId) : null,
    publish: access.role === "PRODUCER" && row.state === "live" ? livePublishUrl(deps, row) : null,
    subscribed,
    balance: balances?.wallet ?? 0,
  };
}

/** The streams a viewer may see listed: creators who are active, with no block either way. */
function visibleTo(viewerId: number | null) {
  return (qb: ReturnType<typeof streamsQuery>) => {
    const listed = qb.where("users.status", "=", "active");
    return viewerId === null ? listed : listed.where((eb) => notBlockedWith(eb, viewerId));
  };
}

/** GET /live/streams: on air (most viewers first, then newest), then announced (soonest first); filters category, city. */
export async function browseStreams(
  deps: ApiDeps,
  viewerId: number | null,
  filters: { category?: LiveStreamItem["category"]; city?: number },
): Promise<LiveBrowse> {
  const filtered = (qb: ReturnType<typeof streamsQuery>) => {
    let q = visibleTo(viewerId)(qb);
    if (filters.category) q = q.where("live_streams.category", "=", filters.category);
    if (filters.city) q = q.where("live_streams.city_id", "=", filters.city);
    return q;
  };
  const [live, upcoming, cities] = await Promise.all([
    filtered(streamsQuery(deps.db))
      .where("live_streams.state", "=", "live")
      .orderBy("live_streams.viewers", "desc")
      .orderBy("live_streams.id", "desc")
      .limit(LIVE_BROWSE_MAX)
      .execute(),
    filtered(streamsQuery(deps.db))
      .where("live_streams.state", "=", "scheduled")
      .orderBy("live_streams.scheduled_at", "asc")
      .orderBy("live_streams.id", "asc")
      .limit(LIVE_UPCOMING_MAX)
      .execute(),
    deps.db
      .selectFrom("live_streams")
      .innerJoin("cities", "cities.id", "live_streams.city_id")
      .select(["cities.id", "cities.name"])
      .where("live_streams.state", "in", ["live", "scheduled"])
      .groupBy(["cities.id", "cities.name"])
      .orderBy("cities.name")
      .execute(),
  ]);
  return {
    live: live.map(itemOf),
    upcoming: upcoming.map(itemOf),
    cities: cities.map((c): LiveCity => ({ id: c.id, name: c.name })),
  };
}

/** GET /live/streams/mine: the creator's streams, newest first, and whether they may stream now. */
export async function myStreams(deps: ApiDeps, user: AuthUser): Promise<LiveMine> {
  const refusal = await streamRefusal(deps, user);
  const rows = await streamsQuery(deps.db)
    .where("live_streams.creator_id", "=", user.id)
    .orderBy("live_streams.id", "desc")
    .limit(50)
    .execute();
  return { items: rows.map(itemOf), refusal: refusal ? (refusal.items[0]?.key ?? LIVE_ERRORS.notCreator) : null };
}

// ── Paying a paid stream ───────────────────────────────────────────────────────────────────────────────────────────

async function payAnswer(
  deps: ApiDeps,
  payerId: number,
  streamId: number,
  paid: { operation_id: number; price: number },
  replayed: boolean,
) {
  const balances = await memberBalances(deps, payerId, "dollar");
  const answer: LivePayAnswer = {
    status: "succeeded",
    operation_id: paid.operation_id,
    kind: "CONSUME",
    amount: paid.price,
    balance: balances.wallet,
    replayed,
    stream_id: streamId,
  };
  return answer;
}

const accessOf = (db: Kysely<Database>, streamId: number, memberId: number) =>
  db
    .selectFrom("live_stream_access")
    .select(["operation_id", "price"])
    .where("stream_id", "=", streamId)
    .where("member_id", "=", memberId)
    .executeTakeFirst();

/**
 * POST /live/streams/{id}/access: the member pays the stream's price once, to the creator's pending earnings like
 * other content (dollarOperations.creatorSale, reference live:<id>). The ledger key is the pair's
 * (live:<stream>:<member>), so any retry — with or without the client's key — answers the first payment (replayed)
 * and nothing moves twice. 400 own stream, 403 staff, 404 unknown or hidden, 409 not a paid stream or ended,
 * 402 exception.wallet.insufficient when the wallet does not cover it.
 */
export async function payForStream(deps: ApiDeps, payerId: number, userType: number, id: number): Promise<LivePayAnswer> {
  const row = await deps.db.selectFrom("live_streams").selectAll().where("id", "=", id).executeTakeFirst();
  const access = row ? await liveAccessTo(deps, payerId, row) : null;
  if (!row || !access) throw fail.notFound(LIVE_ERRORS.notFound);
  if (row.creator_id === payerId) throw fail.badRequest(LIVE_ERRORS.self);
  if (isStaffUserType(userType)) throw fail.forbidden(LIVE_ERRORS.staff);
  const earlier = await accessOf(deps.db, id, payerId);
  if (earlier) return payAnswer(deps, payerId, id, earlier, true);
  if (row.audience !== "paid" || row.price === null) throw fail.conflict(LIVE_ERRORS.notForSale);
  if (row.state === "ended") throw fail.conflict(LIVE_ERRORS.ended);
  if (access.denial === "removed") throw fail.notFound(LIVE_ERRORS.notFound);
  const price = Number(row.price);
  let outcome: { paid: { operation_id: number; price: number }; replayed: boolean };
  try {
    outcome = await deps.db.transaction().execute(async (trx) => {
      // One member's live payments run one after the other (ADR 058): the check below holds when the row is added.
      await lockMembersForLimits(trx, deps.dialect, "livePurchases", [payerId]);
      const again = await accessOf(trx, id, payerId);
      if (again) return { paid: again, replayed: true };
      const operation = dollarOperations.creatorSale(payerId, row.creator_id, price);
      const posted = await postOperationIn(trx, deps, {
        key: liveAccessLedgerKey(id, payerId),
        kind: operation.kind,
        currency: "dollar",
        actorId: payerId,
        reference: liveStreamReference(id),
        transfers: operation.transfers,
      });
      if (posted.status !== "succeeded" || posted.operationId === null) throw new LedgerInsufficient();
      await trx
        .insertInto("live_stream_access")
        .values({ stream_id: id, member_id: payerId, operation_id: posted.operationId, price, paid_at: deps.clock.now() })
        .execute();
      return { paid: { operation_id: posted.operationId, price }, replayed: posted.replayed };
    });
  } catch (error) {
    if (!(error instanceof LedgerInsufficient)) throw error;
    const balance = (await memberBalances(deps, payerId, "dollar")).wallet;
    throw new ApiError(402, [errorItem(402, INSUFFICIENT_DOLLARS_KEY, undefined, { price, currency: "dollar", balance })], {
      insufficient: true,
    });
  }
  if (!outcome.replayed) await Promise.all([notifyWalletChanged(deps, payerId), notifyWalletChanged(deps, row.creator_id)]);
  return payAnswer(deps, payerId, id, outcome.paid, outcome.replayed);
}

// ── Watch subscriptions ────────────────────────────────────────────────────────────────────────────────────────────

async function creatorNamed(deps: ApiDeps, viewerId: number | null, username: string): Promise<LiveCreator & { userType: number }> {
  const owner = await findOwner(deps.db, { username });
  if (!owner || !CREATOR_TYPES.includes(owner.user_type)) throw fail.notFound(LIVE_ERRORS.notFound);
  if (viewerId !== null && viewerId !== owner.id && !(await isReachable(deps, viewerId, owner))) throw fail.notFound(LIVE_ERRORS.notFound);
  if (viewerId === null && owner.status !== "active") throw fail.notFound(LIVE_ERRORS.notFound);
  const profile = await deps.db.selectFrom("profiles").select("display_name").where("user_id", "=", owner.id).executeTakeFirst();
  return { user_id: owner.id, username: owner.username, display_name: profile?.display_name ?? owner.username, userType: owner.user_type };
}

const creatorOf = ({ user_id, username, display_name }: LiveCreator): LiveCreator => ({ user_id, username, display_name });

/** POST /live/watch/{username}: follow the creator's live schedule (told when they go live or announce). Idempotent. */
export async function subscribeToCreator(deps: ApiDeps, user: AuthUser, username: string): Promise<LiveWatchAnswer> {
  const creator = await creatorNamed(deps, user.id, username);
  if (creator.user_id === user.id) throw fail.badRequest(LIVE_ERRORS.self);
  if (isStaffUserType(user.userType)) throw fail.forbidden(LIVE_ERRORS.staff);
  await deps.db
    .insertInto("live_watch_subscriptions")
    .values({ member_id: user.id, creator_id: creator.user_id, created_at: deps.clock.now() })
    .onConflict((oc) => oc.columns(["member_id", "creator_id"]).doNothing())
    .execute();
  return { creator: creatorOf(creator), subscribed: true };
}

/** DELETE /live/watch/{username}: stop following. Idempotent; works even when a block came between. */
export async function unsubscribeFromCreator(deps: ApiDeps, userId: number, username: string): Promise<LiveWatchAnswer> {
  const owner = await findOwner(deps.db, { username });
  if (!owner) throw fail.notFound(LIVE_ERRORS.notFound);
  await deps.db.deleteFrom("live_watch_subscriptions").where("member_id", "=", userId).where("creator_id", "=", owner.id).execute();
  const profile = await deps.db.selectFrom("profiles").select("display_name").where("user_id", "=", owner.id).executeTakeFirst();
  return {
    creator: { user_id: owner.id, username: owner.username, display_name: profile?.display_name ?? owner.username },
    subscribed: false,
  };
}

/**
 * The job behind the notices: every subscriber who may still see the creator hears once per stream and event
 * (dedupe key), in batches, so a creator with many subscribers does not hold up the request that went live.
 */
export async function notifySubscribers(deps: ApiDeps, streamId: number, event: "live_started" | "live_scheduled"): Promise<void> {
  const stream = await deps.db.selectFrom("live_streams").selectAll().where("id", "=", streamId).executeTakeFirst();
  if (!stream) return;
  // A stream that ended before the job ran (or, for an announcement, one already on air) is no news any more.
  if (event === "live_started" ? stream.state !== "live" : stream.state !== "scheduled") return;
  let after = 0;
  for (;;) {
    const batch = await deps.db
      .selectFrom("live_watch_subscriptions")
      .innerJoin("users", "users.id", "live_watch_subscriptions.member_id")
      .select(["live_watch_subscriptions.id", "live_watch_subscriptions.member_id"])
      .where("live_watch_subscriptions.creator_id", "=", stream.creator_id)
      .where("live_watch_subscriptions.id", ">", after)
      .where("users.status", "=", "active")
      .where((eb) => notBlockedWith(eb, stream.creator_id))
      .orderBy("live_watch_subscriptions.id")
      .limit(NOTIFY_BATCH)
      .execute();
    if (batch.length === 0) return;
    const hints = await deps.db.transaction().execute(async (trx) => {
      const all = [];
      for (const sub of batch) {
        all.push(
          ...(await notify(deps, trx, {
            userId: sub.member_id,
            event,
            actorId: stream.creator_id,
            subject: { type: "live_stream", id: stream.id },
            params: { title: stream.title },
            url: livePaths.watch(stream.id),
            dedupeKey: `${event}:${stream.id}`,
          })),
        );
      }
      return all;
    });
    await publishNotificationHints(deps, hints);
    after = batch[batch.length - 1]!.id;
  }
}

// ── The jobs that end streams by themselves ────────────────────────────────────────────────────────────────────────

/**
 * live.check_producer: a live stream whose producer has not been seen for LIVE_PRODUCER_GRACE_MS (or never was, since
 * it started) ends as `producer_lost`; otherwise the check comes back when the grace from the last sign runs out.
 */
export async function checkProducer(deps: ApiDeps, streamId: number): Promise<void> {
  const row = await deps.db
    .selectFrom("live_streams")
    .select(["state", "started_at", "producer_seen_at"])
    .where("id", "=", streamId)
    .executeTakeFirst();
  if (!row || row.state !== "live") return;
  const lastSign = Number(row.producer_seen_at ?? row.started_at ?? 0);
  const deadline = lastSign + LIVE_PRODUCER_GRACE_MS;
  if (deps.clock.now() >= deadline) {
    await endStream(deps, streamId, "producer_lost");
    return;
  }
  await enqueueJob(deps.db, deps.clock, "live.check_producer", { stream_id: streamId }, { runAt: deadline });
}

/**
 * live.not_started: an announced stream not started LIVE_SCHEDULE_STALE_MS after its time ends as `not_started`. A job
 * enqueued for a start the creator has since moved (`scheduledAt` differs from the row's) does nothing.
 */
export async function endIfNotStarted(deps: ApiDeps, streamId: number, scheduledAt?: number): Promise<void> {
  const row = await deps.db.selectFrom("live_streams").select(["state", "scheduled_at"]).where("id", "=", streamId).executeTakeFirst();
  if (!row || row.state !== "scheduled") return;
  if (scheduledAt !== undefined && Number(row.scheduled_at) !== scheduledAt) return;
  if (deps.clock.now() < Number(row.scheduled_at ?? 0) + LIVE_SCHEDULE_STALE_MS) return;
  await endStream(deps, streamId, "not_started");
}

// ── The profile's live tab ─────────────────────────────────────────────────────────────────────────────────────────

/** GET /live/profile/{username}: on air now, announced streams, the recordings the viewer may see, the subscription. */
export async function profileLiveTab(deps: ApiDeps, viewer: AuthUser | null, username: string): Promise<LiveProfileTab> {
  const viewerId = viewer?.id ?? null;
  const creator = await creatorNamed(deps, viewerId, username);
  const rows = await visibleTo(viewerId)(streamsQuery(deps.db))
    .where("live_streams.creator_id", "=", creator.user_id)
    .where("live_streams.state", "in", ["live", "scheduled"])
    .orderBy("live_streams.scheduled_at", "asc")
    .orderBy("live_streams.id", "asc")
    .limit(LIVE_UPCOMING_MAX + 1)
    .execute();
  const items = rows.map(itemOf);
  const own = viewerId === creator.user_id;
  const staff = viewer !== null && isStaffUserType(viewer.userType);
  return {
    creator: creatorOf(creator),
    live: items.find((s) => s.state === "live") ?? null,
    upcoming: items.filter((s) => s.state === "scheduled"),
    recordings: await recordingsForProfile(deps, viewer, creator.user_id),
    subscribed: viewerId !== null && !own && (await isSubscribed(deps.db, viewerId, creator.user_id)),
    may_subscribe: viewerId !== null && !own && !staff,
    own,
  };
}

/** The data export's live.json (privacy module): the member's streams, whom they follow live, the streams they paid. */
export async function liveDataForExport(db: Kysely<Database>, memberId: number) {
  const [streams, subscriptions, paid, recordingsBought] = await Promise.all([
    db
      .selectFrom("live_streams")
      .select([
        "id",
        "title",
        "category",
        "audience",
        "price",
        "ingest",
        "state",
        "end_reason",
        "record",
        "scheduled_at",
        "started_at",
        "ended_at",
        "peak_viewers",
        "created_at",
      ])
      .where("creator_id", "=", memberId)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("live_watch_subscriptions")
      .innerJoin("users", "users.id", "live_watch_subscriptions.creator_id")
      .select(["users.username as creator", "live_watch_subscriptions.created_at"])
      .where("live_watch_subscriptions.member_id", "=", memberId)
      .orderBy("live_watch_subscriptions.id")
      .execute(),
    db
      .selectFrom("live_stream_access")
      .select(["stream_id", "price", "operation_id", "paid_at"])
      .where("member_id", "=", memberId)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("live_recording_purchases")
      .select(["recording_id", "price", "operation_id", "paid_at"])
      .where("member_id", "=", memberId)
      .orderBy("id")
      .execute(),
  ]);
  return { streams, subscriptions, paid, recordings_bought: recordingsBought };
}
