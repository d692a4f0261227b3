/**
 * The data export's community parts on both databases (issue 29): the events a member organizes (events.json, with
 * their state), the reviews they wrote of others' events, and their blog comments (blogs.json, a deleted comment
 * without its text). Reviews others wrote of the member's events stay out: they are the reviewers' words.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOG_STATE } from "#server/contract/blogs";
import { EVENT_STATUS } from "#server/contract/events";
import { USER_TYPE } from "#server/contract/users";
import { createTestRuntime, listedMemberWith, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { unzip } from "../../helpers/zip";
import { insertEvent } from "../events-attendance/fixture";

describe(`the data export's events and comments (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(() => rt.close());

  async function exportOf(token: string): Promise<Map<string, Buffer>> {
    expect((await rt.request("/api/v2/user/data-export", { method: "POST", token })).status).toBe(202);
    expect(await rt.jobs.runDue()).toMatchObject({ failed: 0 });
    const status = (await (await rt.request("/api/v2/user/data-export", { token })).json()) as { data: { latest: { id: number } } };
    const file = await rt.request(`/api/v2/user/data-export/${status.data.latest.id}/file`, { token });
    expect(file.status).toBe(200);
    return unzip(Buffer.from(await file.arrayBuffer()));
  }
  const json = <T>(entries: Map<string, Buffer>, name: string) => JSON.parse(entries.get(name)!.toString("utf8")) as T;

  async function review(eventId: number, reviewerId: number, organizerId: number, text: string) {
    await rt.deps.db
      .insertInto("event_reviews")
      .values({
        event_id: eventId,
        reviewer_id: reviewerId,
        organizer_id: organizerId,
        service: 5,
        event_organization: 4,
        location: 4,
        value_for_money: 3,
        would_attend_again: 1,
        will_recommend: 0,
        text,
        created_at: rt.clock.now(),
      })
      .execute();
  }

  it("holds the member's events with their state, the event reviews they wrote and their blog comments", async () => {
    const member = await listedMemberWith(rt, { userType: USER_TYPE.business });
    const club = await listedMemberWith(rt, { userType: USER_TYPE.business });
    const guest = await listedMemberWith(rt, { userType: USER_TYPE.client });
    const own = await insertEvent(rt, member.id, { title: "Eigene Party", status: EVENT_STATUS.pending });
    const theirs = await insertEvent(rt, club.id, { title: "Fremde Party" });
    await review(theirs.id, member.id, club.id, "Schöner Abend");
    // Someone else's review of the member's own event: not in the member's export.
    await review(own.id, guest.id, member.id, "Über das Event des Mitglieds");

    const now = rt.clock.now();
    const post = await rt.deps.db
      .insertInto("blogs")
      .values({
        author_id: club.id,
        category: "everyday-life",
        slug: `export-post-${TEST_DB}-${Math.random().toString(36).slice(2, 8)}`,
        title: "Ein Beitrag",
        body: "[]",
        state: BLOG_STATE.published,
        created_at: now,
        updated_at: now,
        published_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const comment = (body: string, deletedAt: number | null) =>
      rt.deps.db
        .insertInto("blog_comments")
        .values({ blog_id: post.id, author_id: member.id, parent_id: null, body, created_at: now, edited_at: null, deleted_at: deletedAt })
        .execute();
    await comment("Sichtbarer Kommentar", null);
    await comment("Gelöschter Kommentar", now);

    const entries = await exportOf(member.token);
    const events = json<{
      organized: Array<{ title: string; status: string }>;
      reviews_written: Array<{ event_title: string; text: string; would_attend_again: boolean; will_recommend: boolean }>;
    }>(entries, "events.json");
    expect(events.organized.map((e) => [e.title, e.status])).toEqual([["Eigene Party", "pending"]]);
    expect(events.reviews_written).toEqual([
      expect.objectContaining({
        event_title: "Fremde Party",
        text: "Schöner Abend",
        would_attend_again: true,
        will_recommend: false,
        removed_at: null,
      }),
    ]);
    const blogs = json<{ comments: Array<{ post_title: string; body: string | null }> }>(entries, "blogs.json");
    expect(blogs.comments.map((c) => [c.post_title, c.body])).toEqual([
      ["Ein Beitrag", "Sichtbarer Kommentar"],
      ["Ein Beitrag", null],
    ]);
    expect(entries.get("events.json")!.toString("utf8")).not.toContain("Über das Event des Mitglieds");
  });
});
