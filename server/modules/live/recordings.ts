/**
 * Recordings of live streams (issue 31 item 4, spec section 6, ADR 124): who sees one listed, the creator's terms
 * (visibility private or fsk18, a price, fans only) and deletion with every file (livemedia's deleteRecordingFiles).
 *
 * Listed for others when ready and: `fsk18` to viewers whose age check is open in this login (access/age-gate.ts,
 * ADR 105); `private` only when the creator sells it (a price) or gives it to fans — a private recording without
 * either stays the creator's own. A block either way or a creator who cannot be seen hides it. Staff see all.
 */
import type { Kysely } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps, AuthUser } from "../../api/types";
import { LIVE_ERRORS, type LiveRecordingItem, type LiveRecordingList, type LiveRecordingUpdateInput } from "../../contract/live";
import { isStaffUserType } from "../../contract/users";
import type { Database } from "../../db/schema";
import { ageVerifiedSql, existsAnswer, notBlockedWith, viewerContext } from "../access/index";
import { deleteRecordingFiles } from "./media";

const LIST_MAX = 60;

function recordingsQuery(db: Kysely<Database>) {
  return db
    .selectFrom("live_recordings")
    .innerJoin("live_streams", "live_streams.id", "live_recordings.stream_id")
    .innerJoin("users", "users.id", "live_recordings.creator_id")
    .leftJoin("profiles", "profiles.user_id", "live_recordings.creator_id")
    .selectAll("live_recordings")
    .select(["live_streams.title", "users.username", "profiles.display_name"])
    .where("live_recordings.state", "!=", "deleted");
}

type RecordingRow = Awaited<ReturnType<ReturnType<typeof recordingsQuery>["executeTakeFirstOrThrow"]>>;

function itemOf(row: RecordingRow, viewerId: number | null): LiveRecordingItem {
  return {
    id: row.id,
    stream_id: row.stream_id,
    title: row.title,
    creator: { user_id: row.creator_id, username: row.username, display_name: row.display_name ?? row.username },
    state: row.state,
    visibility: row.visibility,
    price: row.price === null || Number(row.price) === 0 ? null : Number(row.price),
    fans_only: Number(row.fans_only) === 1,
    duration_ms: row.duration_ms === null ? null : Number(row.duration_ms),
    created_at: Number(row.created_at),
    own: viewerId === row.creator_id,
  };
}

/** Narrows a query to the recordings of other creators this viewer may see listed (the rule above). */
async function listedForViewer(deps: ApiDeps, viewer: AuthUser | null) {
  const context = await viewerContext(deps, viewer);
  const staff = viewer !== null && isStaffUserType(viewer.userType);
  return (qb: ReturnType<typeof recordingsQuery>) => {
    let q = qb.where("users.status", "=", "active").where("live_recordings.state", "=", "ready");
    if (staff) return q;
    if (viewer) q = q.where((eb) => notBlockedWith(eb, viewer.id));
    return q.where((eb) => {
      const offered = eb.and([
        eb("live_recordings.visibility", "=", "private"),
        eb.or([eb("live_recordings.price", ">", 0), eb("live_recordings.fans_only", "=", 1)]),
      ]);
      return context.isAgeVerified ? eb.or([eb("live_recordings.visibility", "=", "fsk18"), offered]) : offered;
    });
  };
}

/** GET /live/recordings ("watch recording"): the recordings the viewer may see, newest first. Guests see none. */
export async function listRecordings(deps: ApiDeps, viewer: AuthUser | null): Promise<LiveRecordingList> {
  if (!viewer) return { items: [] };
  const listed = await listedForViewer(deps, viewer);
  const rows = await listed(recordingsQuery(deps.db))
    .where("live_recordings.creator_id", "!=", viewer.id)
    .orderBy("live_recordings.id", "desc")
    .limit(LIST_MAX)
    .execute();
  return { items: rows.map((r) => itemOf(r, viewer.id)) };
}

/** The profile tab's recordings: the creator's own to themselves (every state), the listed ones to others. */
export async function recordingsForProfile(deps: ApiDeps, viewer: AuthUser | null, creatorId: number): Promise<LiveRecordingItem[]> {
  const base = recordingsQuery(deps.db)
    .where("live_recordings.creator_id", "=", creatorId)
    .orderBy("live_recordings.id", "desc")
    .limit(LIST_MAX);
  if (viewer?.id === creatorId) return (await base.execute()).map((r) => itemOf(r, viewer.id));
  if (!viewer) return [];
  const listed = await listedForViewer(deps, viewer);
  return (await listed(base).execute()).map((r) => itemOf(r, viewer.id));
}

/** GET /live/recordings/mine: the creator's recordings in every state but deleted, newest first. */
export async function myRecordings(deps: ApiDeps, userId: number): Promise<LiveRecordingList> {
  const rows = await recordingsQuery(deps.db)
    .where("live_recordings.creator_id", "=", userId)
    .orderBy("live_recordings.id", "desc")
    .execute();
  return { items: rows.map((r) => itemOf(r, userId)) };
}

async function ownRecording(deps: ApiDeps, userId: number, id: number): Promise<RecordingRow> {
  const row = await recordingsQuery(deps.db).where("live_recordings.id", "=", id).executeTakeFirst();
  if (!row || row.creator_id !== userId) throw fail.notFound(LIVE_ERRORS.notFound);
  return row;
}

/**
 * PUT /live/recordings/{id}: visibility, price and fans only. fsk18 needs the creator's own age check (they publish
 * adult content: the same identification as its viewers, ADR 105); 403 exception.live.fsk18 otherwise.
 */
export async function updateRecording(
  deps: ApiDeps,
  userId: number,
  id: number,
  input: LiveRecordingUpdateInput,
): Promise<LiveRecordingItem> {
  await ownRecording(deps, userId, id);
  if (input.visibility === "fsk18") {
    const row = await deps.db
      .selectFrom("users")
      .select((eb) => ageVerifiedSql(eb).as("verified"))
      .where("id", "=", userId)
      .executeTakeFirst();
    if (!existsAnswer(row?.verified)) throw fail.forbidden(LIVE_ERRORS.fsk18);
  }
  await deps.db
    .updateTable("live_recordings")
    .set({ visibility: input.visibility, price: input.price, fans_only: input.fans_only ? 1 : 0 })
    .where("id", "=", id)
    .execute();
  return itemOf(await ownRecording(deps, userId, id), userId);
}

/** DELETE /live/recordings/{id}: every file goes (livemedia's deleteRecordingFiles), the row is marked deleted. */
export async function deleteRecording(deps: ApiDeps, userId: number, id: number): Promise<LiveRecordingList> {
  const row = await ownRecording(deps, userId, id);
  await deleteRecordingFiles(deps, row);
  await deps.db
    .updateTable("live_recordings")
    .set({ state: "deleted", deleted_at: deps.clock.now(), storage_prefix: null })
    .where("id", "=", id)
    .execute();
  return myRecordings(deps, userId);
}
