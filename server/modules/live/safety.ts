/**
 * Safety of live streams and recordings (issue 31 item 5, ADR 126): the report kinds `live` and `recording` (declared
 * in the manifest: found as the reporter may see them, taken down and put back by the reports queue's decisions), and
 * staff's live sanctions — end a stream at once, suspend a creator's live access for a period or until lifted, lift
 * it. Every staff action writes one audit row and, where it restricts the creator, a statement of reasons, in the
 * action's transaction. `liveSuspended` is what the streams part asks before a creator goes live.
 */
import type { ExpressionBuilder, Transaction } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps, ReportedObject } from "../../api/types";
import { LIVE_CHAT_ERRORS, type LiveStaffEnded, type LiveSuspensionState } from "../../contract/live-chat";
import { MEMBER_TERMS_REFERENCE } from "../../contract/members";
import { isStaffUserType } from "../../contract/users";
import type { Database } from "../../db/schema";
import { isBlockedBetween } from "../access/index";
import { recordAudit } from "../audit/index";
import { recordStatement } from "../statements/index";
import { liveAccess } from "./access";
import { stopLiveMedia } from "./media";

const DAY = 24 * 60 * 60 * 1000;

// The databases sort NULL differently; this expression puts "until lifted" first on both.
const untilLiftedFirst = (eb: ExpressionBuilder<Database, "live_suspensions">) => eb.case().when("until", "is", null).then(0).else(1).end();

/** The creator's running live suspension (null: none): a creator with one may not create or start a stream. */
export async function liveSuspended(deps: Pick<ApiDeps, "db" | "clock">, memberId: number): Promise<{ until: number | null } | null> {
  const now = deps.clock.now();
  const row = await deps.db
    .selectFrom("live_suspensions")
    .select("until")
    .where("member_id", "=", memberId)
    .where("lifted_at", "is", null)
    .where((eb) => eb.or([eb("until", "is", null), eb("until", ">", now)]))
    // The longest running one decides (null: until lifted).
    .orderBy(untilLiftedFirst)
    .orderBy("until", "desc")
    .executeTakeFirst();
  return row ? { until: row.until === null ? null : Number(row.until) } : null;
}

/** Ends the creator's stream on air, if any, in the caller's transaction; the media stops after the commit. */
async function endLiveStreamsIn(
  trx: Transaction<Database>,
  creatorId: number | null,
  streamId: number | null,
  now: number,
): Promise<number[]> {
  let query = trx.updateTable("live_streams").set({ state: "ended", end_reason: "staff", ended_at: now, updated_at: now, viewers: 0 });
  query = streamId !== null ? query.where("id", "=", streamId) : query.where("creator_id", "=", creatorId!);
  const ended = await query.where("state", "in", ["scheduled", "live"]).returning(["id", "record"]).execute();
  return ended.map((row) => Number(row.id));
}

/** After the commit: stop the media of streams ended in a transaction, and tell their rooms. */
async function afterEnded(deps: ApiDeps, streamIds: number[]): Promise<void> {
  for (const id of streamIds) {
    const row = await deps.db.selectFrom("live_streams").select("record").where("id", "=", id).executeTakeFirst();
    await stopLiveMedia(deps, id, { keepRecording: row?.record === 1 });
  }
  if (streamIds.length)
    await deps.bus
      .publishAll(streamIds.map((id) => ({ to: [], event: { type: "live_room.ended" as const, stream_id: id } })))
      .catch(() => undefined);
}

async function creatorOf(deps: ApiDeps, memberId: number) {
  const member = await deps.db
    .selectFrom("users")
    .select(["id", "user_type", "language", "status"])
    .where("id", "=", memberId)
    .executeTakeFirst();
  if (!member || isStaffUserType(member.user_type) || member.status === "deleted") throw fail.notFound(LIVE_CHAT_ERRORS.memberNotFound);
  return member;
}

/** POST /backoffice/live/{id}/end: staff end a stream now, with a statement to its creator and an audit row. */
export async function staffEndStream(deps: ApiDeps, staffId: number, streamId: number, statement: string): Promise<LiveStaffEnded> {
  const stream = await deps.db
    .selectFrom("live_streams")
    .select(["id", "creator_id", "state"])
    .where("id", "=", streamId)
    .executeTakeFirst();
  if (!stream) throw fail.notFound(LIVE_CHAT_ERRORS.notFound);
  const creator = await deps.db.selectFrom("users").select(["language"]).where("id", "=", stream.creator_id).executeTakeFirstOrThrow();
  const now = deps.clock.now();
  const ended = await deps.db.transaction().execute(async (trx) => {
    const ids = await endLiveStreamsIn(trx, null, streamId, now);
    if (ids.length === 0) return ids;
    const statementId = await recordStatement(
      trx,
      {
        kind: "live_stream_end",
        userId: stream.creator_id,
        subjectKind: "live",
        subjectId: streamId,
        restriction: "content_disabled",
        ground: "terms",
        groundReference: MEMBER_TERMS_REFERENCE,
        facts: statement,
        source: "own_initiative",
        language: creator.language,
        decidedBy: staffId,
      },
      now,
    );
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: "live.end",
        subjectType: "live_stream",
        subjectId: String(streamId),
        reason: statement,
        before: { state: stream.state },
        after: { state: "ended", end_reason: "staff", statement_id: statementId },
      },
      now,
    );
    return ids;
  });
  await afterEnded(deps, ended);
  return { stream_id: streamId, ended: ended.length > 0 };
}

/** GET /backoffice/live/suspensions/{memberId}. */
export async function liveSuspensionOf(deps: ApiDeps, memberId: number): Promise<LiveSuspensionState> {
  await creatorOf(deps, memberId);
  const running = await liveSuspended(deps, memberId);
  return { member_id: memberId, suspended: running !== null, until: running?.until ?? null };
}

/**
 * POST /backoffice/live/suspensions: the creator may not go live for `days` (null: until lifted); a stream on air
 * ends now. A running suspension is replaced (lifted) by the new one. Statement (service_restricted) and audit row.
 */
export async function suspendLive(
  deps: ApiDeps,
  staffId: number,
  input: { member_id: number; days: number | null; statement: string },
): Promise<LiveSuspensionState> {
  const member = await creatorOf(deps, input.member_id);
  const now = deps.clock.now();
  const until = input.days === null ? null : now + input.days * DAY;
  const ended = await deps.db.transaction().execute(async (trx) => {
    const replaced = await trx
      .updateTable("live_suspensions")
      .set({ lifted_at: now })
      .where("member_id", "=", member.id)
      .where("lifted_at", "is", null)
      .returning("id")
      .execute();
    const { id } = await trx
      .insertInto("live_suspensions")
      .values({ member_id: member.id, until, reason: input.statement, by_id: staffId, created_at: now, lifted_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    const statementId = await recordStatement(
      trx,
      {
        kind: "live_suspension",
        userId: member.id,
        subjectKind: "account",
        subjectId: member.id,
        restriction: "service_restricted",
        ground: "terms",
        groundReference: MEMBER_TERMS_REFERENCE,
        facts: input.statement,
        source: "own_initiative",
        endsAt: until,
        language: member.language,
        decidedBy: staffId,
      },
      now,
    );
    const streams = await endLiveStreamsIn(trx, member.id, null, now);
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: "live.suspend",
        subjectType: "user",
        subjectId: String(member.id),
        reason: input.statement,
        before: { suspensions: replaced.map((r) => Number(r.id)) },
        after: { suspension_id: Number(id), until, statement_id: statementId, streams_ended: streams },
      },
      now,
    );
    return streams;
  });
  await afterEnded(deps, ended);
  return { member_id: member.id, suspended: true, until };
}

/** POST /backoffice/live/suspensions/{memberId}/lift: the creator may go live again (409 when none is running). */
export async function liftLiveSuspension(
  deps: ApiDeps,
  staffId: number,
  memberId: number,
  statement: string,
): Promise<LiveSuspensionState> {
  const member = await creatorOf(deps, memberId);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const lifted = await trx
      .updateTable("live_suspensions")
      .set({ lifted_at: now })
      .where("member_id", "=", member.id)
      .where("lifted_at", "is", null)
      .where((eb) => eb.or([eb("until", "is", null), eb("until", ">", now)]))
      .returning("id")
      .execute();
    if (lifted.length === 0) throw fail.conflict(LIVE_CHAT_ERRORS.notSuspended);
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: "live.unsuspend",
        subjectType: "user",
        subjectId: String(member.id),
        reason: statement,
        before: { suspensions: lifted.map((r) => Number(r.id)) },
        after: { suspended: false },
      },
      now,
    );
  });
  return { member_id: member.id, suspended: false, until: null };
}

// ---- report kinds (ADR 038, 112): declared in the manifest ----

/** A stream the reporter may see (signed in: guests never watch; not blocked; the creator visible). */
export async function findReportedLive(deps: ApiDeps, streamId: number, reporterId: number | null): Promise<ReportedObject | null> {
  if (reporterId === null) return null;
  const access = await liveAccess(deps, reporterId, streamId);
  if (!access || access.denial === "not_found") return null;
  return { objectId: streamId, targetUserId: access.stream.creator_id };
}

/** A report decided "content_removed": the stream ends now (staff); its media stops after the commit. */
export async function removeReportedLive(deps: ApiDeps, trx: Transaction<Database>, streamId: number): Promise<() => Promise<void>> {
  const ended = await endLiveStreamsIn(trx, null, streamId, deps.clock.now());
  return () => afterEnded(deps, ended);
}

/**
 * An appeal reversed the removal: a live stream cannot go back on air (the moment has passed); the reversal is the
 * statement's, and the creator may start a new stream. Declared so the kind can be appealed (ADR 112).
 */
export async function restoreReportedLive(): Promise<void> {}

/** A recording that exists (not deleted) and whose creator and reporter are not separated by a block. */
export async function findReportedRecording(deps: ApiDeps, recordingId: number, reporterId: number | null): Promise<ReportedObject | null> {
  if (reporterId === null) return null;
  const row = await deps.db
    .selectFrom("live_recordings")
    .innerJoin("users", "users.id", "live_recordings.creator_id")
    .select(["live_recordings.id", "live_recordings.creator_id"])
    .where("live_recordings.id", "=", recordingId)
    .where("live_recordings.deleted_at", "is", null)
    .where("live_recordings.removed_at", "is", null)
    .where("users.status", "=", "active")
    .executeTakeFirst();
  if (!row || (await isBlockedBetween(deps, reporterId, row.creator_id))) return null;
  return { objectId: row.id, targetUserId: row.creator_id };
}

/** "content_removed": the recording is hidden from everyone but staff (its files are kept for an appeal). */
export async function removeReportedRecording(deps: ApiDeps, trx: Transaction<Database>, recordingId: number): Promise<void> {
  await trx
    .updateTable("live_recordings")
    .set({ removed_at: deps.clock.now() })
    .where("id", "=", recordingId)
    .where("removed_at", "is", null)
    .execute();
}

/** An appeal reversed the removal: the recording is back. */
export async function restoreReportedRecording(_deps: ApiDeps, trx: Transaction<Database>, recordingId: number): Promise<void> {
  await trx.updateTable("live_recordings").set({ removed_at: null }).where("id", "=", recordingId).execute();
}
