/**
 * The chat room of a live stream (issue 31 item 3, ADR 126): writing a line, reading the room (and a client's resync
 * after an id), tips shown in the chat, and the creator's and staff's moderation — remove a line, mute or remove a
 * viewer, let them back. Who may watch and write is liveAccess's answer alone (access.ts reads the sanctions); as in
 * the messenger, writing waits for a verified e-mail address (ADR 024); the text rule is the contract's (liveChatBodySchema: the messenger's link rule when shown, ProstSchG §32); the rate is
 * the project's database counters (lib/rate-limit), so every app instance counts the same lines.
 *
 * Every change is published to the room after its commit (deps.bus, an empty `to`: the hubs route room events to
 * the sockets that joined the stream, server/realtime/ws.ts); the database is the record, a client with a gap
 * resyncs with after_id.
 */
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { LIVE_CHAT_BURST, LIVE_CHAT_INTERVAL_MS, type LiveViewerSanction } from "../../contract/live";
import {
  LIVE_CHAT_ERRORS,
  LIVE_CHAT_PAGE,
  type LiveChatLine,
  type LiveChatLineRemoved,
  type LiveChatPosted,
  type LiveChatRefusal,
  type LiveChatRoom,
  type LiveChatTipped,
  type LiveViewerSanctionState,
} from "../../contract/live-chat";
import { tipLedgerKey } from "../../contract/tips";
import { isStaffUserType } from "../../contract/users";
import { recordHit } from "../../lib/rate-limit";
import { assertMayAct, viewerContext } from "../access/index";
import { sendTip } from "../tips/index";
import { liveAccess, type LiveAccess } from "./access";

/** The chat's rate as a sliding window: LIVE_CHAT_BURST lines at once, then on average one per LIVE_CHAT_INTERVAL_MS. */
export const LIVE_CHAT_WINDOW = { windowMs: LIVE_CHAT_BURST * LIVE_CHAT_INTERVAL_MS, limit: LIVE_CHAT_BURST } as const;

type LineRow = {
  id: number;
  stream_id: number;
  kind: LiveChatLine["kind"];
  body: string;
  author_id: number | null;
  username: string | null;
  tip_amount: number | null;
  anonymous: number;
  created_at: number;
};

const lineColumns = [
  "live_chat_messages.id",
  "live_chat_messages.stream_id",
  "live_chat_messages.kind",
  "live_chat_messages.body",
  "live_chat_messages.author_id",
  "users.username",
  "live_chat_messages.tip_amount",
  "live_chat_messages.anonymous",
  "live_chat_messages.created_at",
] as const;

const linesOf = (deps: ApiDeps) =>
  deps.db
    .selectFrom("live_chat_messages")
    .leftJoin("users", "users.id", "live_chat_messages.author_id")
    .select(lineColumns)
    .where("live_chat_messages.removed_at", "is", null);

/** A line as everyone in the room reads it: an anonymous tip names nobody (not even by id). */
function lineOut(row: LineRow): LiveChatLine {
  const anonymous = row.anonymous === 1;
  return {
    id: Number(row.id),
    stream_id: Number(row.stream_id),
    kind: row.kind,
    body: row.body,
    author:
      row.author_id !== null && row.username !== null && !anonymous ? { user_id: Number(row.author_id), username: row.username } : null,
    tip_amount: row.tip_amount === null ? null : Number(row.tip_amount),
    anonymous,
    created_at: Number(row.created_at),
  };
}

/** The stream as the caller may see it: unknown, blocked and hidden creators answer 404 alike. */
async function accessOr404(deps: ApiDeps, userId: number, streamId: number): Promise<LiveAccess> {
  const access = await liveAccess(deps, userId, streamId);
  if (!access || access.denial === "not_found") throw fail.notFound(LIVE_CHAT_ERRORS.notFound);
  return access;
}

/** Why the caller may not write (null: they may). */
function refusalOf(access: LiveAccess): LiveChatRefusal | null {
  if (access.chat) return null;
  if (access.stream.state !== "live") return "ended";
  if (access.denial === "removed") return "removed";
  if (access.watch) return "muted";
  return "no_access";
}

function refuse(refusal: LiveChatRefusal): never {
  switch (refusal) {
    case "ended":
      throw fail.conflict(LIVE_CHAT_ERRORS.ended);
    case "removed":
      throw fail.forbidden(LIVE_CHAT_ERRORS.removed);
    case "muted":
      throw fail.forbidden(LIVE_CHAT_ERRORS.muted);
    case "no_access":
      throw fail.forbidden(LIVE_CHAT_ERRORS.noAccess);
  }
}

const mayModerate = (access: LiveAccess) => access.role === "PRODUCER" || access.staff;
/** May read the room's lines: whoever may watch, and the creator and staff also after the end. */
const mayRead = (access: LiveAccess) => access.watch || mayModerate(access);

async function publishRoom(deps: ApiDeps, events: Parameters<ApiDeps["bus"]["publish"]>[0]["event"][]): Promise<void> {
  // After the commit, best-effort: the lines are stored; a client that missed an event resyncs.
  await deps.bus.publishAll(events.map((event) => ({ to: [], event }))).catch(() => undefined);
}

/** The id of the visible line before `lineId` in the stream (0 for the first): the client's gap check. */
async function prevLineId(deps: ApiDeps, streamId: number, lineId: number): Promise<number> {
  const row = await deps.db
    .selectFrom("live_chat_messages")
    .select((eb) => eb.fn.max("id").as("prev"))
    .where("stream_id", "=", streamId)
    .where("id", "<", lineId)
    .where("removed_at", "is", null)
    .executeTakeFirst();
  return Number(row?.prev ?? 0);
}

/** GET /live/{id}/chat: the room for the caller, with the newest lines or those after `afterId`. */
export async function chatRoom(deps: ApiDeps, userId: number, streamId: number, afterId?: number): Promise<LiveChatRoom> {
  const access = await accessOr404(deps, userId, streamId);
  const { stream } = access;
  const creator = await deps.db
    .selectFrom("users")
    .select(["id", "username"])
    .where("id", "=", stream.creator_id)
    .executeTakeFirstOrThrow();
  let rows: LineRow[] = [];
  let more = false;
  if (mayRead(access)) {
    if (afterId === undefined) {
      rows = (
        await linesOf(deps)
          .where("live_chat_messages.stream_id", "=", streamId)
          .orderBy("live_chat_messages.id", "desc")
          .limit(LIVE_CHAT_PAGE)
          .execute()
      ).reverse();
    } else {
      rows = await linesOf(deps)
        .where("live_chat_messages.stream_id", "=", streamId)
        .where("live_chat_messages.id", ">", afterId)
        .orderBy("live_chat_messages.id", "asc")
        .limit(LIVE_CHAT_PAGE + 1)
        .execute();
      more = rows.length > LIVE_CHAT_PAGE;
      rows = rows.slice(0, LIVE_CHAT_PAGE);
    }
  }
  const lines = rows.map(lineOut);
  const moderator = mayModerate(access);
  const sanctions = moderator
    ? await deps.db
        .selectFrom("live_viewer_sanctions")
        .innerJoin("users", "users.id", "live_viewer_sanctions.member_id")
        .select(["users.id", "users.username", "live_viewer_sanctions.sanction"])
        .where("live_viewer_sanctions.stream_id", "=", streamId)
        .orderBy("live_viewer_sanctions.id")
        .execute()
    : [];
  return {
    stream_id: streamId,
    state: stream.state,
    title: stream.title,
    creator: { user_id: creator.id, username: creator.username },
    role: access.role,
    refusal: refusalOf(access),
    may_moderate: moderator,
    may_tip: access.watch && access.role === "AUDIENCE" && !access.staff,
    viewers: Number(stream.viewers),
    lines,
    last_id: lines.length ? lines[lines.length - 1]!.id : (afterId ?? 0),
    more,
    sanctions: sanctions.map((s) => ({ member: { user_id: s.id, username: s.username }, sanction: s.sanction })),
  };
}

/** POST /live/{id}/chat: a line from a member liveAccess lets write, within the rate. */
export async function postLine(deps: ApiDeps, userId: number, streamId: number, body: string): Promise<LiveChatPosted> {
  const access = await accessOr404(deps, userId, streamId);
  const refusal = refusalOf(access);
  if (refusal) refuse(refusal);
  // As the messenger: writing to others waits for a verified e-mail address (ADR 024).
  assertMayAct(await viewerContext(deps, { id: userId }), "message");
  const now = deps.clock.now();
  const window = { bucket: `live-chat:${streamId}:${userId}`, ...LIVE_CHAT_WINDOW };
  if ((await recordHit(deps.db, now, window)) > window.limit) throw fail.tooMany(LIVE_CHAT_ERRORS.tooFast, "body");
  const { id } = await deps.db
    .insertInto("live_chat_messages")
    .values({
      stream_id: streamId,
      author_id: userId,
      kind: "message",
      body,
      tip_amount: null,
      anonymous: 0,
      created_at: now,
      removed_at: null,
      removed_by: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const line = lineOut((await linesOf(deps).where("live_chat_messages.id", "=", id).executeTakeFirstOrThrow()) as LineRow);
  await publishRoom(deps, [{ type: "live_room.line", stream_id: streamId, prev_id: await prevLineId(deps, streamId, id), line }]);
  return { line };
}

/** The caller must be the stream's creator or staff (after the stream is found for them). */
async function moderatorAccess(deps: ApiDeps, userId: number, streamId: number): Promise<LiveAccess> {
  const access = await accessOr404(deps, userId, streamId);
  if (!mayModerate(access)) throw fail.forbidden(LIVE_CHAT_ERRORS.notModerator);
  return access;
}

/** DELETE /live/{id}/chat/{lineId}: the creator or staff remove a line (kept for reports, never shown again). */
export async function removeLine(deps: ApiDeps, userId: number, streamId: number, lineId: number): Promise<LiveChatLineRemoved> {
  await moderatorAccess(deps, userId, streamId);
  const done = await deps.db
    .updateTable("live_chat_messages")
    .set({ removed_at: deps.clock.now(), removed_by: userId })
    .where("id", "=", lineId)
    .where("stream_id", "=", streamId)
    .where("removed_at", "is", null)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 0) throw fail.notFound(LIVE_CHAT_ERRORS.lineNotFound);
  await publishRoom(deps, [{ type: "live_room.line_removed", stream_id: streamId, line_id: lineId }]);
  return { id: lineId, stream_id: streamId };
}

/** A member the creator or staff may sanction in this stream: not the creator, not staff, not the caller. */
async function sanctionable(deps: ApiDeps, access: LiveAccess, callerId: number, memberId: number): Promise<void> {
  const member = await deps.db.selectFrom("users").select(["id", "user_type"]).where("id", "=", memberId).executeTakeFirst();
  if (!member || member.id === access.stream.creator_id || member.id === callerId || isStaffUserType(member.user_type))
    throw fail.notFound(LIVE_CHAT_ERRORS.memberNotFound);
}

/** POST /live/{id}/sanctions: mute (may watch, not write) or remove (neither) a viewer for this stream. */
export async function sanctionViewer(
  deps: ApiDeps,
  userId: number,
  streamId: number,
  memberId: number,
  sanction: LiveViewerSanction,
): Promise<LiveViewerSanctionState> {
  const access = await moderatorAccess(deps, userId, streamId);
  await sanctionable(deps, access, userId, memberId);
  const now = deps.clock.now();
  await deps.db
    .insertInto("live_viewer_sanctions")
    .values({ stream_id: streamId, member_id: memberId, sanction, by_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(["stream_id", "member_id"]).doUpdateSet({ sanction, by_id: userId, created_at: now }))
    .execute();
  await publishRoom(deps, [{ type: "live_room.sanction", stream_id: streamId, member_id: memberId, sanction }]);
  return { stream_id: streamId, member_id: memberId, sanction };
}

/** DELETE /live/{id}/sanctions/{memberId}: the viewer may watch and write again (none to lift changes nothing). */
export async function liftSanction(deps: ApiDeps, userId: number, streamId: number, memberId: number): Promise<LiveViewerSanctionState> {
  await moderatorAccess(deps, userId, streamId);
  const done = await deps.db
    .deleteFrom("live_viewer_sanctions")
    .where("stream_id", "=", streamId)
    .where("member_id", "=", memberId)
    .executeTakeFirst();
  if (Number(done.numDeletedRows) > 0)
    await publishRoom(deps, [{ type: "live_room.sanction", stream_id: streamId, member_id: memberId, sanction: null }]);
  return { stream_id: streamId, member_id: memberId, sanction: null };
}

/**
 * POST /live/{id}/chat/tip: a tip to the stream's creator through the wallet's tip service (its monthly limit, the
 * ledger, the idempotency key) and its line in the chat. Only an admitted viewer tips (not the creator, not staff);
 * a muted viewer may still tip. The line is keyed by the tip's ledger key: a retry of the same tip (or of a line lost
 * between the tip's commit and its line) writes no second line and moves no second dollar.
 */
export async function tipInChat(
  deps: ApiDeps,
  userId: number,
  streamId: number,
  input: { amount: number; key: string; anonymous: boolean },
): Promise<LiveChatTipped> {
  const access = await accessOr404(deps, userId, streamId);
  if (access.stream.state !== "live") throw fail.conflict(LIVE_CHAT_ERRORS.ended);
  if (!access.watch || access.role !== "AUDIENCE" || access.staff)
    throw fail.forbidden(access.denial === "removed" ? LIVE_CHAT_ERRORS.removed : LIVE_CHAT_ERRORS.noAccess);
  const tip = await sendTip(deps, { payer: userId, target: { kind: "live", id: streamId }, amount: input.amount, key: input.key });
  if (tip.status !== "succeeded") return { tip, line: null };
  const tipKey = tipLedgerKey(input.key);
  const inserted = await deps.db
    .insertInto("live_chat_messages")
    .values({
      stream_id: streamId,
      author_id: userId,
      kind: "tip",
      body: "",
      tip_amount: tip.amount,
      anonymous: input.anonymous ? 1 : 0,
      created_at: deps.clock.now(),
      removed_at: null,
      removed_by: null,
      tip_key: tipKey,
    })
    .onConflict((oc) => oc.column("tip_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  const row = await linesOf(deps).where("live_chat_messages.tip_key", "=", tipKey).executeTakeFirst();
  const line = row ? lineOut(row as LineRow) : null;
  if (inserted && line)
    await publishRoom(deps, [{ type: "live_room.line", stream_id: streamId, prev_id: await prevLineId(deps, streamId, line.id), line }]);
  return { tip, line };
}

/** The member's chat lines for the data export (privacy), oldest first, removed ones included (they are the member's). */
export async function chatLinesForExport(db: ApiDeps["db"], userId: number) {
  return db
    .selectFrom("live_chat_messages")
    .select(["id", "stream_id", "kind", "body", "tip_amount", "anonymous", "created_at", "removed_at"])
    .where("author_id", "=", userId)
    .orderBy("id")
    .execute();
}
