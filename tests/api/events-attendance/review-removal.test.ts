/**
 * Event reviews removed by the team (ADR 123) on both databases: a review on an event's page is reportable (kind
 * `event_review`); the team's removal — through the report, or in the reviews queue — marks it (never deletes it),
 * takes it out of the list, the averages and the organizer's summary, writes the statement of reasons on the kind,
 * and an appeal decided by another staff member restores it as written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OwnAppeal } from "#server/contract/appeals";
import type { EventOrganizerReviews, EventReviewItem, EventReviewList } from "#server/contract/events-reviews";
import { USER_TYPE } from "#server/contract/users";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, createUser, listedMemberWith, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { insertEvent } from "./fixture";

interface ErrorBody {
  errors: Array<{ key: string; source?: string }>;
}

const HOUR = 60 * 60 * 1000;
const words = "Die Bewertung beleidigt den Veranstalter persönlich und gehört nicht hierher.";

describe(`event reviews removed and restored (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let ip = 0;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(() => rt.close());

  const api = <Body>(token: string | undefined, method: string, path: string, body?: unknown) =>
    callJson<Body & ErrorBody>(rt, token, method, `/api/v2${path}`, body);
  const member = () => listedMemberWith(rt);
  async function staff() {
    const user = await createUser(rt, { userType: USER_TYPE.team });
    return { ...user, token: String((await login(rt, user.username, user.password, `198.21.0.${++ip}`)).body.access_token) };
  }
  const rating = { service: 4, event_organization: 4, location: 4, value_for_money: 4, would_attend_again: "yes", will_recommend: "yes" };
  const list = (slug: string) => api<{ data: EventReviewList }>(undefined, "GET", `/events/${slug}/reviews`);
  const organizerSummary = (username: string) =>
    api<{ data: EventOrganizerReviews }>(undefined, "GET", `/events/organizer/${username}/reviews`);

  /** An ended event with two accepted attendees' reviews. */
  async function reviewedEvent() {
    const [organizer, anna, ben] = [await member(), await member(), await member()];
    const event = await insertEvent(rt, organizer.id, { startsInHours: 1 });
    for (const attendee of [anna, ben]) {
      await api(attendee.token, "POST", `/events/${event.slug}/attendance`, { attendance: "attend" });
      await api(organizer.token, "POST", `/events/${event.slug}/attendees/${attendee.username}`, { decision: "accept" });
    }
    rt.clock.advance(6 * HOUR);
    const [first, second] = [
      await api<{ data: EventReviewItem }>(anna.token, "POST", `/events/${event.slug}/reviews`, rating),
      await api<{ data: EventReviewItem }>(ben.token, "POST", `/events/${event.slug}/reviews`, { ...rating, service: 2 }),
    ];
    expect([first.status, second.status]).toEqual([200, 200]);
    return { organizer, anna, ben, event, annaReview: first.json.data.id, benReview: second.json.data.id };
  }

  it("a reported event review is removed by its report's decision, hidden everywhere, and an appeal restores it", async () => {
    const { organizer, anna, event, annaReview } = await reviewedEvent();
    const reporter = await member();
    const unknown = await api(reporter.token, "POST", "/reports", {
      kind: "event_review",
      object_id: 99_999_999,
      type: "spam",
      text: "Diese Bewertung ist Werbung für eine andere Seite.",
      good_faith: true,
    });
    expect(unknown.status).toBe(404);
    const filed = await api<{ data: { id: number } }>(reporter.token, "POST", "/reports", {
      kind: "event_review",
      object_id: annaReview,
      type: "hate_harassment",
      text: "Die Bewertung beleidigt den Veranstalter mit Schimpfwörtern.",
      good_faith: true,
    });
    expect(filed.status).toBe(202);
    const [teamA, teamB] = [await staff(), await staff()];
    const decided = await api(teamA.token, "POST", `/backoffice/reports/${filed.json.data.id}/decide`, {
      outcome: "content_removed",
      statement: words,
    });
    expect(decided.status).toBe(200);

    // Marked, not deleted: out of the list, the averages and the organizer's summary.
    const row = await rt.deps.db.selectFrom("event_reviews").select(["id", "removed_at"]).where("id", "=", annaReview).executeTakeFirst();
    expect(Number(row?.removed_at)).toBe(rt.clock.now());
    expect((await list(event.slug)).json.data).toMatchObject({ total: 1, summary: { count: 1, overall: 3.5 } });
    expect((await organizerSummary(organizer.username)).json.data.summary.count).toBe(1);
    const statement = await rt.deps.db
      .selectFrom("statements")
      .selectAll()
      .where("report_id", "=", filed.json.data.id)
      .executeTakeFirstOrThrow();
    expect(statement).toMatchObject({
      user_id: anna.id,
      subject_kind: "event_review",
      subject_id: String(annaReview),
      restriction: "content_removed",
    });
    // A removed review cannot be reported again.
    const again = await api(reporter.token, "POST", "/reports", {
      kind: "event_review",
      object_id: annaReview,
      type: "spam",
      text: "Ich melde diese Bewertung noch einmal, bitte prüfen.",
      good_faith: true,
    });
    expect(again.status).toBe(404);

    // Anna complains; another staff member reverses: the review is back as written.
    const complaint = await api<{ data: OwnAppeal }>(anna.token, "POST", `/statements/${statement.id}/appeal`, {
      text: "Meine Bewertung beschreibt nur, was am Abend passiert ist, ohne Beleidigung.",
    });
    expect(complaint.status).toBe(201);
    const reversed = await api(teamB.token, "POST", `/backoffice/appeals/${complaint.json.data.id}/decide`, {
      outcome: "reversed",
      reasons: "Die Bewertung ist sachlich; sie wird wieder gezeigt.",
    });
    expect(reversed.status).toBe(200);
    const shown = (await list(event.slug)).json.data;
    expect(shown).toMatchObject({ total: 2, summary: { count: 2 } });
    expect(shown.items.map((item) => item.id)).toContain(annaReview);
  });

  it("the reviews queue's removal of a flagged event review marks it and writes a statement an appeal can reverse", async () => {
    const { ben, event, benReview } = await reviewedEvent();
    await rt.deps.db
      .insertInto("review_flags")
      .values({ review_kind: "event", review_id: benReview, author_id: ben.id, rule: "prostschg", created_at: rt.clock.now() })
      .execute();
    const [teamA, teamB] = [await staff(), await staff()];
    const removed = await api<{ data: { statement_id: number } }>(teamA.token, "POST", `/backoffice/reviews/event/${benReview}/decide`, {
      decision: "remove",
      reason: words,
    });
    expect(removed.status).toBe(200);
    expect(await rt.deps.db.selectFrom("event_reviews").select("id").where("id", "=", benReview).executeTakeFirst()).toBeDefined();
    expect((await list(event.slug)).json.data.items.map((item) => item.id)).not.toContain(benReview);
    const statement = await rt.deps.db
      .selectFrom("statements")
      .selectAll()
      .where("id", "=", removed.json.data.statement_id)
      .executeTakeFirstOrThrow();
    expect(statement).toMatchObject({ user_id: ben.id, subject_kind: "event_review", subject_id: String(benReview) });

    const complaint = await api<{ data: OwnAppeal }>(ben.token, "POST", `/statements/${statement.id}/appeal`, {
      text: "In meiner Bewertung steht nichts Verbotenes, bitte noch einmal lesen.",
    });
    expect(complaint.status).toBe(201);
    expect(
      (
        await api(teamB.token, "POST", `/backoffice/appeals/${complaint.json.data.id}/decide`, {
          outcome: "reversed",
          reasons: "Der Text enthält keinen verbotenen Begriff; die Bewertung bleibt.",
        })
      ).status,
    ).toBe(200);
    expect((await list(event.slug)).json.data.items.map((item) => item.id)).toContain(benReview);
  });
});
