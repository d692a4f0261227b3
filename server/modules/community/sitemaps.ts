/**
 * The sitemaps of events and blog posts (issue 29 item 6): accepted events and public posts by listed members, in
 * numbered files like the profiles', each with its last change. The web tier writes every language's address and
 * its alternates for each path, as for the profiles.
 */
import type { ApiDeps, SitemapSource } from "../../api/types";
import { SITEMAP_URLS_PER_FILE, type SitemapEntry } from "../../contract/seo";
import { EVENT_STATUS } from "../../contract/events";
import { BLOG_PUBLIC_STATES } from "../../contract/community";
import { listedMember } from "./tables";

type Part = { parts: number; entries: SitemapEntry[] } | null;

async function eventsPart(deps: ApiDeps, part: number): Promise<Part> {
  const base = () =>
    deps.db
      .selectFrom("events")
      .innerJoin("users", "users.id", "events.organizer_id")
      .where("events.status", "=", EVENT_STATUS.accepted)
      .where((eb) => listedMember(eb));
  const count = await base()
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const parts = Math.max(1, Math.ceil(Number(count.n) / SITEMAP_URLS_PER_FILE));
  if (part < 1 || part > parts) return null;
  const rows = await base()
    .select(["events.category", "events.slug", "events.updated_at"])
    .orderBy("events.id")
    .limit(SITEMAP_URLS_PER_FILE)
    .offset((part - 1) * SITEMAP_URLS_PER_FILE)
    .execute();
  return { parts, entries: rows.map((r) => ({ path: `events/${r.category}/${r.slug}`, last_modified: Number(r.updated_at) })) };
}

async function blogsPart(deps: ApiDeps, part: number): Promise<Part> {
  const base = () =>
    deps.db
      .selectFrom("blogs")
      .innerJoin("users", "users.id", "blogs.author_id")
      .where("blogs.state", "in", [...BLOG_PUBLIC_STATES])
      .where((eb) => listedMember(eb));
  const count = await base()
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  const parts = Math.max(1, Math.ceil(Number(count.n) / SITEMAP_URLS_PER_FILE));
  if (part < 1 || part > parts) return null;
  const rows = await base()
    .select(["blogs.category", "blogs.slug", "blogs.updated_at"])
    .orderBy("blogs.id")
    .limit(SITEMAP_URLS_PER_FILE)
    .offset((part - 1) * SITEMAP_URLS_PER_FILE)
    .execute();
  return { parts, entries: rows.map((r) => ({ path: `blogs/${r.category}/${r.slug}`, last_modified: Number(r.updated_at) })) };
}

export const eventsSitemapSource: SitemapSource = { paged: true, read: eventsPart };
export const blogsSitemapSource: SitemapSource = { paged: true, read: blogsPart };
