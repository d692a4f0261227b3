/** The blogs module's tables (migration 0085, issue 29). Times epoch ms. */
import type { Generated } from "kysely";

export interface BlogsTable {
  id: Generated<number>;
  author_id: number;
  /** contract/blogs BlogCategory. */
  category: string;
  slug: string;
  title: string;
  /** JSON of the safe subset of formatting: the app renders it; raw HTML is never stored. */
  body: string;
  excerpt: Generated<string>;
  /** contract/blogs BLOG_STATE. */
  state: number;
  rejection_reason: string | null;
  cover_media_id: number | null;
  lat: number | null;
  lon: number | null;
  comment_count: Generated<number>;
  like_count: Generated<number>;
  created_at: number;
  updated_at: number;
  published_at: number | null;
  /** When the author last sent it on (pending or post_check): the team's queue order. */
  submitted_at: number | null;
}

export interface BlogCommentsTable {
  id: Generated<number>;
  blog_id: number;
  author_id: number;
  parent_id: number | null;
  body: string;
  created_at: number;
  edited_at: number | null;
  deleted_at: number | null;
}

export interface BlogLikesTable {
  blog_id: number;
  user_id: number;
  created_at: number;
}

declare module "../../db/schema/index" {
  interface Database {
    blogs: BlogsTable;
    blog_comments: BlogCommentsTable;
    blog_likes: BlogLikesTable;
  }
}
