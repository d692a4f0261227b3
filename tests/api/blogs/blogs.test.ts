/**
 * Blog posts through the real API on both databases (issue 29 item 3, ADR 101): the pre-check rule, another member's
 * post by id, bodies that try to smuggle markup (refused or stored as inert text), who reads which state, the team's
 * decisions and the author's notification, my_blogs' filters, slugs, reports.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOG_PRECHECKED_POSTS, BLOG_STATE } from "#server/contract/blogs";
import type { BlogDecision, BlogPost, BlogQueue, MyBlogList, OwnBlog } from "#server/contract/blogs-posts";
import { USER_TYPE } from "#server/contract/users";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, createUser, listedMemberWith, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface ErrorBody {
  errors: Array<{ key: string; source?: string }>;
}

describe(`blogs (${TEST_DB})`, () => {
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
  const member = () => listedMemberWith(rt, { userType: USER_TYPE.escort });

  let seq = 0;
  const post = (token: string, body: Record<string, unknown> = {}) =>
    api<{ data: OwnBlog }>(token, "POST", "/blogs", {
      title: `Mein Abend in Berlin ${++seq}`,
      category: "everyday-life",
      body: "Ein **schöner** Abend.\n\n- Musik\n- Tanz",
      ...body,
    });
  const detail = (token: string | undefined, blog: { category: string; slug: string }) =>
    api<{ data: BlogPost }>(token, "GET", `/blogs/detail/${blog.category}/${blog.slug}`);
  const approve = (id: number) => api<{ data: BlogDecision }>(team.token, "POST", `/backoffice/blogs/${id}/approve`);

  /** A photo of `ownerId` (accepted, public and open unless told otherwise). */
  async function photo(ownerId: number, visibility = "public"): Promise<number> {
    const row = await rt.deps.db
      .insertInto("media")
      .values({
        user_id: ownerId,
        kind: "photo",
        visibility,
        status: 1,
        storage_key: `blogs-test/${++seq}`,
        mime_type: "image/jpeg",
        width: 160,
        height: 120,
        bytes: 1000,
        position: seq,
        created_at: rt.clock.now(),
        variant_widths: "160",
        duration_ms: null,
        watermark: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it(`holds a member's first ${BLOG_PRECHECKED_POSTS} posts for the team, then publishes at once and checks after`, async () => {
    const author = await member();
    const draft = await post(author.token, { submit: false });
    expect(draft.status).toBe(200);
    expect(draft.json.data.state).toBe(BLOG_STATE.draft);
    const first = [];
    for (let i = 0; i < BLOG_PRECHECKED_POSTS; i++) {
      const sent = await post(author.token);
      expect(sent.status).toBe(200);
      expect(sent.json.data).toMatchObject({ state: BLOG_STATE.pending, status_name: "pending", published_at: null });
      first.push(sent.json.data);
    }
    // Posts still waiting earn no trust: the fourth waits too.
    const waiting = await post(author.token);
    expect(waiting.json.data.state).toBe(BLOG_STATE.pending);
    expect((await detail(undefined, first[0]!)).status).toBe(404);

    for (const blog of first) expect((await approve(blog.id)).json.data.state).toBe(BLOG_STATE.approved);
    const guestRead = await detail(undefined, first[0]!);
    expect(guestRead.status).toBe(200);
    expect(guestRead.json.data).toMatchObject({ state: BLOG_STATE.approved, is_public: true, is_own: false });

    const trusted = await post(author.token);
    expect(trusted.json.data).toMatchObject({ state: BLOG_STATE.post_check, status_name: "published" });
    expect(trusted.json.data.published_at).not.toBeNull();
    expect((await detail(undefined, trusted.json.data)).status).toBe(200);

    // The team checks after: both kinds wait in the queue, oldest first.
    const queue = await api<{ data: BlogQueue }>(team.token, "GET", "/backoffice/blogs");
    const ids = queue.json.data.items.map((item) => item.id);
    expect(ids).toContain(trusted.json.data.id);
    expect(ids.indexOf(waiting.json.data.id)).toBeLessThan(ids.indexOf(trusted.json.data.id));
    expect((await approve(trusted.json.data.id)).json.data.state).toBe(BLOG_STATE.published);
    expect((await approve(trusted.json.data.id)).status).toBe(409);

    // A rejection after publication unpublishes the post and tells the author why.
    const later = await post(author.token);
    expect(later.json.data.state).toBe(BLOG_STATE.post_check);
    const rejected = await api<{ data: BlogDecision }>(team.token, "POST", `/backoffice/blogs/${later.json.data.id}/reject`, {
      reason: "offensive",
    });
    expect(rejected.json.data).toEqual({ id: later.json.data.id, state: BLOG_STATE.rejected, reason: "offensive" });
    expect((await detail(undefined, later.json.data)).status).toBe(404);
    const own = await api<{ data: OwnBlog }>(author.token, "GET", `/blogs/${later.json.data.id}/own`);
    expect(own.json.data).toMatchObject({ state: BLOG_STATE.rejected, rejection_reason: "offensive" });
    // One bell line per refusal: the statement's (its job), naming the post and the reason and leading to the statement.
    await rt.jobs.runDue();
    const bell = await rt.deps.db
      .selectFrom("notifications")
      .select(["event", "params", "url"])
      .where("user_id", "=", author.id)
      .where("event", "in", ["moderation_rejected", "statement_issued"])
      .execute();
    expect(bell).toHaveLength(1);
    expect(bell[0]!.event).toBe("statement_issued");
    expect(JSON.parse(bell[0]!.params)).toMatchObject({ item: "blog", title: later.json.data.title, reason: "offensive" });
    expect(bell[0]!.url).toMatch(/^user\/statements\/\d+$/);
    // A member may not decide, and a reason outside the list is refused at its field.
    expect((await api(author.token, "POST", `/backoffice/blogs/${waiting.json.data.id}/approve`)).status).toBe(403);
    const noReason = await api(team.token, "POST", `/backoffice/blogs/${waiting.json.data.id}/reject`, { reason: "because" });
    expect(noReason.status).toBe(400);
  });

  it("places a post where its author lives, so the blog search's radius finds it", async () => {
    const author = await member();
    await rt.deps.db.updateTable("profiles").set({ lat: 53.55, lon: 9.99 }).where("user_id", "=", author.id).execute();
    const created = await post(author.token);
    expect(created.status).toBe(200);
    const row = await rt.deps.db
      .selectFrom("blogs")
      .select(["lat", "lon"])
      .where("id", "=", created.json.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ lat: 53.55, lon: 9.99 });
  });

  it("refuses to show, edit or delete another member's post by id (404, nothing changes)", async () => {
    const author = await member();
    const other = await member();
    const made = await post(author.token, { submit: false });
    const id = made.json.data.id;
    expect((await api(other.token, "GET", `/blogs/${id}/own`)).status).toBe(404);
    const edit = await api(other.token, "PUT", `/blogs/${id}`, { title: "Übernommen", category: "news", body: "Meins." });
    expect(edit.status).toBe(404);
    expect((await api(other.token, "DELETE", `/blogs/${id}`)).status).toBe(404);
    // A draft is the author's alone.
    expect((await detail(other.token, made.json.data)).status).toBe(404);
    const row = await rt.deps.db.selectFrom("blogs").select(["title", "category"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row).toEqual({ title: made.json.data.title, category: "everyday-life" });
    // The author deletes it; it is gone.
    expect((await api(author.token, "DELETE", `/blogs/${id}`)).status).toBe(200);
    expect((await api(author.token, "GET", `/blogs/${id}/own`)).status).toBe(404);
    // Not a row id: 404 too, never a 5xx.
    expect((await api(author.token, "GET", "/blogs/99999999999/own")).status).toBe(404);
  });

  it("lets members write, not staff or unverified addresses", async () => {
    expect((await post(team.token)).status).toBe(403);
    const unverified = await listedMemberWith(rt, { userType: USER_TYPE.client, verified: false });
    const refused = await post(unverified.token);
    expect(refused.status).toBe(403);
    expect(refused.json.errors[0]!.key).toBe("exception.email_verification.required");
    expect((await api(undefined, "POST", "/blogs", { title: "Gast", category: "news", body: "x" })).status).toBe(401);
  });

  it("keeps markup inert: script and style stay text, javascript: links, on* keys and unknown blocks are refused", async () => {
    const author = await member();
    const sneaky = await post(author.token, {
      submit: false,
      body: '<script>alert(1)</script>\n\n<style>body{display:none}</style>\n\nHallo <img src=x onerror="alert(2)"> *Welt*',
    });
    expect(sneaky.status).toBe(200);
    const body = sneaky.json.data.body;
    // Only the editor's blocks, and their text is text: the page renders it escaped.
    expect(body.map((block) => block.type)).toEqual(["paragraph", "paragraph", "paragraph"]);
    expect(body[0]).toEqual({ type: "paragraph", spans: [{ text: "<script>alert(1)</script>" }] });
    expect(JSON.stringify(body)).not.toMatch(/"(onerror|style|src)"\s*:/);

    const js = await post(author.token, { body: "[klick](javascript:alert(1))" });
    expect(js.status).toBe(400);
    expect(js.json.errors[0]).toMatchObject({ key: "validation.blogs.link", source: "body" });
    const jsBlocks = await post(author.token, { body: [{ type: "paragraph", spans: [{ text: "x", href: "JavaScript:alert(1)" }] }] });
    expect(jsBlocks.status).toBe(400);
    const dataLink = await post(author.token, { body: [{ type: "paragraph", spans: [{ text: "x", href: "data:text/html,<b>" }] }] });
    expect(dataLink.status).toBe(400);
    const onClick = await post(author.token, { body: [{ type: "paragraph", spans: [{ text: "x", onclick: "alert(1)" }] }] });
    expect(onClick.status).toBe(400);
    expect(onClick.json.errors[0]!.source).toBe("body");
    const html = await post(author.token, { body: [{ type: "html", html: "<script>alert(1)</script>" }] });
    expect(html.status).toBe(400);
    const foreignImage = await post(author.token, { body: "![](https://evil.example/x.png)" });
    expect(foreignImage.json.errors[0]).toMatchObject({ key: "validation.blogs.image", source: "body" });
    // A safe link is kept as its address.
    const safe = await post(author.token, { submit: false, body: "[Quelle](https://example.org/a?b=1)" });
    expect(safe.json.data.body).toEqual([{ type: "paragraph", spans: [{ text: "Quelle", href: "https://example.org/a?b=1" }] }]);
  });

  it("shows images of the author's own public photos only", async () => {
    const author = await member();
    const stranger = await member();
    const mine = await photo(author.id);
    const privatePhoto = await photo(author.id, "private");
    const theirs = await photo(stranger.id);
    const good = await post(author.token, { submit: false, body: `Vorher\n\n![Blick](media:${mine})`, cover_media_id: mine });
    expect(good.status).toBe(200);
    expect(good.json.data.body[1]).toEqual({ type: "image", id: mine, alt: "Blick" });
    const read = await detail(author.token, good.json.data);
    expect(read.json.data.images.map((image) => image.id)).toEqual([mine]);
    expect(read.json.data.cover).not.toBeNull();

    for (const id of [theirs, privatePhoto]) {
      const refused = await post(author.token, { body: `![](media:${id})` });
      expect(refused.status).toBe(400);
      expect(refused.json.errors[0]).toMatchObject({ key: "validation.blogs.image", source: "body" });
    }
    const cover = await post(author.token, { cover_media_id: theirs });
    expect(cover.json.errors[0]).toMatchObject({ key: "validation.blogs.image", source: "cover_media_id" });
    const selectable = await api<{ data: { items: Array<{ id: number }> } }>(author.token, "GET", "/blogs/my/media");
    expect(selectable.json.data.items.map((item) => item.id)).toEqual([mine]);
  });

  it("refuses bad titles, categories and text rules at their fields, and bodies of any shape without a 5xx", async () => {
    const author = await member();
    const short = await post(author.token, { title: "ab" });
    expect(short.json.errors[0]).toMatchObject({ source: "title" });
    expect((await post(author.token, { category: "politics" })).json.errors[0]).toMatchObject({ source: "category" });
    const unlawful = await post(author.token, { body: "Treffen ohne Gummi möglich." });
    expect(unlawful.status).toBe(400);
    expect(unlawful.json.errors[0]!.key).toMatch(/^validation\.prostschg/);
    expect((await post(author.token, { body: "" })).json.errors[0]).toMatchObject({ key: "validation.blogs.body_required" });
    for (const body of [null, 42, "x", [], { a: 1 }, [1, 2], "a".repeat(50_000)]) {
      const answer = await api(author.token, "POST", "/blogs", body);
      expect(answer.status).toBe(400);
    }
    const raw = await rt.request("/api/v2/blogs", {
      method: "POST",
      token: author.token,
      headers: { "Content-Type": "text/plain" },
      body: "title=x",
    });
    expect(raw.status).toBeLessThan(500);
  });

  it("reads public posts for guests and members, not across a block; the author and staff read every state", async () => {
    const author = await member();
    const blocked = await member();
    const reader = await member();
    const pending = await post(author.token);
    expect((await detail(author.token, pending.json.data)).json.data).toMatchObject({ is_public: false, is_own: true });
    expect((await detail(team.token, pending.json.data)).status).toBe(200);
    expect((await detail(reader.token, pending.json.data)).status).toBe(404);
    await approve(pending.json.data.id);
    expect((await detail(reader.token, pending.json.data)).status).toBe(200);

    expect((await api(author.token, "POST", `/block/${blocked.username}`)).status).toBe(200);
    expect((await detail(blocked.token, pending.json.data)).status).toBe(404);
    expect((await detail(undefined, pending.json.data)).status).toBe(200);

    // Reports go through the reports module, only for posts the reporter may read.
    const report = (token: string, id: number) =>
      api(token, "POST", "/reports", {
        kind: "blog",
        object_id: id,
        type: "spam",
        text: "Werbung für eine fremde Seite, mehrfach.",
        good_faith: true,
      });
    expect((await report(reader.token, pending.json.data.id)).status).toBe(202);
    expect((await report(blocked.token, pending.json.data.id)).status).toBe(404);
    const draft = await post(author.token, { submit: false });
    expect((await report(reader.token, draft.json.data.id)).status).toBe(404);
  });

  it("edits through the rule again, keeps the slug, and lists my_blogs by filter", async () => {
    const author = await member();
    const a = await post(author.token, { title: "Über Nacht in Łódź", submit: false });
    const b = await post(author.token, { title: "Über Nacht in Łódź" });
    expect(a.json.data.slug).toBe("ueber-nacht-in-lodz");
    expect(b.json.data.slug).toBe("ueber-nacht-in-lodz-2");
    const edited = await api<{ data: OwnBlog }>(author.token, "PUT", `/blogs/${a.json.data.id}`, {
      title: "Ganz anders",
      category: "travel",
      body: a.json.data.markup,
    });
    expect(edited.json.data).toMatchObject({ slug: "ueber-nacht-in-lodz", category: "travel", state: BLOG_STATE.pending });
    expect(edited.json.data.body).toEqual(a.json.data.body);

    const all = await api<{ data: MyBlogList }>(author.token, "GET", "/blogs/my");
    expect(all.json.data.total).toBe(2);
    const travel = await api<{ data: MyBlogList }>(author.token, "GET", "/blogs/my?filter=category&category=travel");
    expect(travel.json.data.items.map((item) => item.id)).toEqual([a.json.data.id]);
    const drafts = await api<{ data: MyBlogList }>(author.token, "GET", "/blogs/my?filter=status&status=draft");
    expect(drafts.json.data.total).toBe(0);
    expect((await api(author.token, "GET", "/blogs/my?filter=status&status=secret")).status).toBe(400);
  });
});
