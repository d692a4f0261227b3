/**
 * The buyer's watermarked copy of a paid photo, kept (issue 28 leftovers, ADR 098): rendered once per (medium, buyer,
 * variant) onto the storage port and served from there for BUYER_COPY_TTL_MS, instead of decoding, drawing and
 * encoding the variant on every request. The copy is made again when the stored variant it came from or the buyer's
 * username changed, or when it is older than its lifetime; the maintenance sweep deletes expired copies and rows.
 * Access is not cached: the file route asks the paid rule on every request before it gets here.
 */
import type { Generated } from "kysely";
import type { ApiDeps } from "../../api/types";
import { MEDIA_VARIANT_MIME, type MediaVariantFormat } from "../../contract/media";
import type { MediaStorage } from "../../integrations/storage/storage";
import { buyerWatermarked } from "./paid-delivery";

/** How long a buyer's copy is served before it is made again (and after which the sweep deletes it). */
export const BUYER_COPY_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Expired copies deleted per maintenance pass. */
const SWEEP_BATCH = 500;

/** Where a buyer's copy lies: beside the medium's variants, under the buyer's id (storage keys are never guessed: the route serves them). */
const copyKey = (mediumKey: string, buyerId: number, variant: string) => `${mediumKey}/buyers/${buyerId}/${variant}`;

export interface BuyerCopyRequest {
  medium: { id: number; storage_key: string };
  /** The stored variant's key and file name ("640.jpg"). */
  sourceKey: string;
  variant: string;
  format: MediaVariantFormat;
  buyer: { id: number; username: string };
}

/** The buyer's copy: the kept one while fresh and made from the same source and name, else rendered and kept. */
export async function buyerCopy(
  deps: Pick<ApiDeps, "db" | "clock">,
  storage: MediaStorage,
  request: BuyerCopyRequest,
  run: <T>(task: () => Promise<T>) => Promise<T>,
): Promise<Buffer | null> {
  const now = deps.clock.now();
  const kept = await deps.db
    .selectFrom("media_buyer_copies")
    .select(["storage_key", "source_key", "username", "created_at"])
    .where("media_id", "=", request.medium.id)
    .where("buyer_id", "=", request.buyer.id)
    .where("variant", "=", request.variant)
    .executeTakeFirst();
  const fresh =
    kept &&
    kept.source_key === request.sourceKey &&
    kept.username === request.buyer.username &&
    now - Number(kept.created_at) < BUYER_COPY_TTL_MS;
  if (fresh) {
    const bytes = await storage.read(kept.storage_key);
    if (bytes) return bytes;
  }
  const stored = await storage.read(request.sourceKey);
  if (!stored) return null;
  const bytes = await run(() => buyerWatermarked(stored, request.format, request.buyer.username));
  const key = copyKey(request.medium.storage_key, request.buyer.id, request.variant);
  await storage.put(key, bytes, { contentType: MEDIA_VARIANT_MIME[request.format] });
  // Two first requests at once both render; the second write wins, both deliver a correct copy.
  await deps.db
    .insertInto("media_buyer_copies")
    .values({
      media_id: request.medium.id,
      buyer_id: request.buyer.id,
      variant: request.variant,
      source_key: request.sourceKey,
      username: request.buyer.username,
      storage_key: key,
      created_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(["media_id", "buyer_id", "variant"])
        .doUpdateSet({ source_key: request.sourceKey, username: request.buyer.username, storage_key: key, created_at: now }),
    )
    .execute();
  return bytes;
}

/** Deletes the copies past their lifetime, files first (a row left behind is retried; a file left behind is not). */
export async function sweepBuyerCopies(deps: Pick<ApiDeps, "db" | "clock">, storage: MediaStorage): Promise<number> {
  const expired = await deps.db
    .selectFrom("media_buyer_copies")
    .select(["id", "storage_key"])
    .where("created_at", "<", deps.clock.now() - BUYER_COPY_TTL_MS)
    .orderBy("created_at")
    .limit(SWEEP_BATCH)
    .execute();
  for (const copy of expired) await storage.delete(copy.storage_key);
  if (expired.length > 0)
    await deps.db
      .deleteFrom("media_buyer_copies")
      .where(
        "id",
        "in",
        expired.map((copy) => copy.id),
      )
      .where("created_at", "<", deps.clock.now() - BUYER_COPY_TTL_MS)
      .execute();
  return expired.length;
}

export interface MediaBuyerCopiesTable {
  id: Generated<number>;
  media_id: number;
  buyer_id: number;
  /** The variant's file name ("640.jpg"). */
  variant: string;
  /** The stored variant the copy was made from, and the username drawn on it: either changed, a new copy is made. */
  source_key: string;
  username: string;
  storage_key: string;
  created_at: number;
}

declare module "../../db/schema/index" {
  interface Database {
    media_buyer_copies: MediaBuyerCopiesTable;
  }
}
