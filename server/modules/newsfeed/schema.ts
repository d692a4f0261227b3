/** The newsfeed module's table (migration 0083, issue 28 item 5, ADR 095). */

/** One item's trending score, as the trending job last computed it (contract/newsfeed TRENDING_*). */
export interface NewsfeedTrendingTable {
  /** contract/creators NewsfeedContentType: "media" or "bundle". */
  item_kind: string;
  item_id: number;
  owner_id: number;
  /** Thousandths of a point (TRENDING_SCORE_SCALE). */
  score: number;
  /** The job's slot time the score was computed for (epoch ms). */
  computed_at: number;
}

declare module "../../db/schema/index" {
  interface Database {
    newsfeed_trending: NewsfeedTrendingTable;
  }
}
