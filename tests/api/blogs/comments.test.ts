/**
 * Blog comments and likes through the real API on both databases (issue 29 items 4 and 7, ADR 103): threads one level
 * deep, edit and delete own (another member's id refused), the post author's delete, comments only on published
 * posts, plain text kept inert, the profile-text rule, the rate limit, blocks, 50 concurrent likes counted once each,
 * reports and the team's comments queue.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOG_COMMENTS_PAGE_SIZE, BLOG_STATE } from "#server/contract/blogs";
import {
  BLOG_COMMENT_RATE,
  type BlogCommentDecision,
  type BlogCommentDeleted,
  type BlogCommentPage,
  type BlogCommentQueue,
  type BlogCommentSaved,
  type BlogLikeState,
} from "#server/contract/blogs-comments";
import type { NotificationEvent } from "#server/contract/notifications";
import { USER_TYPE } from "#server/contract/users";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, createUser, listedMember, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface ErrorBody {
  errors: Array<{ key: string; source?: string }>;
}

describe(`blog comments and likes (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let team: { token: string };
  beforeAll(async () => {
    rt = await createTestRuntime();
    team = await signIn(rt, await createUser(rt, { userType: USER_TYPE.team }));
  }, 60_000);
  afterAll(async () => {
    await rt.close();
  });

  const api = <Body>(token: string | undefined, method: string, path: string, body?: unknown) =>
    callJson<Body & ErrorBody>(rt, token, method, `/api/v2${path}`, body);

  let seq = 0;
  /** A post written straight into the table (the blogs module's own API is another helper's): published unless told. */
  async function post(authorId: number, state: number = BLOG_STATE.published) {
    const now = rt.clock.now();
    const slug = `post-${TEST_DB}-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
    const row = await rt.deps.db
      .insertInto("blogs")
      .values({
        author_id: authorId,
        category: "everyday-life",
        slug,
        title: `Post ${seq}`,
        body: "[]",
        state,
        created_at: now,
        updated_at: now,
        published_at: state === BLOG_STATE.published ? now : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { id: row.id, slug };
  }
  const comment = (token: string, slug: string, body: string, parent_id?: number) =>
    api<{ data: BlogCommentSaved }>(token, "POST", `/blogs/${slug}/comments`, parent_id === undefined ? { body } : { body, parent_id });
  const list = (token: string | undefined, slug: string, page = 1) =>
    api<{ data: BlogCommentPage }>(token, "GET", `/blogs/${slug}/comments?page=${page}`);
  const counts = (blogId: number) =>
    rt.deps.db.selectFrom("blogs").select(["comment_count", "like_count"]).where("id", "=", blogId).executeTakeFirstOrThrow();
  const notifications = (userId: number, event: NotificationEvent) =>
    rt.deps.db.selectFrom("notifications").select(["actor_id", "url"]).where("user_id", "=", userId).where("event", "=", event).execute();
  const block = (blockerId: number, blockedId: number) =>
    rt.deps.db.insertInto("blocks").values({ blocker_id: blockerId, blocked_id: blockedId, created_at: rt.clock.now() }).execute();

  it("comments and replies one level deep (a reply to a reply joins its thread), tells the post's and the parent's authors", async () => {
    const [author, anna, ben] = [await listedMember(rt), await listedMember(rt), await listedMember(rt)];
    const { id, slug } = await post(author.id);
    const first = await comment(anna.token, slug, "Schöner Beitrag!");
    expect(first.status).toBe(200);
    expect(first.json.data).toMatchObject({ parent_id: null, page: 1, comment_count: 1 });
    const reply = await comment(ben.token, slug, "Finde ich auch.", first.json.data.id);
    expect(reply.json.data.parent_id).toBe(first.json.data.id);
    const replyToReply = await comment(anna.token, slug, "Danke, Ben.", reply.json.data.id);
    expect(replyToReply.status).toBe(200);
    expect(replyToReply.json.data.parent_id).toBe(first.json.data.id);

    const page = await list(undefined, slug);
    expect(page.status).toBe(200);
    expect(page.json.data.total).toBe(1);
    expect(page.json.data.post).toMatchObject({ comment_count: 3, like_count: 0, liked: false, may_comment: false });
    const [thread] = page.json.data.items;
    expect(thread!.body).toBe("Schöner Beitrag!");
    expect(thread!.replies.map((r) => [r.body, r.author?.username])).toEqual([
      ["Finde ich auch.", ben.username],
      ["Danke, Ben.", anna.username],
    ]);
    expect((await counts(id)).comment_count).toBe(3);
    // The author hears of Anna's and Ben's comments; Ben hears of Anna's reply to him (and Anna of Ben's reply).
    expect((await notifications(author.id, "blog_comment")).map((n) => n.actor_id).sort()).toEqual([anna.id, ben.id, anna.id].sort());
    expect(await notifications(ben.id, "blog_comment_reply")).toEqual([
      { actor_id: anna.id, url: `blogs/everyday-life/${slug}#comment-${replyToReply.json.data.id}` },
    ]);
    expect((await notifications(anna.id, "blog_comment_reply")).map((n) => n.actor_id)).toEqual([ben.id]);
  });

  it("pages threads oldest first, 20 a page, and a new comment's answer names the page that shows it", async () => {
    const [author, anna] = [await listedMember(rt), await listedMember(rt)];
    const { id, slug } = await post(author.id);
    const now = rt.clock.now();
    await rt.deps.db
      .insertInto("blog_comments")
      .values(
        Array.from({ length: BLOG_COMMENTS_PAGE_SIZE }, (_, i) => ({
          blog_id: id,
          author_id: anna.id,
          parent_id: null,
          body: `Kommentar ${i + 1}`,
          created_at: now,
          edited_at: null,
          deleted_at: null,
        })),
      )
      .execute();
    const added = await comment(author.token, slug, "Der einundzwanzigste");
    expect(added.json.data.page).toBe(2);
    const first = await list(anna.token, slug, 1);
    expect(first.json.data.items.map((c) => c.body)).toEqual(Array.from({ length: 20 }, (_, i) => `Kommentar ${i + 1}`));
    expect(first.json.data.total).toBe(21);
    expect((await list(anna.token, slug, 2)).json.data.items.map((c) => c.id)).toEqual([added.json.data.id]);
    expect((await list(anna.token, slug, 3)).json.data.items).toEqual([]);
    expect((await api(anna.token, "GET", `/blogs/${slug}/comments?page=zwei`)).status).toBe(400);
  });

  it("keeps script and style markup as plain text, and refuses empty, too long and ProstSchG texts at the field", async () => {
    const [author, anna] = [await listedMember(rt), await listedMember(rt)];
    const { slug } = await post(author.id);
    const markup = `<script>alert("x")</script><style>body{display:none}</style><img src=x onerror=alert(1)>`;
    const saved = await comment(anna.token, slug, markup);
    expect(saved.status).toBe(200);
    const stored = await rt.deps.db
      .selectFrom("blog_comments")
      .select("body")
      .where("id", "=", saved.json.data.id)
      .executeTakeFirstOrThrow();
    expect(stored.body).toBe(markup);
    expect((await list(anna.token, slug)).json.data.items[0]!.body).toBe(markup);

    for (const body of ["   ", "x".repeat(2001), "Treffen gern AO", 42]) {
      const refused = await api(anna.token, "POST", `/blogs/${slug}/comments`, { body });
      expect(refused.status, String(body)).toBe(400);
      expect(refused.json.errors[0]!.source).toBe("body");
    }
    const prost = await comment(anna.token, slug, "Treffen gern AO");
    expect(prost.json.errors[0]!.key).toMatch(/^validation\.prostschg/);
    // Not JSON at all, or a body that is no object: refused, never a 5xx.
    const raw = await rt.request(`/api/v2/blogs/${slug}/comments`, {
      method: "POST",
      token: anna.token,
      headers: { "content-type": "text/plain" },
      body: "<b>hi</b>",
    });
    expect(raw.status).toBeGreaterThanOrEqual(400);
    expect(raw.status).toBeLessThan(500);
    expect((await api(anna.token, "POST", `/blogs/${slug}/comments`, ["x"])).status).toBe(400);
  });

  it("answers 404 for comments and likes on a post that is not published, and 401 for guests", async () => {
    const [author, anna] = [await listedMember(rt), await listedMember(rt)];
    for (const state of [BLOG_STATE.draft, BLOG_STATE.pending, BLOG_STATE.rejected]) {
      const { slug } = await post(author.id, state);
      expect((await list(anna.token, slug)).status).toBe(404);
      const refused = await comment(anna.token, slug, "Hallo");
      expect(refused.status).toBe(404);
      expect(refused.json.errors[0]!.key).toBe("exception.blogs_comments.post_not_found");
      expect((await api(anna.token, "POST", `/blogs/${slug}/like`)).status).toBe(404);
    }
    expect((await list(anna.token, "no-such-post")).status).toBe(404);
    expect((await list(anna.token, "x".repeat(300))).status).toBe(404);
    const { slug } = await post(author.id);
    expect((await comment(undefined as unknown as string, slug, "Gast")).status).toBe(401);
  });

  it("lets only the author edit, the author or the post's author delete; another member's id is refused", async () => {
    const [author, anna, ben] = [await listedMember(rt), await listedMember(rt), await listedMember(rt)];
    const { id, slug } = await post(author.id);
    const annas = (await comment(anna.token, slug, "Erster Gedanke")).json.data.id;

    const foreignEdit = await api(ben.token, "PUT", `/blog-comments/${annas}`, { body: "Übernommen" });
    expect(foreignEdit.status).toBe(403);
    expect(foreignEdit.json.errors[0]!.key).toBe("exception.blogs_comments.not_yours");
    expect((await api(author.token, "PUT", `/blog-comments/${annas}`, { body: "Vom Autor" })).status).toBe(403);
    expect((await api(ben.token, "DELETE", `/blog-comments/${annas}`)).status).toBe(403);
    expect((await api(ben.token, "PUT", "/blog-comments/999999999", { body: "x" })).status).toBe(404);
    expect((await api(ben.token, "DELETE", "/blog-comments/abc")).status).toBe(404);

    rt.clock.advance(60_000);
    const edited = await api<{ data: BlogCommentSaved }>(anna.token, "PUT", `/blog-comments/${annas}`, { body: "Zweiter Gedanke" });
    expect(edited.status).toBe(200);
    const [shown] = (await list(ben.token, slug)).json.data.items;
    expect(shown).toMatchObject({ body: "Zweiter Gedanke", may_edit: false, may_delete: false, may_report: true });
    expect(shown!.edited_at).toBe(rt.clock.now());
    expect((await list(anna.token, slug)).json.data.items[0]).toMatchObject({ may_edit: true, may_delete: true, may_report: false });
    expect((await list(author.token, slug)).json.data.items[0]).toMatchObject({ may_edit: false, may_delete: true });

    // A reply keeps its deleted parent as a placeholder; deleted by the post's author.
    await comment(ben.token, slug, "Antwort", annas);
    const deleted = await api<{ data: BlogCommentDeleted }>(author.token, "DELETE", `/blog-comments/${annas}`);
    expect(deleted.json.data).toEqual({ id: annas, comment_count: 1 });
    const [placeholder] = (await list(ben.token, slug)).json.data.items;
    expect(placeholder).toMatchObject({ id: annas, deleted: true, body: null, author: null, may_reply: false });
    expect(placeholder!.replies.map((r) => r.body)).toEqual(["Antwort"]);
    expect((await api(anna.token, "DELETE", `/blog-comments/${annas}`)).status).toBe(404);
    expect((await api(anna.token, "PUT", `/blog-comments/${annas}`, { body: "Wieder da" })).status).toBe(404);
    expect((await comment(ben.token, slug, "Noch eine", annas)).status).toBe(404);

    // Without a visible reply the thread is gone, and the count follows every change.
    const reply = (await list(ben.token, slug)).json.data.items[0]!.replies[0]!;
    expect((await api(ben.token, "DELETE", `/blog-comments/${reply.id}`)).status).toBe(200);
    expect((await list(ben.token, slug)).json.data).toMatchObject({ items: [], total: 0 });
    expect((await counts(id)).comment_count).toBe(0);
  });

  it("hides comments between blocked members, who cannot reply or like across the block", async () => {
    const [author, anna, ben] = [await listedMember(rt), await listedMember(rt), await listedMember(rt)];
    const { slug } = await post(author.id);
    const annas = (await comment(anna.token, slug, "Von Anna")).json.data.id;
    await comment(ben.token, slug, "Von Ben");
    await block(anna.id, ben.id);

    expect((await list(ben.token, slug)).json.data.items.map((c) => c.body)).toEqual(["Von Ben"]);
    expect((await list(anna.token, slug)).json.data.items.map((c) => c.body)).toEqual(["Von Anna"]);
    expect((await list(author.token, slug)).json.data.items.map((c) => c.body)).toEqual(["Von Anna", "Von Ben"]);
    const reply = await comment(ben.token, slug, "Antwort", annas);
    expect(reply.status).toBe(404);
    expect(reply.json.errors[0]!.source).toBe("parent_id");
    expect((await api(ben.token, "PUT", `/blog-comments/${annas}`, { body: "x" })).status).toBe(404);

    // A block with the post's author hides the post: no list, no comment, no like.
    await block(author.id, ben.id);
    expect((await list(ben.token, slug)).status).toBe(404);
    expect((await comment(ben.token, slug, "Trotzdem")).status).toBe(404);
    expect((await api(ben.token, "POST", `/blogs/${slug}/like`)).status).toBe(404);
  });

  it("limits comment posting per member", async () => {
    const [author, anna] = [await listedMember(rt), await listedMember(rt)];
    const { slug } = await post(author.id);
    for (let i = 0; i < BLOG_COMMENT_RATE.limit; i++) expect((await comment(anna.token, slug, `Nr. ${i}`)).status).toBe(200);
    const refused = await comment(anna.token, slug, "Eine zu viel");
    expect(refused.status).toBe(429);
    expect(refused.json.errors[0]!.key).toBe("exception.blogs_comments.too_many");
    rt.clock.advance(BLOG_COMMENT_RATE.windowMs * 2);
    expect((await comment(anna.token, slug, "Später wieder")).status).toBe(200);
  });

  it("counts 50 members liking at once 50 times, each once; a second like and an unlike change the count rightly", async () => {
    const author = await listedMember(rt);
    const { id, slug } = await post(author.id);
    const members = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => signIn(rt, await createUser(rt), `10.29.${Math.floor(i / 200)}.${(i % 200) + 1}`)),
    );
    const answers = await Promise.all(members.map((m) => api<{ data: BlogLikeState }>(m.token, "POST", `/blogs/${slug}/like`)));
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect((await counts(id)).like_count).toBe(50);
    const rows = await rt.deps.db.selectFrom("blog_likes").select("user_id").where("blog_id", "=", id).execute();
    expect(new Set(rows.map((r) => r.user_id)).size).toBe(50);

    const again = await Promise.all([0, 1].map(() => api<{ data: BlogLikeState }>(members[0]!.token, "POST", `/blogs/${slug}/like`)));
    expect(again.map((a) => a.json.data)).toEqual([
      { like_count: 50, liked: true },
      { like_count: 50, liked: true },
    ]);
    const unliked = await api<{ data: BlogLikeState }>(members[0]!.token, "DELETE", `/blogs/${slug}/like`);
    expect(unliked.json.data).toEqual({ like_count: 49, liked: false });
    expect((await api<{ data: BlogLikeState }>(members[0]!.token, "DELETE", `/blogs/${slug}/like`)).json.data.like_count).toBe(49);
    expect((await list(members[1]!.token, slug)).json.data.post).toMatchObject({ like_count: 49, liked: true });
    expect((await list(members[0]!.token, slug)).json.data.post.liked).toBe(false);
  }, 60_000);

  it("takes reports of comments into the team's queue: remove with a statement tells the author; dismiss keeps it", async () => {
    const [author, anna, ben, cleo] = [await listedMember(rt), await listedMember(rt), await listedMember(rt), await listedMember(rt)];
    const { id, slug } = await post(author.id);
    const rude = (await comment(anna.token, slug, "Ein gemeiner Kommentar")).json.data.id;
    const fine = (await comment(anna.token, slug, "Ein harmloser Kommentar")).json.data.id;
    const report = (token: string, objectId: number) =>
      api(token, "POST", "/reports", {
        kind: "comment",
        object_id: objectId,
        type: "hate_harassment",
        text: "Das ist eine Beleidigung gegen mich.",
        good_faith: true,
      });
    expect((await report(ben.token, rude)).status).toBe(202);
    expect((await report(cleo.token, rude)).status).toBe(202);
    expect((await report(ben.token, fine)).status).toBe(202);
    expect((await report(ben.token, 999999999)).status).toBe(404);

    expect((await api(ben.token, "GET", "/backoffice/blog-comments")).status).toBe(403);
    const queue = await api<{ data: BlogCommentQueue }>(team.token, "GET", "/backoffice/blog-comments");
    expect(queue.status).toBe(200);
    const mine = queue.json.data.items.filter((item) => [rude, fine].includes(item.comment_id));
    expect(mine.map((item) => [item.comment_id, item.reports, item.types])).toEqual([
      [rude, 2, ["hate_harassment"]],
      [fine, 1, ["hate_harassment"]],
    ]);
    expect(mine[0]).toMatchObject({ body: "Ein gemeiner Kommentar", author: { username: anna.username }, post: { slug } });

    const statement = "Beleidigungen sind in Kommentaren nicht erlaubt.";
    expect((await api(ben.token, "POST", `/backoffice/blog-comments/${rude}/remove`, { statement })).status).toBe(403);
    expect((await api(team.token, "POST", `/backoffice/blog-comments/${rude}/remove`, { statement: "zu kurz" })).status).toBe(400);
    const removed = await api<{ data: BlogCommentDecision }>(team.token, "POST", `/backoffice/blog-comments/${rude}/remove`, { statement });
    expect(removed.json.data).toEqual({ comment_id: rude, outcome: "content_removed", reports: 2 });
    expect((await api(team.token, "POST", `/backoffice/blog-comments/${rude}/remove`, { statement })).status).toBe(404);
    expect((await list(ben.token, slug)).json.data.items.map((c) => c.id)).toEqual([fine]);
    expect((await counts(id)).comment_count).toBe(1);
    expect(await notifications(anna.id, "blog_comment_removed")).toHaveLength(1);
    const decided = await rt.deps.db
      .selectFrom("reports")
      .select(["outcome", "statement"])
      .where("object_ref", "=", `comment:${rude}`)
      .execute();
    expect(decided).toEqual([
      { outcome: "content_removed", statement },
      { outcome: "content_removed", statement },
    ]);

    const dismissed = await api<{ data: BlogCommentDecision }>(team.token, "POST", `/backoffice/blog-comments/${fine}/dismiss`, {
      statement: "Wir haben keinen Verstoß gegen unsere Regeln gefunden.",
    });
    expect(dismissed.json.data.outcome).toBe("no_action");
    expect((await list(ben.token, slug)).json.data.items.map((c) => c.id)).toEqual([fine]);
    const left = (await api<{ data: BlogCommentQueue }>(team.token, "GET", "/backoffice/blog-comments")).json.data.items;
    expect(left.filter((item) => [rude, fine].includes(item.comment_id))).toEqual([]);
  });
});
