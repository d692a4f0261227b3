/**
 * Recordings of live streams (issue 31 item 4, spec section 6, ADR 124): who sees one listed, the creator's terms
 * (visibility private or fsk18, a price, fans only) and deletion with every file (livemedia's deleteRecordingFiles).
 *
 * Listed for others when ready and: `fsk18` to viewers whose age check is open in this login (access/age-gate.ts,
 * ADR 105); `private` only when the creator sells it (a price) or gives it to fans — a private recording without
 * either stays the creator's own. A block either way or a creator who cannot be seen hides it. Staff see all.
 */
import type { Kysely } from "kysely";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps, AuthUser } from "../../api/types";
import type { ByteRange, StoredObject } from "../../integrations/storage/storage";
import {
  LIVE_ERRORS,
  liveRecordingGrantName,
  liveRecordingLedgerKey,
  liveRecordingReference,
  type LiveRecordingAnswer,
  type LiveRecordingDenial,
  type LiveRecordingItem,
  type LiveRecordingList,
  type LiveRecordingPayAnswer,
  type LiveRecordingUpdateInput,
} from "../../contract/live";
import { INSUFFICIENT_DOLLARS_KEY } from "../../contract/wallet";
import { lockMembersForLimits } from "../../db/locks";
import { isStaffUserType } from "../../contract/users";
import type { Database } from "../../db/schema";
import { ageVerifiedSql, existsAnswer, isBlockedBetween, notBlockedWith, payingFanOf, viewerContext } from "../access/index";
import { dollarOperations, LedgerInsufficient, memberBalances, postOperationIn } from "../ledger/index";
import { isValidMediaGrant, mediaGrant } from "../media/index";
import { notifyWalletChanged } from "../wallet/index";
import { deleteRecordingFiles, openRecordingFile } from "./media";

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

/** What the viewer knows that decides whether they may play a recording: who they are, their age check, fans, buys. */
interface ViewerFacts {
  viewerId: number | null;
  staff: boolean;
  ageVerified: boolean;
  fanOf: ReadonlySet<number>;
  bought: ReadonlySet<number>;
}

async function viewerFacts(deps: ApiDeps, viewer: AuthUser | null, rows: readonly RecordingRow[]): Promise<ViewerFacts> {
  if (!viewer) return { viewerId: null, staff: false, ageVerified: false, fanOf: new Set(), bought: new Set() };
  const creators = [...new Set(rows.map((r) => r.creator_id))];
  const ids = rows.map((r) => r.id);
  const now = deps.clock.now();
  const [context, fans, bought] = await Promise.all([
    viewerContext(deps, viewer),
    payingFanOf(deps.db, viewer.id, creators, now),
    ids.length === 0
      ? []
      : deps.db
          .selectFrom("live_recording_purchases")
          .select("recording_id")
          .where("member_id", "=", viewer.id)
          .where("recording_id", "in", ids)
          .execute(),
  ]);
  return {
    viewerId: viewer.id,
    staff: isStaffUserType(viewer.userType),
    ageVerified: context.isAgeVerified,
    fanOf: fans,
    bought: new Set(bought.map((b) => b.recording_id)),
  };
}

/** The creator looking at their own recordings: no other fact matters. */
const ownerFacts = (userId: number): ViewerFacts => ({
  viewerId: userId,
  staff: false,
  ageVerified: false,
  fanOf: new Set(),
  bought: new Set(),
});

const priceOf = (row: RecordingRow) => (row.price === null || Number(row.price) === 0 ? null : Number(row.price));

/**
 * Whether the viewer may play the recording (ADR 124): the creator and staff always; others need the age check for
 * fsk18, then a purchase (priced), a fan subscription (fans only), or nothing more for a free fsk18 recording.
 */
function accessOf(row: RecordingRow, facts: ViewerFacts): { watch: boolean; denial: LiveRecordingDenial | null } {
  if (facts.viewerId === row.creator_id || facts.staff) return { watch: true, denial: null };
  if (facts.viewerId === null) return { watch: false, denial: "sign_in" };
  if (row.visibility === "fsk18" && !facts.ageVerified) return { watch: false, denial: "age" };
  const price = priceOf(row);
  const fansOnly = Number(row.fans_only) === 1;
  if ((price !== null && facts.bought.has(row.id)) || (fansOnly && facts.fanOf.has(row.creator_id))) return { watch: true, denial: null };
  if (price === null && !fansOnly) return row.visibility === "fsk18" ? { watch: true, denial: null } : { watch: false, denial: null };
  return { watch: false, denial: price !== null ? "payment" : "fans" };
}

function itemOf(row: RecordingRow, facts: ViewerFacts): LiveRecordingItem {
  return {
    id: row.id,
    stream_id: row.stream_id,
    title: row.title,
    creator: { user_id: row.creator_id, username: row.username, display_name: row.display_name ?? row.username },
    state: row.state,
    visibility: row.visibility,
    price: priceOf(row),
    fans_only: Number(row.fans_only) === 1,
    duration_ms: row.duration_ms === null ? null : Number(row.duration_ms),
    created_at: Number(row.created_at),
    own: facts.viewerId === row.creator_id,
    ...accessOf(row, facts),
  };
}

async function itemsOf(deps: ApiDeps, viewer: AuthUser | null, rows: RecordingRow[]): Promise<LiveRecordingItem[]> {
  const facts = await viewerFacts(deps, viewer, rows);
  return rows.map((r) => itemOf(r, facts));
}

/** Narrows a query to the recordings of other creators this viewer may see listed (the rule above). */
async function listedForViewer(deps: ApiDeps, viewer: AuthUser | null) {
  const context = await viewerContext(deps, viewer);
  const staff = viewer !== null && isStaffUserType(viewer.userType);
  return listedWith(viewer?.id ?? null, staff, context.isAgeVerified);
}

/** The listing rule above for a viewer already known (their id, staff or not, their age check in this login). */
function listedWith(viewerId: number | null, staff: boolean, ageVerified: boolean) {
  return <Q extends ReturnType<typeof recordingsQuery>>(qb: Q): Q => {
    let q = qb.where("users.status", "=", "active").where("live_recordings.state", "=", "ready") as Q;
    if (staff) return q;
    // Removed on a report (kept for an appeal, ADR 126): listed to its creator and staff only.
    q = q.where("live_recordings.removed_at", "is", null) as Q;
    if (viewerId !== null) q = q.where((eb) => notBlockedWith(eb, viewerId)) as Q;
    return q.where((eb) => {
      const offered = eb.and([
        eb("live_recordings.visibility", "=", "private"),
        eb.or([eb("live_recordings.price", ">", 0), eb("live_recordings.fans_only", "=", 1)]),
      ]);
      return ageVerified ? eb.or([eb("live_recordings.visibility", "=", "fsk18"), offered]) : offered;
    }) as Q;
  };
}

/**
 * The newsfeed's ended live items (ADR 137): for each of `streamIds`, the id of its recording when this viewer sees
 * it listed (the rule above; the creator their own once ready). Guests see no recordings.
 */
export async function listedRecordingsOfStreams(
  deps: ApiDeps,
  viewer: { id: number | null; staff: boolean; ageVerified: boolean },
  streams: readonly { id: number; creator_id: number }[],
): Promise<Map<number, number>> {
  const found = new Map<number, number>();
  if (viewer.id === null || streams.length === 0) return found;
  const own = streams.filter((s) => s.creator_id === viewer.id).map((s) => s.id);
  const others = streams.filter((s) => s.creator_id !== viewer.id).map((s) => s.id);
  const [ownRows, otherRows] = await Promise.all([
    own.length === 0
      ? []
      : recordingsQuery(deps.db).where("live_recordings.stream_id", "in", own).where("live_recordings.state", "=", "ready").execute(),
    others.length === 0
      ? []
      : listedWith(
          viewer.id,
          viewer.staff,
          viewer.ageVerified,
        )(recordingsQuery(deps.db))
          .where("live_recordings.stream_id", "in", others)
          .execute(),
  ]);
  for (const row of [...ownRows, ...otherRows]) found.set(row.stream_id, row.id);
  return found;
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
  return { items: await itemsOf(deps, viewer, rows) };
}

/** The profile tab's recordings: the creator's own to themselves (every state), the listed ones to others. */
export async function recordingsForProfile(deps: ApiDeps, viewer: AuthUser | null, creatorId: number): Promise<LiveRecordingItem[]> {
  const base = recordingsQuery(deps.db)
    .where("live_recordings.creator_id", "=", creatorId)
    .orderBy("live_recordings.id", "desc")
    .limit(LIST_MAX);
  if (viewer?.id === creatorId) return itemsOf(deps, viewer, await base.execute());
  if (!viewer) return [];
  const listed = await listedForViewer(deps, viewer);
  return itemsOf(deps, viewer, await listed(base).execute());
}

/** GET /live/recordings/mine: the creator's recordings in every state but deleted, newest first. */
export async function myRecordings(deps: ApiDeps, userId: number): Promise<LiveRecordingList> {
  const rows = await recordingsQuery(deps.db)
    .where("live_recordings.creator_id", "=", userId)
    .orderBy("live_recordings.id", "desc")
    .execute();
  return { items: rows.map((r) => itemOf(r, ownerFacts(userId))) };
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
  return itemOf(await ownRecording(deps, userId, id), ownerFacts(userId));
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

/**
 * The one answer for a recording's files (livemedia's file route asks it) and its purchase: the recording with what
 * the viewer may do, or null when the viewer may not know of it (unknown, deleted, not ready for others, a block
 * either way, a creator who cannot be seen, a private recording offered to nobody).
 */
export async function recordingAccess(
  deps: ApiDeps,
  viewer: AuthUser | null,
  id: number,
): Promise<(LiveRecordingItem & { storage_prefix: string | null }) | null> {
  const row = await recordingsQuery(deps.db).select("users.status as owner_status").where("live_recordings.id", "=", id).executeTakeFirst();
  if (!row) return null;
  const facts = await viewerFacts(deps, viewer, [row]);
  const item = itemOf(row, facts);
  if (item.own || facts.staff) return { ...item, storage_prefix: row.storage_prefix };
  if (row.state !== "ready" || row.owner_status !== "active" || row.removed_at !== null) return null;
  if (viewer && (await isBlockedBetween(deps, viewer.id, row.creator_id))) return null;
  if (row.visibility === "private" && item.price === null && !item.fans_only) return null;
  return { ...item, storage_prefix: row.storage_prefix };
}

/**
 * GET /live/recordings/{id}: the recording's page for this viewer, with the grant for its file when they may play it
 * now (ready and stored). 404 exception.live.not_found where recordingAccess hides it.
 */
export async function recordingForViewer(deps: ApiDeps, viewer: AuthUser | null, id: number): Promise<LiveRecordingAnswer> {
  const found = await recordingAccess(deps, viewer, id);
  if (!found) throw fail.notFound(LIVE_ERRORS.notFound);
  const { storage_prefix: stored, ...recording } = found;
  const playable = viewer !== null && recording.watch && recording.state === "ready" && stored !== null;
  return {
    recording,
    grant: playable ? mediaGrant(deps.config.appSecret, liveRecordingGrantName(id), deps.clock.now(), viewer.id) : null,
  };
}

/**
 * GET /live/recordings/{id}/recording.mp4: the stored MP4 (a byte range of it) for the viewer of a grant, asked again
 * on every request like paid media (ADR 093): the grant bound to this viewer and unexpired, and recordingAccess says
 * watch now — so a purchase refunded, a fan subscription ended, a block, a removal or the age check's login session
 * closing stops the next range request. 404 for everything else alike.
 */
export async function openRecordingForViewer(
  deps: ApiDeps,
  viewer: AuthUser | null,
  id: number,
  grant: string | undefined,
  range: ByteRange | undefined,
): Promise<StoredObject> {
  if (!viewer || !isValidMediaGrant(deps.config.appSecret, liveRecordingGrantName(id), grant, deps.clock.now(), viewer.id)) {
    throw fail.notFound();
  }
  const recording = await recordingAccess(deps, viewer, id);
  const file = recording?.watch ? await openRecordingFile(deps, recording, range) : null;
  if (!file) throw fail.notFound();
  return file;
}

/**
 * POST /live/recordings/{id}/access: buys a priced recording once (creatorSale to the creator's pending earnings, the
 * pair's ledger key, the purchase row in the same transaction). A retry answers the first purchase. 400 own, 402
 * insufficient, 403 staff or an fsk18 recording without the age check, 404 hidden, 409 not for sale.
 */
export async function buyRecording(deps: ApiDeps, viewer: AuthUser, id: number): Promise<LiveRecordingPayAnswer> {
  const recording = await recordingAccess(deps, viewer, id);
  if (!recording) throw fail.notFound(LIVE_ERRORS.notFound);
  if (recording.own) throw fail.badRequest(LIVE_ERRORS.self);
  if (isStaffUserType(viewer.userType)) throw fail.forbidden(LIVE_ERRORS.staff);
  const answer = async (paid: { operation_id: number; price: number }, replayed: boolean): Promise<LiveRecordingPayAnswer> => ({
    status: "succeeded",
    operation_id: paid.operation_id,
    kind: "CONSUME",
    amount: paid.price,
    balance: (await memberBalances(deps, viewer.id, "dollar")).wallet,
    replayed,
    recording_id: id,
  });
  const purchaseOf = (db: Kysely<Database>) =>
    db
      .selectFrom("live_recording_purchases")
      .select(["operation_id", "price"])
      .where("recording_id", "=", id)
      .where("member_id", "=", viewer.id)
      .executeTakeFirst();
  const earlier = await purchaseOf(deps.db);
  if (earlier) return answer(earlier, true);
  if (recording.price === null) throw fail.conflict(LIVE_ERRORS.notForSale);
  if (recording.denial === "age") throw fail.forbidden(LIVE_ERRORS.ageCheck);
  const price = recording.price;
  let outcome: { paid: { operation_id: number; price: number }; replayed: boolean };
  try {
    outcome = await deps.db.transaction().execute(async (trx) => {
      await lockMembersForLimits(trx, deps.dialect, "livePurchases", [viewer.id]);
      const again = await purchaseOf(trx);
      if (again) return { paid: again, replayed: true };
      const operation = dollarOperations.creatorSale(viewer.id, recording.creator.user_id, price);
      const posted = await postOperationIn(trx, deps, {
        key: liveRecordingLedgerKey(id, viewer.id),
        kind: operation.kind,
        currency: "dollar",
        actorId: viewer.id,
        reference: liveRecordingReference(id),
        transfers: operation.transfers,
      });
      if (posted.status !== "succeeded" || posted.operationId === null) throw new LedgerInsufficient();
      await trx
        .insertInto("live_recording_purchases")
        .values({ recording_id: id, member_id: viewer.id, operation_id: posted.operationId, price, paid_at: deps.clock.now() })
        .execute();
      return { paid: { operation_id: posted.operationId, price }, replayed: posted.replayed };
    });
  } catch (error) {
    if (!(error instanceof LedgerInsufficient)) throw error;
    const balance = (await memberBalances(deps, viewer.id, "dollar")).wallet;
    throw new ApiError(402, [errorItem(402, INSUFFICIENT_DOLLARS_KEY, undefined, { price, currency: "dollar", balance })], {
      insufficient: true,
    });
  }
  if (!outcome.replayed) await Promise.all([notifyWalletChanged(deps, viewer.id), notifyWalletChanged(deps, recording.creator.user_id)]);
  return answer(outcome.paid, outcome.replayed);
}
