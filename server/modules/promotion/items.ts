/** A promotion row as its owner and the team read it (PromotionItem): status, code, span, and a promotion profile's content. */
import type { Selectable } from "kysely";
import type { PromotionItem } from "../../contract/promotion";
import type { DB } from "../../db/index";
import { mediaImageOf } from "../media/index";
import type { PromotionsTable } from "./schema";

type PromotionRow = Selectable<PromotionsTable>;

/**
 * The items of these rows, in their order. A promotion profile's photo is read by id among its owner's media, whatever
 * its status now: only the owner and the team read items (the public slot checks status and visibility itself).
 */
export async function itemsOf(db: DB, rows: readonly PromotionRow[], now: number): Promise<PromotionItem[]> {
  const mediaIds = rows.flatMap((row) => (row.media_id === null ? [] : [row.media_id]));
  const photos =
    mediaIds.length === 0
      ? []
      : await db
          .selectFrom("media")
          .select(["id", "user_id", "public_id", "width", "height", "variant_widths"])
          .where("id", "in", mediaIds)
          .execute();
  const photoOf = new Map(photos.map((photo) => [photo.id, photo]));
  return rows.map((row) => {
    const startsAt = row.starts_at === null ? null : Number(row.starts_at);
    const endsAt = row.ends_at === null ? null : Number(row.ends_at);
    const photo = row.media_id === null ? undefined : photoOf.get(row.media_id);
    const ownPhoto = photo && photo.user_id === row.user_id ? photo : undefined;
    return {
      id: row.id,
      type: row.type,
      status: row.status,
      code: row.code,
      price: Number(row.price),
      starts_at: startsAt,
      ends_at: endsAt,
      running: row.status === "accepted" && startsAt !== null && endsAt !== null && startsAt <= now && now < endsAt,
      created_at: Number(row.created_at),
      content:
        row.type === "profile"
          ? { text: row.text ?? "", photo: ownPhoto ? { id: ownPhoto.id, image: mediaImageOf(ownPhoto) } : null }
          : null,
      refunded: row.refund_operation_id !== null ? Number(row.price) : 0,
    };
  });
}
