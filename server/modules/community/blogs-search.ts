/**
 * The blog search `blogs/{activeCategory?}` (issue 29 item 3, ADR 104): public posts (approved, post-check,
 * published), filtered by category, the author's user type, "only show" (with a photo, by favorites, nearby within
 * the radius — default 500 km) and date published; sorted by default_sort (default), published_at, comment_amount
 * or likes.
 */
import { sql } from "kysely";
import type { ApiDeps } from "../../api/types";
import {
  BLOG_DEFAULT_SORT_WEIGHT,
  BLOG_PUBLISHED_WITHIN,
  FIND_VIEWS,
  type BlogSearchQuery,
  type BlogSearchResult,
  type FindView,
} from "../../contract/community";
import { BLOG_DEFAULT_RADIUS_KM, BLOG_LIST_PAGE_SIZE, BLOG_TILE_PAGE_SIZE, DEFAULT_BLOG_SORT, type BlogSort } from "../../contract/blogs";
import { boundingBox } from "../geo/index";
import { originOf, type Origin } from "./origin";
import { blogTiles, listedMemberIds, pageOf, planarDistanceSql, postAuthor, publicPosts, visibleTo } from "./tables";

export function blogPageSize(view: FindView): number {
  return view === "list" ? BLOG_LIST_PAGE_SIZE : BLOG_TILE_PAGE_SIZE;
}

/**
 * default_sort's rank: the publication time lifted by the post's likes and comments, the lift capped
 * (BLOG_DEFAULT_SORT_WEIGHT), written with CASE so it reads the same on SQLite and PostgreSQL.
 */
function rankSql() {
  const { likeMs, commentMs, maxMs } = BLOG_DEFAULT_SORT_WEIGHT;
  const lift = sql`(blogs.like_count * ${sql.lit(likeMs)} + blogs.comment_count * ${sql.lit(commentMs)})`;
  return sql<number>`(blogs.published_at + case when ${lift} > ${sql.lit(maxMs)} then ${sql.lit(maxMs)} else ${lift} end)`;
}

/** The filtered posts the viewer may see. */
function matching(deps: ApiDeps, viewerId: number | null, query: BlogSearchQuery, near: Origin | null, radiusKm: number) {
  const now = deps.clock.now();
  return (
    publicPosts(deps.db)
      .where((eb) => visibleTo(eb, viewerId, "blogs.author_id"))
      .$if(query.category !== undefined, (q) => q.where("blogs.category", "=", query.category!))
      .$if(query.user_type !== undefined, (q) => q.where(postAuthor, "in", listedMemberIds(deps.db, query.user_type)))
      .$if(query.published !== undefined, (q) => q.where("blogs.published_at", ">=", now - BLOG_PUBLISHED_WITHIN[query.published!]))
      .$if(query.only_show === "with_photo", (q) => q.where("blogs.cover_media_id", "is not", null))
      // Favorites are a member's own list: a guest asking for them gets nothing rather than everything.
      .$if(query.only_show === "favorites", (q) =>
        q.where(postAuthor, "in", (eb) =>
          eb
            .selectFrom("favorites as kept")
            .select("kept.target_id")
            .where("kept.user_id", "=", viewerId ?? -1),
        ),
      )
      // Nearby: the bounding box narrows by index-friendly ranges, the planar distance decides the circle.
      .$if(query.only_show === "nearby" && near !== null, (q) => {
        const box = boundingBox(near!.lat, near!.lon, radiusKm);
        return q
          .where("blogs.lat", ">=", box.minLat)
          .where("blogs.lat", "<=", box.maxLat)
          .where("blogs.lon", ">=", box.minLon)
          .where("blogs.lon", "<=", box.maxLon)
          .where(planarDistanceSql("blogs", near!), "<=", radiusKm * radiusKm);
      })
  );
}

/** GET /community/blogs/search. */
export async function searchBlogs(deps: ApiDeps, viewerId: number | null, query: BlogSearchQuery): Promise<BlogSearchResult> {
  const view = query.view ?? FIND_VIEWS[0];
  const size = blogPageSize(view);
  const sort: BlogSort = query.sort ?? DEFAULT_BLOG_SORT;
  const radiusKm = query.radius ?? BLOG_DEFAULT_RADIUS_KM;
  const near = query.only_show === "nearby" || query.near !== undefined ? await originOf(deps, viewerId, query.near) : null;
  const base = () => matching(deps, viewerId, query, near, radiusKm);
  const offset = (query.page - 1) * size;

  let list = base().select("blogs.id");
  if (sort === "default_sort") {
    // Top-k by rank without ranking every post: the (offset + size + 1)-th newest post ranks at least at its own
    // publication time, and the lift is capped, so nothing published more than the cap before it can rank higher.
    const kth = await base()
      .select("blogs.published_at")
      .orderBy("blogs.published_at", "desc")
      .limit(1)
      .offset(offset + size)
      .executeTakeFirst();
    if (kth?.published_at) list = list.where("blogs.published_at", ">=", Number(kth.published_at) - BLOG_DEFAULT_SORT_WEIGHT.maxMs);
    list = list.orderBy(rankSql(), "desc");
  } else if (sort === "comment_amount") list = list.orderBy("blogs.comment_count", "desc");
  else if (sort === "likes") list = list.orderBy("blogs.like_count", "desc");
  list = list.orderBy("blogs.published_at", "desc").orderBy("blogs.id", "desc");

  const { rows, hasMore } = await pageOf(list, query.page, size);
  return {
    items: await blogTiles(
      deps.db,
      rows.map((row) => row.id),
    ),
    page: query.page,
    page_size: size,
    has_more: hasMore,
    sort,
    view,
    origin: near ? { name: near.name, key: near.key } : null,
    radius_km: radiusKm,
  };
}
