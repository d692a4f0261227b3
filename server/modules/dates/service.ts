/**
 * Date requests (issue 13, ADR 046): send, answer (accept, reject, reschedule), cancel, the my_date lists, and the
 * jobs that expire unanswered requests and remind both members. Every rule is here:
 * - a date is only ever read or changed for one of its two members: anyone else gets the 404 an unknown id gets;
 * - a client asks an escort or a business (contract DATE_SENDER_TYPES / DATE_RECEIVER_TYPES); both must be listed
 *   and no block may separate them; the receiver's first-contact filter applies unless they already wrote first;
 * - every change is one conditional UPDATE on (id, version, status): of two answers given for the same state
 *   (accept and cancel at once) exactly one lands, the other answers 409 conflict;
 * - the timeline, the notifications and the follow-up jobs are written in the transaction of the change.
 */
import { type ExpressionBuilder, type Transaction } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  DATE_CANCEL_CUTOFF_MS,
  DATE_CURRENCY,
  DATE_ERRORS,
  DATE_LIST_PAGE_SIZE,
  DATE_MAX_AHEAD_MS,
  DATE_MIN_LEAD_MS,
  DATE_OPEN_RECEIVED_MAX,
  DATE_OPEN_SENT_MAX,
  DATE_OPEN_STATUSES,
  DATE_PLACE_TYPES,
  DATE_RECEIVER_TYPES,
  DATE_REMINDER_BEFORE_MS,
  DATE_REQUESTS_PER_DAY,
  DATE_SENDER_TYPES,
  DATE_STAGES,
  DATE_STATUS,
  type DateAnswerInput,
  type DateDetail,
  type DateEventItem,
  type DateItem,
  type DateList,
  type DateOptions,
  type DateParty,
  type DateRescheduleInput,
  type DateStage,
  type DateStageFilter,
  type SendDateInput,
} from "../../contract/dates";
import { lockMembersForLimits } from "../../db/locks";
import type { Database } from "../../db/schema";
import { enqueueJob } from "../../jobs/queue";
import { assertMayAct, findOwner, isListedOwner, isReachable, viewerContext } from "../access/index";
import { contactFilterOutcome, hasWrittenTo } from "../messenger/index";
import { notify, publishNotificationHints, type NotificationHints } from "../notifications/index";
import { REVIEW_KINDS, stageOf, stageWhere } from "../date-stages/index";
import { appendDateEvent, loadDateForParticipant, toRecord, type DateRecord } from "./store";
import { checkinFor } from "./checkin";

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export function pairKey(a: number, b: number): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

const endOf = (date: Pick<DateRecord, "starts_at" | "duration_minutes">) => date.starts_at + date.duration_minutes * MINUTE_MS;
const isOpen = (status: number) => DATE_OPEN_STATUSES.includes(status);

/** The actions the viewer may take on the date now (the API checks each again when it is taken). */
function actionsOf(date: DateRecord, viewerId: number, now: number): DateItem["actions"] {
  if (date.starts_at <= now) return [];
  if (isOpen(date.status)) return date.awaiting_id === viewerId ? ["accept", "reject", "reschedule", "cancel"] : ["cancel"];
  // Close to the start an agreed date can no longer move; cancel stays listed so the member learns why it is refused.
  if (date.status === DATE_STATUS.accept) return date.starts_at - now < DATE_CANCEL_CUTOFF_MS ? ["cancel"] : ["reschedule", "cancel"];
  return [];
}

async function partiesOf(deps: ApiDeps, ids: number[]): Promise<Map<number, DateParty>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .selectFrom("users")
    .leftJoin("profiles", "profiles.user_id", "users.id")
    .select(["users.id", "users.username", "users.user_type", "profiles.display_name"])
    .where("users.id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, { username: r.username, display_name: r.display_name ?? r.username, user_type: r.user_type }]));
}

async function reviewedSet(deps: ApiDeps, viewerId: number, dateIds: number[]): Promise<Set<number>> {
  if (dateIds.length === 0) return new Set();
  const rows = await deps.db
    .selectFrom("date_events")
    .select("date_id")
    .where("date_id", "in", dateIds)
    .where("actor_id", "=", viewerId)
    .where("kind", "in", REVIEW_KINDS)
    .execute();
  return new Set(rows.map((r) => Number(r.date_id)));
}

function itemOf(date: DateRecord, viewerId: number, now: number, partner: DateParty, reviewed: boolean): DateItem {
  const actions = actionsOf(date, viewerId, now);
  return {
    id: date.id,
    status: date.status,
    stage: stageOf(date, viewerId, now, reviewed),
    role: date.sender_id === viewerId ? "sender" : "receiver",
    partner,
    starts_at: date.starts_at,
    duration_minutes: date.duration_minutes,
    place_type: date.place_type,
    address: date.address,
    price: date.price,
    currency: date.currency,
    message: date.message,
    version: date.version,
    actions,
    cancel_refused: actions.includes("cancel") && date.starts_at - now < DATE_CANCEL_CUTOFF_MS ? "too_late" : null,
    created_at: date.created_at,
    updated_at: date.updated_at,
  };
}

const GONE_PARTY: DateParty = { username: "", display_name: "", user_type: 0 };

/** GET /dates: one stage (or all), newest start first, with every stage's count. */
export async function listDates(deps: ApiDeps, viewerId: number, stage: DateStageFilter, page: number): Promise<DateList> {
  const now = deps.clock.now();
  const mine = deps.db
    .selectFrom("dates")
    .where((eb) => eb.or([eb("dates.sender_id", "=", viewerId), eb("dates.receiver_id", "=", viewerId)]));
  const filtered = stage === "all" ? mine : mine.where(stageWhere(stage, viewerId, now));
  const rows = await filtered
    .selectAll("dates")
    .orderBy("dates.starts_at", "desc")
    .orderBy("dates.id", "desc")
    .limit(DATE_LIST_PAGE_SIZE)
    .offset((page - 1) * DATE_LIST_PAGE_SIZE)
    .execute();
  const dates = rows.map((row) => toRecord(row));
  const partners = await partiesOf(
    deps,
    dates.map((d) => (d.sender_id === viewerId ? d.receiver_id : d.sender_id)),
  );
  const reviewed = await reviewedSet(
    deps,
    viewerId,
    dates.map((d) => d.id),
  );
  const counts = {} as Record<DateStage, number>;
  for (const s of DATE_STAGES) {
    if (s === "all") continue;
    const row = await mine
      .where(stageWhere(s, viewerId, now))
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst();
    counts[s] = Number(row?.n ?? 0);
  }
  const total = stage === "all" ? Object.values(counts).reduce((a, b) => a + b, 0) : counts[stage];
  return {
    stage,
    items: dates.map((d) =>
      itemOf(d, viewerId, now, partners.get(d.sender_id === viewerId ? d.receiver_id : d.sender_id) ?? GONE_PARTY, reviewed.has(d.id)),
    ),
    page,
    page_size: DATE_LIST_PAGE_SIZE,
    total,
    counts,
  };
}

async function dateOrNotFound(
  deps: ApiDeps,
  db: ApiDeps["db"] | Transaction<Database>,
  dateId: number,
  viewerId: number,
): Promise<DateRecord> {
  const date = await loadDateForParticipant(db, dateId, viewerId);
  if (!date) throw fail.notFound(DATE_ERRORS.notFound);
  return date;
}

/** GET /dates/{id}: the date with its timeline; the check-in only for its escort. */
export async function dateDetail(deps: ApiDeps, viewerId: number, dateId: number): Promise<DateDetail> {
  const date = await dateOrNotFound(deps, deps.db, dateId, viewerId);
  const now = deps.clock.now();
  const partnerId = date.sender_id === viewerId ? date.receiver_id : date.sender_id;
  const partner = (await partiesOf(deps, [partnerId])).get(partnerId) ?? GONE_PARTY;
  const events = await deps.db
    .selectFrom("date_events")
    .select(["kind", "actor_id", "payload", "created_at"])
    .where("date_id", "=", date.id)
    .orderBy("id")
    .execute();
  const reviewed = events.some((e) => e.actor_id === viewerId && (REVIEW_KINDS as readonly string[]).includes(e.kind));
  const item = itemOf(date, viewerId, now, partner, reviewed);
  const isReceiver = date.receiver_id === viewerId;
  return {
    ...item,
    events: events.map((e): DateEventItem => ({
      kind: e.kind,
      actor: e.actor_id === null ? null : Number(e.actor_id) === viewerId ? "me" : "partner",
      starts_at: e.payload ? ((JSON.parse(e.payload) as { starts_at?: number }).starts_at ?? null) : null,
      at: Number(e.created_at),
    })),
    checkin: isReceiver ? await checkinFor(deps, date.id, viewerId) : null,
    can_checkin: isReceiver && date.status === DATE_STATUS.accept && endOf(date) > now,
  };
}

/** The receiver as the sender may ask them, or the refusal. */
async function receiverFor(deps: ApiDeps, senderId: number, username: string) {
  const owner = await findOwner(deps.db, { username });
  if (!owner || !(await isReachable(deps, senderId, owner))) throw fail.notFound(DATE_ERRORS.userNotFound);
  if (owner.id === senderId) throw fail.badRequest(DATE_ERRORS.self);
  if (!DATE_RECEIVER_TYPES.includes(owner.user_type)) throw fail.forbidden(DATE_ERRORS.receiverType);
  return owner;
}

async function timedPrices(deps: ApiDeps, userId: number) {
  const rows = await deps.db
    .selectFrom("profile_prices")
    .select(["duration_minutes", "price_eur"])
    .where("user_id", "=", userId)
    .where("item_type", "=", 1)
    .where("duration_minutes", "is not", null)
    .orderBy("duration_minutes")
    .execute();
  const seen = new Set<number>();
  return rows.flatMap((r) => {
    const minutes = Number(r.duration_minutes);
    if (seen.has(minutes)) return [];
    seen.add(minutes);
    return [{ duration_minutes: minutes, price: Number(r.price_eur), currency: DATE_CURRENCY }];
  });
}

/** GET /dates/options/{username}: what the request form offers. */
export async function dateOptions(deps: ApiDeps, viewerId: number, username: string): Promise<DateOptions> {
  const receiver = await receiverFor(deps, viewerId, username);
  const partner = (await partiesOf(deps, [receiver.id])).get(receiver.id)!;
  return {
    partner,
    durations: await timedPrices(deps, receiver.id),
    place_types: [...DATE_PLACE_TYPES],
    earliest_start: deps.clock.now() + DATE_MIN_LEAD_MS,
  };
}

function checkStart(startsAt: number, now: number): void {
  if (startsAt < now + DATE_MIN_LEAD_MS) throw fail.badRequest(DATE_ERRORS.tooSoon, "starts_at");
  if (startsAt > now + DATE_MAX_AHEAD_MS) throw fail.badRequest(DATE_ERRORS.tooFar, "starts_at");
}

/**
 * The request limits in one read: the sender's open requests (DATE_OPEN_SENT_MAX), the sender's requests of the
 * last day (DATE_REQUESTS_PER_DAY) and the requests waiting for the receiver's answer (DATE_OPEN_RECEIVED_MAX).
 * Only rows that start after now − 1 day can count (a request starts after it was made), and the receiver's waiting
 * requests are theirs as sender or receiver: so the date indexes on (sender_id | receiver_id, starts_at) serve it.
 */
async function requestCounts(trx: Transaction<Database>, senderId: number, receiverId: number, now: number) {
  const open = (eb: ExpressionBuilder<Database, "dates">) =>
    eb.and([eb("status", "in", DATE_OPEN_STATUSES as number[]), eb("starts_at", ">", now)]);
  const row = await trx
    .selectFrom("dates")
    .select((eb) => {
      const count = (when: ReturnType<typeof open>) => eb.fn.sum<number | string | null>(eb.case().when(when).then(1).else(0).end());
      return [
        count(eb.and([eb("sender_id", "=", senderId), open(eb)])).as("open_sent"),
        count(eb.and([eb("sender_id", "=", senderId), eb("created_at", ">", now - DAY_MS)])).as("today"),
        count(eb.and([eb("awaiting_id", "=", receiverId), open(eb)])).as("waiting"),
      ];
    })
    .where("starts_at", ">", now - DAY_MS)
    .where((eb) => eb.or([eb("sender_id", "in", [senderId, receiverId]), eb("receiver_id", "=", receiverId)]))
    .executeTakeFirst();
  return { openBySender: Number(row?.open_sent ?? 0), today: Number(row?.today ?? 0), waiting: Number(row?.waiting ?? 0) };
}

/** After the commit: the realtime hints of the notifications written. */
async function committed<T>(deps: ApiDeps, work: (trx: Transaction<Database>, hints: NotificationHints) => Promise<T>): Promise<T> {
  const hints: NotificationHints = [];
  const result = await deps.db.transaction().execute((trx) => work(trx, hints));
  await publishNotificationHints(deps, hints);
  return result;
}

/** POST /dates/send/{username}. */
export async function sendDate(deps: ApiDeps, senderId: number, username: string, input: SendDateInput): Promise<DateDetail> {
  assertMayAct(await viewerContext(deps, { id: senderId }), "date_request");
  const sender = await findOwner(deps.db, { id: senderId });
  if (!sender || !DATE_SENDER_TYPES.includes(sender.user_type)) throw fail.forbidden(DATE_ERRORS.senderType);
  if (!isListedOwner(sender)) throw fail.forbidden(DATE_ERRORS.senderType);
  const receiver = await receiverFor(deps, senderId, username);
  const now = deps.clock.now();
  checkStart(input.starts_at, now);
  const price = (await timedPrices(deps, receiver.id)).find((p) => p.duration_minutes === input.duration_minutes);
  if (!price) throw fail.badRequest(DATE_ERRORS.duration, "duration_minutes");
  if (input.place_type !== "incall" && input.address === "") throw fail.badRequest(DATE_ERRORS.addressRequired, "address");
  if (!(await hasWrittenTo(deps.db, receiver.id, senderId)) && (await contactFilterOutcome(deps, senderId, receiver.id)) !== null)
    throw fail.forbidden(DATE_ERRORS.contactFilter);

  const id = await committed(deps, async (trx, hints) => {
    // A parallel request of either member (the receiver's limit counts other senders' rows) waits here until this
    // one commits, so the counts below include its row (ADR 058).
    await lockMembersForLimits(trx, deps.dialect, "dateRequests", [senderId, receiver.id]);
    const { openBySender, today, waiting } = await requestCounts(trx, senderId, receiver.id, now);
    if (openBySender >= DATE_OPEN_SENT_MAX) throw fail.tooMany(DATE_ERRORS.openLimit);
    if (today >= DATE_REQUESTS_PER_DAY) throw fail.tooMany(DATE_ERRORS.dailyLimit);
    if (waiting >= DATE_OPEN_RECEIVED_MAX) throw fail.conflict(DATE_ERRORS.receiverFull);
    const key = pairKey(senderId, receiver.id);
    // A request of the pair whose start passed before the expiry job ran no longer holds the pair.
    await trx.updateTable("dates").set({ open_pair_key: null }).where("open_pair_key", "=", key).where("starts_at", "<=", now).execute();
    const row = await trx
      .insertInto("dates")
      .values({
        sender_id: senderId,
        receiver_id: receiver.id,
        open_pair_key: key,
        status: DATE_STATUS.request,
        awaiting_id: receiver.id,
        starts_at: input.starts_at,
        duration_minutes: input.duration_minutes,
        place_type: input.place_type,
        address: input.address,
        price: price.price,
        currency: price.currency,
        message: input.message,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column("open_pair_key").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!row) throw fail.conflict(DATE_ERRORS.openPair);
    const dateId = Number(row.id);
    await appendDateEvent(trx, { dateId, kind: "request", actorId: senderId, payload: { starts_at: input.starts_at }, at: now });
    await enqueueJob(
      trx,
      deps.clock,
      "date.expire",
      { date_id: dateId },
      { runAt: input.starts_at, key: `date.expire:${dateId}:${input.starts_at}` },
    );
    hints.push(
      ...(await notify(deps, trx, {
        userId: receiver.id,
        event: "date_request",
        actorId: senderId,
        subject: { type: "date", id: dateId },
        url: `my_date/${dateId}`,
      })),
    );
    return dateId;
  });
  return dateDetail(deps, senderId, id);
}

type Answer = "accept" | "reject" | "cancel";

/** POST /dates/{id}/accept | reject | cancel. */
export async function answerDate(
  deps: ApiDeps,
  viewerId: number,
  dateId: number,
  answer: Answer,
  input: DateAnswerInput,
): Promise<DateDetail> {
  await committed(deps, async (trx, hints) => {
    const date = await dateOrNotFound(deps, trx, dateId, viewerId);
    const now = deps.clock.now();
    if (date.version !== input.version) throw fail.conflict(DATE_ERRORS.conflict);
    if (date.starts_at <= now) throw fail.conflict(DATE_ERRORS.conflict);
    let allowed: number[];
    if (answer === "cancel") {
      if (!isOpen(date.status) && date.status !== DATE_STATUS.accept) throw fail.conflict(DATE_ERRORS.conflict);
      if (date.starts_at - now < DATE_CANCEL_CUTOFF_MS) throw fail.conflict(DATE_ERRORS.cancelTooLate);
      allowed = [...DATE_OPEN_STATUSES, DATE_STATUS.accept];
    } else {
      if (!isOpen(date.status) || date.awaiting_id !== viewerId) throw fail.conflict(DATE_ERRORS.conflict);
      allowed = [...DATE_OPEN_STATUSES];
    }
    const status = answer === "accept" ? DATE_STATUS.accept : answer === "reject" ? DATE_STATUS.reject : DATE_STATUS.cancel;
    const result = await trx
      .updateTable("dates")
      .set({
        status,
        awaiting_id: null,
        open_pair_key: null,
        cancelled_by: answer === "cancel" ? viewerId : null,
        version: date.version + 1,
        updated_at: now,
      })
      .where("id", "=", date.id)
      .where("version", "=", date.version)
      .where("status", "in", allowed)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw fail.conflict(DATE_ERRORS.conflict);
    await appendDateEvent(trx, { dateId: date.id, kind: answer, actorId: viewerId, at: now });
    if (answer === "accept" && date.starts_at - DATE_REMINDER_BEFORE_MS > now)
      await enqueueJob(
        trx,
        deps.clock,
        "date.remind",
        { date_id: date.id, starts_at: date.starts_at },
        { runAt: date.starts_at - DATE_REMINDER_BEFORE_MS, key: `date.remind:${date.id}:${date.starts_at}` },
      );
    const partnerId = date.sender_id === viewerId ? date.receiver_id : date.sender_id;
    hints.push(
      ...(await notify(deps, trx, {
        userId: partnerId,
        event: "date_answer",
        actorId: viewerId,
        subject: { type: "date", id: date.id },
        params: { answer },
        url: `my_date/${date.id}`,
      })),
    );
  });
  return dateDetail(deps, viewerId, dateId);
}

/** POST /dates/{id}/reschedule: either member proposes a new start; the other must answer it. */
export async function rescheduleDate(deps: ApiDeps, viewerId: number, dateId: number, input: DateRescheduleInput): Promise<DateDetail> {
  await committed(deps, async (trx, hints) => {
    const date = await dateOrNotFound(deps, trx, dateId, viewerId);
    const now = deps.clock.now();
    if (date.version !== input.version || date.starts_at <= now) throw fail.conflict(DATE_ERRORS.conflict);
    const open = isOpen(date.status);
    if (open ? date.awaiting_id !== viewerId : date.status !== DATE_STATUS.accept) throw fail.conflict(DATE_ERRORS.conflict);
    // Moving an agreed date close to its start is a late cancellation by another name.
    if (!open && date.starts_at - now < DATE_CANCEL_CUTOFF_MS) throw fail.conflict(DATE_ERRORS.cancelTooLate);
    checkStart(input.starts_at, now);
    const bySender = date.sender_id === viewerId;
    const partnerId = bySender ? date.receiver_id : date.sender_id;
    const result = await trx
      .updateTable("dates")
      .set({
        status: bySender ? DATE_STATUS.senderReschedule : DATE_STATUS.receiverReschedule,
        awaiting_id: partnerId,
        starts_at: input.starts_at,
        ...(input.message ? { message: input.message } : {}),
        version: date.version + 1,
        updated_at: now,
      })
      .where("id", "=", date.id)
      .where("version", "=", date.version)
      .where("status", "=", date.status)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw fail.conflict(DATE_ERRORS.conflict);
    await appendDateEvent(trx, {
      dateId: date.id,
      kind: "reschedule",
      actorId: viewerId,
      payload: { starts_at: input.starts_at },
      at: now,
    });
    await enqueueJob(
      trx,
      deps.clock,
      "date.expire",
      { date_id: date.id },
      { runAt: input.starts_at, key: `date.expire:${date.id}:${input.starts_at}` },
    );
    hints.push(
      ...(await notify(deps, trx, {
        userId: partnerId,
        event: "date_reschedule",
        actorId: viewerId,
        subject: { type: "date", id: date.id },
        url: `my_date/${date.id}`,
      })),
    );
  });
  return dateDetail(deps, viewerId, dateId);
}

/** Job date.expire: a request still unanswered at its start is cancelled by the system. Idempotent. */
export async function expireDate(deps: ApiDeps, dateId: number): Promise<void> {
  const hints: NotificationHints = [];
  await deps.db.transaction().execute(async (trx) => {
    const now = deps.clock.now();
    const row = await trx.selectFrom("dates").selectAll().where("id", "=", dateId).executeTakeFirst();
    if (!row) return;
    const date = toRecord(row);
    if (!isOpen(date.status) || date.starts_at > now) return;
    const result = await trx
      .updateTable("dates")
      .set({
        status: DATE_STATUS.cancel,
        awaiting_id: null,
        open_pair_key: null,
        expired_at: now,
        version: date.version + 1,
        updated_at: now,
      })
      .where("id", "=", date.id)
      .where("version", "=", date.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return;
    await appendDateEvent(trx, { dateId: date.id, kind: "system_cancel", actorId: null, at: now });
    for (const userId of [date.sender_id, date.receiver_id])
      hints.push(
        ...(await notify(deps, trx, {
          userId,
          event: "date_answer",
          subject: { type: "date", id: date.id },
          params: { answer: "expired" },
          url: `my_date/${date.id}`,
          dedupeKey: `date.expired:${date.id}`,
        })),
      );
  });
  await publishNotificationHints(deps, hints);
}

/** Job date.remind: two hours before an accepted date, both members are reminded (not when it moved or ended). */
export async function remindDate(deps: ApiDeps, dateId: number, startsAt: number): Promise<void> {
  const hints: NotificationHints = [];
  await deps.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("dates").selectAll().where("id", "=", dateId).executeTakeFirst();
    if (!row) return;
    const date = toRecord(row);
    if (date.status !== DATE_STATUS.accept || date.starts_at !== startsAt) return;
    for (const [userId, actorId] of [
      [date.sender_id, date.receiver_id],
      [date.receiver_id, date.sender_id],
    ] as const)
      hints.push(
        ...(await notify(deps, trx, {
          userId,
          event: "date_reminder",
          actorId,
          subject: { type: "date", id: date.id },
          url: `my_date/${date.id}`,
          dedupeKey: `date.remind:${date.id}:${startsAt}`,
        })),
      );
  });
  await publishNotificationHints(deps, hints);
}
