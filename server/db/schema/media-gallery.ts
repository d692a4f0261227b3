/** Tables of the member's gallery (issue 10 item 3, migration 0025, ADR 029). */

/** A member's watermark settings; no row means no watermark. */
export interface MediaWatermarksTable {
  user_id: number;
  enabled: number;
  color: string;
  corner: string;
  opacity: number;
  updated_at: number;
}
