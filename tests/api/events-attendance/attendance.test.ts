/**
 * Event attendance through the real API on both databases (issue 29 item 1, ADR 100): a member's request, absent and
 * change of mind; the organizer's accept, reject and refuse with the count kept; the refusals (pending, cancelled,
 * started events; one's own event; a block; another organizer's event; a refused member) and the bell.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_ATTENDEES_PAGE_SIZE, EVENT_STATUS } from "#server/contract/events";
import {
  ATTENDANCE_ERRORS,
  type EventAttendanceChange,
  type EventAttendanceView,
  type EventAttendeeList,
} from "#server/contract/events-attendance";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, listedMemberWith, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { insertEvent } from "./fixture";

interface ErrorBody {
  errors: Array<{ key: string; source?: string }>;
}

describe(`event attendance (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(() => rt.close());

  const api = <Body>(token: string | undefined, method: string, path: string, body?: unknown) =>
    callJson<Body & ErrorBody>(rt, token, method, `/api/v2${path}`, body);
  const member = () => listedMemberWith(rt);
  const choose = (token: string, slug: string, attendance: string) =>
    api<{ data: EventAttendanceChange }>(token, "POST", `/events/${slug}/attendance`, { attendance });
  const decide = (token: string, slug: string, username: string, decision: string) =>
    api<{ data: EventAttendanceChange }>(token, "POST", `/events/${slug}/attendees/${username}`, { decision });
  const view = (token: string | undefined, slug: string) => api<{ data: EventAttendanceView }>(token, "GET", `/events/${slug}/attendance`);
  const countOf = async (eventId: number) =>
    Number(
      (await rt.deps.db.selectFrom("events").select("attendee_count").where("id", "=", eventId).executeTakeFirstOrThrow()).attendee_count,
    );
  const bell = async (userId: number) =>
    (await rt.deps.db.selectFrom("notifications").select(["event", "params"]).where("user_id", "=", userId).orderBy("id").execute()).map(
      (row) => row.event,
    );

  it("a request waits for the organizer, who is told; accepted, the member attends and the count follows every decision", async () => {
    const organizer = await member();
    const guest = await member();
    const event = await insertEvent(rt, organizer.id, { maxAttendees: 10 });

    const asked = await choose(guest.token, event.slug, "attend");
    expect(asked.status).toBe(200);
    expect(asked.json.data).toMatchObject({ state: "requested", attendee_count: 0, username: guest.username });
    expect(await bell(organizer.id)).toEqual(["event_attendance_request"]);
    // Asking again changes nothing (a double submit).
    expect((await choose(guest.token, event.slug, "attend")).json.data.state).toBe("requested");
    expect(await bell(organizer.id)).toEqual(["event_attendance_request"]);

    const organizerView = (await view(organizer.token, event.slug)).json.data;
    expect(organizerView).toMatchObject({ role: "organizer", request_count: 1, open: true });
    expect(organizerView.requests.map((r) => r.username)).toEqual([guest.username]);
    // Nobody else sees the requests.
    expect((await view(guest.token, event.slug)).json.data).toMatchObject({
      role: "member",
      state: "requested",
      requests: [],
      request_count: 0,
    });
    expect((await view(undefined, event.slug)).json.data).toMatchObject({ role: "guest", state: "none", requests: [] });
    expect((await api(guest.token, "GET", `/events/${event.slug}/attendees?list=requests`)).status).toBe(403);

    const accepted = await decide(organizer.token, event.slug, guest.username, "accept");
    expect(accepted.status).toBe(200);
    expect(accepted.json.data).toMatchObject({ state: "accepted", attendee_count: 1 });
    expect(await countOf(event.id)).toBe(1);
    expect(await bell(guest.id)).toEqual(["event_attendance_accepted"]);
    const attendees = await api<{ data: EventAttendeeList }>(guest.token, "GET", `/events/${event.slug}/attendees`);
    expect(attendees.json.data).toMatchObject({ list: "attendees", total: 1, page_size: EVENT_ATTENDEES_PAGE_SIZE });
    expect(attendees.json.data.items[0]).toMatchObject({ username: guest.username, state: "accepted" });

    // Accepting twice is refused: nobody is waiting.
    expect((await decide(organizer.token, event.slug, guest.username, "accept")).json.errors[0]!.key).toBe(ATTENDANCE_ERRORS.notWaiting);

    // The member changes their mind: absent gives the place back; attending again is a new request.
    expect((await choose(guest.token, event.slug, "absent")).json.data).toMatchObject({ state: "absent", attendee_count: 0 });
    expect(await countOf(event.id)).toBe(0);
    expect((await choose(guest.token, event.slug, "attend")).json.data).toMatchObject({ state: "requested", attendee_count: 0 });
    expect(await bell(organizer.id)).toEqual(["event_attendance_request", "event_attendance_request"]);

    // Rejected, the member may ask again; refused, never.
    const rejected = await decide(organizer.token, event.slug, guest.username, "reject");
    expect(rejected.json.data.state).toBe("rejected");
    expect(await bell(guest.id)).toEqual(["event_attendance_accepted", "event_attendance_rejected"]);
    expect((await choose(guest.token, event.slug, "attend")).json.data.state).toBe("requested");
    await decide(organizer.token, event.slug, guest.username, "accept");
    expect(await countOf(event.id)).toBe(1);
    const refused = await decide(organizer.token, event.slug, guest.username, "refuse");
    expect(refused.json.data).toMatchObject({ state: "refused", attendee_count: 0 });
    expect(await countOf(event.id)).toBe(0);
    const again = await choose(guest.token, event.slug, "attend");
    expect(again.status).toBe(403);
    expect(again.json.errors[0]!.key).toBe(ATTENDANCE_ERRORS.refused);
    expect((await view(guest.token, event.slug)).json.data.state).toBe("refused");
  });

  it("a pending event is unknown, a cancelled or started one takes no attendance, and the organizer cannot attend their own", async () => {
    const organizer = await member();
    const guest = await member();
    const pending = await insertEvent(rt, organizer.id, { status: EVENT_STATUS.pending });
    const rejected = await insertEvent(rt, organizer.id, { status: EVENT_STATUS.rejected });
    const cancelled = await insertEvent(rt, organizer.id, { status: EVENT_STATUS.cancelled });
    const started = await insertEvent(rt, organizer.id, { startsInHours: -1 });
    const past = await insertEvent(rt, organizer.id, { startsInHours: -48 });
    const open = await insertEvent(rt, organizer.id);

    for (const event of [pending, rejected]) {
      const answer = await choose(guest.token, event.slug, "attend");
      expect(answer.status).toBe(404);
      expect(answer.json.errors[0]!.key).toBe(ATTENDANCE_ERRORS.notFound);
    }
    // The organizer sees their pending event, but nobody attends it yet.
    expect((await view(organizer.token, pending.slug)).json.data.open).toBe(false);
    for (const [event, key] of [
      [cancelled, ATTENDANCE_ERRORS.cancelled],
      [started, ATTENDANCE_ERRORS.started],
      [past, ATTENDANCE_ERRORS.started],
    ] as const) {
      const answer = await choose(guest.token, event.slug, "attend");
      expect(answer.status).toBe(409);
      expect(answer.json.errors[0]!.key).toBe(key);
    }
    const own = await choose(organizer.token, open.slug, "attend");
    expect(own.status).toBe(403);
    expect(own.json.errors[0]!.key).toBe(ATTENDANCE_ERRORS.ownEvent);
    expect((await api(undefined, "POST", `/events/${open.slug}/attendance`, { attendance: "attend" })).status).toBe(401);
    expect(await rt.deps.db.selectFrom("event_attendances").select("user_id").where("user_id", "=", guest.id).execute()).toEqual([]);
  });

  it("an organizer cannot decide on another organizer's event; unknown members and slugs answer 404; bad bodies 400", async () => {
    const organizer = await member();
    const other = await member();
    const guest = await member();
    const event = await insertEvent(rt, organizer.id);
    await choose(guest.token, event.slug, "attend");

    const foreign = await decide(other.token, event.slug, guest.username, "accept");
    expect(foreign.status).toBe(403);
    expect(foreign.json.errors[0]!.key).toBe(ATTENDANCE_ERRORS.notOrganizer);
    // The guest cannot accept themselves either.
    expect((await decide(guest.token, event.slug, guest.username, "accept")).status).toBe(403);
    expect((await view(guest.token, event.slug)).json.data.state).toBe("requested");
    expect(await countOf(event.id)).toBe(0);

    expect((await decide(organizer.token, event.slug, "nobody_here_at_all", "accept")).status).toBe(404);
    expect((await decide(organizer.token, event.slug, other.username, "accept")).status).toBe(404);
    expect((await choose(guest.token, "no-such-event", "attend")).status).toBe(404);
    expect((await choose(guest.token, "Not A Slug!", "attend")).status).toBe(404);
    const bad = await choose(guest.token, event.slug, "maybe");
    expect(bad.status).toBe(400);
    expect(bad.json.errors[0]!.source).toBe("attendance");
    expect((await decide(organizer.token, event.slug, guest.username, "ignore")).status).toBe(400);
    expect((await api(guest.token, "GET", `/events/${event.slug}/attendees?page=0`)).status).toBe(400);
  });

  it("blocked members do not see each other's events: no attendance, no view, left out of the lists", async () => {
    const organizer = await member();
    const blocked = await member();
    const attendee = await member();
    const event = await insertEvent(rt, organizer.id);
    await choose(attendee.token, event.slug, "attend");
    await decide(organizer.token, event.slug, attendee.username, "accept");
    await choose(blocked.token, event.slug, "attend");
    await rt.deps.db
      .insertInto("blocks")
      .values({ blocker_id: organizer.id, blocked_id: blocked.id, created_at: rt.clock.now() })
      .execute();

    expect((await view(blocked.token, event.slug)).status).toBe(404);
    expect((await choose(blocked.token, event.slug, "absent")).status).toBe(404);
    // The organizer's list leaves the blocked member's request out, and they cannot be accepted.
    const requests = await api<{ data: EventAttendeeList }>(organizer.token, "GET", `/events/${event.slug}/attendees?list=requests`);
    expect(requests.json.data.items).toEqual([]);
    // Another attendee blocked by the blocked member: not on that member's view of the list (they see no event at all).
    const other = await member();
    await rt.deps.db.insertInto("blocks").values({ blocker_id: other.id, blocked_id: attendee.id, created_at: rt.clock.now() }).execute();
    const seen = await api<{ data: EventAttendeeList }>(other.token, "GET", `/events/${event.slug}/attendees`);
    expect(seen.json.data).toMatchObject({ total: 0, items: [] });
  });

  it("a full event refuses new requests and a further accept", async () => {
    const organizer = await member();
    const first = await member();
    const second = await member();
    const third = await member();
    const event = await insertEvent(rt, organizer.id, { maxAttendees: 1 });
    await choose(first.token, event.slug, "attend");
    await choose(second.token, event.slug, "attend");
    expect((await decide(organizer.token, event.slug, first.username, "accept")).status).toBe(200);
    const over = await decide(organizer.token, event.slug, second.username, "accept");
    expect(over.status).toBe(409);
    expect(over.json.errors[0]!.key).toBe(ATTENDANCE_ERRORS.full);
    expect((await view(third.token, event.slug)).json.data).toMatchObject({ full: true, attendee_count: 1, max_attendees: 1 });
    const late = await choose(third.token, event.slug, "attend");
    expect(late.status).toBe(409);
    expect(late.json.errors[0]!.key).toBe(ATTENDANCE_ERRORS.full);
  });
});
