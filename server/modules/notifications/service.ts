/**
 * The notification centre (issue 12 item 7, ADR 044). `notify` is the one entry point other modules call, inside
 * the transaction of the action it reports, so a notification (and its push and e-mail jobs) exists exactly when
 * the action committed. It honours the member's choices per kind and channel (contract/settings):
 * - bar: the row is stored (the bell, my_notification) and, after the commit, a realtime hint is published;
 * - push: a `notification.push` job sends Web Push to every subscribed browser of the member;
 * - email: a `notification.email` job writes the mail, for the events whose module has no mail of its own.
 * Every read and change below is scoped to the signed-in member: another member's id answers 404.
 */
import { sql, type Transaction } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  NOTIFICATION_BELL_MAX,
  NOTIFICATION_ERRORS,
  NOTIFICATION_PAGE_SIZE,
  NOTIFICATION_RETENTION_DAYS,
  type NotificationChange,
  type NotificationEvent,
  type NotificationItem,
  type NotificationList,
  type NotificationListQuery,
  type NotificationSummary,
} from "../../contract/notifications";
import type { RealtimeEnvelope } from "../../contract/realtime";
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_CHANNELS,
  type NotificationChannel,
  type NotificationKind,
} from "../../contract/settings";
import type { DB } from "../../db/index";
import { literalLimit } from "../../db/literal-limit";
import { precompiled, type Slots } from "../../db/precompiled";
import type { Database } from "../../db/schema";
import { enqueueJob } from "../../jobs/queue";
import { notBlockedWith } from "../access/index";
import { notificationDeclaration } from "./declarations";
import { notificationTitle } from "./texts";

type Executor = DB | Transaction<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A notification's delivery outside the site (the notification.push and notification.email jobs): ids and the few strings needed, rendered in the member's language when sent. */
export interface NotificationJob {
  user_id: number;
  event: NotificationEvent;
  actor_id: number | null;
  url: string | null;
  /** The stored row (null when the member keeps this kind out of the bar). */
  notification_id: number | null;
  /** The title's params (a tip's amount); absent in jobs queued before they were carried. */
  params?: Record<string, string>;
}

export interface NotifyInput {
  /** The member told. */
  userId: number;
  event: NotificationEvent;
  /** Who caused it, if the recipient may know (null hides them: "someone"). */
  actorId?: number | null;
  subject?: { type: string; id: number } | null;
  /** Translation params, strings only (kept small: they travel in push payloads). */
  params?: Record<string, string>;
  /** Where it leads: a path after the language. */
  url?: string | null;
  /** Aggregation: a second notify with the same key for the member does nothing. */
  dedupeKey?: string | null;
  /**
   * What the caller read already (the messenger's send): the recipient's status and language, the actor's name, and
   * optionally the recipient's choices for the event's kind (choiceColumns in the caller's read).
   */
  known?: { recipient: { status: string; language: string }; actorName: string | null; channels?: Record<NotificationChannel, boolean> };
}

/** What to publish once the transaction committed (publishNotificationHints). */
export type NotificationHints = RealtimeEnvelope[];

/** The member's choice for one kind on each channel (stored rows, else the contract's defaults). */
export async function channelsFor(db: Executor, userId: number, kind: NotificationKind): Promise<Record<NotificationChannel, boolean>> {
  const rows = await db
    .selectFrom("notification_preferences")
    .select(["channel", "enabled"])
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .execute();
  return withChoices(kind, new Map(rows.map((row) => [row.channel, row.enabled])));
}

/** The contract's defaults for a kind, overridden where the member stored a choice (1 on, 0 off). */
function withChoices(kind: NotificationKind, stored: ReadonlyMap<string, unknown>): Record<NotificationChannel, boolean> {
  const channels = { ...DEFAULT_NOTIFICATION_PREFERENCES[kind] };
  for (const channel of NOTIFICATION_CHANNELS) {
    const choice = stored.get(channel);
    if (choice !== null && choice !== undefined) channels[channel] = Number(choice) === 1;
  }
  return channels;
}

/**
 * The member's stored choice per channel for one kind as columns of a caller's read (`choice_bar`, `choice_push`,
 * `choice_email`: 1, 0 or null for "no row"): the messenger's send reads them with the pair instead of a query of its
 * own. `choicesOf` turns them into what channelsFor answers.
 */
export function choiceColumns(userId: number, kind: NotificationKind) {
  return NOTIFICATION_CHANNELS.map((channel) =>
    sql<
      number | null
    >`(select enabled from notification_preferences where user_id = ${userId} and kind = ${kind} and channel = ${channel})`.as(
      `choice_${channel}`,
    ),
  );
}

export function choicesOf(kind: NotificationKind, row: Record<string, unknown>): Record<NotificationChannel, boolean> {
  return withChoices(kind, new Map(NOTIFICATION_CHANNELS.map((channel) => [channel, row[`choice_${channel}`]])));
}

/** Whether a member wants a kind on a channel: for modules that deliver on their own (the moderation mail). */
export async function wantsChannel(db: Executor, userId: number, kind: NotificationKind, channel: NotificationChannel): Promise<boolean> {
  return (await channelsFor(db, userId, kind))[channel];
}

/**
 * Records and schedules one notification inside the caller's transaction. Returns the realtime hints to publish
 * after the commit (none when the bar is off, the member is gone, or the dedupe key was already used).
 */
export async function notify(deps: ApiDeps, trx: Executor, input: NotifyInput): Promise<NotificationHints> {
  const spec = notificationDeclaration(deps, input.event);
  const recipient =
    input.known?.recipient ??
    (await trx.selectFrom("users").select(["status", "language"]).where("id", "=", input.userId).executeTakeFirst());
  if (!recipient || recipient.status === "deleted" || recipient.status === "banned") return [];
  const channels = input.known?.channels ?? (await channelsFor(trx, input.userId, spec.kind));
  if (!channels.bar && !channels.push && !channels.email) return [];
  const now = deps.clock.now();
  const params = input.params ?? {};
  const url = input.url ?? null;
  const actorId = input.actorId ?? null;
  let notificationId: number | null = null;
  if (channels.bar) {
    const row = await trx
      .insertInto("notifications")
      .values({
        user_id: input.userId,
        event: input.event,
        kind: spec.kind,
        content_type: spec.contentType,
        stickiness: spec.stickiness,
        actor_id: actorId,
        subject_type: input.subject?.type ?? null,
        subject_id: input.subject?.id ?? null,
        params: JSON.stringify(params),
        url,
        dedupe_key: input.dedupeKey ?? null,
        read_at: null,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(["user_id", "dedupe_key"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!row) return [];
    notificationId = row.id;
  }
  const job: NotificationJob = {
    user_id: input.userId,
    event: input.event,
    actor_id: actorId,
    url,
    notification_id: notificationId,
    ...(Object.keys(params).length > 0 ? { params } : {}),
  };
  // With the bar off no row holds the dedupe key; the job key still folds a burst into one push while it waits.
  const pushKey = input.dedupeKey ? { key: `notification.push:${input.userId}:${input.dedupeKey}` } : {};
  if (channels.push) await enqueueJob(trx, deps.clock, "notification.push", job, pushKey);
  if (channels.email && !spec.ownMail) await enqueueJob(trx, deps.clock, "notification.email", job);
  if (notificationId === null) return [];
  const actorName = actorId === null ? null : input.known ? input.known.actorName : await displayNameOf(trx, actorId);
  return [
    {
      to: [input.userId],
      event: {
        type: "notification",
        id: notificationId,
        event: input.event,
        kind: spec.kind,
        content_type: spec.contentType,
        stickiness: spec.stickiness,
        title: notificationTitle(deps, recipient.language, input.event, actorName, params),
        url,
      },
    },
  ];
}

/**
 * Marks the member's unread notifications of one event about one subject read: the messenger calls it when the
 * member reads a thread, so the bell does not keep announcing messages they have seen.
 */
export async function markSubjectRead(
  deps: ApiDeps,
  trx: Executor,
  userId: number,
  event: NotificationEvent,
  subject: { type: string; id: number },
): Promise<number> {
  const result = await trx
    .updateTable("notifications")
    .set({ read_at: deps.clock.now() })
    .where("user_id", "=", userId)
    .where("event", "=", event)
    .where("subject_type", "=", subject.type)
    .where("subject_id", "=", subject.id)
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Publishes the hints of committed notifications; never throws (the bus is best-effort, ADR 042). */
export async function publishNotificationHints(deps: ApiDeps, hints: NotificationHints): Promise<void> {
  await deps.bus.publishAll(hints);
}

export async function displayNameOf(db: Executor, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom("users")
    .leftJoin("profiles", "profiles.user_id", "users.id")
    .select(["users.username", "users.status", "profiles.display_name"])
    .where("users.id", "=", userId)
    .executeTakeFirst();
  if (!row || row.status === "deleted" || row.status === "banned") return null;
  return row.display_name ?? row.username;
}

/** The member's notifications whose actor they may still see: no block either way (a blocked actor's go quiet). */
function visibleOf(db: DB, userId: number) {
  return db
    .selectFrom("notifications")
    .leftJoin("users", "users.id", "notifications.actor_id")
    .leftJoin("profiles", "profiles.user_id", "notifications.actor_id")
    .where("notifications.user_id", "=", userId)
    .where((eb) => eb.or([eb("notifications.actor_id", "is", null), notBlockedWith(eb, userId)]));
}

type Row = {
  id: number;
  event: NotificationEvent;
  kind: NotificationKind;
  content_type: NotificationItem["content_type"];
  stickiness: NotificationItem["stickiness"];
  params: string;
  url: string | null;
  read_at: number | null;
  created_at: number;
  username: string | null;
  status: string | null;
  display_name: string | null;
};

function itemOf(row: Row): NotificationItem {
  let params: Record<string, string> = {};
  try {
    const parsed = JSON.parse(row.params) as unknown;
    if (parsed && typeof parsed === "object") params = parsed as Record<string, string>;
  } catch {
    params = {};
  }
  const actorShown = row.username !== null && row.status !== "deleted" && row.status !== "banned";
  return {
    id: row.id,
    event: row.event,
    kind: row.kind,
    content_type: row.content_type,
    stickiness: row.stickiness,
    actor: actorShown ? { username: row.username!, display_name: row.display_name ?? row.username! } : null,
    params,
    url: row.url,
    read_at: row.read_at === null ? null : Number(row.read_at),
    created_at: Number(row.created_at),
  };
}

const COLUMNS = [
  "notifications.id",
  "notifications.event",
  "notifications.kind",
  "notifications.content_type",
  "notifications.stickiness",
  "notifications.params",
  "notifications.url",
  "notifications.read_at",
  "notifications.created_at",
  "users.username",
  "users.status",
  "profiles.display_name",
] as const;

async function unreadCount(db: DB, userId: number): Promise<number> {
  const row = await visibleOf(db, userId)
    .where("notifications.read_at", "is", null)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type ListArgs = { userId: number; since: number; offset: number };

/**
 * What GET /notifications lists (all, or only the unread ones). What the pruning removes is never listed, whenever the
 * pruning last ran (it runs once a day per member): read ones older than `since` are left out.
 */
function listed(db: DB, slot: Slots<ListArgs>, unreadOnly: boolean) {
  const q = visibleOf(db, slot("userId")).where((eb) =>
    eb.or([eb("notifications.read_at", "is", null), eb("notifications.created_at", ">=", slot("since"))]),
  );
  return unreadOnly ? q.where("notifications.read_at", "is", null) : q;
}

/** Both counts in one statement: the list's total and the unread ones among them (all unread ones are listed). */
const listCountsOf = (unreadOnly: boolean) =>
  precompiled((db, slot: Slots<ListArgs>) =>
    listed(db, slot, unreadOnly).select((eb) => [
      eb.fn.countAll<number>().as("n"),
      eb.fn.sum<number>(eb.case().when("notifications.read_at", "is", null).then(1).else(0).end()).as("unread"),
    ]),
  );

/** One page of the list: unread first, then newest first. */
const listPageOf = (unreadOnly: boolean) =>
  precompiled((db, slot: Slots<ListArgs>) =>
    listed(db, slot, unreadOnly)
      .select([...COLUMNS])
      .orderBy(sql`case when notifications.read_at is null then 0 else 1 end`)
      .orderBy("notifications.created_at", "desc")
      .orderBy("notifications.id", "desc")
      // The page size in the text, not bound: SQLite prepares a statement again whenever its LIMIT is bound (ADR 173).
      .limit(literalLimit(NOTIFICATION_PAGE_SIZE))
      .offset(slot("offset")),
  );

// The list's four statements, built once each (ADR 148): building them per view was 8 % of the page (ADR 166).
const LIST_STATEMENTS = {
  all: { counts: listCountsOf(false), page: listPageOf(false) },
  unread: { counts: listCountsOf(true), page: listPageOf(true) },
};

/** GET /notifications: unread first, then newest first; page size 20 (spec section 9). */
export async function notificationList(deps: ApiDeps, userId: number, query: NotificationListQuery): Promise<NotificationList> {
  const now = deps.clock.now();
  await pruneOld(deps, userId, now);
  const statements = query.filter === "unread" ? LIST_STATEMENTS.unread : LIST_STATEMENTS.all;
  const args = {
    userId,
    since: now - NOTIFICATION_RETENTION_DAYS * DAY_MS,
    offset: (query.page - 1) * NOTIFICATION_PAGE_SIZE,
  };
  const [[counts], rows] = await Promise.all([statements.counts(deps.db, args), statements.page(deps.db, args)]);
  const total = Number(counts?.n ?? 0);
  const unread = Number(counts?.unread ?? 0);
  return { items: (rows as Row[]).map(itemOf), page: query.page, page_size: NOTIFICATION_PAGE_SIZE, total, unread };
}

/** The bell: the unread count and the newest few (at most 8, spec section 9), unread first. */
export async function notificationSummary(deps: ApiDeps, userId: number): Promise<NotificationSummary> {
  const [unread, rows] = await Promise.all([
    unreadCount(deps.db, userId),
    visibleOf(deps.db, userId)
      .select([...COLUMNS])
      .orderBy(sql`case when notifications.read_at is null then 0 else 1 end`)
      .orderBy("notifications.created_at", "desc")
      .orderBy("notifications.id", "desc")
      .limit(NOTIFICATION_BELL_MAX)
      .execute(),
  ]);
  return { unread, latest: (rows as Row[]).map(itemOf) };
}

/**
 * Every notification the member's list would show them, unread first, then newest (the data export, ADR 059): the
 * same items as GET /notifications, so the export names no actor the member may not see and carries none of the
 * row's internal keys (a dedupe key names the visitor or favoriter a member without plus must not learn).
 */
export async function notificationsForExport(db: DB, userId: number, now: number): Promise<NotificationItem[]> {
  const rows = await visibleOf(db, userId)
    // What the list's pruning would have removed before the member opened it.
    .where((eb) =>
      eb.or([eb("notifications.read_at", "is", null), eb("notifications.created_at", ">=", now - NOTIFICATION_RETENTION_DAYS * DAY_MS)]),
    )
    .select([...COLUMNS])
    .orderBy(sql`case when notifications.read_at is null then 0 else 1 end`)
    .orderBy("notifications.created_at", "desc")
    .orderBy("notifications.id", "desc")
    .execute();
  return (rows as Row[]).map(itemOf);
}

/** The member's own notification by id, else 404 (another member's id answers the same as none). */
async function ownId(db: DB, userId: number, id: number): Promise<number> {
  const row = await db.selectFrom("notifications").select("id").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  if (!row) throw fail.notFound(NOTIFICATION_ERRORS.notFound);
  return row.id;
}

/** PUT /notifications/{id}/read: read, or unread again. */
export async function markNotification(deps: ApiDeps, userId: number, id: number, read: boolean): Promise<NotificationChange> {
  await ownId(deps.db, userId, id);
  const result = await deps.db
    .updateTable("notifications")
    .set({ read_at: read ? deps.clock.now() : null })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("read_at", read ? "is" : "is not", null)
    .executeTakeFirst();
  return { unread: await unreadCount(deps.db, userId), changed: Number(result.numUpdatedRows) };
}

/** POST /notifications/read-all. */
export async function markAllRead(deps: ApiDeps, userId: number): Promise<NotificationChange> {
  const result = await deps.db
    .updateTable("notifications")
    .set({ read_at: deps.clock.now() })
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirst();
  return { unread: await unreadCount(deps.db, userId), changed: Number(result.numUpdatedRows) };
}

/** DELETE /notifications/{id}. */
export async function deleteNotification(deps: ApiDeps, userId: number, id: number): Promise<NotificationChange> {
  await ownId(deps.db, userId, id);
  const result = await deps.db.deleteFrom("notifications").where("id", "=", id).where("user_id", "=", userId).executeTakeFirst();
  return { unread: await unreadCount(deps.db, userId), changed: Number(result.numDeletedRows) };
}

/** The day (since the epoch) this instance last pruned each member's notifications. */
const prunedOn = new WeakMap<DB, Map<number, number>>();
/** Members remembered at most; past it the map starts afresh (a forgotten member costs one more pruning). */
const PRUNED_MAX = 50_000;

/**
 * Read notifications older than the retention go, per member, when they open the list — once a day per member and
 * instance (ADR 154): the list itself leaves them out, so a later pruning changes only what is stored.
 */
async function pruneOld(deps: ApiDeps, userId: number, now: number): Promise<void> {
  const today = Math.floor(now / DAY_MS);
  let pruned = prunedOn.get(deps.db);
  if (!pruned) prunedOn.set(deps.db, (pruned = new Map()));
  if (pruned.get(userId) === today) return;
  if (pruned.size >= PRUNED_MAX) pruned.clear();
  pruned.set(userId, today);
  await deps.db
    .deleteFrom("notifications")
    .where("user_id", "=", userId)
    .where("read_at", "is not", null)
    .where("created_at", "<", now - NOTIFICATION_RETENTION_DAYS * DAY_MS)
    .execute();
}
