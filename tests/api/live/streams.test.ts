/**
 * Live streams on both databases (issue 31, ADR 124): creating, announcing and starting, editing while live, stopping,
 * one live stream per creator (two starts at once: one wins), who may watch (guests, plus, fans, paid, blocked),
 * paying a paid stream once through the ledger, watch subscriptions with their notices, the producer-loss job, and
 * the recordings' terms and deletion.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  LIVE_PRODUCER_GRACE_MS,
  LIVE_SCHEDULE_STALE_MS,
  type LiveBrowse,
  type LiveMine,
  type LivePayAnswer,
  type LiveProfileTab,
  type LiveRecordingItem,
  type LiveRecordingList,
  type LiveStreamAnswer,
  type LiveStreamItem,
} from "#server/contract/live";
import { USER_TYPE } from "#server/contract/users";
import { dollarOperations, postOperation } from "#server/modules/ledger/index";
import { producerSeen } from "#server/modules/live/lifecycle";
import { dollarBalances } from "#server/modules/wallet/index";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, listedMemberWith, TEST_DB, type TestRuntime } from "../../helpers/runtime";

interface ErrorBody {
  errors?: { key: string; source?: string }[];
}

describe(`live streams (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  }, 60_000);
  afterAll(() => rt.close());

  let seq = 0;
  const api = <Body>(token: string | undefined, method: string, path: string, body?: unknown) =>
    callJson<{ data: Body } & ErrorBody>(rt, token, method, `/api/v2${path}`, body);
  const keyOf = (answer: { json: ErrorBody }) => answer.json.errors?.[0]?.key;

  async function grant(memberId: number, amount: number) {
    const operation = dollarOperations.grant(memberId, amount);
    await postOperation(rt.deps, {
      key: `live-grant-${TEST_DB}-${++seq}-${Math.random().toString(36).slice(2, 10)}`,
      kind: operation.kind,
      currency: "dollar",
      actorId: null,
      transfers: operation.transfers,
    });
  }
  const client = () => listedMemberWith(rt, { userType: USER_TYPE.client });
  const escort = () => listedMemberWith(rt, { userType: USER_TYPE.escort });
  /** The recording row stopping a recorded stream left (private, processing), as the remux job leaves it when done. */
  async function recordingReady(streamId: number, terms: { price: number | null; duration_ms: number }): Promise<number> {
    const now = rt.clock.now();
    const row = await rt.deps.db
      .updateTable("live_recordings")
      .set({
        state: "ready",
        price: terms.price,
        storage_prefix: `live/recordings/${streamId}`,
        duration_ms: terms.duration_ms,
        size_bytes: 1000,
        ready_at: now,
      })
      .where("stream_id", "=", streamId)
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const goLive = (token: string, extra: Record<string, unknown> = {}) =>
    api<LiveStreamItem>(token, "POST", "/live/streams", {
      title: "Abendplausch",
      category: "chat",
      audience: "logged_in",
      ingest: "browser",
      start: "now",
      ...extra,
    });

  it("a creator goes live, edits the title while live, and stops; the stream is listed while on air", async () => {
    const creator = await escort();
    const created = await goLive(creator.token, { record: true });
    expect(created.status).toBe(200);
    const stream = created.json.data;
    expect(stream).toMatchObject({ state: "live", record: true, audience: "logged_in", price: null });
    expect(stream.creator.username).toBe(creator.username);

    const viewer = await client();
    const browse = await api<LiveBrowse>(viewer.token, "GET", "/live/streams?category=chat");
    expect(browse.json.data.live.map((s) => s.id)).toContain(stream.id);
    const otherCategory = await api<LiveBrowse>(viewer.token, "GET", "/live/streams?category=music");
    expect(otherCategory.json.data.live.map((s) => s.id)).not.toContain(stream.id);
    expect((await api(viewer.token, "GET", "/live/streams?category=nope")).status).toBe(400);

    const edited = await api<LiveStreamItem>(creator.token, "PUT", `/live/streams/${stream.id}`, {
      title: "Neuer Titel",
      category: "music",
      audience: "logged_in",
    });
    expect(edited.status).toBe(200);
    expect(edited.json.data).toMatchObject({ title: "Neuer Titel", category: "music" });
    // Who may watch is fixed on air.
    const toPaid = await api(creator.token, "PUT", `/live/streams/${stream.id}`, {
      title: "Neuer Titel",
      category: "music",
      audience: "paid",
      price: 5,
    });
    expect(toPaid.status).toBe(409);
    expect(keyOf(toPaid)).toBe("exception.live.audience_fixed");

    const stopped = await api<LiveStreamItem>(creator.token, "POST", `/live/streams/${stream.id}/stop`);
    expect(stopped.status).toBe(200);
    expect(stopped.json.data).toMatchObject({ state: "ended", end_reason: "creator" });
    expect((await api(creator.token, "POST", `/live/streams/${stream.id}/stop`)).status).toBe(409);
    const after = await api<LiveBrowse>(viewer.token, "GET", "/live/streams");
    expect(after.json.data.live.map((s) => s.id)).not.toContain(stream.id);
    const mine = await api<LiveMine>(creator.token, "GET", "/live/streams/mine");
    expect(mine.json.data.items[0]!.id).toBe(stream.id);
    expect(mine.json.data.refusal).toBeNull();
  });

  it("refuses bad input with the field's key, for JSON of any shape", async () => {
    const creator = await escort();
    const short = await goLive(creator.token, { title: "x" });
    expect(short.status).toBe(400);
    expect(short.json.errors?.[0]).toMatchObject({ key: "exception.live.title", source: "title" });
    // The ProstSchG §32 rule of public texts: refused at the start and on an edit while live.
    const unlawful = await goLive(creator.token, { title: "Heute alles ohne" });
    expect(unlawful.status).toBe(400);
    expect(unlawful.json.errors?.[0]).toMatchObject({ key: "validation.prostschg", source: "title" });
    const lawful = await goLive(creator.token);
    expect(lawful.status).toBe(200);
    const edit = await api(creator.token, "PUT", `/live/streams/${lawful.json.data.id}`, {
      title: "Jetzt ohne Gummi",
      category: "chat",
      audience: "logged_in",
    });
    expect(edit.status).toBe(400);
    expect(keyOf(edit)).toBe("validation.prostschg");
    expect((await api(creator.token, "POST", `/live/streams/${lawful.json.data.id}/stop`)).status).toBe(200);
    const noPrice = await goLive(creator.token, { audience: "paid" });
    expect(noPrice.status).toBe(400);
    expect(keyOf(noPrice)).toBe("exception.live.price");
    expect((await goLive(creator.token, { audience: "paid", price: 501 })).status).toBe(400);
    expect((await goLive(creator.token, { audience: "paid", price: "2.5" })).status).toBe(400);
    const past = await goLive(creator.token, { start: "schedule", scheduled_at: rt.clock.now() - 1000 });
    expect(keyOf(past)).toBe("exception.live.scheduled_at");
    expect((await api(creator.token, "POST", "/live/streams", ["not", "an", "object"])).status).toBe(400);
    const text = await rt.request("/api/v2/live/streams", {
      method: "POST",
      token: creator.token,
      headers: { "content-type": "text/plain" },
      body: "title=x",
    });
    expect(text.status).toBeLessThan(500);
  });

  it("clients and suspended creators cannot stream; one live stream per creator, two starts at once: one wins", async () => {
    const buyer = await client();
    const refused = await goLive(buyer.token);
    expect(refused.status).toBe(403);
    expect(keyOf(refused)).toBe("exception.live.not_creator");

    const suspended = await escort();
    await rt.deps.db
      .insertInto("live_suspensions")
      .values({ member_id: suspended.id, until: null, reason: "test", by_id: buyer.id, created_at: rt.clock.now(), lifted_at: null })
      .execute();
    const blocked = await goLive(suspended.token);
    expect(blocked.status).toBe(403);
    expect(keyOf(blocked)).toBe("exception.live.suspended");

    const creator = await escort();
    const results = await Promise.all([goLive(creator.token), goLive(creator.token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(keyOf(results.find((r) => r.status === 409)!)).toBe("exception.live.already_live");
    const live = await rt.deps.db
      .selectFrom("live_streams")
      .select("id")
      .where("creator_id", "=", creator.id)
      .where("state", "=", "live")
      .execute();
    expect(live).toHaveLength(1);
  });

  it("an announced stream starts later; starting it while another is on air is refused", async () => {
    const creator = await escort();
    const at = rt.clock.now() + 3_600_000;
    const announced = await goLive(creator.token, { start: "schedule", scheduled_at: at });
    expect(announced.status).toBe(200);
    expect(announced.json.data).toMatchObject({ state: "scheduled", scheduled_at: at });
    const viewer = await client();
    const browse = await api<LiveBrowse>(viewer.token, "GET", "/live/streams");
    expect(browse.json.data.upcoming.map((s) => s.id)).toContain(announced.json.data.id);

    const other = await goLive(creator.token);
    expect(other.status).toBe(200);
    const clash = await api(creator.token, "POST", `/live/streams/${announced.json.data.id}/start`);
    expect(clash.status).toBe(409);
    expect(keyOf(clash)).toBe("exception.live.already_live");
    await api(creator.token, "POST", `/live/streams/${other.json.data.id}/stop`);
    const started = await api<LiveStreamItem>(creator.token, "POST", `/live/streams/${announced.json.data.id}/start`);
    expect(started.status).toBe(200);
    expect(started.json.data.state).toBe("live");
    expect((await api(creator.token, "POST", `/live/streams/${announced.json.data.id}/start`)).status).toBe(409);
  });

  it("an announced stream's start moves: the creation rule, only while announced, only the owner; the not-started job follows", async () => {
    const creator = await escort();
    const state = async (id: number) =>
      rt.deps.db.selectFrom("live_streams").select(["state", "end_reason", "scheduled_at"]).where("id", "=", id).executeTakeFirstOrThrow();
    const first = rt.clock.now() + 3_600_000;
    const announced = (await goLive(creator.token, { start: "schedule", scheduled_at: first })).json.data;
    const moveTo = (token: string, id: number, scheduledAt: unknown) =>
      api<LiveStreamItem>(token, "POST", `/live/streams/${id}/reschedule`, { scheduled_at: scheduledAt });

    // The creation rule: in the future, at most 30 days ahead, a whole number.
    for (const bad of [rt.clock.now() - 1000, rt.clock.now() + 31 * 86_400_000, "morgen", null]) {
      const refused = await moveTo(creator.token, announced.id, bad);
      expect(refused.status).toBe(400);
      expect(keyOf(refused)).toBe("exception.live.scheduled_at");
      expect(refused.json.errors?.[0]?.source).toBe("scheduled_at");
    }
    // Another creator's stream, and an unknown id, answer alike: 404, and the row keeps its start.
    const other = await escort();
    expect((await moveTo(other.token, announced.id, first + 60_000)).status).toBe(404);
    expect((await moveTo(other.token, 999_999_999, first + 60_000)).status).toBe(404);
    expect((await api(undefined, "POST", `/live/streams/${announced.id}/reschedule`, { scheduled_at: first })).status).toBe(401);
    expect((await state(announced.id)).scheduled_at).toBe(first);

    // Moved four hours later: the job of the old start does not end it; the one of the new start does.
    const later = first + 4 * 3_600_000;
    const moved = await moveTo(creator.token, announced.id, later);
    expect(moved.status).toBe(200);
    expect(moved.json.data).toMatchObject({ id: announced.id, state: "scheduled", scheduled_at: later });
    const jobs = await rt.deps.db
      .selectFrom("jobs")
      .select(["run_at", "state"])
      .where("kind", "=", "live.not_started")
      .where("job_key", "like", `live.not_started:${announced.id}:%`)
      .execute();
    expect(jobs).toEqual([{ run_at: later + LIVE_SCHEDULE_STALE_MS, state: "queued" }]);
    rt.clock.advance(first + LIVE_SCHEDULE_STALE_MS - rt.clock.now());
    await rt.jobs.runDue();
    expect(await state(announced.id)).toEqual({ state: "scheduled", end_reason: null, scheduled_at: later });
    rt.clock.advance(later - first);
    await rt.jobs.runDue();
    expect((await state(announced.id)).state).toBe("ended");
    expect((await state(announced.id)).end_reason).toBe("not_started");

    // Ended (here: not started in time) or on air, the start no longer moves: 409 with its key.
    const ended = await moveTo(creator.token, announced.id, rt.clock.now() + 3_600_000);
    expect(ended.status).toBe(409);
    expect(keyOf(ended)).toBe("exception.live.not_reschedulable");
    const onAir = (await goLive(creator.token)).json.data;
    const live = await moveTo(creator.token, onAir.id, rt.clock.now() + 3_600_000);
    expect(live.status).toBe(409);
    expect(keyOf(live)).toBe("exception.live.not_reschedulable");
    expect((await state(onAir.id)).scheduled_at).toBeNull();
    await api(creator.token, "POST", `/live/streams/${onAir.id}/stop`);
  });

  it("a start moved earlier: the job of the new start ends it, the old start's job (deleted) never runs", async () => {
    const creator = await escort();
    const first = rt.clock.now() + 10 * 3_600_000;
    const announced = (await goLive(creator.token, { start: "schedule", scheduled_at: first })).json.data;
    const earlier = rt.clock.now() + 3_600_000;
    expect((await api(creator.token, "POST", `/live/streams/${announced.id}/reschedule`, { scheduled_at: earlier })).status).toBe(200);
    const queued = await rt.deps.db
      .selectFrom("jobs")
      .select(["run_at", "payload"])
      .where("kind", "=", "live.not_started")
      .where("state", "=", "queued")
      .where("job_key", "like", `live.not_started:${announced.id}:%`)
      .execute();
    expect(queued).toEqual([
      { run_at: earlier + LIVE_SCHEDULE_STALE_MS, payload: JSON.stringify({ stream_id: announced.id, scheduled_at: earlier }) },
    ]);
    rt.clock.advance(earlier + LIVE_SCHEDULE_STALE_MS - rt.clock.now());
    await rt.jobs.runDue();
    const row = await rt.deps.db
      .selectFrom("live_streams")
      .select(["state", "end_reason"])
      .where("id", "=", announced.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: "ended", end_reason: "not_started" });
  });

  it("a viewer cannot start, edit or stop someone else's stream (404 like an unknown id)", async () => {
    const creator = await escort();
    const stream = (await goLive(creator.token)).json.data;
    const other = await escort();
    expect((await api(other.token, "POST", `/live/streams/${stream.id}/stop`)).status).toBe(404);
    expect((await api(other.token, "POST", `/live/streams/${stream.id}/start`)).status).toBe(404);
    const edit = await api(other.token, "PUT", `/live/streams/${stream.id}`, {
      title: "Gekapert",
      category: "chat",
      audience: "logged_in",
    });
    expect(edit.status).toBe(404);
    const row = await rt.deps.db
      .selectFrom("live_streams")
      .select(["state", "title"])
      .where("id", "=", stream.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: "live", title: "Abendplausch" });
    expect((await api(other.token, "POST", "/live/streams/999999999/stop")).status).toBe(404);
  });

  it("guests are asked to sign in; plus and fans audiences refuse others; a blocked viewer gets 404", async () => {
    const creator = await escort();
    const open = (await goLive(creator.token)).json.data;
    const guest = await api<LiveStreamAnswer>(undefined, "GET", `/live/streams/${open.id}`);
    expect(guest.status).toBe(200);
    expect(guest.json.data.access).toMatchObject({ watch: false, denial: "sign_in" });
    expect(guest.json.data.media).toBeNull();

    const viewer = await client();
    const watching = await api<LiveStreamAnswer>(viewer.token, "GET", `/live/streams/${open.id}`);
    expect(watching.json.data.access).toMatchObject({ role: "AUDIENCE", watch: true, denial: null });
    expect(watching.json.data.media?.hls).toContain(String(open.id));
    const producer = await api<LiveStreamAnswer>(creator.token, "GET", `/live/streams/${open.id}`);
    expect(producer.json.data.access.role).toBe("PRODUCER");

    await rt.deps.db.insertInto("blocks").values({ blocker_id: creator.id, blocked_id: viewer.id, created_at: rt.clock.now() }).execute();
    expect((await api(viewer.token, "GET", `/live/streams/${open.id}`)).status).toBe(404);
    const hidden = await api<LiveBrowse>(viewer.token, "GET", "/live/streams");
    expect(hidden.json.data.live.map((s) => s.id)).not.toContain(open.id);
    expect((await api(viewer.token, "POST", `/live/watch/${creator.username}`)).status).toBe(404);
    await api(creator.token, "POST", `/live/streams/${open.id}/stop`);

    const plusStream = (await goLive(creator.token, { audience: "plus" })).json.data;
    const other = await client();
    const noPlus = await api<LiveStreamAnswer>(other.token, "GET", `/live/streams/${plusStream.id}`);
    expect(noPlus.json.data.access).toMatchObject({ watch: false, denial: "plus" });
    expect(noPlus.json.data.media).toBeNull();
    await api(creator.token, "POST", `/live/streams/${plusStream.id}/stop`);

    const fansStream = (await goLive(creator.token, { audience: "fans" })).json.data;
    const noFan = await api<LiveStreamAnswer>(other.token, "GET", `/live/streams/${fansStream.id}`);
    expect(noFan.json.data.access).toMatchObject({ watch: false, denial: "fans" });
  });

  it("a paid stream refuses until paid, then takes the price once: a retry moves nothing again", async () => {
    const creator = await escort();
    const stream = (await goLive(creator.token, { audience: "paid", price: 7 })).json.data;
    expect(stream.price).toBe(7);
    const viewer = await client();
    const before = await api<LiveStreamAnswer>(viewer.token, "GET", `/live/streams/${stream.id}`);
    expect(before.json.data.access).toMatchObject({ watch: false, denial: "payment" });

    const poor = await api(viewer.token, "POST", `/live/streams/${stream.id}/access`);
    expect(poor.status).toBe(402);
    expect(keyOf(poor)).toBe("exception.wallet.insufficient");

    await grant(viewer.id, 20);
    const [first, second] = await Promise.all([
      api<LivePayAnswer>(viewer.token, "POST", `/live/streams/${stream.id}/access`),
      api<LivePayAnswer>(viewer.token, "POST", `/live/streams/${stream.id}/access`),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.json.data.replayed, second.json.data.replayed].sort()).toEqual([false, true]);
    const third = await api<LivePayAnswer>(viewer.token, "POST", `/live/streams/${stream.id}/access`);
    expect(third.json.data).toMatchObject({ replayed: true, amount: 7, balance: 13 });
    expect((await dollarBalances(rt.deps, viewer.id)).available).toBe(13);
    expect((await dollarBalances(rt.deps, creator.id)).pending).toBe(7);

    const after = await api<LiveStreamAnswer>(viewer.token, "GET", `/live/streams/${stream.id}`);
    expect(after.json.data.access).toMatchObject({ watch: true, denial: null });
    expect(after.json.data.media).not.toBeNull();

    expect(keyOf(await api(creator.token, "POST", `/live/streams/${stream.id}/access`))).toBe("exception.live.self");
    const free = (await goLive(await escort().then((e) => e.token))).json.data;
    expect(keyOf(await api(viewer.token, "POST", `/live/streams/${free.id}/access`))).toBe("exception.live.not_for_sale");
  });

  it("watch subscribers are told once when the creator goes live, and the profile tab shows the schedule", async () => {
    const creator = await escort();
    const fan = await client();
    const subscribed = await api<{ subscribed: boolean }>(fan.token, "POST", `/live/watch/${creator.username}`);
    expect(subscribed.json.data.subscribed).toBe(true);
    expect((await api(fan.token, "POST", `/live/watch/${creator.username}`)).status).toBe(200);
    expect((await api(creator.token, "POST", `/live/watch/${creator.username}`)).status).toBe(400);

    const at = rt.clock.now() + 7_200_000;
    const announced = (await goLive(creator.token, { start: "schedule", scheduled_at: at, title: "Später" })).json.data;
    const tab = await api<LiveProfileTab>(fan.token, "GET", `/live/profile/${creator.username}`);
    expect(tab.json.data).toMatchObject({ subscribed: true, may_subscribe: true, own: false, live: null });
    expect(tab.json.data.upcoming.map((s) => s.id)).toEqual([announced.id]);

    await rt.jobs.runDue();
    await api(creator.token, "POST", `/live/streams/${announced.id}/start`);
    await rt.jobs.runDue();
    // Run again: each notice goes once per stream and event.
    await rt.deps.db.deleteFrom("jobs").execute();
    await rt.deps.db.updateTable("live_streams").set({ state: "live" }).where("id", "=", announced.id).execute();
    const events = await rt.deps.db
      .selectFrom("notifications")
      .select(["event", "url"])
      .where("user_id", "=", fan.id)
      .where("subject_id", "=", announced.id)
      .orderBy("id")
      .execute();
    expect(events.map((e) => e.event)).toEqual(["live_scheduled", "live_started"]);
    expect(events[1]!.url).toBe(`live/${announced.id}`);
    const { notifySubscribers } = await import("#server/modules/live/streams");
    await notifySubscribers(rt.deps, announced.id, "live_started");
    const again = await rt.deps.db
      .selectFrom("notifications")
      .select("id")
      .where("user_id", "=", fan.id)
      .where("subject_id", "=", announced.id)
      .execute();
    expect(again).toHaveLength(2);

    const gone = await api<{ subscribed: boolean }>(fan.token, "DELETE", `/live/watch/${creator.username}`);
    expect(gone.json.data.subscribed).toBe(false);
  });

  it("a stream whose producer is gone for 60 s ends by itself; one that keeps its producer stays", async () => {
    const creator = await escort();
    const lost = (await goLive(creator.token)).json.data;
    const other = await escort();
    const kept = (await goLive(other.token)).json.data;
    rt.clock.advance(LIVE_PRODUCER_GRACE_MS - 10_000);
    await producerSeen(rt.deps, kept.id);
    rt.clock.advance(10_000);
    await rt.jobs.runDue();
    const state = async (id: number) =>
      rt.deps.db.selectFrom("live_streams").select(["state", "end_reason"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(await state(lost.id)).toEqual({ state: "ended", end_reason: "producer_lost" });
    expect((await state(kept.id)).state).toBe("live");
    rt.clock.advance(LIVE_PRODUCER_GRACE_MS);
    await rt.jobs.runDue();
    expect(await state(kept.id)).toEqual({ state: "ended", end_reason: "producer_lost" });

    const announced = (await goLive(creator.token, { start: "schedule", scheduled_at: rt.clock.now() + 60_000 })).json.data;
    rt.clock.advance(60_000 + LIVE_SCHEDULE_STALE_MS);
    await rt.jobs.runDue();
    expect(await state(announced.id)).toEqual({ state: "ended", end_reason: "not_started" });
  });

  it("recordings: the creator sets terms and deletes; others see only what the rules list; another creator gets 404", async () => {
    const creator = await escort();
    const stream = (await goLive(creator.token, { record: true })).json.data;
    await api(creator.token, "POST", `/live/streams/${stream.id}/stop`);
    // Stopping a recorded stream made its recording (private, processing; the remux job finishes it): made ready here.
    const id = await recordingReady(stream.id, { price: null, duration_ms: 60_000 });
    const viewer = await client();
    const none = await api<LiveRecordingList>(viewer.token, "GET", "/live/recordings");
    expect(none.json.data.items.map((r) => r.id)).not.toContain(id);

    const other = await escort();
    expect((await api(other.token, "PUT", `/live/recordings/${id}`, { visibility: "private", price: 5 })).status).toBe(404);
    expect((await api(other.token, "DELETE", `/live/recordings/${id}`)).status).toBe(404);
    const fsk = await api(creator.token, "PUT", `/live/recordings/${id}`, { visibility: "fsk18" });
    expect(fsk.status).toBe(403);
    expect(keyOf(fsk)).toBe("exception.live.fsk18");

    const priced = await api<LiveRecordingItem>(creator.token, "PUT", `/live/recordings/${id}`, { visibility: "private", price: "5" });
    expect(priced.json.data).toMatchObject({ price: 5, fans_only: false, visibility: "private" });
    const listed = await api<LiveRecordingList>(viewer.token, "GET", "/live/recordings");
    expect(listed.json.data.items.map((r) => r.id)).toContain(id);

    const deleted = await api<LiveRecordingList>(creator.token, "DELETE", `/live/recordings/${id}`);
    expect(deleted.json.data.items.map((r) => r.id)).not.toContain(id);
    const row = await rt.deps.db
      .selectFrom("live_recordings")
      .select(["state", "storage_prefix"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: "deleted", storage_prefix: null });
  });

  it("a priced recording is bought once; fans-only opens to fans; another member's id or an own recording is refused", async () => {
    const creator = await escort();
    const stream = (await goLive(creator.token, { record: true })).json.data;
    await api(creator.token, "POST", `/live/streams/${stream.id}/stop`);
    // Stopping a recorded stream made its recording (private, processing; the remux job finishes it): made ready here.
    const id = await recordingReady(stream.id, { price: 4, duration_ms: 120_000 });
    const buyer = await client();
    const listed = await api<LiveRecordingList>(buyer.token, "GET", "/live/recordings");
    expect(listed.json.data.items.find((r) => r.id === id)).toMatchObject({ watch: false, denial: "payment", price: 4 });
    expect((await api(buyer.token, "POST", `/live/recordings/${id}/access`)).status).toBe(402);
    await grant(buyer.id, 10);
    const [a, b] = await Promise.all([
      api<{ replayed: boolean }>(buyer.token, "POST", `/live/recordings/${id}/access`),
      api<{ replayed: boolean }>(buyer.token, "POST", `/live/recordings/${id}/access`),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.json.data.replayed, b.json.data.replayed].sort()).toEqual([false, true]);
    expect((await dollarBalances(rt.deps, buyer.id)).available).toBe(6);
    const after = await api<LiveRecordingList>(buyer.token, "GET", "/live/recordings");
    expect(after.json.data.items.find((r) => r.id === id)).toMatchObject({ watch: true, denial: null });
    expect(keyOf(await api(creator.token, "POST", `/live/recordings/${id}/access`))).toBe("exception.live.self");

    // Fans only, no price: a fan may watch, others are told to become one; a blocked member does not find it.
    await api(creator.token, "PUT", `/live/recordings/${id}`, { visibility: "private", price: "", fans_only: "1" });
    const other = await client();
    const forFans = await api<LiveRecordingList>(other.token, "GET", "/live/recordings");
    expect(forFans.json.data.items.find((r) => r.id === id)).toMatchObject({ watch: false, denial: "fans" });
    expect(keyOf(await api(other.token, "POST", `/live/recordings/${id}/access`))).toBe("exception.live.not_for_sale");
    await rt.deps.db.insertInto("blocks").values({ blocker_id: creator.id, blocked_id: other.id, created_at: rt.clock.now() }).execute();
    const blocked = await api<LiveRecordingList>(other.token, "GET", "/live/recordings");
    expect(blocked.json.data.items.map((r) => r.id)).not.toContain(id);
    expect((await api(other.token, "POST", `/live/recordings/${id}/access`)).status).toBe(404);
  });
});
