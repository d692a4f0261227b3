/**
 * Date requests (issue 13, ADR 046) through the API on either database: the whole cycle, the refusals of the
 * spec's intervals, the third member who tries every date id, concurrent answers, the expiry and reminder jobs and
 * the escort's safety check-in.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  DATE_CANCEL_CUTOFF_MS,
  DATE_MIN_LEAD_MS,
  DATE_OPEN_RECEIVED_MAX,
  DATE_OPEN_SENT_MAX,
  DATE_REMINDER_BEFORE_MS,
  DATE_REQUESTS_PER_DAY,
  DATE_STATUS,
  type CheckinView,
  type DateDetail,
  type DateList,
  type DateOptions,
} from "#server/contract/dates";
import { USER_TYPE } from "#server/contract/users";
import { createTestRuntime, listedMember, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { callJson } from "../../helpers/api-call";

interface Answer<T> {
  data?: T;
  errors?: Array<{ key: string; source?: string }>;
}
type Member = Awaited<ReturnType<typeof listedMember>>;

const MIN = 60_000;
const HOUR = 60 * MIN;

describe(`date requests (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  async function escort(): Promise<Member> {
    const member = await listedMember(rt, USER_TYPE.escort);
    await rt.deps.db
      .insertInto("profile_prices")
      .values([
        { user_id: member.id, item_type: 1, duration_minutes: 60, name: null, price_eur: 200 },
        { user_id: member.id, item_type: 1, duration_minutes: 120, name: null, price_eur: 350 },
      ])
      .execute();
    return member;
  }
  const client = () => listedMember(rt, USER_TYPE.client);

  function call<T>(who: Member, method: string, path: string, body?: unknown) {
    return callJson<Answer<T>>(rt, who.token, method, `/api/v2/dates${path}`, body);
  }
  const send = (from: Member, to: Member, overrides: Record<string, unknown> = {}) =>
    call<DateDetail>(from, "POST", `/send/${to.username}`, {
      starts_at: rt.clock.now() + 3 * HOUR,
      duration_minutes: 60,
      place_type: "hotel",
      address: "Hotel Adlon, Zimmer 12",
      message: "Hallo!",
      ...overrides,
    });
  const detail = async (who: Member, id: number) => (await call<DateDetail>(who, "GET", `/${id}`)).json.data!;
  const act = (who: Member, id: number, action: string, body: Record<string, unknown>) =>
    call<DateDetail>(who, "POST", `/${id}/${action}`, body);
  const list = async (who: Member, stage = "all") => (await call<DateList>(who, "GET", `?stage=${stage}`)).json.data!;

  it("runs the cycle: the client asks, the escort proposes another time, the client accepts; both see the timeline", async () => {
    const [c, e] = [await client(), await escort()];
    const options = await call<DateOptions>(c, "GET", `/options/${e.username}`);
    expect(options.json.data?.durations).toEqual([
      { duration_minutes: 60, price: 200, currency: "EUR" },
      { duration_minutes: 120, price: 350, currency: "EUR" },
    ]);
    const sent = await send(c, e, { duration_minutes: 120 });
    expect(sent.status).toBe(200);
    const id = sent.json.data!.id;
    expect(sent.json.data).toMatchObject({
      status: DATE_STATUS.request,
      stage: "waiting_for_response",
      price: 350,
      role: "sender",
      actions: ["cancel"],
    });
    expect((await list(e, "needs_confirmation")).items.map((i) => i.id)).toEqual([id]);
    expect((await list(e)).counts).toMatchObject({ needs_confirmation: 1, waiting_for_response: 0 });
    const forEscort = await detail(e, id);
    expect(forEscort).toMatchObject({
      stage: "needs_confirmation",
      address: "Hotel Adlon, Zimmer 12",
      actions: ["accept", "reject", "reschedule", "cancel"],
    });

    // The client cannot accept their own request: not their turn.
    expect((await act(c, id, "accept", { version: 0 })).status).toBe(409);
    const newStart = rt.clock.now() + 5 * HOUR;
    const moved = await act(e, id, "reschedule", { version: 0, starts_at: newStart });
    expect(moved.json.data).toMatchObject({
      status: DATE_STATUS.receiverReschedule,
      starts_at: newStart,
      stage: "waiting_for_response",
      version: 1,
    });
    expect((await detail(c, id)).stage).toBe("needs_confirmation");
    // An answer for the state before the reschedule does not land.
    expect((await act(c, id, "accept", { version: 0 })).json.errors?.[0]?.key).toBe("exception.dates.conflict");
    const accepted = await act(c, id, "accept", { version: 1 });
    expect(accepted.json.data).toMatchObject({ status: DATE_STATUS.accept, stage: "upcoming", actions: ["reschedule", "cancel"] });
    expect(accepted.json.data!.events.map((ev) => [ev.kind, ev.actor])).toEqual([
      ["request", "me"],
      ["reschedule", "partner"],
      ["accept", "me"],
    ]);
    expect(accepted.json.data!.events[1]!.starts_at).toBe(newStart);

    // The escort was told of the request, the client of the new time and the escort of the acceptance.
    const events = await rt.deps.db
      .selectFrom("notifications")
      .select(["user_id", "event"])
      .where("subject_id", "=", id)
      .orderBy("id")
      .execute();
    expect(events).toEqual([
      { user_id: e.id, event: "date_request" },
      { user_id: c.id, event: "date_reschedule" },
      { user_id: e.id, event: "date_answer" },
    ]);

    // Two hours before, both are reminded; after the end the date needs review, after 7 more days it is completed.
    rt.clock.set(newStart - DATE_REMINDER_BEFORE_MS);
    await rt.jobs.runDue();
    const reminders = await rt.deps.db
      .selectFrom("notifications")
      .select("user_id")
      .where("event", "=", "date_reminder")
      .where("subject_id", "=", id)
      .execute();
    expect(reminders.map((r) => r.user_id).sort()).toEqual([c.id, e.id].sort());
    rt.clock.set(newStart + 2 * HOUR + MIN);
    expect((await detail(c, id)).stage).toBe("needs_review");
    expect((await list(e, "needs_review")).items.map((i) => i.id)).toContain(id);
    rt.clock.advance(7 * 24 * HOUR);
    // A week later the session ended: sign in again.
    const later = { ...c, token: String((await login(rt, c.username, c.password)).body.access_token) };
    expect((await detail(later, id)).stage).toBe("completed");
  });

  it("refuses a start less than 45 minutes ahead and a cancellation 20 minutes before the start", async () => {
    const [c, e] = [await client(), await escort()];
    const soon = await send(c, e, { starts_at: rt.clock.now() + DATE_MIN_LEAD_MS - MIN });
    expect(soon.status).toBe(400);
    expect(soon.json.errors?.[0]).toMatchObject({ key: "exception.dates.too_soon?minutes=45", source: "starts_at" });
    const ok = await send(c, e, { starts_at: rt.clock.now() + DATE_MIN_LEAD_MS });
    expect(ok.status).toBe(200);
    const id = ok.json.data!.id;
    await act(e, id, "accept", { version: 0 });
    rt.clock.advance(DATE_MIN_LEAD_MS - 20 * MIN);
    const late = await act(c, id, "cancel", { version: 1 });
    expect(late.status).toBe(409);
    expect(late.json.errors?.[0]?.key).toBe(`exception.dates.cancel_too_late?minutes=${DATE_CANCEL_CUTOFF_MS / MIN}`);
    expect((await detail(e, id)).status).toBe(DATE_STATUS.accept);
    expect((await detail(c, id)).cancel_refused).toBe("too_late");
  });

  it("answers every date route of a third member with 404, and never shows them anything", async () => {
    const [c, e, third] = [await client(), await escort(), await client()];
    const id = (await send(c, e)).json.data!.id;
    const routes: Array<[string, string, unknown]> = [
      ["GET", `/${id}`, undefined],
      ["POST", `/${id}/accept`, { version: 0 }],
      ["POST", `/${id}/reject`, { version: 0 }],
      ["POST", `/${id}/cancel`, { version: 0 }],
      ["POST", `/${id}/reschedule`, { version: 0, starts_at: rt.clock.now() + 4 * HOUR }],
      ["PUT", `/${id}/checkin`, { due_at: rt.clock.now() + 4 * HOUR, contact_kind: "email", contact: "friend@example.test" }],
      ["POST", `/${id}/checkin`, undefined],
    ];
    for (const [method, path, body] of routes) {
      const answer = await call(third, method, path, body);
      expect([path, answer.status, answer.json.errors?.[0]?.key]).toEqual([path, 404, "exception.dates.not_found"]);
    }
    expect((await list(third)).items).toEqual([]);
    expect((await detail(e, id)).version).toBe(0);
  });

  it("refuses who may not ask: an escort asking, a client asked, a block, a second open request of the pair, the daily limit", async () => {
    const [c, e, e2, other] = [await client(), await escort(), await escort(), await client()];
    expect((await send(e, e2)).json.errors?.[0]?.key).toBe("exception.dates.sender_type");
    expect((await send(c, other)).json.errors?.[0]?.key).toBe("exception.dates.receiver_type");
    expect((await send(c, e, { duration_minutes: 45 })).json.errors?.[0]).toMatchObject({
      key: "exception.dates.duration",
      source: "duration_minutes",
    });
    expect((await send(c, e, { place_type: "outcall", address: "" })).json.errors?.[0]?.key).toBe("exception.dates.address_required");
    expect((await send(c, e)).status).toBe(200);
    expect((await send(c, e, { starts_at: rt.clock.now() + 6 * HOUR })).json.errors?.[0]?.key).toBe("exception.dates.open_pair");
    await rt.deps.db.insertInto("blocks").values({ blocker_id: e2.id, blocked_id: c.id, created_at: rt.clock.now() }).execute();
    expect((await send(c, e2)).status).toBe(404);

    const busy = await client();
    for (let i = 0; i < DATE_REQUESTS_PER_DAY; i++) expect((await send(busy, await escort())).status).toBe(200);
    const tooMany = await send(busy, await escort());
    expect([tooMany.status, tooMany.json.errors?.[0]?.key]).toEqual([429, `exception.dates.daily_limit?max=${DATE_REQUESTS_PER_DAY}`]);
  });

  it("refuses the 11th open request of a sender and the 51st waiting for a receiver; past and answered ones do not count", async () => {
    const now = rt.clock.now();
    /** Requests made two days ago (outside the daily limit), waiting for `awaiting`'s answer. */
    const requests = async (pairs: Array<[Member, Member]>, awaiting: (sender: Member, receiver: Member) => Member, overrides = {}) => {
      for (const [sender, receiver] of pairs)
        await rt.deps.db
          .insertInto("dates")
          .values({
            sender_id: sender.id,
            receiver_id: receiver.id,
            status: DATE_STATUS.request,
            awaiting_id: awaiting(sender, receiver).id,
            starts_at: now + 5 * HOUR,
            duration_minutes: 60,
            place_type: "incall",
            price: 200,
            created_at: now - 48 * HOUR,
            updated_at: now - 48 * HOUR,
            ...overrides,
          })
          .execute();
    };
    const sender = await client();
    const others = await Promise.all(Array.from({ length: DATE_OPEN_SENT_MAX }, () => escort()));
    // Ones that do not count: a request whose start passed, and an accepted date.
    await requests([[sender, others[0]!]], (_, r) => r, { starts_at: now - HOUR });
    await requests([[sender, others[1]!]], (_, r) => r, { status: DATE_STATUS.accept, awaiting_id: null });
    await requests(
      others.slice(0, DATE_OPEN_SENT_MAX - 1).map((e) => [sender, e]),
      (_, r) => r,
    );
    const target = await escort();
    expect((await send(sender, target)).status).toBe(200);
    const refused = await send(sender, await escort());
    expect([refused.status, refused.json.errors?.[0]?.key]).toEqual([429, `exception.dates.open_limit?max=${DATE_OPEN_SENT_MAX}`]);

    // The receiver: 49 more requests waiting for her, some of them her own that the other side answered with a new time.
    const askers = await Promise.all(Array.from({ length: DATE_OPEN_RECEIVED_MAX - 1 }, () => client()));
    await requests(
      askers.slice(0, 40).map((c) => [c, target]),
      (_, r) => r,
    );
    await requests(
      askers.slice(40).map((c) => [target, c]),
      (s) => s,
      { status: DATE_STATUS.receiverReschedule },
    );
    const full = await send(await client(), target);
    expect([full.status, full.json.errors?.[0]?.key]).toEqual([409, "exception.dates.receiver_full"]);
  });

  it("ends concurrent accept and cancel of one request in exactly one state", async () => {
    for (let round = 0; round < 3; round++) {
      const [c, e] = [await client(), await escort()];
      const id = (await send(c, e)).json.data!.id;
      const [accept, cancel] = await Promise.all([act(e, id, "accept", { version: 0 }), act(c, id, "cancel", { version: 0 })]);
      expect([accept.status, cancel.status].sort()).toEqual([200, 409]);
      const final = await detail(c, id);
      expect(final.status).toBe(accept.status === 200 ? DATE_STATUS.accept : DATE_STATUS.cancel);
      expect(final.version).toBe(1);
      expect(final.events.filter((ev) => ev.kind === "accept" || ev.kind === "cancel")).toHaveLength(1);
    }
  });

  it("expires a request nobody answered at its start, and frees the pair for a new one", async () => {
    const [c, e] = [await client(), await escort()];
    const startsAt = rt.clock.now() + HOUR;
    const id = (await send(c, e, { starts_at: startsAt })).json.data!.id;
    rt.clock.set(startsAt);
    await rt.jobs.runDue();
    const expired = await detail(e, id);
    expect(expired).toMatchObject({ status: DATE_STATUS.cancel, stage: "expired", actions: [] });
    expect(expired.events.map((ev) => [ev.kind, ev.actor])).toEqual([
      ["request", "partner"],
      ["system_cancel", null],
    ]);
    expect((await list(c, "expired")).items.map((i) => i.id)).toEqual([id]);
    expect((await send(c, e)).status).toBe(200);
  });

  it("alerts the escort's trusted contact when no check-in comes, and shows the client nothing of it", async () => {
    const [c, e] = [await client(), await escort()];
    const startsAt = rt.clock.now() + 2 * HOUR;
    const id = (await send(c, e, { starts_at: startsAt })).json.data!.id;
    expect(
      (await call(e, "PUT", `/${id}/checkin`, { due_at: startsAt + 2 * HOUR, contact_kind: "email", contact: "friend@example.test" }))
        .status,
    ).toBe(403);
    await act(e, id, "accept", { version: 0 });
    expect(
      (await call(c, "PUT", `/${id}/checkin`, { due_at: startsAt + 2 * HOUR, contact_kind: "email", contact: "x@example.test" })).status,
    ).toBe(403);
    const bad = await call(e, "PUT", `/${id}/checkin`, { due_at: startsAt + 2 * HOUR, contact_kind: "phone", contact: "abc" });
    expect(bad.json.errors?.[0]).toMatchObject({ key: "exception.dates.checkin_contact", source: "contact" });
    const set = await call<CheckinView>(e, "PUT", `/${id}/checkin`, {
      due_at: startsAt + 2 * HOUR,
      contact_kind: "email",
      contact: "friend@example.test",
    });
    expect(set.json.data).toMatchObject({ contact: "friend@example.test", checked_in_at: null });
    expect((await detail(c, id)).checkin).toBeNull();
    expect(JSON.stringify(await detail(c, id))).not.toContain("friend@example.test");
    expect((await detail(e, id)).checkin?.contact).toBe("friend@example.test");

    rt.clock.set(startsAt + 2 * HOUR);
    await rt.jobs.runDue();
    const mails = await rt.deps.db
      .selectFrom("mail_outbox")
      .select(["recipient", "text_body"])
      .where("template", "=", "date_checkin_alert")
      .execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.recipient).toBe("friend@example.test");
    expect(mails[0]!.text_body).toContain(c.username);
    expect(mails[0]!.text_body).toContain("Hotel Adlon");
    // The client is not told.
    const toClient = await rt.deps.db.selectFrom("mail_outbox").select("template").where("recipient", "=", c.email).execute();
    expect(toClient.map((m) => m.template)).not.toContain("date_checkin_alert");
  });

  it("sends no alert after the escort checked in, and texts a phone contact through the SMS port", async () => {
    const [c, e, c2] = [await client(), await escort(), await client()];
    const startsAt = rt.clock.now() + 2 * HOUR;
    const safe = (await send(c, e, { starts_at: startsAt })).json.data!.id;
    const texted = (await send(c2, e, { starts_at: startsAt })).json.data!.id;
    await act(e, safe, "accept", { version: 0 });
    await act(e, texted, "accept", { version: 0 });
    await call(e, "PUT", `/${safe}/checkin`, { due_at: startsAt + 90 * MIN, contact_kind: "email", contact: "safe@example.test" });
    await call(e, "PUT", `/${texted}/checkin`, { due_at: startsAt + 90 * MIN, contact_kind: "phone", contact: "+49 151 1234 5678" });
    rt.clock.set(startsAt + 80 * MIN);
    expect((await call<CheckinView>(e, "POST", `/${safe}/checkin`)).json.data?.checked_in_at).toBe(rt.clock.now());
    rt.clock.set(startsAt + 90 * MIN);
    await rt.jobs.runDue();
    const alerts = await rt.deps.db.selectFrom("mail_outbox").select("recipient").where("template", "=", "date_checkin_alert").execute();
    expect(alerts.map((a) => a.recipient)).toContain("sms:+4915112345678");
    expect(alerts.map((a) => a.recipient)).not.toContain("safe@example.test");
  });
});
