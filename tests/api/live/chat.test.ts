/**
 * The live chat through the real API on both databases (issue 31 items 3 and 5, ADR 126): writing under liveAccess
 * (a block, a mute, a removal, an ended stream), the text rule and the rate, moderation by the creator and staff and
 * not by a viewer, tips in the chat that move dollars once however often they are retried, the room's events on /ws,
 * and staff's live sanctions (end now, suspend and lift, with statement and audit rows).
 */
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIVE_CHAT_BURST, LIVE_CHAT_MAX } from "#server/contract/live";
import type { LiveChatPosted, LiveChatRoom, LiveChatTipped, LiveSuspensionState } from "#server/contract/live-chat";
import type { ServerFrame } from "#server/contract/realtime";
import { USER_TYPE } from "#server/contract/users";
import { dollarOperations, postOperation } from "#server/modules/ledger/index";
import { liveSuspended } from "#server/modules/live/index";
import { dollarBalances } from "#server/modules/wallet/index";
import type { RealtimeHub } from "#server/realtime/ws";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, createUser, listedMemberWith, signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { connectClient, startHub, stopHub, type TestClient } from "../../helpers/ws";
import { insertStream } from "./chat-fixtures";

interface ErrorBody {
  errors?: Array<{ key: string; source?: string }>;
}

describe(`live chat (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let hub: { hub: RealtimeHub; server: Server; base: string };
  const sockets: TestClient[] = [];
  beforeAll(async () => {
    rt = await createTestRuntime();
    hub = await startHub({ db: rt.deps.db, clock: rt.clock, bus: rt.deps.bus, presence: rt.deps.presence, api: rt.deps });
  }, 60_000);
  afterAll(async () => {
    for (const socket of sockets) socket.ws.terminate();
    await stopHub(hub);
    await rt.close();
  });

  let seq = 0;
  const newKey = () => `live-tip-${TEST_DB}-${++seq}-${Math.random().toString(36).slice(2, 10)}`;
  const api = <Body>(token: string, method: string, path: string, body?: unknown) =>
    callJson<{ data: Body } & ErrorBody>(rt, token, method, `/api/v2${path}`, body);
  const say = (token: string, stream: number, body: string) => api<LiveChatPosted>(token, "POST", `/live/${stream}/chat`, { body });
  const room = (token: string, stream: number, query = "") => api<LiveChatRoom>(token, "GET", `/live/${stream}/chat${query}`);
  const keyOf = (answer: { json: ErrorBody }) => answer.json.errors?.[0]?.key;

  const escort = () => listedMemberWith(rt, { userType: USER_TYPE.escort });
  const client = () => listedMemberWith(rt, { userType: USER_TYPE.client });
  const team = async () => signIn(rt, await createUser(rt, { userType: USER_TYPE.team }));

  async function grant(memberId: number, amount: number) {
    const operation = dollarOperations.grant(memberId, amount);
    await postOperation(rt.deps, {
      key: `grant-${newKey()}`,
      kind: operation.kind,
      currency: "dollar",
      actorId: null,
      transfers: operation.transfers,
    });
  }
  /** A new stream on air and its creator. */
  async function onAir() {
    const creator = await escort();
    return { creator, stream: await insertStream(rt, creator.id) };
  }

  it("a viewer writes a line; everyone admitted reads it, oldest first, with its author", async () => {
    const { creator, stream } = await onAir();
    const viewer = await client();
    const posted = await say(viewer.token, stream, "  Hallo   aus Frankfurt!\n ");
    expect(posted.status).toBe(200);
    expect(posted.json.data.line).toMatchObject({ kind: "message", body: "Hallo aus Frankfurt!", author: { user_id: viewer.id } });
    await say(creator.token, stream, "Willkommen!");
    const seen = await room(viewer.token, stream);
    expect(seen.status).toBe(200);
    expect(seen.json.data.lines.map((l) => l.body)).toEqual(["Hallo aus Frankfurt!", "Willkommen!"]);
    expect(seen.json.data).toMatchObject({ role: "AUDIENCE", refusal: null, may_moderate: false, may_tip: true });
    expect((await room(creator.token, stream)).json.data).toMatchObject({ role: "PRODUCER", may_moderate: true, may_tip: false });
    // A resync after the first line answers only the second.
    const after = await room(viewer.token, stream, `?after_id=${posted.json.data.line.id}`);
    expect(after.json.data.lines.map((l) => l.body)).toEqual(["Willkommen!"]);
  });

  it("refuses an empty, a too long and a ProstSchG line at the field, and any other body without a 5xx", async () => {
    const { stream } = await onAir();
    const viewer = await client();
    for (const body of [{ body: "   " }, { body: "x".repeat(LIVE_CHAT_MAX + 1) }, { body: "Heute alles ohne Gummi" }, { body: 42 }, {}]) {
      const answer = await api(viewer.token, "POST", `/live/${stream}/chat`, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    const tooLong = await say(viewer.token, stream, "x".repeat(LIVE_CHAT_MAX + 1));
    expect(tooLong.json.errors?.[0]).toMatchObject({ source: "body" });
    const broken = await rt.request(`/api/v2/live/${stream}/chat`, {
      method: "POST",
      token: viewer.token,
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
  });

  it("a member whose e-mail address is not verified reads but may not write (as in the messenger)", async () => {
    const { stream } = await onAir();
    const unverified = await listedMemberWith(rt, { userType: USER_TYPE.client, verified: false });
    expect((await room(unverified.token, stream)).status).toBe(200);
    const answer = await say(unverified.token, stream, "Hallo");
    expect([answer.status, keyOf(answer)]).toEqual([403, "exception.email_verification.required"]);
  });

  it("a member blocked by the creator cannot read or write the room (404, as an unknown stream)", async () => {
    const { creator, stream } = await onAir();
    const viewer = await client();
    expect((await api(creator.token, "POST", `/block/${viewer.username}`)).status).toBe(200);
    const answer = await say(viewer.token, stream, "Hallo?");
    expect(answer.status).toBe(404);
    expect(keyOf(answer)).toBe("exception.live_chat.not_found");
    expect((await room(viewer.token, stream)).status).toBe(404);
    expect((await say(viewer.token, 999_999, "Hallo?")).status).toBe(404);
  });

  it("a muted viewer watches but may not write; a removed one may neither; lifting lets them back", async () => {
    const { creator, stream } = await onAir();
    const viewer = await client();
    expect((await api(creator.token, "POST", `/live/${stream}/sanctions`, { member_id: viewer.id, sanction: "mute" })).status).toBe(200);
    const muted = await say(viewer.token, stream, "Darf ich?");
    expect([muted.status, keyOf(muted)]).toEqual([403, "exception.live_chat.muted"]);
    expect((await room(viewer.token, stream)).json.data).toMatchObject({ refusal: "muted", role: "AUDIENCE" });

    expect((await api(creator.token, "POST", `/live/${stream}/sanctions`, { member_id: viewer.id, sanction: "remove" })).status).toBe(200);
    const removed = await say(viewer.token, stream, "Und jetzt?");
    expect([removed.status, keyOf(removed)]).toEqual([403, "exception.live_chat.removed"]);
    const roomOfRemoved = (await room(viewer.token, stream)).json.data;
    expect(roomOfRemoved).toMatchObject({ refusal: "removed", role: null, lines: [] });
    const tip = await api(viewer.token, "POST", `/live/${stream}/chat/tip`, { amount: 5, key: newKey() });
    expect(tip.status).toBe(403);
    expect((await room(creator.token, stream)).json.data.sanctions).toEqual([
      { member: { user_id: viewer.id, username: viewer.username }, sanction: "remove" },
    ]);

    expect((await api(creator.token, "DELETE", `/live/${stream}/sanctions/${viewer.id}`)).status).toBe(200);
    expect((await say(viewer.token, stream, "Wieder da")).status).toBe(200);
  });

  it("a viewer may not sanction or remove someone else's line; nor the creator of another stream", async () => {
    const { creator, stream } = await onAir();
    const other = await onAir();
    const [anna, ben] = [await client(), await client()];
    const line = (await say(anna.token, stream, "Meine Zeile")).json.data.line;
    const byViewer = await api(ben.token, "DELETE", `/live/${stream}/chat/${line.id}`);
    expect([byViewer.status, keyOf(byViewer)]).toEqual([403, "exception.live_chat.not_moderator"]);
    expect((await api(ben.token, "POST", `/live/${stream}/sanctions`, { member_id: anna.id, sanction: "mute" })).status).toBe(403);
    expect((await api(other.creator.token, "DELETE", `/live/${stream}/chat/${line.id}`)).status).toBe(403);
    // A line id of another stream is no line of this one.
    expect((await api(other.creator.token, "DELETE", `/live/${other.stream}/chat/${line.id}`)).status).toBe(404);
    // The creator cannot sanction themselves or staff.
    const staff = await team();
    expect((await api(creator.token, "POST", `/live/${stream}/sanctions`, { member_id: creator.id, sanction: "mute" })).status).toBe(404);
    expect((await api(creator.token, "POST", `/live/${stream}/sanctions`, { member_id: staff.id, sanction: "mute" })).status).toBe(404);
    expect((await room(anna.token, stream)).json.data.lines.map((l) => l.id)).toContain(line.id);
  });

  it("the creator and staff remove lines; they are gone for everyone", async () => {
    const { creator, stream } = await onAir();
    const viewer = await client();
    const staff = await team();
    const first = (await say(viewer.token, stream, "Erste")).json.data.line;
    const second = (await say(viewer.token, stream, "Zweite")).json.data.line;
    expect((await api(creator.token, "DELETE", `/live/${stream}/chat/${first.id}`)).status).toBe(200);
    expect((await api(staff.token, "DELETE", `/live/${stream}/chat/${second.id}`)).status).toBe(200);
    expect((await api(staff.token, "DELETE", `/live/${stream}/chat/${second.id}`)).status).toBe(404);
    expect((await room(viewer.token, stream)).json.data.lines).toEqual([]);
    const stored = await rt.deps.db
      .selectFrom("live_chat_messages")
      .select(["removed_by"])
      .where("stream_id", "=", stream)
      .orderBy("id")
      .execute();
    expect(stored.map((r) => r.removed_by)).toEqual([creator.id, staff.id]);
  });

  it(`refuses the line after a burst of ${LIVE_CHAT_BURST} with 429, per member`, async () => {
    const { stream } = await onAir();
    const [fast, other] = [await client(), await client()];
    for (let i = 0; i < LIVE_CHAT_BURST; i++) expect((await say(fast.token, stream, `Zeile ${i}`)).status).toBe(200);
    const refused = await say(fast.token, stream, "Eine zu viel");
    expect([refused.status, keyOf(refused)]).toEqual([429, "exception.live_chat.too_fast"]);
    expect((await say(other.token, stream, "Ich darf")).status).toBe(200);
    rt.clock.advance(LIVE_CHAT_BURST * 2_000 + 2_000);
    expect((await say(fast.token, stream, "Wieder erlaubt")).status).toBe(200);
  });

  it("nobody writes in an ended stream (409); audiences the viewer lacks refuse (403)", async () => {
    const creator = await escort();
    const ended = await insertStream(rt, creator.id, { state: "ended" });
    const viewer = await client();
    expect((await say(viewer.token, ended, "Zu spät")).status).toBe(409);
    expect((await say(creator.token, ended, "Zu spät")).status).toBe(409);
    const second = await escort();
    const plusOnly = await insertStream(rt, second.id, { audience: "plus" });
    const refused = await say(viewer.token, plusOnly, "Hallo");
    expect([refused.status, keyOf(refused)]).toEqual([403, "exception.live_chat.no_access"]);
    expect((await room(viewer.token, plusOnly)).json.data).toMatchObject({ refusal: "no_access", lines: [] });
  });

  it("a tip goes to the creator once, shows in the chat with the name or anonymous, and a retry changes nothing", async () => {
    const { creator, stream } = await onAir();
    const viewer = await client();
    await grant(viewer.id, 50);
    const key = newKey();
    const first = await api<LiveChatTipped>(viewer.token, "POST", `/live/${stream}/chat/tip`, { amount: 10, key });
    expect(first.status).toBe(200);
    expect(first.json.data.tip).toMatchObject({ status: "succeeded", amount: 10, replayed: false });
    expect(first.json.data.line).toMatchObject({ kind: "tip", tip_amount: 10, anonymous: false, author: { user_id: viewer.id } });
    const again = await api<LiveChatTipped>(viewer.token, "POST", `/live/${stream}/chat/tip`, { amount: 10, key });
    expect(again.json.data.tip.replayed).toBe(true);
    expect(again.json.data.line?.id).toBe(first.json.data.line?.id);
    expect(await dollarBalances(rt.deps, viewer.id)).toMatchObject({ available: 40 });
    expect(await dollarBalances(rt.deps, creator.id)).toMatchObject({ pending: 10 });
    const anonymous = await api<LiveChatTipped>(viewer.token, "POST", `/live/${stream}/chat/tip`, {
      amount: 5,
      key: newKey(),
      anonymous: "on",
    });
    expect(anonymous.json.data.line).toMatchObject({ anonymous: true, author: null, tip_amount: 5 });
    const lines = (await room(creator.token, stream)).json.data.lines.filter((l) => l.kind === "tip");
    expect(lines.map((l) => [l.tip_amount, l.author?.username ?? null])).toEqual([
      [10, viewer.username],
      [5, null],
    ]);
    // Not enough dollars: nothing moves, no line.
    const poor = await api<LiveChatTipped>(viewer.token, "POST", `/live/${stream}/chat/tip`, { amount: 36, key: newKey() });
    expect([poor.status, poor.json.data.tip.status, poor.json.data.line]).toEqual([200, "insufficient", null]);
    // The creator and staff do not tip; a bad amount is refused at its field.
    expect((await api(creator.token, "POST", `/live/${stream}/chat/tip`, { amount: 5, key: newKey() })).status).toBe(403);
    const bad = await api(viewer.token, "POST", `/live/${stream}/chat/tip`, { amount: "2.5", key: newKey() });
    expect([bad.status, bad.json.errors?.[0]?.source]).toEqual([400, "amount"]);
  });

  it("sends the room's lines, removals and sanctions over /ws to the sockets that joined, and a blocked member cannot join", async () => {
    const { creator, stream } = await onAir();
    const [viewer, blocked] = [await client(), await client()];
    await api(creator.token, "POST", `/block/${blocked.username}`);
    const viewerSocket = await connectClient(hub.base, viewer.token);
    const blockedSocket = await connectClient(hub.base, blocked.token);
    sockets.push(viewerSocket, blockedSocket);
    viewerSocket.send({ type: "live", stream });
    blockedSocket.send({ type: "live", stream });
    const joined = (f: ServerFrame) => f.type === "live" && f.stream === stream;
    expect(await viewerSocket.next(joined)).toMatchObject({ joined: true });
    expect(await blockedSocket.next(joined)).toMatchObject({ joined: false });

    const line = (await say(creator.token, stream, "Live für alle")).json.data.line;
    const event = (await viewerSocket.next((f) => f.type === "event" && f.event.type === "live_room.line")) as Extract<
      ServerFrame,
      { type: "event" }
    >;
    expect(event.event).toMatchObject({ type: "live_room.line", stream_id: stream, line: { id: line.id, body: "Live für alle" } });
    await api(creator.token, "DELETE", `/live/${stream}/chat/${line.id}`);
    await viewerSocket.next((f) => f.type === "event" && f.event.type === "live_room.line_removed");
    await api(creator.token, "POST", `/live/${stream}/sanctions`, { member_id: viewer.id, sanction: "remove" });
    await viewerSocket.next((f) => f.type === "event" && f.event.type === "live_room.sanction");
    // Removed: the socket left the room and hears nothing more of it.
    await say(creator.token, stream, "Nach dem Rauswurf");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = viewerSocket.frames.filter((f) => f.type === "event" && f.event.type === "live_room.line");
    expect(lines).toHaveLength(1);
    expect(blockedSocket.frames.some((f) => f.type === "event")).toBe(false);
  });

  it("staff end a stream at once with a statement and an audit row; a viewer cannot", async () => {
    const { creator, stream } = await onAir();
    const viewer = await client();
    const staff = await team();
    const statement = "Der Stream verstößt gegen die Regeln der Plattform.";
    expect((await api(viewer.token, "POST", `/backoffice/live/${stream}/end`, { statement })).status).toBe(403);
    expect((await api(creator.token, "POST", `/backoffice/live/${stream}/end`, { statement })).status).toBe(403);
    expect((await api(staff.token, "POST", `/backoffice/live/${stream}/end`, { statement: "kurz" })).status).toBe(400);
    const ended = await api(staff.token, "POST", `/backoffice/live/${stream}/end`, { statement });
    expect([ended.status, ended.json.data]).toEqual([200, { stream_id: stream, ended: true }]);
    const row = await rt.deps.db
      .selectFrom("live_streams")
      .select(["state", "end_reason"])
      .where("id", "=", stream)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: "ended", end_reason: "staff" });
    const audit = await rt.deps.db
      .selectFrom("audit_log")
      .select(["actor_id", "action"])
      .where("subject_id", "=", String(stream))
      .where("action", "=", "live.end")
      .execute();
    expect(audit).toEqual([{ actor_id: staff.id, action: "live.end" }]);
    const statements = await rt.deps.db.selectFrom("statements").select(["restriction"]).where("user_id", "=", creator.id).execute();
    expect(statements).toEqual([{ restriction: "content_disabled" }]);
    const twice = await api(staff.token, "POST", `/backoffice/live/${stream}/end`, { statement });
    expect(twice.json.data).toEqual({ stream_id: stream, ended: false });
    expect((await say(viewer.token, stream, "Noch da?")).status).toBe(409);
  });

  it("staff suspend a creator's live access for a period (their stream ends) and lift it", async () => {
    const { creator, stream } = await onAir();
    const staff = await team();
    const statement = "Wiederholte Verstöße gegen die Chat-Regeln im Livestream.";
    expect(await liveSuspended(rt.deps, creator.id)).toBeNull();
    const suspended = await api<LiveSuspensionState>(staff.token, "POST", "/backoffice/live/suspensions", {
      member_id: creator.id,
      days: 7,
      statement,
    });
    expect(suspended.status).toBe(200);
    expect(suspended.json.data).toMatchObject({ member_id: creator.id, suspended: true });
    expect(await liveSuspended(rt.deps, creator.id)).toEqual({ until: rt.clock.now() + 7 * 24 * 60 * 60 * 1000 });
    const row = await rt.deps.db.selectFrom("live_streams").select("state").where("id", "=", stream).executeTakeFirstOrThrow();
    expect(row.state).toBe("ended");
    expect((await api<LiveSuspensionState>(staff.token, "GET", `/backoffice/live/suspensions/${creator.id}`)).json.data.suspended).toBe(
      true,
    );
    // Bad input at its field; staff cannot be suspended.
    const bad = await api(staff.token, "POST", "/backoffice/live/suspensions", { member_id: creator.id, days: 0, statement });
    expect([bad.status, bad.json.errors?.[0]?.source]).toEqual([400, "days"]);
    expect((await api(staff.token, "POST", "/backoffice/live/suspensions", { member_id: staff.id, statement })).status).toBe(404);
    // Lift; a second lift finds nothing.
    expect((await api(staff.token, "POST", `/backoffice/live/suspensions/${creator.id}/lift`, { statement })).status).toBe(200);
    expect(await liveSuspended(rt.deps, creator.id)).toBeNull();
    expect((await api(staff.token, "POST", `/backoffice/live/suspensions/${creator.id}/lift`, { statement })).status).toBe(409);
    // Until lifted (no days); and it runs out by itself after its days.
    await api(staff.token, "POST", "/backoffice/live/suspensions", { member_id: creator.id, statement });
    expect(await liveSuspended(rt.deps, creator.id)).toEqual({ until: null });
    const actions = await rt.deps.db
      .selectFrom("audit_log")
      .select("action")
      .where("subject_id", "=", String(creator.id))
      .where("action", "like", "live.%")
      .orderBy("id")
      .execute();
    expect(actions.map((a) => a.action)).toEqual(["live.suspend", "live.unsuspend", "live.suspend"]);
  });

  it("a report of a stream names its creator; a guest or a blocked member cannot report it; removal ends it", async () => {
    const { creator, stream } = await onAir();
    const [viewer, blocked] = [await client(), await client()];
    await api(creator.token, "POST", `/block/${blocked.username}`);
    const body = { kind: "live", object_id: stream, type: "other", text: "Der Stream zeigt etwas Verbotenes.", good_faith: true };
    const filed = await api<{ id: number }>(viewer.token, "POST", "/reports", body);
    expect(filed.status, JSON.stringify(filed.json)).toBeLessThan(300);
    const report = await rt.deps.db
      .selectFrom("reports")
      .select(["id", "target_user_id", "object_kind"])
      .where("object_kind", "=", "live")
      .where("object_id", "=", stream)
      .executeTakeFirstOrThrow();
    expect(report.target_user_id).toBe(creator.id);
    expect((await api(blocked.token, "POST", "/reports", body)).status).toBe(404);
    const staff = await team();
    const decided = await api(staff.token, "POST", `/backoffice/reports/${report.id}/decide`, {
      outcome: "content_removed",
      statement: "Der Stream wurde wegen eines Verstoßes beendet.",
    });
    expect(decided.status, JSON.stringify(decided.json)).toBe(200);
    const row = await rt.deps.db
      .selectFrom("live_streams")
      .select(["state", "end_reason"])
      .where("id", "=", stream)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: "ended", end_reason: "staff" });
  });
});
