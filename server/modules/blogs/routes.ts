/** HTTP of blog posts (issue 29 item 3, ADR 101; spec sections 2 "Blogs", 3 "Blog"): the author's posts, the post page, the team's queue. */
import { rowIdParam } from "../../api/params";
import type { ModuleContext } from "../../api/module-context";
import { ok } from "../../api/router";
import { BLOG_PRECHECKED_POSTS } from "../../contract/blogs";
import { BLOG_ERRORS } from "../../contract/blogs-posts";
import { blogsOps } from "../../contract/operations/blogs";
import { blogDetail, blogQueue, createBlog, decideBlog, deleteBlog, myBlogs, ownBlog, selectableBlogMedia, updateBlog } from "./service";

const PRIVATE = "private, no-store";
const STAFF_NOTE = "Team (10) and backend (9) accounts only: 403 exception.backoffice.staff_only for everyone else.";
const OWNER_NOTE = "Another member's post answers 404 like a missing one.";
const RULE = `Sent on (submit true), a post waits for the team (state pending 0) until its author has ${BLOG_PRECHECKED_POSTS} approved posts; after that it is published at once and checked after (post_check 4). submit false keeps a draft (3).`;
const BODY_NOTE =
  "body: the editor's markup (a string) or its blocks (paragraph, heading 2/3, list, image of the author's public gallery photo by id; runs with em, strong, http(s) href), never HTML; 400 at body for anything else.";

/** A path id that is no row id names nothing: 404, like a missing post. */
const idOf = (raw: string | undefined) => rowIdParam(raw, BLOG_ERRORS.notFound);

export function registerBlogs({ v2 }: ModuleContext): void {
  v2.add(
    blogsOps.mine,
    {
      tag: "blogs",
      auth: "required",
      summary:
        "The caller's posts (my_blogs), newest first, 10 a page, by the manager's filter: all, category (with category), status (with a status name).",
      statuses: [400, 401],
    },
    async (c, { user, query }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await myBlogs(c.get("deps"), user!.id, query));
    },
  );
  v2.add(
    blogsOps.selectableMedia,
    {
      tag: "blogs",
      auth: "required",
      summary: "The photos a post may show: the caller's accepted photos that everyone may open (public, no paid access).",
      statuses: [401],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await selectableBlogMedia(c.get("deps"), user!.id));
    },
  );
  v2.add(
    blogsOps.create,
    {
      tag: "blogs",
      auth: "required",
      summary: `Writes a post: title 3–120 characters, a category, the body, an optional cover photo. ${BODY_NOTE} ${RULE} 403 for staff or an unverified address.`,
      statuses: [400, 401, 403],
    },
    async (c, { user, body }) => ok(c, await createBlog(c.get("deps"), user!.id, body)),
  );
  v2.add(
    blogsOps.own,
    {
      tag: "blogs",
      auth: "required",
      summary: `One of the caller's posts to edit, with its body as markup. ${OWNER_NOTE}`,
      statuses: [401, 404],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await ownBlog(c.get("deps"), user!.id, idOf(c.req.param("id"))));
    },
  );
  v2.add(
    blogsOps.update,
    {
      tag: "blogs",
      auth: "required",
      summary: `Saves the whole post again (the create body; the slug stays). A changed title, body or cover goes through the rule again. ${RULE} ${OWNER_NOTE}`,
      statuses: [400, 401, 403, 404],
    },
    async (c, { user, body }) => ok(c, await updateBlog(c.get("deps"), user!.id, idOf(c.req.param("id")), body)),
  );
  v2.add(
    blogsOps.remove,
    {
      tag: "blogs",
      auth: "required",
      summary: `Deletes one of the caller's posts with its comments and likes. ${OWNER_NOTE}`,
      statuses: [401, 404],
    },
    async (c, { user }) => ok(c, await deleteBlog(c.get("deps"), user!.id, idOf(c.req.param("id")))),
  );
  v2.add(
    blogsOps.detail,
    {
      tag: "blogs",
      auth: "optional",
      summary:
        "A post by its slug (the answer names its category; a page under another category redirects). Guests and members read approved (1), post_check (4) and published (10) posts of active authors with no block either way; the author and staff every state. 404 otherwise.",
      statuses: [404],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await blogDetail(c.get("deps"), user, c.req.param("slug") ?? ""));
    },
  );
  v2.add(
    blogsOps.queue,
    {
      tag: "backoffice",
      auth: "required",
      staff: "queues.decide",
      summary: `Posts for the team, oldest first, 20 a page: pending (before publication) and post_check (published, checked after). ${STAFF_NOTE}`,
      statuses: [400, 401, 403],
    },
    async (c, { user, query }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await blogQueue(c.get("deps"), user!.id, query.page));
    },
  );
  v2.add(
    blogsOps.approve,
    {
      tag: "backoffice",
      auth: "required",
      staff: "queues.decide",
      summary: `Approves a post in the queue: pending → approved (1, published now; the author is told), post_check → published (10). 404 unknown, 409 not in the queue. ${STAFF_NOTE}`,
      statuses: [401, 403, 404, 409],
      claim: { queue: "blogs", param: "id" },
    },
    async (c, { user }) => ok(c, await decideBlog(c.get("deps"), user!.id, idOf(c.req.param("id")), null)),
  );
  v2.add(
    blogsOps.reject,
    {
      tag: "backoffice",
      auth: "required",
      staff: "queues.decide",
      summary: `Rejects a post in the queue with a reason of the moderation list: rejected (2), unpublished; the author reads the reason in the bell. 404 unknown, 409 not in the queue. ${STAFF_NOTE}`,
      statuses: [400, 401, 403, 404, 409],
      claim: { queue: "blogs", param: "id" },
    },
    async (c, { user, body }) => ok(c, await decideBlog(c.get("deps"), user!.id, idOf(c.req.param("id")), body.reason)),
  );
}
