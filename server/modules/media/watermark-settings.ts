/** A member's watermark settings (migration 0025): no row means the default, no watermark. */
import type { ApiDeps } from "../../api/types";
import {
  DEFAULT_WATERMARK,
  WATERMARK_COLORS,
  WATERMARK_CORNERS,
  type WatermarkColor,
  type WatermarkCorner,
  type WatermarkSettings,
} from "../../contract/media-gallery";

export async function watermarkSettingsOf(deps: Pick<ApiDeps, "db">, userId: number): Promise<WatermarkSettings> {
  const row = await deps.db
    .selectFrom("media_watermarks")
    .select(["enabled", "color", "corner", "opacity"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return DEFAULT_WATERMARK;
  return {
    enabled: Number(row.enabled) === 1,
    color: (WATERMARK_COLORS as readonly string[]).includes(row.color) ? (row.color as WatermarkColor) : DEFAULT_WATERMARK.color,
    corner: (WATERMARK_CORNERS as readonly string[]).includes(row.corner) ? (row.corner as WatermarkCorner) : DEFAULT_WATERMARK.corner,
    opacity: Number(row.opacity),
  };
}
