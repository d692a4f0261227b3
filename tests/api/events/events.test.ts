/**
 * Events through the real API on both databases (issue 29 items 1, 6, 7; ADR 099): who may create, validation at
 * the field, times as the wall clock of the place, who sees which status, another member's id refused, the slug,
 * an edit sending an accepted event back to the team, cancellation telling every attendee, the team's decision with
 * its statement of reasons, blocks, my_events' filters and the report kind "event".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { wallTimeIn } from "#server/contract/calendar";
import {
  EVENT_ATTENDANCE,
  EVENT_STATUS,
  type EventDecision,
  type EventDetail,
  type EventQueue,
  type MyEventList,
} from "#server/contract/events";
import { USER_TYPE } from "#server/contract/users";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, createUser, listedMemberWith, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface ErrorBody {
  errors?: Array<{ key: string; source?: string; params?: Record<string, unknown> }>;
}

const HOUR = 3_600_000;

describe(`events (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let team: { token: string };
  beforeAll(async () => {
    rt = await createTestRuntime({ geoData: true });
    team = await signIn(rt, await createUser(rt, { userType: USER_TYPE.team }));
  }, 60_000);
  afterAll(async () => {
    await rt.close();
  });

  /** The answer's status, its success body (`data`) and its error items. */
  const api = async <Body = unknown>(token: string | undefined, method: string, path: string, body?: unknown) => {
    const answer = await callJson<{ data: Body } & ErrorBody>(rt, token, method, `/api/v2${path}`, body);
    return { status: answer.status, body: answer.json.data, errors: answer.json.errors };
  };
  const escort = () => listedMemberWith(rt, { userType: USER_TYPE.escort });
  const client = () => listedMemberWith(rt, { userType: USER_TYPE.client });
  /** The wall clock in Berlin `hours` from now, as the form sends it. */
  const berlin = (hours: number) => wallTimeIn("Europe/Berlin", rt.clock.now() + hours * HOUR);

  let titles = 0;
  // A title suffix of letters q–z: digits would be read as letters by the ProstSchG rule ("40" reads "AO").
  const suffix = () => [...String(++titles)].map((digit) => String.fromCharCode(113 + Number(digit))).join("");
  const input = (overrides: Record<string, unknown> = {}) => ({
    title: `Sommerfest am See ${suffix()}`,
    description: "Ein entspannter Abend mit Musik, Buffet und netten Leuten.",
    category: "motto-party",
    starts_at: berlin(48),
    ends_at: berlin(53),
    city: "Berlin",
    address: "Seestraße 1",
    price: "25",
    max_attendees: "",
    ...overrides,
  });
  const create = (token: string, overrides: Record<string, unknown> = {}) => api<EventDetail>(token, "POST", "/events", input(overrides));
  const detail = (token: string | undefined, event: { category: string; slug: string }) =>
    api<EventDetail>(token, "GET", `/events/detail/${event.category}/${event.slug}`);
  const accept = (id: number) => api<EventDecision>(team.token, "POST", `/backoffice/events/${id}/accept`);

  it("lets clients, escorts and businesses organize; staff get 403, guests 401", async () => {
    for (const userType of [USER_TYPE.client, USER_TYPE.escort, USER_TYPE.business]) {
      const member = await listedMemberWith(rt, { userType });
      const answer = await create(member.token);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ status: EVENT_STATUS.pending, status_name: "pending", time_zone: "Europe/Berlin" });
    }
    expect((await create(team.token)).errors?.[0]?.key).toBe("exception.events.organizers_only");
    expect((await api(undefined, "POST", "/events", input())).status).toBe(401);
  });

  it("stores the wall clock of the place as the instant and gives it back", async () => {
    const me = await escort();
    const answer = await create(me.token, { starts_at: "2027-07-01T20:00", ends_at: "2027-07-02T02:30", city: "München" });
    expect(answer.errors ?? []).toEqual([]);
    // Summer time in Germany: 20:00 there is 18:00 UTC.
    expect(answer.body.starts_at).toBe(Date.UTC(2027, 6, 1, 18, 0));
    expect(answer.body).toMatchObject({ starts_local: "2027-07-01T20:00", ends_local: "2027-07-02T02:30", time_zone: "Europe/Berlin" });
    expect(answer.body.place).toMatchObject({ city_name: "München", country_code: "DE" });
    expect(answer.body.slug).toMatch(/^sommerfest-am-see-[q-z]+$/);
  });

  it("answers bad input at each field, for any body, never with a 5xx", async () => {
    const me = await escort();
    const bad = await create(me.token, {
      title: "ab",
      description: "kurz",
      category: "picnic",
      price: "-3",
      max_attendees: "viele",
      starts_at: "morgen",
    });
    expect(bad.status).toBe(400);
    const sources = new Set(bad.errors?.map((error) => error.source));
    for (const field of ["title", "description", "category", "price", "max_attendees", "starts_at"]) expect(sources).toContain(field);

    const times = await create(me.token, { starts_at: berlin(-2), ends_at: berlin(-1), city: "Atlantis Nirgendwo" });
    expect(times.status).toBe(400);
    expect(times.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: "validation.city_unknown", source: "city" }),
        expect.objectContaining({ key: "validation.events.in_the_past", source: "starts_at" }),
      ]),
    );
    const reversed = await create(me.token, { starts_at: berlin(50), ends_at: berlin(49) });
    expect(reversed.errors?.[0]).toMatchObject({ key: "validation.events.end_before_start", source: "ends_at" });
    const tooLong = await create(me.token, { starts_at: berlin(50), ends_at: berlin(50 + 8 * 24) });
    expect(tooLong.errors?.[0]).toMatchObject({ source: "ends_at" });
    expect(tooLong.errors?.[0]?.key).toMatch(/^validation\.events\.too_long/);
    // The spring change: 02:30 on the last Sunday of March 2027 does not exist in Berlin.
    const skipped = await create(me.token, { starts_at: "2027-03-28T02:30", ends_at: "2027-03-28T05:00" });
    expect(skipped.errors?.[0]).toMatchObject({ key: "validation.events.time_skipped", source: "starts_at" });
    const lawless = await create(me.token, { description: "Heute Abend alles ohne Gummi, bitte pünktlich kommen." });
    expect(lawless.errors?.[0]?.source).toBe("description");
    expect(lawless.errors?.[0]?.key).toMatch(/^validation\.prostschg/);
    // Another member's photo as the cover.
    const cover = await create(me.token, { cover_media_id: 999_999 });
    expect(cover.errors?.[0]).toMatchObject({ key: "validation.events.cover", source: "cover_media_id" });

    for (const body of [null, [], "text", { title: 5 }, { ...input(), price: 1e12 }]) {
      const answer = await api(me.token, "POST", "/events", body);
      expect(answer.status).toBe(400);
    }
  });

  it("shows a pending event to its organizer and staff only; guests and members see it once accepted", async () => {
    const organizer = await escort();
    const other = await client();
    const created = (await create(organizer.token)).body;
    expect((await detail(undefined, created)).status).toBe(404);
    expect((await detail(other.token, created)).status).toBe(404);
    expect((await detail(organizer.token, created)).body.viewer).toMatchObject({ is_organizer: true, may_edit: true, may_cancel: true });
    expect((await detail(team.token, created)).status).toBe(200);
    // The address needs the right category too.
    expect((await api(organizer.token, "GET", `/events/detail/gangbang/${created.slug}`)).status).toBe(404);
    expect((await api(organizer.token, "GET", `/events/detail/nonsense/${created.slug}`)).status).toBe(404);

    expect((await accept(created.id)).body).toMatchObject({ id: created.id, status: EVENT_STATUS.accepted });
    const seen = await detail(undefined, created);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ title: created.title, rejection_reason: null, viewer: { is_organizer: false, may_edit: false } });
    expect((await detail(other.token, created)).status).toBe(200);
    // The organizer hears of it.
    const note = await rt.deps.db
      .selectFrom("notifications")
      .select(["event", "params", "url"])
      .where("user_id", "=", organizer.id)
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({ event: "event_accepted", url: `events/motto-party/${created.slug}` });
    expect(JSON.parse(note.params)).toEqual({ title: created.title });
  });

  it("refuses to edit or cancel another member's event by id, and answers a missing id alike", async () => {
    const organizer = await escort();
    const intruder = await escort();
    const created = (await create(organizer.token)).body;
    const edit = await api(intruder.token, "PUT", `/events/${created.id}`, input({ title: "Übernommen!" }));
    expect(edit.status).toBe(404);
    expect(edit.errors?.[0]?.key).toBe("exception.events.not_found");
    expect((await api(intruder.token, "POST", `/events/${created.id}/cancel`)).status).toBe(404);
    expect((await api(intruder.token, "PUT", `/events/99999999`, input())).status).toBe(404);
    expect((await api(intruder.token, "POST", `/events/abc/cancel`)).status).toBe(404);
    const still = await detail(organizer.token, created);
    expect(still.body).toMatchObject({ title: created.title, status: EVENT_STATUS.pending });
    // Members do not decide: the queue is the team's.
    expect((await api(intruder.token, "POST", `/backoffice/events/${created.id}/accept`)).status).toBe(403);
    expect((await api(intruder.token, "GET", `/backoffice/events`)).status).toBe(403);
  });

  it("sends an edited accepted event back to the team and keeps its address; before that the slug follows the title", async () => {
    const organizer = await escort();
    const created = (await create(organizer.token, { title: "Erstes Treffen im Club" })).body;
    const renamed = await api<EventDetail>(organizer.token, "PUT", `/events/${created.id}`, input({ title: "Neuer Name im Club" }));
    expect(renamed.body.slug).toMatch(/^neuer-name-im-club/);
    await accept(created.id);
    const edited = await api<EventDetail>(
      organizer.token,
      "PUT",
      `/events/${created.id}`,
      input({ title: "Ganz anderer Titel", price: "40" }),
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: EVENT_STATUS.pending, slug: renamed.body.slug, price: 40, address_fixed: true });
    expect((await detail(undefined, edited.body)).status).toBe(404);
    const moved = await api(organizer.token, "PUT", `/events/${created.id}`, input({ title: "Ganz anderer Titel", category: "gangbang" }));
    expect(moved.errors?.[0]).toMatchObject({ key: "validation.events.category_fixed", source: "category" });
    // Two events of one title get two addresses.
    const twin = await create(organizer.token, { title: "Ganz anderer Titel" });
    const twin2 = await create(organizer.token, { title: "Ganz anderer Titel" });
    expect(new Set([twin.body.slug, twin2.body.slug, edited.body.slug]).size).toBe(3);
  });

  it("rejects with a reason the organizer is told, shown to them only", async () => {
    const organizer = await escort();
    const created = (await create(organizer.token)).body;
    const missing = await api(team.token, "POST", `/backoffice/events/${created.id}/reject`, { reason: "because" });
    expect(missing.errors?.[0]?.key).toBe("validation.backoffice.reason_required");
    const queue = await api<EventQueue>(team.token, "GET", "/backoffice/events");
    expect(queue.body.items.map((item) => item.id)).toContain(created.id);
    const rejected = await api<EventDecision>(team.token, "POST", `/backoffice/events/${created.id}/reject`, { reason: "contact_details" });
    expect(rejected.body).toMatchObject({ status: EVENT_STATUS.rejected, reason: "contact_details" });
    expect((await api(team.token, "POST", `/backoffice/events/${created.id}/accept`)).status).toBe(409);
    // One bell line per refusal: the statement's (its job), with the event's title and the reason.
    await rt.jobs.runDue();
    const note = await rt.deps.db.selectFrom("notifications").select(["event", "params"]).where("user_id", "=", organizer.id).execute();
    expect(note.map((row) => row.event)).toEqual(["statement_issued"]);
    expect(JSON.parse(note[0]!.params)).toMatchObject({ item: "event", title: created.title, reason: "contact_details" });
    expect((await detail(organizer.token, created)).body.rejection_reason).toBe("contact_details");
    const mine = await api<MyEventList>(organizer.token, "GET", "/events/my?filter=rejected-or-cancelled");
    expect(mine.body.items).toEqual([expect.objectContaining({ id: created.id, rejection_reason: "contact_details" })]);
  });

  it("cancels and tells every attendee with attendance attend, nobody else", async () => {
    const organizer = await escort();
    const [going, waiting, absent] = [await client(), await client(), await client()];
    const created = (await create(organizer.token)).body;
    await accept(created.id);
    const now = rt.clock.now();
    await rt.deps.db
      .insertInto("event_attendances")
      .values([
        { event_id: created.id, user_id: going.id, status: EVENT_ATTENDANCE.attend, accepted_at: now, created_at: now, updated_at: now },
        { event_id: created.id, user_id: waiting.id, status: EVENT_ATTENDANCE.attend, accepted_at: null, created_at: now, updated_at: now },
        { event_id: created.id, user_id: absent.id, status: EVENT_ATTENDANCE.absent, accepted_at: null, created_at: now, updated_at: now },
      ])
      .execute();
    const cancelled = await api<EventDetail>(organizer.token, "POST", `/events/${created.id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: EVENT_STATUS.cancelled, viewer: { may_cancel: false, may_edit: false } });
    const told = await rt.deps.db
      .selectFrom("notifications")
      .select(["user_id", "params", "url"])
      .where("event", "=", "event_cancelled")
      .where("user_id", "in", [going.id, waiting.id, absent.id])
      .execute();
    expect(told.map((row) => row.user_id).sort()).toEqual([going.id, waiting.id].sort());
    expect(JSON.parse(told[0]!.params)).toEqual({ title: created.title });
    // Guests still find it, marked cancelled; a second cancel and an edit are refused.
    expect((await detail(undefined, created)).body.status_name).toBe("cancelled");
    expect((await api(organizer.token, "POST", `/events/${created.id}/cancel`)).status).toBe(409);
    expect((await api(organizer.token, "PUT", `/events/${created.id}`, input())).status).toBe(409);
  });

  it("hides the event from members the organizer blocked or who blocked the organizer", async () => {
    const organizer = await escort();
    const [blocked, blocker, bystander] = [await client(), await client(), await client()];
    const created = (await create(organizer.token)).body;
    await accept(created.id);
    const now = rt.clock.now();
    await rt.deps.db
      .insertInto("blocks")
      .values([
        { blocker_id: organizer.id, blocked_id: blocked.id, created_at: now },
        { blocker_id: blocker.id, blocked_id: organizer.id, created_at: now },
      ])
      .execute();
    expect((await detail(blocked.token, created)).status).toBe(404);
    expect((await detail(blocker.token, created)).status).toBe(404);
    expect((await detail(bystander.token, created)).status).toBe(200);
    // Reports follow what the reporter may see.
    const text = "Hier wird Vorkasse verlangt und danach ist niemand mehr erreichbar.";
    const report = (token: string, objectId = created.id) =>
      api(token, "POST", "/reports", { kind: "event", object_id: objectId, type: "scam", text, good_faith: true });
    // Refused as if there were no such event.
    const unknown = await report(blocked.token, 99_999_999);
    const refused = await report(blocked.token);
    expect(refused.status).toBe(404);
    expect(refused.errors).toEqual(unknown.errors);
    expect((await report(bystander.token)).status).toBe(202);
    const stored = await rt.deps.db
      .selectFrom("reports")
      .select(["object_id", "target_user_id"])
      .where("object_kind", "=", "event")
      .where("object_id", "=", created.id)
      .executeTakeFirstOrThrow();
    expect(stored.target_user_id).toBe(organizer.id);
  });

  it("lists my_events under the spec's filters, paged", async () => {
    const organizer = await escort();
    const upcoming = (await create(organizer.token)).body;
    const cancelled = (await create(organizer.token)).body;
    await api(organizer.token, "POST", `/events/${cancelled.id}/cancel`);
    const past = (await create(organizer.token, { starts_at: berlin(2), ends_at: berlin(3) })).body;
    const rejected = (await create(organizer.token)).body;
    await api(team.token, "POST", `/backoffice/events/${rejected.id}/reject`, { reason: "terms" });
    rt.clock.advance(4 * HOUR);
    const ids = async (filter: string) =>
      (await api<MyEventList>(organizer.token, "GET", `/events/my?filter=${filter}`)).body.items.map((item) => item.id).sort();
    expect(await ids("all")).toEqual([upcoming.id, cancelled.id, past.id, rejected.id].sort());
    expect(await ids("upcoming")).toEqual([upcoming.id]);
    expect(await ids("past")).toEqual([past.id]);
    expect(await ids("rejected-or-cancelled")).toEqual([cancelled.id, rejected.id].sort());
    expect(await ids("cancelled")).toEqual([cancelled.id]);
    expect((await api(organizer.token, "GET", "/events/my?filter=soon")).status).toBe(400);
    // Another member sees none of them in their list.
    const other = await client();
    const theirs = await api<MyEventList>(other.token, "GET", "/events/my");
    expect(theirs.body).toMatchObject({ items: [], total: 0, may_create: true });
    for (let i = 0; i < 8; i++)
      expect((await create(organizer.token, { starts_at: berlin(24 + i), ends_at: berlin(25 + i) })).errors).toBeUndefined();
    const second = await api<MyEventList>(organizer.token, "GET", "/events/my?page=2");
    expect(second.body).toMatchObject({ page: 2, page_size: 10, total: 12 });
    expect(second.body.items).toHaveLength(2);
  });
});
