/**
 * Event reviews through the real API on both databases (issue 29 item 2, ADR 100): an accepted attendee reviews an
 * ended event once; everyone else, an early review, a second one (also two at once) and a bad body are refused; the
 * averages on the event and the organizer's summary.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_STATUS } from "#server/contract/events";
import {
  EVENT_REVIEW_ERRORS,
  type EventOrganizerReviews,
  type EventReviewItem,
  type EventReviewList,
} from "#server/contract/events-reviews";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, listedMemberWith, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { insertEvent, type EventFixture } from "./fixture";

interface ErrorBody {
  errors: Array<{ key: string; source?: string }>;
}

const HOUR = 60 * 60 * 1000;

describe(`event reviews (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(() => rt.close());

  const api = <Body>(token: string | undefined, method: string, path: string, body?: unknown) =>
    callJson<Body & ErrorBody>(rt, token, method, `/api/v2${path}`, body);
  const member = () => listedMemberWith(rt);
  const review = (rating: number, extra: Record<string, unknown> = {}) => ({
    service: rating,
    event_organization: rating,
    location: rating,
    value_for_money: rating,
    would_attend_again: "yes",
    will_recommend: "no",
    ...extra,
  });
  const post = (token: string, slug: string, body: unknown) =>
    api<{ data: EventReviewItem }>(token, "POST", `/events/${slug}/reviews`, body);
  const list = (token: string | undefined, slug: string) => api<{ data: EventReviewList }>(token, "GET", `/events/${slug}/reviews`);

  /** An event starting in an hour (4 hours long) with `attendees` accepted through the API. */
  async function eventWith(organizer: { id: number; token: string }, attendees: Array<{ token: string; username: string }>) {
    const event = await insertEvent(rt, organizer.id, { startsInHours: 1 });
    for (const attendee of attendees) {
      expect((await api(attendee.token, "POST", `/events/${event.slug}/attendance`, { attendance: "attend" })).status).toBe(200);
      expect(
        (await api(organizer.token, "POST", `/events/${event.slug}/attendees/${attendee.username}`, { decision: "accept" })).status,
      ).toBe(200);
    }
    return event;
  }
  const afterEnd = () => rt.clock.advance(6 * HOUR);

  it("an accepted attendee reviews the ended event once; shown on the event with averages and on the organizer's summary", async () => {
    const organizer = await member();
    const anna = await member();
    const ben = await member();
    const event = await eventWith(organizer, [anna, ben]);

    const early = await post(anna.token, event.slug, review(5));
    expect(early.status).toBe(409);
    expect(early.json.errors[0]!.key).toBe(EVENT_REVIEW_ERRORS.notYet);
    expect((await list(anna.token, event.slug)).json.data).toMatchObject({ may_review: false, reviewed: false });

    afterEnd();
    expect((await list(anna.token, event.slug)).json.data).toMatchObject({ may_review: true, reviewed: false });
    const written = await post(anna.token, event.slug, review(5, { text: "  Gut organisiert, schöne Location und nette Leute.  " }));
    expect(written.status).toBe(200);
    expect(written.json.data).toMatchObject({
      text: "Gut organisiert, schöne Location und nette Leute.",
      answers: { would_attend_again: "yes" },
    });
    expect((await post(ben.token, event.slug, review(2, { would_attend_again: "no" }))).status).toBe(200);

    const twice = await post(anna.token, event.slug, review(1));
    expect(twice.status).toBe(409);
    expect(twice.json.errors[0]!.key).toBe(EVENT_REVIEW_ERRORS.alreadyReviewed);

    const shown = (await list(undefined, event.slug)).json.data;
    expect(shown.total).toBe(2);
    expect(shown.summary).toMatchObject({
      count: 2,
      overall: 3.5,
      averages: { service: 3.5, event_organization: 3.5, location: 3.5, value_for_money: 3.5 },
      yes_percent: { would_attend_again: 50, will_recommend: 0 },
    });
    expect(shown.items.map((item) => item.author?.username).sort()).toEqual([anna.username, ben.username].sort());
    expect((await list(anna.token, event.slug)).json.data).toMatchObject({ may_review: false, reviewed: true });

    const summary = await api<{ data: EventOrganizerReviews }>(undefined, "GET", `/events/organizer/${organizer.username}/reviews`);
    expect(summary.status).toBe(200);
    expect(summary.json.data).toMatchObject({ username: organizer.username, events: 1, summary: { count: 2, overall: 3.5 } });
    expect((await api(undefined, "GET", "/events/organizer/nobody_at_all_here/reviews")).status).toBe(404);
  });

  it("refuses members who were not accepted, the organizer, a cancelled event and another event's attendee", async () => {
    const organizer = await member();
    const attendee = await member();
    const waiting = await member();
    const stranger = await member();
    const event = await eventWith(organizer, [attendee]);
    await api(waiting.token, "POST", `/events/${event.slug}/attendance`, { attendance: "attend" });
    const otherEvent: EventFixture = await eventWith(organizer, []);
    const cancelled = await insertEvent(rt, organizer.id, { status: EVENT_STATUS.cancelled, startsInHours: -10 });
    afterEnd();

    for (const who of [waiting, stranger, organizer]) {
      const answer = await post(who.token, event.slug, review(4));
      expect(answer.status).toBe(403);
      expect(answer.json.errors[0]!.key).toBe(EVENT_REVIEW_ERRORS.notAttendee);
    }
    expect((await post(attendee.token, otherEvent.slug, review(4))).status).toBe(403);
    const off = await post(attendee.token, cancelled.slug, review(4));
    expect(off.status).toBe(409);
    expect(off.json.errors[0]!.key).toBe(EVENT_REVIEW_ERRORS.cancelled);
    expect((await post(attendee.token, "no-such-event", review(4))).status).toBe(404);
    expect((await api(undefined, "POST", `/events/${event.slug}/reviews`, review(4))).status).toBe(401);
    expect(
      await rt.deps.db.selectFrom("event_reviews").select("id").where("event_id", "in", [event.id, otherEvent.id, cancelled.id]).execute(),
    ).toEqual([]);
  });

  it("refuses bad ratings, answers and texts at their field, and two reviews at once make one", async () => {
    const organizer = await member();
    const attendee = await member();
    const event = await eventWith(organizer, [attendee]);
    afterEnd();
    const cases: Array<[Record<string, unknown>, string]> = [
      [review(6), "service"],
      [review(0), "service"],
      [{ ...review(3), location: "3" }, "location"],
      [review(3, { will_recommend: "maybe" }), "will_recommend"],
      [review(3, { text: "zu kurz" }), "text"],
      [review(3, { text: "Ganz toll, alles ohne Gummi und ohne Sorgen." }), "text"],
    ];
    for (const [body, field] of cases) {
      const answer = await post(attendee.token, event.slug, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.errors[0]!.source).toBe(field);
    }
    const { service: _service, ...missing } = review(3);
    expect((await post(attendee.token, event.slug, missing)).status).toBe(400);
    const noText = await Promise.all([post(attendee.token, event.slug, review(3)), post(attendee.token, event.slug, review(4))]);
    expect(noText.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect((await list(attendee.token, event.slug)).json.data.items).toHaveLength(1);
  });

  it("a reader blocked with an author does not see that review", async () => {
    const organizer = await member();
    const author = await member();
    const reader = await member();
    const event = await eventWith(organizer, [author]);
    afterEnd();
    await post(author.token, event.slug, review(5));
    expect((await list(reader.token, event.slug)).json.data.total).toBe(1);
    await rt.deps.db.insertInto("blocks").values({ blocker_id: author.id, blocked_id: reader.id, created_at: rt.clock.now() }).execute();
    expect((await list(reader.token, event.slug)).json.data).toMatchObject({ total: 0, items: [] });
  });
});
