/**
 * Who may do what with one live stream (issue 31, ADR 124): the one answer the stream pages, the WHIP/WHEP and HLS
 * routes and the chat all ask, so a rule changes in one place. The creator is the PRODUCER; everyone else who may
 * watch is AUDIENCE. Guests never watch. A block in either direction, a stream that is not on air for the viewer or
 * a creator who cannot be seen answers `not_found` alike (a blocked member learns nothing). Staff watch every stream
 * (moderation) and never pay.
 */
import type { ApiDeps } from "../../api/types";
import type { LiveRole } from "../../contract/live";
import { isStaffUserType } from "../../contract/users";
import { isBlockedBetween, payingFanOf, plusRunning } from "../access/index";
import type { LiveStreamsTable } from "./schema";
import type { Selectable } from "kysely";

export type LiveStreamRow = Selectable<LiveStreamsTable>;

/** Why a viewer may not watch: translated as `exception.live.<denial>` in the web tier. */
export type LiveDenial = "not_found" | "sign_in" | "ended" | "removed" | "plus" | "fans" | "payment";

export interface LiveAccess {
  stream: LiveStreamRow;
  /** Null when the viewer may not watch. */
  role: LiveRole | null;
  /** May receive the media (WHEP, HLS) now: the stream is live and the audience admits the viewer. */
  watch: boolean;
  /** May write in the chat (not muted or removed); implies watch. */
  chat: boolean;
  /** The viewer is staff (moderation powers in the chat, never pays). */
  staff: boolean;
  denial: LiveDenial | null;
}

const CREATOR_VISIBLE = new Set(["active"]);

/** The answer for one viewer (null: a guest) and one stream; null when the stream does not exist for the viewer. */
export async function liveAccess(deps: ApiDeps, viewerId: number | null, streamId: number): Promise<LiveAccess | null> {
  const stream = await deps.db.selectFrom("live_streams").selectAll().where("id", "=", streamId).executeTakeFirst();
  if (!stream) return null;
  return liveAccessTo(deps, viewerId, stream);
}

/** liveAccess for a stream row already read. */
export async function liveAccessTo(deps: ApiDeps, viewerId: number | null, stream: LiveStreamRow): Promise<LiveAccess | null> {
  const deny = (denial: LiveDenial): LiveAccess => ({ stream, role: null, watch: false, chat: false, staff: false, denial });
  const onAir = stream.state === "live";
  if (viewerId === stream.creator_id) {
    return { stream, role: "PRODUCER", watch: onAir, chat: onAir, staff: false, denial: onAir ? null : "ended" };
  }
  const creator = await deps.db.selectFrom("users").select("status").where("id", "=", stream.creator_id).executeTakeFirst();
  if (!creator || !CREATOR_VISIBLE.has(creator.status)) return null;
  if (viewerId === null) return deny("sign_in");
  const viewer = await deps.db
    .selectFrom("users")
    .select(["user_type", "is_member", "member_until", "status"])
    .where("id", "=", viewerId)
    .executeTakeFirst();
  if (!viewer || viewer.status !== "active") return deny("sign_in");
  if (isStaffUserType(viewer.user_type)) {
    return { stream, role: "AUDIENCE", watch: onAir, chat: onAir, staff: true, denial: onAir ? null : "ended" };
  }
  if (await isBlockedBetween(deps, viewerId, stream.creator_id)) return null;
  if (!onAir) return deny(stream.state === "ended" ? "ended" : "not_found");

  const sanction = await deps.db
    .selectFrom("live_viewer_sanctions")
    .select("sanction")
    .where("stream_id", "=", stream.id)
    .where("member_id", "=", viewerId)
    .executeTakeFirst();
  if (sanction?.sanction === "remove") return deny("removed");

  const now = deps.clock.now();
  const admitted = await admits(deps, stream, viewerId, () => plusRunning(viewer, now), now);
  if (admitted !== true) return deny(admitted);
  return { stream, role: "AUDIENCE", watch: true, chat: sanction?.sanction !== "mute", staff: false, denial: null };
}

/** What an audience rule reads about one member and one stream. */
export interface AudienceFacts {
  plus: boolean;
  fan: boolean;
  paid: boolean;
}

/** The one audience rule (ADR 124): whether the stream's audience admits the member, or what they lack. */
export function audienceAdmits(audience: LiveStreamRow["audience"], facts: AudienceFacts): true | LiveDenial {
  switch (audience) {
    case "logged_in":
      return true;
    case "plus":
      return facts.plus ? true : "plus";
    case "fans":
      return facts.fan ? true : "fans";
    case "paid":
      return facts.paid ? true : "payment";
  }
}

/** Whether the stream's audience admits the member, or what they lack (reads only the fact the audience needs). */
async function admits(
  deps: ApiDeps,
  stream: LiveStreamRow,
  viewerId: number,
  plus: () => boolean,
  now: number,
): Promise<true | LiveDenial> {
  const fan = stream.audience === "fans" && (await payingFanOf(deps.db, viewerId, [stream.creator_id], now)).has(stream.creator_id);
  const paid =
    stream.audience === "paid" &&
    (await deps.db
      .selectFrom("live_stream_access")
      .select("id")
      .where("stream_id", "=", stream.id)
      .where("member_id", "=", viewerId)
      .executeTakeFirst()) !== undefined;
  return audienceAdmits(stream.audience, { plus: stream.audience === "plus" && plus(), fan, paid });
}

/**
 * For the newsfeed's live items (ADR 137): which of `streams` the viewer's audience rule admits, read in three
 * queries for a whole page (plus, fan subscriptions, stream payments). The creator and staff are always admitted;
 * guests never (they never watch). Blocks and visibility are the feed query's, not this function's.
 */
export async function admittedStreams(
  deps: ApiDeps,
  viewer: { id: number | null; staff: boolean },
  streams: readonly Pick<LiveStreamRow, "id" | "creator_id" | "audience">[],
): Promise<Set<number>> {
  const admitted = new Set<number>();
  const viewerId = viewer.id;
  if (viewerId === null || streams.length === 0) return admitted;
  const now = deps.clock.now();
  const others = streams.filter((s) => s.creator_id !== viewerId && !viewer.staff);
  for (const s of streams) if (!others.includes(s)) admitted.add(s.id);
  if (others.length === 0) return admitted;
  const paidIds = others.filter((s) => s.audience === "paid").map((s) => s.id);
  const [member, fans, paid] = await Promise.all([
    // Each fact is read only when a stream on the page needs it.
    others.some((s) => s.audience === "plus")
      ? deps.db.selectFrom("users").select(["is_member", "member_until"]).where("id", "=", viewerId).executeTakeFirst()
      : undefined,
    payingFanOf(
      deps.db,
      viewerId,
      others.filter((s) => s.audience === "fans").map((s) => s.creator_id),
      now,
    ),
    paidIds.length === 0
      ? []
      : deps.db
          .selectFrom("live_stream_access")
          .select("stream_id")
          .where("member_id", "=", viewerId)
          .where("stream_id", "in", paidIds)
          .execute(),
  ]);
  const plus = member !== undefined && plusRunning(member, now);
  const paidSet = new Set(paid.map((p) => p.stream_id));
  for (const s of others) {
    if (audienceAdmits(s.audience, { plus, fan: fans.has(s.creator_id), paid: paidSet.has(s.id) }) === true) admitted.add(s.id);
  }
  return admitted;
}
