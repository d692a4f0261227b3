/**
 * Blog posts (issue 29 item 3, ADR 101): members write posts in the safe editor's blocks (contract/blogs-editor),
 * keep drafts, send them on, edit and delete their own; guests read the public ones; the team checks them.
 *
 * The pre-check rule (ADR 101): a post sent on waits for the team (pending) until its author has
 * BLOG_PRECHECKED_POSTS posts the team approved; after that a post is published at once and checked after
 * (post_check). Approving makes it approved (from pending) or published (from post_check); rejecting unpublishes it
 * (rejected) and tells the author why. An edit of what the team checked sends the post through the rule again.
 *
 * Who sees a post: its author and staff always; anyone else only in a public state, while the author's account is
 * active and no block stands between them (the access kernel's block rule) — else 404, like a missing post.
 */
import { recordAudit } from "../audit/index";
import type { Kysely, Transaction } from "kysely";
import { fail } from "../../api/errors";
import type { ApiDeps, AuthUser, ReportedObject } from "../../api/types";
import {
  BLOG_PRECHECKED_POSTS,
  BLOG_PUBLIC_STATES,
  BLOG_QUEUE_PAGE_SIZE,
  BLOG_QUEUE_STATES,
  BLOG_SLUG_MAX,
  BLOG_STATE,
  BLOG_STATUS_NAME_OF,
  MY_BLOGS_PAGE_SIZE,
  type BlogCategory,
  type BlogState,
} from "../../contract/blogs";
import { blogExcerptOf, blogImageIds, blogMarkupOf, type BlogBlock } from "../../contract/blogs-editor";
import {
  BLOG_ERRORS,
  type BlogAuthor,
  type BlogDecision,
  type BlogImage,
  type BlogInputOutput,
  type BlogPost,
  type BlogQueue,
  type BlogSummary,
  type MyBlogList,
  type MyBlogsQuery,
  type OwnBlog,
} from "../../contract/blogs-posts";
import { MEDIA_KIND, MEDIA_STATUS } from "../../contract/media";
import { isStaffUserType, type RejectionReason } from "../../contract/moderation";
import type { Database } from "../../db/schema";
import { assertMayAct, isBlockedBetween, memberNamesOf, PROFILE_USER_TYPES, viewerContext } from "../access/index";
import { mediaImageOf } from "../media/index";
import { notify, publishNotificationHints } from "../notifications/index";
import { recordQueueDecisionStatement } from "../statements/index";
import type { BlogsTable } from "./schema";

type BlogRow = Omit<BlogsTable, "id" | "excerpt" | "comment_count" | "like_count"> & {
  id: number;
  excerpt: string;
  comment_count: number;
  like_count: number;
};

const BLOG_COLUMNS = [
  "blogs.id",
  "blogs.author_id",
  "blogs.category",
  "blogs.slug",
  "blogs.title",
  "blogs.body",
  "blogs.excerpt",
  "blogs.state",
  "blogs.rejection_reason",
  "blogs.cover_media_id",
  "blogs.lat",
  "blogs.lon",
  "blogs.comment_count",
  "blogs.like_count",
  "blogs.created_at",
  "blogs.updated_at",
  "blogs.published_at",
  "blogs.submitted_at",
] as const;

const notFound = () => fail.notFound(BLOG_ERRORS.notFound);
const isPublicState = (state: number) => (BLOG_PUBLIC_STATES as readonly number[]).includes(state);
/** The body column holds the blocks as JSON (written only by this file, from checked input). */
const blocksOf = (row: Pick<BlogRow, "body">): BlogBlock[] => JSON.parse(row.body) as BlogBlock[];

async function blogById(db: Kysely<Database>, id: number): Promise<BlogRow | undefined> {
  return db.selectFrom("blogs").select(BLOG_COLUMNS).where("blogs.id", "=", id).executeTakeFirst();
}

function summaryOf(row: BlogRow): BlogSummary {
  return {
    id: row.id,
    category: row.category as BlogCategory,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    state: row.state as BlogState,
    status_name: BLOG_STATUS_NAME_OF[row.state as BlogState],
    rejection_reason: row.state === BLOG_STATE.rejected ? ((row.rejection_reason as RejectionReason | null) ?? null) : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
    published_at: row.published_at,
    comment_count: row.comment_count,
    like_count: row.like_count,
  };
}

function ownBlogOf(row: BlogRow): OwnBlog {
  const body = blocksOf(row);
  return { ...summaryOf(row), body, markup: blogMarkupOf(body), cover_media_id: row.cover_media_id };
}

// ── the author's gallery photos ─────────────────────────────────────────────────────────────────────────────────

/**
 * The photos a post may show: the author's own accepted photos that everyone may open (public, no paid access, not
 * scheduled) — a post is public, so a members-only, fsk18, private or paid photo would leak through it.
 */
function usablePhotos(db: Kysely<Database>, authorId: number, now: number) {
  return db
    .selectFrom("media")
    .where("media.user_id", "=", authorId)
    .where("media.kind", "=", MEDIA_KIND.photo)
    .where("media.status", "=", MEDIA_STATUS.accepted)
    .where("media.visibility", "=", "public")
    .where("media.access", "=", "open")
    .where((eb) => eb.or([eb("media.publish_at", "is", null), eb("media.publish_at", "<=", now)]));
}

async function photosOf(db: Kysely<Database>, authorId: number, ids: readonly number[] | null, now: number): Promise<BlogImage[]> {
  if (ids !== null && ids.length === 0) return [];
  let query = usablePhotos(db, authorId, now).select([
    "media.id",
    "media.public_id",
    "media.width",
    "media.height",
    "media.variant_widths",
  ]);
  if (ids !== null) query = query.where("media.id", "in", [...ids]);
  const rows = await query.orderBy("media.position").orderBy("media.id").execute();
  return rows.map((row) => ({ id: row.id, image: mediaImageOf(row) }));
}

/** GET /blogs/my/media. */
export async function selectableBlogMedia(deps: ApiDeps, userId: number): Promise<{ items: BlogImage[] }> {
  return { items: await photosOf(deps.db, userId, null, deps.clock.now()) };
}

/** The body's images and the cover must be the author's usable photos (400 at the field that names another). */
async function checkPhotos(deps: ApiDeps, authorId: number, body: BlogBlock[], cover: number | null): Promise<void> {
  const ids = blogImageIds(body);
  const wanted = cover === null ? ids : [...new Set([...ids, cover])];
  const found = new Set((await photosOf(deps.db, authorId, wanted, deps.clock.now())).map((photo) => photo.id));
  if (ids.some((id) => !found.has(id))) throw fail.badRequest(BLOG_ERRORS.image, "body");
  if (cover !== null && !found.has(cover)) throw fail.badRequest(BLOG_ERRORS.image, "cover_media_id");
}

// ── writing ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** Members write (spec section 2: blogs/add needs a login; a profile type), with a verified address; staff do not. */
async function assertWriter(deps: ApiDeps, userId: number): Promise<void> {
  const viewer = await viewerContext(deps, { id: userId });
  if (viewer.id === null || !(PROFILE_USER_TYPES as readonly number[]).includes(viewer.userType))
    throw fail.forbidden(BLOG_ERRORS.membersOnly);
  assertMayAct(viewer, "post");
}

const UMLAUTS: Record<string, string> = { ä: "ae", ö: "oe", ü: "ue", ß: "ss", ł: "l", æ: "ae", ø: "o", œ: "oe" };

/** The title's words in lower-case ASCII, joined by hyphens ("Über Nacht in Łódź" → "ueber-nacht-in-lodz"). */
export function slugOfTitle(title: string): string {
  const ascii = title
    .toLowerCase()
    .replace(/[äöüßłæøœ]/g, (ch) => UMLAUTS[ch] ?? ch)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");
  const slug = ascii
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, BLOG_SLUG_MAX)
    .replace(/-+$/, "");
  return slug === "" ? "post" : slug;
}

/** The first free slug of a title: the slug itself, else with -2, -3 … (slugs are unique over all posts). */
async function freeSlug(db: Kysely<Database>, title: string): Promise<string> {
  const base = slugOfTitle(title);
  const taken = new Set(
    (
      await db
        .selectFrom("blogs")
        .select("slug")
        .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
        .execute()
    ).map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * The state a post sent on takes (ADR 101): pending while its author has fewer than BLOG_PRECHECKED_POSTS posts the
 * team approved (approved or published; a post still in post_check has not been checked yet), else post_check.
 */
async function sentOnState(db: Kysely<Database>, authorId: number, exceptId: number | null): Promise<BlogState> {
  let query = db
    .selectFrom("blogs")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("author_id", "=", authorId)
    .where("state", "in", [BLOG_STATE.approved, BLOG_STATE.published]);
  if (exceptId !== null) query = query.where("id", "!=", exceptId);
  const approved = Number((await query.executeTakeFirstOrThrow()).n);
  return approved >= BLOG_PRECHECKED_POSTS ? BLOG_STATE.post_check : BLOG_STATE.pending;
}

/** Two posts saved at once may pick the same slug: the unique index refuses one, which then tries again. */
async function withFreeSlug<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 0; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      const message = error instanceof Error ? error.message : "";
      if (tries >= 3 || !/unique|duplicate/i.test(message) || !/slug/i.test(message)) throw error;
    }
  }
}

/** POST /blogs: a new post, a draft or sent on under the pre-check rule. */
export async function createBlog(deps: ApiDeps, userId: number, input: BlogInputOutput): Promise<OwnBlog> {
  await assertWriter(deps, userId);
  const body = input.body as BlogBlock[];
  const cover = input.cover_media_id ?? null;
  await checkPhotos(deps, userId, body, cover);
  const id = await withFreeSlug(() =>
    deps.db.transaction().execute(async (trx) => {
      const now = deps.clock.now();
      const state = input.submit ? await sentOnState(trx, userId, null) : BLOG_STATE.draft;
      // A post is placed where its author lives when writing it: the blog search's radius (ADR 104) reads it.
      const place = await trx.selectFrom("profiles").select(["lat", "lon"]).where("user_id", "=", userId).executeTakeFirst();
      const row = await trx
        .insertInto("blogs")
        .values({
          author_id: userId,
          lat: place?.lat ?? null,
          lon: place?.lon ?? null,
          category: input.category,
          slug: await freeSlug(trx, input.title),
          title: input.title,
          body: JSON.stringify(body),
          excerpt: blogExcerptOf(body),
          state,
          cover_media_id: cover,
          created_at: now,
          updated_at: now,
          published_at: state === BLOG_STATE.post_check ? now : null,
          submitted_at: input.submit ? now : null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    }),
  );
  return ownBlogOf((await blogById(deps.db, id))!);
}

/** The author's own post, or 404 — another member's id answers like a missing one. */
async function ownRow(db: Kysely<Database>, authorId: number, id: number): Promise<BlogRow> {
  const row = await blogById(db, id);
  if (!row || row.author_id !== authorId) throw notFound();
  return row;
}

/** GET /blogs/{id}/own. */
export async function ownBlog(deps: ApiDeps, userId: number, id: number): Promise<OwnBlog> {
  return ownBlogOf(await ownRow(deps.db, userId, id));
}

/**
 * PUT /blogs/{id}: the whole post again (the slug stays: its address does not change with the title). `submit` false
 * takes it back to a draft (unpublished). Sent on, a change of what the team checks (title, body, cover) goes through
 * the pre-check rule again; an unchanged public post stays as it is, so a category move needs no new check.
 */
export async function updateBlog(deps: ApiDeps, userId: number, id: number, input: BlogInputOutput): Promise<OwnBlog> {
  await assertWriter(deps, userId);
  const body = input.body as BlogBlock[];
  const cover = input.cover_media_id ?? null;
  await checkPhotos(deps, userId, body, cover);
  await deps.db.transaction().execute(async (trx) => {
    const row = await ownRow(trx, userId, id);
    const now = deps.clock.now();
    const json = JSON.stringify(body);
    const changed = row.title !== input.title || row.body !== json || row.cover_media_id !== cover;
    let state = row.state as BlogState;
    if (!input.submit) state = BLOG_STATE.draft;
    else if (changed || !isPublicState(row.state)) state = await sentOnState(trx, userId, id);
    const sentOn = input.submit && state !== row.state;
    await trx
      .updateTable("blogs")
      .set({
        category: input.category,
        title: input.title,
        body: json,
        excerpt: blogExcerptOf(body),
        cover_media_id: cover,
        state,
        updated_at: now,
        ...(state !== BLOG_STATE.rejected ? { rejection_reason: null } : {}),
        ...(sentOn || (input.submit && changed) ? { submitted_at: now } : {}),
        ...(state === BLOG_STATE.post_check && row.published_at === null ? { published_at: now } : {}),
      })
      .where("id", "=", id)
      .where("author_id", "=", userId)
      .execute();
  });
  return ownBlog(deps, userId, id);
}

/** DELETE /blogs/{id}: the post is gone, with its comments and likes (the foreign keys cascade). */
export async function deleteBlog(deps: ApiDeps, userId: number, id: number): Promise<BlogDecision> {
  const row = await ownRow(deps.db, userId, id);
  await deps.db.deleteFrom("blogs").where("id", "=", id).where("author_id", "=", userId).execute();
  return { id, state: row.state as BlogState, reason: null };
}

/** GET /blogs/my: the author's posts, newest first, by the manager's filter (all, category, status). */
export async function myBlogs(deps: ApiDeps, userId: number, query: MyBlogsQuery): Promise<MyBlogList> {
  let base = deps.db.selectFrom("blogs").where("author_id", "=", userId);
  if (query.filter === "category" && query.category) base = base.where("category", "=", query.category);
  if (query.filter === "status" && query.status) {
    const states = Object.entries(BLOG_STATUS_NAME_OF)
      .filter(([, name]) => name === query.status)
      .map(([state]) => Number(state));
    base = base.where("state", "in", states);
  }
  const [rows, total] = await Promise.all([
    base
      .select(BLOG_COLUMNS)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(MY_BLOGS_PAGE_SIZE)
      .offset((query.page - 1) * MY_BLOGS_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { items: rows.map(summaryOf), page: query.page, page_size: MY_BLOGS_PAGE_SIZE, total: Number(total.n) };
}

// ── reading ─────────────────────────────────────────────────────────────────────────────────────────────────────

interface BlogViewer {
  id: number | null;
  isStaff: boolean;
}

async function viewerOf(deps: ApiDeps, user: Pick<AuthUser, "id"> | null): Promise<BlogViewer> {
  if (!user) return { id: null, isStaff: false };
  const row = await deps.db.selectFrom("users").select(["user_type", "status"]).where("id", "=", user.id).executeTakeFirst();
  if (!row || row.status !== "active") return { id: null, isStaff: false };
  return { id: user.id, isStaff: isStaffUserType(row.user_type) };
}

/** Whether this viewer may read the post (the rule of the file's head); false answers 404. */
async function mayRead(deps: ApiDeps, viewer: BlogViewer, row: BlogRow): Promise<boolean> {
  if (viewer.id === row.author_id || viewer.isStaff) return true;
  if (!isPublicState(row.state)) return false;
  const author = await deps.db.selectFrom("users").select("status").where("id", "=", row.author_id).executeTakeFirst();
  if (author?.status !== "active") return false;
  return viewer.id === null || !(await isBlockedBetween(deps, viewer.id, row.author_id));
}

async function authorOf(db: Kysely<Database>, authorId: number): Promise<BlogAuthor> {
  return (await memberNamesOf(db, [authorId])).get(authorId) ?? { user_id: authorId, username: "", display_name: "" };
}

/** GET /blogs/detail/{category}/{slug}: the post by its slug (the answer names its category; the page redirects a moved one). */
export async function blogDetail(deps: ApiDeps, user: AuthUser | null, slug: string): Promise<BlogPost> {
  const row = await deps.db.selectFrom("blogs").select(BLOG_COLUMNS).where("blogs.slug", "=", slug).executeTakeFirst();
  const viewer = await viewerOf(deps, user);
  if (!row || !(await mayRead(deps, viewer, row))) throw notFound();
  const body = blocksOf(row);
  const now = deps.clock.now();
  const wanted = blogImageIds(body);
  if (row.cover_media_id !== null) wanted.push(row.cover_media_id);
  const [photos, author] = await Promise.all([photosOf(deps.db, row.author_id, wanted, now), authorOf(deps.db, row.author_id)]);
  const summary = summaryOf(row);
  return {
    id: row.id,
    category: summary.category,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    body,
    images: photos.filter((photo) => blogImageIds(body).includes(photo.id)),
    cover: photos.find((photo) => photo.id === row.cover_media_id)?.image ?? null,
    author,
    state: summary.state,
    status_name: summary.status_name,
    is_public: isPublicState(row.state),
    is_own: viewer.id === row.author_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    published_at: row.published_at,
    comment_count: row.comment_count,
    like_count: row.like_count,
  };
}

/** The reports module's lookup (manifest reportTypes.blog): a post the reporter may read, and its author. */
export async function findReportedBlog(deps: ApiDeps, id: number, reporterId: number | null): Promise<ReportedObject | null> {
  const row = await blogById(deps.db, id);
  if (!row) return null;
  const viewer = await viewerOf(deps, reporterId === null ? null : { id: reporterId });
  // Reports are about what others publish: the reporter must be able to read it as anyone else would.
  if (!(await mayRead(deps, { id: viewer.id, isStaff: false }, row))) return null;
  return { objectId: row.id, targetUserId: row.author_id };
}

// ── the team's queue ────────────────────────────────────────────────────────────────────────────────────────────

async function assertStaff(deps: ApiDeps, userId: number): Promise<void> {
  const viewer = await viewerOf(deps, { id: userId });
  if (!viewer.isStaff) throw fail.forbidden("exception.backoffice.staff_only");
}

/** GET /backoffice/blogs: posts before publication (pending) and after it (post_check), oldest first. */
export async function blogQueue(deps: ApiDeps, staffId: number, page: number): Promise<BlogQueue> {
  await assertStaff(deps, staffId);
  const base = deps.db
    .selectFrom("blogs")
    .innerJoin("users", "users.id", "blogs.author_id")
    .where("blogs.state", "in", [...BLOG_QUEUE_STATES])
    .where("users.status", "=", "active");
  const [rows, total] = await Promise.all([
    base
      .select(BLOG_COLUMNS)
      .orderBy("blogs.submitted_at")
      .orderBy("blogs.id")
      .limit(BLOG_QUEUE_PAGE_SIZE)
      .offset((page - 1) * BLOG_QUEUE_PAGE_SIZE)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const authors = await memberNamesOf(
    deps.db,
    rows.map((row) => row.author_id),
  );
  const now = deps.clock.now();
  const items = [];
  for (const row of rows) {
    const body = blocksOf(row);
    items.push({
      id: row.id,
      category: row.category as BlogCategory,
      slug: row.slug,
      title: row.title,
      body,
      images: await photosOf(deps.db, row.author_id, blogImageIds(body), now),
      state: row.state as BlogState,
      author: authors.get(row.author_id) ?? { user_id: row.author_id, username: "", display_name: "" },
      submitted_at: row.submitted_at ?? row.updated_at,
    });
  }
  return { items, page, page_size: BLOG_QUEUE_PAGE_SIZE, total: Number(total.n) };
}

/**
 * POST /backoffice/blogs/{id}/approve|reject (reason null: approve). Pending becomes approved, post_check published;
 * a rejection unpublishes it with the reason, which the author is told in the bell (and by mail, per their
 * settings). The state guard makes the update the lock: of two moderators one decides, the other gets 409.
 */
export async function decideBlog(deps: ApiDeps, staffId: number, id: number, reason: RejectionReason | null): Promise<BlogDecision> {
  await assertStaff(deps, staffId);
  const now = deps.clock.now();
  const { state, hints } = await deps.db.transaction().execute(async (trx) => {
    const row = await blogById(trx, id);
    if (!row) throw notFound();
    if (!(BLOG_QUEUE_STATES as readonly number[]).includes(row.state)) throw fail.conflict("exception.backoffice.already_decided");
    const next: BlogState =
      reason !== null ? BLOG_STATE.rejected : row.state === BLOG_STATE.pending ? BLOG_STATE.approved : BLOG_STATE.published;
    const updated = await trx
      .updateTable("blogs")
      .set({
        state: next,
        rejection_reason: reason,
        updated_at: now,
        ...(next === BLOG_STATE.approved && row.published_at === null ? { published_at: now } : {}),
      })
      .where("id", "=", id)
      .where("state", "=", row.state)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw fail.conflict("exception.backoffice.already_decided");
    if (reason !== null) {
      // A post_check post was public while it waited: the rejection takes it down.
      const when = row.state === BLOG_STATE.post_check ? "after_publication" : "before_publication";
      const statement = { userId: row.author_id, item: "blog", subjectKind: "blog", subjectId: id, reason } as const;
      const notice = { item: "blog", title: row.title, url: "my_blogs" };
      await recordQueueDecisionStatement(trx, { ...statement, when, decidedBy: staffId, notice }, now);
    }
    await recordAudit(
      trx,
      {
        actorId: staffId,
        action: reason === null ? "blog_review.accept" : "blog_review.reject",
        subjectType: "blog",
        subjectId: String(id),
        reason,
        before: { state: row.state },
        after: { state: next, reason },
      },
      now,
    );
    // A post that was public already (post_check) needs no news when it passes; a rejection's one message is its
    // statement's bell line and mail (statements/delivery.ts).
    if (reason !== null || row.state === BLOG_STATE.post_check) return { state: next, hints: [] };
    const hints = await notify(deps, trx, {
      userId: row.author_id,
      event: "moderation_accepted",
      subject: { type: "blog", id },
      params: { item: "blog" },
      url: `blogs/${row.category}/${row.slug}`,
    });
    return { state: next, hints };
  });
  await publishNotificationHints(deps, hints);
  return { id, state, reason };
}

// ── the data export ─────────────────────────────────────────────────────────────────────────────────────────────

/** The member's own posts for their data export (blogs.json): what they wrote, as the edit form shows it, and its state. */
export async function ownBlogsForExport(db: Kysely<Database>, userId: number) {
  const rows = await db.selectFrom("blogs").select(BLOG_COLUMNS).where("author_id", "=", userId).orderBy("id").execute();
  return rows.map((row) => {
    const own = ownBlogOf(row);
    return {
      category: own.category,
      slug: own.slug,
      title: own.title,
      text: own.markup,
      cover_media_id: own.cover_media_id,
      status: own.status_name,
      rejection_reason: own.rejection_reason,
      created_at: own.created_at,
      updated_at: own.updated_at,
      published_at: own.published_at,
    };
  });
}

/**
 * A report decided "content_removed" (ADR 112): the post is refused as the queue refuses one ("terms"; the statement of
 * reasons says why), so nobody but its author reads it; the author's list shows it refused. Kept for an appeal.
 */
export async function removeReportedBlog(deps: ApiDeps, trx: Transaction<Database>, blogId: number): Promise<void> {
  await trx
    .updateTable("blogs")
    .set({ state: BLOG_STATE.rejected, rejection_reason: "terms" satisfies RejectionReason, updated_at: deps.clock.now() })
    .where("id", "=", blogId)
    .execute();
}

/** An appeal reversed the removal: the post is published again (the second staff member has just read it). */
export async function restoreReportedBlog(deps: ApiDeps, trx: Transaction<Database>, blogId: number): Promise<void> {
  const now = deps.clock.now();
  await trx
    .updateTable("blogs")
    .set((eb) => ({
      state: BLOG_STATE.published,
      rejection_reason: null,
      updated_at: now,
      published_at: eb.fn.coalesce("published_at", eb.val(now)),
    }))
    .where("id", "=", blogId)
    .where("state", "=", BLOG_STATE.rejected)
    .execute();
}
