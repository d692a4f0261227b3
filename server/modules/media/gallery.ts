/**
 * The member's own gallery (issue 10 item 3, ADR 029): one page of photos with their state, and the
 * managing actions (visibility, positions, album ordering, avatar, cover, delete, fake check,
 * watermark). Every action addresses a row by id AND the caller's user id: another member's id is a
 * 404, exactly like a missing one, and changes nothing. Status-agnostic: whatever moderation sets
 * (pending, accepted, rejected, holding, …) is shown to the owner and left alone here.
 */
import { randomBytes } from "node:crypto";
import type { Selectable, Transaction } from "kysely";
import { ApiError, errorItem, fail } from "../../api/errors";
import { rowIdParam } from "../../api/params";
import type { ApiDeps } from "../../api/types";
import type { Database, MediaTable } from "../../db/schema/index";
import { MEDIA_KIND, MEDIA_VARIANT_MIME, type MediaVisibility } from "../../contract/media";
import {
  FAKE_CHECK_STATUS,
  GALLERY_PAGE_SIZE,
  WATERMARK_CHANGES_PER_HOUR,
  watermarkSignature,
  type AlbumOrdering,
  type FakeCheckStatus,
  type GalleryPage,
  type MediaDeleted,
  type OwnMediaItem,
  type WatermarkInput,
  type WatermarkSettings,
} from "../../contract/media-gallery";
import { mediaPath, uploadVisibilitiesFor } from "../../contract/media-upload";
import { VIDEO_VARIANT } from "../../contract/media-video";
import { enqueueJob } from "../../jobs/queue";
import { countHits, msUntilRoom, recordHit, type Window } from "../../lib/rate-limit";
import { mediaImageOf, parseVariantWidths, variantStorageKey } from "./images";
import { imageQueueOf } from "./queue";
import { deleteMediaFiles, newStorageKey, rejectionReasonsOf, storageOf, storeVariants } from "./service";
import { MASTER_FILE, renderVariants } from "./variants";
import { watermarkSettingsOf } from "./watermark-settings";

const OWN_COLUMNS = [
  "id",
  "public_id",
  "kind",
  "visibility",
  "status",
  "width",
  "height",
  "variant_widths",
  "position",
  "is_avatar",
  "is_cover",
  "fake_check",
  "watermark",
  "duration_ms",
  "access",
  "price",
  "publish_at",
] as const;

/** A member's own media row as OWN_COLUMNS reads it. */
type OwnRow = Pick<Selectable<MediaTable>, (typeof OWN_COLUMNS)[number]>;

function toOwnItem(row: OwnRow, signature: string | null, rejectionReason: string | null): OwnMediaItem {
  return {
    id: row.id,
    kind: row.kind,
    visibility: row.visibility,
    status: row.status,
    rejection_reason: rejectionReason,
    position: row.position,
    is_avatar: Number(row.is_avatar) === 1,
    is_cover: Number(row.is_cover) === 1,
    fake_check: (FAKE_CHECK_STATUS as readonly string[]).includes(row.fake_check) ? (row.fake_check as FakeCheckStatus) : "none",
    // Rows without variants (stored before them) have nothing derived to mark.
    watermark_current: row.kind !== MEDIA_KIND.photo || row.variant_widths === null || row.watermark === signature,
    image: mediaImageOf(row),
    // A video's file exists once it is encoded (its poster then has variants).
    video:
      row.kind === MEDIA_KIND.video && row.variant_widths !== null && row.duration_ms !== null
        ? { path: `${mediaPath(row.public_id)}/${VIDEO_VARIANT}`, duration_ms: Number(row.duration_ms) }
        : null,
    access: row.access,
    price: row.access === "ppv" ? row.price : null,
    publish_at: row.publish_at === null ? null : Number(row.publish_at),
  };
}

/** A media id from the path (404 like a missing row when it cannot be one). */
export const mediaIdOf = (value: string | undefined): number => rowIdParam(value);

const HOUR = 60 * 60 * 1000;
export const watermarkWindow = (userId: number): Window => ({
  bucket: `media-watermark:${userId}`,
  windowMs: HOUR,
  limit: WATERMARK_CHANGES_PER_HOUR,
});

export async function galleryPage(deps: ApiDeps, user: { id: number; userType: number }, page: number): Promise<GalleryPage> {
  const watermark = await watermarkSettingsOf(deps, user.id);
  const signature = watermarkSignature(watermark);
  const total = Number(
    (
      await deps.db
        .selectFrom("media")
        .select(({ fn }) => fn.countAll<number>().as("n"))
        .where("user_id", "=", user.id)
        .executeTakeFirst()
    )?.n ?? 0,
  );
  const pages = Math.max(1, Math.ceil(total / GALLERY_PAGE_SIZE));
  const current = Math.min(page, pages);
  const rows = await deps.db
    .selectFrom("media")
    .select([...OWN_COLUMNS])
    .where("user_id", "=", user.id)
    .orderBy("position")
    .orderBy("id")
    .limit(GALLERY_PAGE_SIZE)
    .offset((current - 1) * GALLERY_PAGE_SIZE)
    .execute();
  const reasons = await rejectionReasonsOf(deps, rows);
  const items = rows.map((row) => toOwnItem(row, signature, reasons.get(row.id) ?? null));
  // Photos still carrying an older watermark (a restart cut the re-render short): resume it.
  if (items.some((item) => !item.watermark_current)) scheduleWatermarkRender(deps, user.id);
  const used = await countHits(deps.db, deps.clock.now(), watermarkWindow(user.id));
  return {
    items,
    page: current,
    page_size: GALLERY_PAGE_SIZE,
    total,
    pages,
    watermark,
    watermark_changes_left: Math.max(0, WATERMARK_CHANGES_PER_HOUR - used),
    visibilities: uploadVisibilitiesFor(user.userType),
  };
}

async function ownRow(db: ApiDeps["db"] | Transaction<Database>, userId: number, id: number): Promise<OwnRow> {
  const row = await db
    .selectFrom("media")
    .select([...OWN_COLUMNS])
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) throw fail.notFound();
  return row;
}

/** One of the caller's items as the gallery shows it (404 for anybody else's id). */
export async function galleryItem(deps: ApiDeps, userId: number, id: number): Promise<OwnMediaItem> {
  const signature = watermarkSignature(await watermarkSettingsOf(deps, userId));
  const row = await ownRow(deps.db, userId, id);
  return toOwnItem(row, signature, (await rejectionReasonsOf(deps, [row])).get(row.id) ?? null);
}

export async function setMediaVisibility(
  deps: ApiDeps,
  user: { id: number; userType: number },
  id: number,
  visibility: MediaVisibility,
): Promise<OwnMediaItem> {
  await ownRow(deps.db, user.id, id);
  // Spec section 6: clients may only choose logged_in and plus (and private).
  if (!uploadVisibilitiesFor(user.userType).includes(visibility)) throw fail.badRequest("validation.invalid", "visibility");
  await deps.db.updateTable("media").set({ visibility }).where("id", "=", id).where("user_id", "=", user.id).execute();
  return await galleryItem(deps, user.id, id);
}

/** Writes positions 0..n-1 in the given order, touching only rows whose position changes. */
async function writeOrder(trx: Transaction<Database>, userId: number, ordered: ReadonlyArray<{ id: number; position: number }>) {
  for (const [index, row] of ordered.entries()) {
    if (row.position !== index) {
      await trx.updateTable("media").set({ position: index }).where("id", "=", row.id).where("user_id", "=", userId).execute();
    }
  }
}

async function galleryOrder(trx: Transaction<Database>, userId: number) {
  return await trx.selectFrom("media").select(["id", "position"]).where("user_id", "=", userId).orderBy("position").orderBy("id").execute();
}

/** Moves one photo to a 0-based place in the whole gallery (past the end: last); the others close up. */
export async function setMediaPosition(deps: ApiDeps, userId: number, id: number, position: number): Promise<OwnMediaItem> {
  await deps.db.transaction().execute(async (trx) => {
    await ownRow(trx, userId, id);
    const order = await galleryOrder(trx, userId);
    const moving = order.find((row) => row.id === id)!;
    const rest = order.filter((row) => row.id !== id);
    rest.splice(Math.min(position, rest.length), 0, moving);
    await writeOrder(trx, userId, rest);
  });
  return await galleryItem(deps, userId, id);
}

/** Album ordering: the whole gallery in a new order; the ids must be exactly the member's, each once. */
export async function setAlbumOrdering(deps: ApiDeps, userId: number, ids: readonly number[]): Promise<AlbumOrdering> {
  return await deps.db.transaction().execute(async (trx) => {
    const order = await galleryOrder(trx, userId);
    const known = new Map(order.map((row) => [row.id, row]));
    const distinct = new Set(ids);
    if (distinct.size !== ids.length || ids.length !== order.length || ids.some((id) => !known.has(id))) {
      throw fail.badRequest("validation.gallery.ordering", "ids");
    }
    await writeOrder(
      trx,
      userId,
      ids.map((id) => known.get(id)!),
    );
    return { ids: [...ids] };
  });
}

/** Makes one photo the avatar or the cover: that flag on it, off on every other photo of the member. */
async function setFlag(deps: ApiDeps, userId: number, id: number, flag: "is_avatar" | "is_cover"): Promise<OwnMediaItem> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await ownRow(trx, userId, id);
    if (row.kind !== MEDIA_KIND.photo) throw fail.badRequest("validation.invalid", "id");
    // The profile's face stays open (issue 28, ADR 093): a paid or fans-only photo is no avatar or cover.
    if (row.access !== "open") throw fail.badRequest("exception.creator_media.avatar_stays_open", "id");
    await trx
      .updateTable("media")
      .set({ [flag]: 0 })
      .where("user_id", "=", userId)
      .where(flag, "=", 1)
      .execute();
    await trx
      .updateTable("media")
      .set({ [flag]: 1 })
      .where("id", "=", id)
      .where("user_id", "=", userId)
      .execute();
  });
  return await galleryItem(deps, userId, id);
}

export const setMediaAvatar = (deps: ApiDeps, userId: number, id: number) => setFlag(deps, userId, id, "is_avatar");
export const setMediaCover = (deps: ApiDeps, userId: number, id: number) => setFlag(deps, userId, id, "is_cover");

/**
 * Deletes one photo and its files. When it was the avatar, the first remaining photo becomes the
 * avatar (a profile keeps a face while it has photos); positions close up.
 */
/** Deleting a medium someone bought, alone or in a bundle: refused (issue 28: buyers own it while the account exists). */
export const MEDIA_BOUGHT_KEY = "exception.media.bought";

async function isBought(trx: Transaction<Database>, id: number): Promise<boolean> {
  const alone = await trx.selectFrom("medium_purchases").select("id").where("medium_id", "=", id).limit(1).executeTakeFirst();
  if (alone) return true;
  const inBundle = await trx
    .selectFrom("bundle_items")
    .innerJoin("bundle_purchases", "bundle_purchases.bundle_id", "bundle_items.bundle_id")
    .select("bundle_items.media_id")
    .where("bundle_items.media_id", "=", id)
    .limit(1)
    .executeTakeFirst();
  return inBundle !== undefined;
}

export async function deleteMedia(deps: ApiDeps, userId: number, id: number): Promise<MediaDeleted> {
  const removed = await deps.db.transaction().execute(async (trx) => {
    const row = await ownRow(trx, userId, id);
    if (await isBought(trx, id)) throw fail.conflict(MEDIA_BOUGHT_KEY);
    const files = await trx.selectFrom("media").select(["storage_key", "variant_widths"]).where("id", "=", id).executeTakeFirstOrThrow();
    await trx.deleteFrom("media").where("id", "=", id).where("user_id", "=", userId).execute();
    // The files go by a job committed with the row (retried on storage errors); removed at once below when possible.
    await enqueueJob(trx, deps.clock, "media.delete_files", { files: [files] });
    const order = await galleryOrder(trx, userId);
    await writeOrder(trx, userId, order);
    if (Number(row.is_avatar) === 1 && order.length > 0) {
      await trx.updateTable("media").set({ is_avatar: 1 }).where("id", "=", order[0]!.id).execute();
    }
    return files;
  });
  await removeFiles(deps, [removed]);
  return { deleted: id };
}

/** Deletes files no row uses any more; a storage error leaves them to the media.delete_files job. */
async function removeFiles(deps: ApiDeps, files: Array<{ storage_key: string; variant_widths: string | null }>): Promise<void> {
  try {
    await deleteMediaFiles(deps, files);
  } catch (err) {
    deps.log.warn({ err }, "media files not deleted at once; left to a job");
    await enqueueJob(deps.db, deps.clock, "media.delete_files", { files });
  }
}

/** The member asks the team to check a photo is real: none or rejected → pending; the team decides. */
export async function requestFakeCheck(deps: ApiDeps, userId: number, id: number): Promise<OwnMediaItem> {
  const row = await ownRow(deps.db, userId, id);
  // The fake check compares photos with the person; a video is no such proof.
  if (row.kind !== MEDIA_KIND.photo) throw fail.badRequest("validation.invalid", "id");
  if (row.fake_check === "pending" || row.fake_check === "accepted") throw fail.conflict("exception.gallery.fake_check_open", "id");
  await deps.db
    .updateTable("media")
    .set({ fake_check: "pending" })
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("fake_check", "=", row.fake_check)
    .execute();
  return await galleryItem(deps, userId, id);
}

/**
 * Saves the watermark settings. A change (not a save of the same settings) counts against
 * WATERMARK_CHANGES_PER_HOUR and re-renders every photo's variants in the background.
 */
export async function saveWatermark(deps: ApiDeps, userId: number, input: WatermarkInput): Promise<WatermarkSettings> {
  const current = await watermarkSettingsOf(deps, userId);
  const next: WatermarkSettings = { enabled: input.enabled, color: input.color, corner: input.corner, opacity: input.opacity };
  if (JSON.stringify(current) === JSON.stringify(next)) return next;
  const window = watermarkWindow(userId);
  const now = deps.clock.now();
  if ((await recordHit(deps.db, now, window)) > window.limit) {
    const retryAfter = Math.max(1, Math.ceil((await msUntilRoom(deps.db, now, window)) / 1000));
    throw new ApiError(429, [errorItem(429, "exception.gallery.watermark_limit", undefined, { max: window.limit })], {
      retry_after: retryAfter,
    });
  }
  const values = {
    enabled: next.enabled ? 1 : 0,
    color: next.color,
    corner: next.corner,
    opacity: next.opacity,
    updated_at: now,
  };
  await deps.db
    .insertInto("media_watermarks")
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
    .execute();
  scheduleWatermarkRender(deps, userId);
  return next;
}

/** Re-renders in flight per API instance and member; `dirty` asks the loop for one more pass. */
const renders = new WeakMap<ApiDeps, Map<number, { dirty: boolean; done: Promise<void> }>>();

/**
 * Brings every photo of the member to the current watermark, one photo at a time through the
 * process-wide image queue, after the request that changed the settings has answered. Another call
 * while it runs asks for one more pass (the settings may have changed again). Returns when the
 * member's photos are current (tests wait for it).
 */
export function scheduleWatermarkRender(deps: ApiDeps, userId: number): Promise<void> {
  let perUser = renders.get(deps);
  if (!perUser) renders.set(deps, (perUser = new Map()));
  const running = perUser.get(userId);
  if (running) {
    running.dirty = true;
    return running.done;
  }
  const state = { dirty: true, done: Promise.resolve() };
  state.done = (async () => {
    try {
      while (state.dirty) {
        state.dirty = false;
        await renderStale(deps, userId);
      }
    } catch (err) {
      deps.log.error({ err, userId }, "watermark re-render failed");
    } finally {
      perUser.delete(userId);
    }
  })();
  perUser.set(userId, state);
  return state.done;
}

/** The re-render of a member's photos in progress, if any (resolved at once otherwise). */
export function watermarkRenderOf(deps: ApiDeps, userId: number): Promise<void> {
  return renders.get(deps)?.get(userId)?.done ?? Promise.resolve();
}

async function renderStale(deps: ApiDeps, userId: number): Promise<void> {
  const settings = await watermarkSettingsOf(deps, userId);
  const signature = watermarkSignature(settings);
  const rows = await deps.db
    .selectFrom("media")
    .select(["id", "storage_key", "variant_widths", "width", "height", "watermark"])
    .where("user_id", "=", userId)
    .where("kind", "=", MEDIA_KIND.photo)
    .execute();
  const storage = storageOf(deps);
  for (const row of rows) {
    if (row.watermark === signature) continue;
    const widths = parseVariantWidths(row.variant_widths);
    if (widths.length === 0) continue; // a row stored before variants: nothing derived to mark
    // The clean master; rows stored before masters existed still have clean variants while unmarked.
    const source =
      (await storage.read(`${row.storage_key}/${MASTER_FILE}`)) ??
      (row.watermark === null ? await storage.read(variantStorageKey(row.storage_key, widths[widths.length - 1]!, "jpeg")) : null);
    if (!source) continue;
    const image = await imageQueueOf(deps).run(() =>
      renderVariants(source, { width: row.width, height: row.height }, { watermark: settings }),
    );
    // A new key and a new public id: variant URLs are cached as immutable, so new bytes need new URLs.
    // The master moves along byte for byte (re-encoding it at every change would wear it down).
    const key = newStorageKey();
    const bytes = await storeVariants(storage, key, { ...image, master: source });
    const updated = await deps.db
      .updateTable("media")
      .set({
        storage_key: key,
        public_id: randomBytes(16).toString("hex"),
        variant_widths: image.widths.join(","),
        mime_type: MEDIA_VARIANT_MIME.jpeg,
        bytes,
        watermark: signature,
      })
      .where("id", "=", row.id)
      .where("storage_key", "=", row.storage_key)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) {
      await removeFiles(deps, [{ storage_key: row.storage_key, variant_widths: row.variant_widths }]);
    } else {
      // Deleted or re-rendered meanwhile: these files belong to no row.
      await removeFiles(deps, [{ storage_key: key, variant_widths: image.widths.join(",") }]);
    }
  }
}
