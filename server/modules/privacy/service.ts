/**
 * The member's data export (ADR 032): requested at most once a day, built by the `export.build` job into
 * a ZIP in media storage, downloadable by its owner for 7 days, then removed by the `export.expire` job
 * enqueued for that moment.
 */
import { randomBytes } from "node:crypto";
import { ApiError, errorItem, fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import {
  DATA_EXPORT_IN_PROGRESS,
  DATA_EXPORT_INTERVAL_MS,
  DATA_EXPORT_TOO_SOON,
  DATA_EXPORT_TTL_MS,
  type DataExport,
  type DataExportStatus,
} from "../../contract/privacy";
import { lockMembersForLimits } from "../../db/locks";
import type { StoredObject } from "../../integrations/storage/storage";
import type { JobContext } from "../../jobs/queue";
import { enqueueJob } from "../../jobs/queue";
import { storageOf } from "../media/index";
import { warningForExport } from "../warnings/index";
import { buildExportArchive } from "./export-archive";
import { exportReadme, exportReadyMail } from "./mails";

const EXPORT_COLUMNS = ["id", "state", "created_at", "ready_at", "expires_at", "size_bytes"] as const;

function toExport(row: Pick<DataExport, (typeof EXPORT_COLUMNS)[number]>): DataExport {
  return {
    id: row.id,
    state: row.state,
    created_at: Number(row.created_at),
    ready_at: row.ready_at === null ? null : Number(row.ready_at),
    expires_at: row.expires_at === null ? null : Number(row.expires_at),
    size_bytes: row.size_bytes === null ? null : Number(row.size_bytes),
  };
}

/** A failed export does not use up the day: the member may ask again at once. */
function nextRequestAt(latestCounted: { created_at: number } | undefined, now: number): number | null {
  if (!latestCounted) return null;
  const next = Number(latestCounted.created_at) + DATA_EXPORT_INTERVAL_MS;
  return next > now ? next : null;
}

async function latestExports(deps: ApiDeps, userId: number) {
  const rows = await deps.db
    .selectFrom("data_exports")
    .select(EXPORT_COLUMNS)
    .where("user_id", "=", userId)
    .orderBy("id", "desc")
    .limit(10)
    .execute();
  return { latest: rows[0], latestCounted: rows.find((row) => row.state !== "failed") };
}

export async function exportStatus(deps: ApiDeps, userId: number): Promise<DataExportStatus> {
  const { latest, latestCounted } = await latestExports(deps, userId);
  return { latest: latest ? toExport(latest) : null, next_request_at: nextRequestAt(latestCounted, deps.clock.now()) };
}

export async function requestExport(deps: ApiDeps, userId: number): Promise<DataExport> {
  return await deps.db.transaction().execute(async (trx) => {
    // Two requests of one member: the second waits here and then sees the first's export (ADR 058).
    await lockMembersForLimits(trx, deps.dialect, "dataExports", [userId]);
    const { latest, latestCounted: counted } = await latestExports({ ...deps, db: trx }, userId);
    let latestCounted = counted;
    const now = deps.clock.now();
    if (latest && (latest.state === "init" || latest.state === "processing")) {
      // Still being built while its job is open; a build whose job ended without finishing it (a worker
      // that died on the last try) failed, and must not block the member for good.
      const open = await trx
        .selectFrom("jobs")
        .select("id")
        .where("job_key", "=", `export:${userId}`)
        .where("state", "in", ["queued", "running"])
        .executeTakeFirst();
      if (open) throw fail.conflict(DATA_EXPORT_IN_PROGRESS);
      await trx.updateTable("data_exports").set({ state: "failed" }).where("id", "=", latest.id).execute();
      if (latestCounted?.id === latest.id) latestCounted = undefined;
    }
    const next = nextRequestAt(latestCounted, now);
    if (next !== null) {
      throw new ApiError(429, [errorItem(429, DATA_EXPORT_TOO_SOON)], {
        retry_after: Math.ceil((next - now) / 1000),
        next_request_at: next,
      });
    }
    const row = await trx
      .insertInto("data_exports")
      .values({ user_id: userId, state: "init", created_at: now })
      .returning(EXPORT_COLUMNS)
      .executeTakeFirstOrThrow();
    await enqueueJob(trx, deps.clock, "export.build", { export_id: row.id }, { key: `export:${userId}`, maxAttempts: 5 });
    return toExport(row);
  });
}

/** The `export.build` job. Idempotent: an export already built is left alone. */
export async function buildExport(deps: ApiDeps, exportId: number, context: JobContext): Promise<void> {
  const row = await deps.db
    .selectFrom("data_exports")
    .innerJoin("users", "users.id", "data_exports.user_id")
    .select(["data_exports.state", "data_exports.user_id", "users.username", "users.email", "users.language", "users.status"])
    .where("data_exports.id", "=", exportId)
    .executeTakeFirst();
  if (!row || (row.state !== "init" && row.state !== "processing") || row.status === "deleted") return;
  await deps.db.updateTable("data_exports").set({ state: "processing" }).where("id", "=", exportId).execute();
  const storage = storageOf(deps);
  const key = `exports/${row.user_id}/${randomBytes(16).toString("hex")}.zip`;
  try {
    const now = deps.clock.now();
    const archive = await buildExportArchive(deps.db, storage, {
      userId: row.user_id,
      now,
      readme: exportReadme(row.language, new Date(now).toISOString().slice(0, 10)),
      warningList: await warningForExport(deps, row.user_id),
    });
    await storage.put(key, archive, { contentType: "application/zip" });
    const readyAt = deps.clock.now();
    const expiresAt = readyAt + DATA_EXPORT_TTL_MS;
    const kept = await deps.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable("data_exports")
        .set({ state: "ready", ready_at: readyAt, expires_at: expiresAt, storage_key: key, size_bytes: archive.length })
        .where("id", "=", exportId)
        .where("state", "=", "processing")
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return false;
      await enqueueJob(trx, deps.clock, "export.expire", { export_id: exportId }, { runAt: expiresAt });
      return true;
    });
    // The account was deleted (its exports with it) while this one was built: the file goes, no mail.
    if (!kept) {
      await storage.delete(key);
      return;
    }
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    if (context.attempt >= context.maxAttempts)
      await deps.db.updateTable("data_exports").set({ state: "failed" }).where("id", "=", exportId).execute();
    throw err;
  }
  const link = `${deps.config.publicUrl}/${row.language}/user/data_privacy`;
  await deps.mailer.send(exportReadyMail({ to: row.email, username: row.username, language: row.language, link }));
}

/** The `export.expire` job: the download time is over, the file goes. */
export async function expireExport(deps: ApiDeps, exportId: number): Promise<void> {
  const row = await deps.db.selectFrom("data_exports").select(["state", "storage_key"]).where("id", "=", exportId).executeTakeFirst();
  if (!row || row.state !== "ready") return;
  if (row.storage_key) await storageOf(deps).delete(row.storage_key);
  await deps.db.updateTable("data_exports").set({ state: "expired", storage_key: null }).where("id", "=", exportId).execute();
}

/** The ZIP of the caller's own ready export; 404 for anyone else's id, an unfinished or an expired export. */
export async function openExport(deps: ApiDeps, userId: number, exportId: number): Promise<{ object: StoredObject; createdAt: number }> {
  const row = await deps.db
    .selectFrom("data_exports")
    .select(["storage_key", "created_at"])
    .where("id", "=", exportId)
    .where("user_id", "=", userId)
    .where("state", "=", "ready")
    .where("expires_at", ">", deps.clock.now())
    .executeTakeFirst();
  if (!row?.storage_key) throw fail.notFound();
  const object = await storageOf(deps).open(row.storage_key);
  if (!object) throw fail.notFound();
  return { object, createdAt: Number(row.created_at) };
}
