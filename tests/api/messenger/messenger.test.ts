import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FIRST_CONTACTS_PER_DAY,
  FIRST_CONTACTS_RECEIVED_PER_DAY,
  FREE_PAIR_MESSAGES_PER_DAY,
  MESSENGER_CONVERSATION_PAGE_SIZE,
  MESSENGER_THREADS_PAGE_SIZE,
  OVERALL_MESSAGE_LIMITS,
  UNREAD_MAIL_DELAY_MS,
  type Conversation,
  type SendCheck,
  type SendResult,
  type ThreadActionResult,
  type ThreadList,
  type ThreadMediums,
  type MessengerUnread,
  type MessengerAutocomplete,
  MESSAGE_BODY_MAX,
  MESSAGE_BODY_MAX_FORM_BYTES,
} from "#server/contract/messenger";
import { INSUFFICIENT_DOLLARS_KEY } from "#server/contract/wallet";
import type { RealtimeEnvelope } from "#server/contract/realtime";
import { USER_TYPE } from "#server/contract/users";
import { addBerlinProfile, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { createMessengerRuntime, listedMember } from "./fixtures";
import { jpeg } from "../../helpers/images";
import { unzip } from "../../helpers/zip";
import type { MediaStorage } from "#server/integrations/storage/index";
import { buildExportArchive } from "#server/modules/privacy/export-archive";
import { callJson } from "../../helpers/api-call";

interface Answer<T> {
  data?: T;
  errors?: Array<{ key: string; source?: string }>;
  outcome?: string;
  upgrade?: boolean;
}
type Member = Awaited<ReturnType<typeof createUser>> & { token: string };

const DAY = 24 * 60 * 60 * 1000;

describe(`messenger (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ rt, close } = await createMessengerRuntime());
  });
  afterAll(() => close());

  /** A listed member; escorts registered long ago (not "new") unless told. */
  const member = (userType: number = USER_TYPE.client, options: { plus?: boolean; createdDaysAgo?: number } = {}): Promise<Member> =>
    listedMember(rt, userType, options);

  /** A listed member who never signs in (receivers only: no password hashing per login). */
  async function quiet(userType: number = USER_TYPE.client): Promise<Member> {
    const user = await createUser(rt, { userType });
    await addBerlinProfile(rt, user.id, user.username);
    await rt.deps.db
      .updateTable("users")
      .set({ created_at: rt.clock.now() - 365 * DAY })
      .where("id", "=", user.id)
      .execute();
    return { ...user, token: "" };
  }

  function call<T>(token: string, method: string, path: string, body?: unknown) {
    return callJson<Answer<T>>(rt, token, method, `/api/v2/messenger${path}`, body);
  }
  const send = (from: Member, to: Member | string, body = "Hallo, wie geht's?") =>
    call<SendResult>(from.token, "POST", `/send/${typeof to === "string" ? to : to.username}`, { body });
  const conversation = (viewer: Member, other: Member, query = "") =>
    call<Conversation>(viewer.token, "GET", `/messages/${other.username}${query}`);
  const threads = (viewer: Member, folder = "inbox") => call<ThreadList>(viewer.token, "GET", `/threads?folder=${folder}`);
  const action = (viewer: Member, threadId: number, name: string) =>
    call<ThreadActionResult>(viewer.token, "POST", `/threads/${threadId}/${name}`);

  async function photoForm(count: number, body = "Fotos"): Promise<FormData> {
    const form = new FormData();
    form.set("body", body);
    for (let i = 0; i < count; i++)
      form.append("files", new Blob([new Uint8Array(await jpeg(320 + i, 240, { gps: true }))], { type: "image/jpeg" }), `p${i}.jpg`);
    return form;
  }

  it("sends, lists, reads a conversation and resyncs after a message id; publishes after the commit", async () => {
    const client = await member();
    const escort = await member(USER_TYPE.escort);
    const events: RealtimeEnvelope[] = [];
    const stop = rt.deps.bus.subscribe((e) => events.push(e));
    const first = await send(client, escort, "Hallo, hast du morgen Zeit? https://velora.de/info https://evil.example/x");
    expect(first.status).toBe(201);
    const message = first.json.data!.message;
    expect(message.mine).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    stop();
    // Each member gets their own copy (ADR 052); the thread's first message follows nothing.
    expect(events).toContainEqual({ to: [client.id], event: { type: "message", prev_id: 0, message } });
    expect(events).toContainEqual({ to: [escort.id], event: { type: "message", prev_id: 0, message: { ...message, mine: false } } });
    // The committed row is there when the hint arrives.
    expect(await rt.deps.db.selectFrom("messenger_messages").select("id").where("id", "=", message.id).executeTakeFirst()).toBeDefined();

    const list = await threads(escort);
    expect(list.status).toBe(200);
    expect(list.json.data!.items).toHaveLength(1);
    expect(list.json.data!.items[0]).toMatchObject({ unread_count: 1, state: "normal", partner: { username: client.username } });
    expect((await call<MessengerUnread>(escort.token, "GET", "/unread")).json.data).toEqual({
      unread_messages: 1,
      unread_threads: 1,
      requests: 0,
    });
    // The header reads the same numbers with the viewer, in one call per page.
    const userData = await rt.request("/api/v2/user/data", { token: escort.token });
    expect(((await userData.json()) as Answer<{ messenger: MessengerUnread }>).data!.messenger).toEqual({
      unread_messages: 1,
      unread_threads: 1,
      requests: 0,
    });

    const reply = await send(escort, client, "Ja, gern.");
    expect(reply.status).toBe(201);
    const seen = await conversation(client, escort, `?after_id=${message.id}`);
    expect(seen.json.data!.messages.map((m) => m.body)).toEqual(["Ja, gern."]);
    const whole = await conversation(client, escort);
    expect(whole.json.data!.messages.map((m) => m.id)).toEqual([message.id, reply.json.data!.message.id]);
    // A client that holds nothing of the conversation resyncs after 0: from the start.
    const fromStart = await conversation(client, escort, "?after_id=0");
    expect(fromStart.status).toBe(200);
    expect(fromStart.json.data!.messages.map((m) => m.id)).toEqual([message.id, reply.json.data!.message.id]);
    expect(whole.json.data!.last_id).toBe(reply.json.data!.message.id);
    expect(whole.json.data!.can_send).toMatchObject({ outcome: "success", first_contact: false });

    // Read ticks: the client's message is read once the escort marks the thread read.
    await action(escort, whole.json.data!.thread_id!, "read");
    const after = await conversation(client, escort);
    expect(after.json.data!.messages[0]!.read).toBe(true);
  });

  it("pages older messages 30 at a time", async () => {
    const a = await member();
    const b = await member(USER_TYPE.escort, { plus: true });
    await send(a, b, "erste");
    await send(b, a, "antwort");
    for (let i = 0; i < MESSENGER_CONVERSATION_PAGE_SIZE + 3; i++) {
      const sent = await (i % 2 === 0 ? send(a, b, `m${i}`) : send(b, a, `m${i}`));
      expect(sent.status).toBe(201);
    }
    const newest = await conversation(a, b);
    expect(newest.json.data!.messages).toHaveLength(MESSENGER_CONVERSATION_PAGE_SIZE);
    expect(newest.json.data!.has_older).toBe(true);
    const older = await conversation(a, b, `?before_id=${newest.json.data!.messages[0]!.id}`);
    expect(older.json.data!.messages.map((m) => m.body)).toEqual(["erste", "antwort", "m0", "m1", "m2"]);
    expect(older.json.data!.has_older).toBe(false);
  });

  it("lists threads 20 a page, the latest conversation first", async () => {
    const me = await member(USER_TYPE.client, { plus: true });
    const partners: Member[] = [];
    for (let i = 0; i <= MESSENGER_THREADS_PAGE_SIZE; i++) {
      const partner = await quiet(USER_TYPE.escort);
      partners.push(partner);
      expect((await send(me, partner, `hallo ${i}`)).status).toBe(201);
      rt.clock.advance(1000);
    }
    const first = await threads(me);
    expect(first.json.data).toMatchObject({ page: 1, page_size: MESSENGER_THREADS_PAGE_SIZE, total: MESSENGER_THREADS_PAGE_SIZE + 1 });
    expect(first.json.data!.items).toHaveLength(MESSENGER_THREADS_PAGE_SIZE);
    expect(first.json.data!.items[0]!.partner.username).toBe(partners.at(-1)!.username);
    const second = await call<ThreadList>(me.token, "GET", "/threads?folder=inbox&page=2");
    expect(second.json.data!.items.map((item) => item.partner.username)).toEqual([partners[0]!.username]);
  });

  it("refuses reading or acting on another member's thread by id", async () => {
    const a = await member();
    const b = await member(USER_TYPE.escort);
    const stranger = await member();
    const sent = await send(a, b);
    const threadId = sent.json.data!.thread_id;
    for (const name of ["hide", "restore", "delete", "read", "unread", "accept", "decline"]) {
      const answer = await action(stranger, threadId, name);
      expect(answer.status, name).toBe(404);
      expect(answer.json.errors![0]!.key).toBe("exception.messenger.thread_not_found");
    }
    expect((await call(stranger.token, "GET", `/threads/${threadId}/mediums`)).status).toBe(404);
    expect((await call(stranger.token, "GET", `/threads/99999999999/mediums`)).status).toBe(404);
    expect((await call(stranger.token, "POST", `/threads/${threadId}/explode`)).status).toBe(404);
    // The stranger's own conversation with a shows nothing of a's thread with b.
    const theirs = await conversation(stranger, a);
    expect(theirs.json.data!.messages).toEqual([]);
    expect((await call(a.token, "GET", "/messages/nobody_here_123")).status).toBe(404);
    expect((await send(a, a)).status).toBe(400);
  });

  it("hides, restores, deletes for me, marks unread; a new message brings a hidden thread back", async () => {
    const a = await member();
    const b = await member(USER_TYPE.escort);
    const sent = await send(a, b);
    const id = sent.json.data!.thread_id;
    expect((await action(b, id, "hide")).json.data).toMatchObject({ folder: "hidden" });
    expect((await threads(b)).json.data!.items).toHaveLength(0);
    expect((await threads(b, "hidden")).json.data!.items).toHaveLength(1);
    expect((await action(b, id, "restore")).json.data).toMatchObject({ folder: "inbox" });
    await action(b, id, "read");
    expect((await action(b, id, "unread")).json.data).toMatchObject({ unread_count: 1 });
    await action(b, id, "hide");
    await send(a, b, "noch da?");
    expect((await threads(b)).json.data!.items.map((t) => t.thread_id)).toEqual([id]);
    expect((await action(b, id, "delete")).json.data).toMatchObject({ folder: "inbox", unread_count: 0 });
    expect((await threads(b)).json.data!.items).toHaveLength(0);
    expect((await conversation(b, a)).json.data!.messages).toEqual([]);
    // The sender's view is untouched.
    expect((await conversation(a, b)).json.data!.messages).toHaveLength(2);
    await send(a, b, "neu");
    expect((await conversation(b, a)).json.data!.messages.map((m) => m.body)).toEqual(["neu"]);
  });

  it("marks read up to the message a live tab has shown (up_to), never beyond the last and never backwards", async () => {
    const a = await member();
    const b = await member(USER_TYPE.escort);
    const first = (await send(a, b, "eins")).json.data!;
    const second = (await send(a, b, "zwei")).json.data!;
    await send(a, b, "drei"); // committed while b's tab shows "zwei": its event is still on its way
    const id = first.thread_id;
    const upTo = (to: number | string) => call<ThreadActionResult>(b.token, "POST", `/threads/${id}/read?up_to=${to}`);
    expect((await upTo(second.message.id)).json.data).toMatchObject({ unread_count: 1 });
    expect((await threads(b)).json.data!.items[0]).toMatchObject({ unread_count: 1 });
    // An older mark does not undo what was read.
    expect((await upTo(first.message.id)).json.data).toMatchObject({ unread_count: 1 });
    // Past the last message is the last message; then everything is read.
    expect((await upTo(2_000_000_000)).json.data).toMatchObject({ unread_count: 0 });
    expect((await upTo(first.message.id)).json.data).toMatchObject({ unread_count: 0 });
    for (const bad of ["0", "-1", "x", "99999999999"]) expect((await upTo(bad)).status, bad).toBe(400);
  });

  it("no thanks ends the other side's messages politely; writing again withdraws it", async () => {
    const client = await member();
    const escort = await member(USER_TYPE.escort);
    const stranger = await member();
    expect((await call(escort.token, "POST", `/no-thanks/${stranger.username}`)).status).toBe(404);
    await send(client, escort);
    const no = await call<SendResult>(escort.token, "POST", `/no-thanks/${client.username}`);
    expect(no.status).toBe(201);
    expect(no.json.data!.message.action_type).toBe(2);
    const refused = await send(client, escort, "Bitte!");
    expect(refused.status).toBe(403);
    expect(refused.json.errors![0]!.key).toBe("exception.messenger.state.no_thanks");
    expect(refused.json.outcome).toBe("conversation_state");
    expect((await conversation(client, escort)).json.data!.state).toBe("no_thanks");
    expect((await conversation(escort, client)).json.data!.state).toBe("sent_no_thanks");
    expect((await send(escort, client, "Doch, gern.")).status).toBe(201);
    expect((await conversation(client, escort)).json.data!.state).toBe("normal");
  });

  it("derives every conversation state in the spec's order and refuses blocking ones with the reason", { timeout: 60_000 }, async () => {
    const me = await member(USER_TYPE.client, { plus: true });
    const cases: Array<[string, (other: Member) => Promise<void>, string]> = [
      ["banned", (o) => setStatus(o, "banned"), "exception.messenger.state.banned"],
      ["user_paused", (o) => setStatus(o, "paused"), "exception.messenger.state.user_paused"],
      ["deactivated", (o) => setStatus(o, "deactivated"), "exception.messenger.state.deactivated"],
      [
        "hidden",
        async (o) => {
          await rt.deps.db.updateTable("profiles").set({ is_visible: 0 }).where("user_id", "=", o.id).execute();
        },
        "exception.messenger.state.hidden",
      ],
      ["blocked_user", (o) => block(me, o), "exception.messenger.state.blocked_user"],
      ["blocked_by_user", (o) => block(o, me), "exception.messenger.state.unavailable"],
      [
        "support",
        async (o) => {
          await rt.deps.db.updateTable("users").set({ user_type: USER_TYPE.team }).where("id", "=", o.id).execute();
        },
        "exception.messenger.state.support",
      ],
    ];
    for (const [state, apply, key] of cases) {
      const other = await member(USER_TYPE.escort);
      expect((await send(me, other, "vorher")).status, state).toBe(201);
      await apply(other);
      const seen = await conversation(me, other);
      expect(seen.json.data!.state, state).toBe(state);
      const refused = await send(me, other);
      expect(refused.status, state).toBe(403);
      expect(refused.json.errors![0]!.key, state).toBe(key);
      expect(seen.json.data!.can_send!.outcome, state).toBe("conversation_state");
      expect([4, 5], state).toContain(
        seen.json.data!.partner.online_status === 0 && state === "support" ? 4 : seen.json.data!.partner.online_status,
      );
    }
    // Both blocks at once: "blocked by you" comes first.
    const both = await member(USER_TYPE.escort);
    await send(me, both);
    await block(me, both);
    await block(both, me);
    expect((await conversation(me, both)).json.data!.state).toBe("blocked_user");
    // A deleted member: the thread stays, the name is gone, sending is refused.
    const gone = await member(USER_TYPE.escort);
    const sent = await send(me, gone);
    await setStatus(gone, "deleted");
    const list = await threads(me);
    const item = list.json.data!.items.find((t) => t.thread_id === sent.json.data!.thread_id)!;
    expect(item.state).toBe("deleted");
    expect(item.partner.username).toBe("");
    expect((await send(me, gone)).status).toBe(404);
  });

  async function setStatus(m: Member, status: "banned" | "paused" | "deactivated" | "deleted") {
    await rt.deps.db.updateTable("users").set({ status }).where("id", "=", m.id).execute();
  }
  async function block(from: Member, to: Member) {
    await rt.deps.db.insertInto("blocks").values({ blocker_id: from.id, blocked_id: to.id, created_at: rt.clock.now() }).execute();
  }

  it("requires a verified e-mail address to send", async () => {
    const a = await member();
    const b = await member(USER_TYPE.escort);
    await rt.deps.db.updateTable("users").set({ email_verified_at: null, email_was_verified: 0 }).where("id", "=", a.id).execute();
    const refused = await send(a, b);
    expect(refused.status).toBe(403);
    expect(refused.json.errors![0]!.key).toBe("exception.email_verification.required");
    expect(refused.json.outcome).toBe("email_verification");
  });

  it("caps first contacts per 24 hours by membership and type, never inside a conversation", { timeout: 60_000 }, async () => {
    const cases: Array<[string, Member, number, boolean]> = [
      ["basic client", await member(), FIRST_CONTACTS_PER_DAY.basic, true],
      ["basic escort", await member(USER_TYPE.escort), FIRST_CONTACTS_PER_DAY.basic, true],
      ["agency", await member(USER_TYPE.business), FIRST_CONTACTS_PER_DAY.business, false],
    ];
    for (const [name, sender, limit, upgrade] of cases) {
      sender.token = String((await login(rt, sender.username, sender.password)).body.access_token);
      const targets: Member[] = [];
      for (let i = 0; i <= limit; i++) targets.push(await quiet(USER_TYPE.client));
      for (let i = 0; i < limit; i++) expect((await send(sender, targets[i]!)).status, name).toBe(201);
      const check = await call<SendCheck>(sender.token, "GET", `/direction/${targets[limit]!.username}`);
      expect(check.json.data, name).toMatchObject({ outcome: "first_contact_limit", upgrade, first_contact: true });
      expect(check.json.data!.dollar_offer).toEqual({ product: "first_contact_unlock", price: 5, currency: "dollar", payable: true });
      const refused = await send(sender, targets[limit]!);
      expect(refused.status, name).toBe(429);
      expect(refused.json.errors![0]!.key, name).toBe("exception.messenger.first_contact_limit");
      expect(refused.json.upgrade, name).toBe(upgrade);
      // Inside an existing conversation: no cap.
      expect((await send(sender, targets[0]!, "weiter")).status, name).toBe(201);
      // 24 hours later the window has room again (a new sign-in: the session window is 24 hours too).
      rt.clock.advance(DAY + 1);
      sender.token = String((await login(rt, sender.username, sender.password)).body.access_token);
      expect((await send(sender, targets[limit]!)).status, name).toBe(201);
    }
    // Plus clients and plus escorts get 50 and 100. Sending that many would run into the overall limit of 60 an
    // hour, so the first contacts of the last 24 hours are written as the send writes them, all but one, then the
    // cap is reached through the API: the last one passes, the next is refused (no upgrade: they are plus already).
    const target = await member(USER_TYPE.escort);
    const plusCases: Array<[string, Member, number]> = [
      ["plus client", await member(USER_TYPE.client, { plus: true }), FIRST_CONTACTS_PER_DAY.plus_client],
      ["plus escort", await member(USER_TYPE.escort, { plus: true }), FIRST_CONTACTS_PER_DAY.plus_escort],
    ];
    for (const [name, sender, limit] of plusCases) {
      const fresh = await call<SendCheck>(sender.token, "GET", `/direction/${target.username}`);
      expect(fresh.json.data!.first_contacts_left, name).toBe(limit);
      const earlier = rt.clock.now() - 23 * 60 * 60 * 1000;
      await rt.deps.db
        .insertInto("messenger_first_contacts")
        .values(
          Array.from({ length: limit - 1 }, () => ({ sender_id: sender.id, recipient_id: target.id, sender_plus: 1, created_at: earlier })),
        )
        .execute();
      const last = await quiet(USER_TYPE.client);
      const oneLeft = await call<SendCheck>(sender.token, "GET", `/direction/${last.username}`);
      expect(oneLeft.json.data, name).toMatchObject({ outcome: "success", first_contacts_left: 1 });
      expect((await send(sender, last)).status, name).toBe(201);
      const refused = await send(sender, await quiet(USER_TYPE.client));
      expect(refused.status, name).toBe(429);
      expect(refused.json.errors![0]!.key, name).toBe("exception.messenger.first_contact_limit");
      expect(refused.json.upgrade, name).toBe(false);
    }
  });

  it("lets only plus clients open a conversation with hot and new escorts", async () => {
    const basic = await member();
    const plus = await member(USER_TYPE.client, { plus: true });
    const agency = await member(USER_TYPE.business);
    const fresh = await member(USER_TYPE.escort, { createdDaysAgo: 3 });
    const refusedNew = await send(basic, fresh);
    expect(refusedNew.status).toBe(403);
    expect(refusedNew.json.errors![0]!.key).toBe("exception.messenger.new_escort");
    expect(refusedNew.json.upgrade).toBe(true);
    expect((await send(agency, fresh)).json.upgrade).toBe(false);
    expect((await send(plus, fresh)).status).toBe(201);
    // Once the conversation exists, the escort is no "first contact" for that client any more.
    expect((await send(fresh, basic, "Hallo")).status).toBe(201);
    expect((await send(basic, fresh, "Hallo zurück")).status).toBe(201);

    const hot = await member(USER_TYPE.escort);
    await rt.deps.db.updateTable("profiles").set({ is_hot: 1 }).where("user_id", "=", hot.id).execute();
    await rt.deps.db
      .updateTable("users")
      .set({ last_active_at: rt.clock.now() - 60_000 })
      .where("id", "=", hot.id)
      .execute();
    const refusedHot = await send(basic, hot);
    expect(refusedHot.status).toBe(403);
    expect(refusedHot.json.errors![0]!.key).toBe("exception.messenger.hot_escort");
    expect((await send(plus, hot)).status).toBe(201);
    // A hot escort not active for 4 hours takes first contacts like any other.
    rt.clock.advance(5 * 60 * 60 * 1000);
    await rt.deps.db.updateTable("users").set({ last_login_at: null }).where("id", "=", hot.id).execute();
    expect((await send(basic, hot)).status).toBe(201);
  });

  it("limits a free client and a free escort inside a conversation; plus lifts it", async () => {
    const client = await member();
    const escort = await member(USER_TYPE.escort);
    await send(client, escort, "eins");
    for (let i = 1; i < FREE_PAIR_MESSAGES_PER_DAY; i++) expect((await send(client, escort, `m${i}`)).status).toBe(201);
    const refused = await send(client, escort, "zu viel");
    expect(refused.status).toBe(429);
    expect(refused.json.errors![0]!.key).toBe(`exception.messenger.free_limit?max=${FREE_PAIR_MESSAGES_PER_DAY}`);
    expect(refused.json.outcome).toBe("free_limit");
    expect(refused.json.upgrade).toBe(true);
    await rt.deps.db
      .updateTable("users")
      .set({ is_member: 1, member_until: rt.clock.now() + DAY })
      .where("id", "=", client.id)
      .execute();
    expect((await send(client, escort, "jetzt plus")).status).toBe(201);
  });

  it("caps every member's messages overall (exception.messenger.overall_message_limit)", async () => {
    const sender = await member(USER_TYPE.client, { plus: true });
    const partner = await member(USER_TYPE.escort, { plus: true });
    for (let i = 0; i < OVERALL_MESSAGE_LIMITS.perHour; i++) expect((await send(sender, partner, `n${i}`)).status).toBe(201);
    const refused = await send(sender, partner, "eine zu viel");
    expect(refused.status).toBe(429);
    expect(refused.json.errors![0]!.key).toBe("exception.messenger.overall_message_limit");
    expect(refused.json.upgrade).toBe(false);
    rt.clock.advance(60 * 60 * 1000 + 1);
    expect((await send(sender, partner, "wieder")).status).toBe(201);
  });

  it("refuses first contacts beyond the recipient's daily overflow from basic members", async () => {
    const popular = await quiet(USER_TYPE.client);
    const now = rt.clock.now();
    const earlier = await quiet();
    await rt.deps.db
      .insertInto("messenger_first_contacts")
      .values(
        Array.from({ length: FIRST_CONTACTS_RECEIVED_PER_DAY }, () => ({
          sender_id: earlier.id,
          recipient_id: popular.id,
          sender_plus: 0,
          created_at: now - 1000,
        })),
      )
      .execute();
    const sender = await member(USER_TYPE.escort);
    const refused = await send(sender, popular);
    expect(refused.status).toBe(403);
    expect(refused.json.errors![0]!.key).toBe("exception.messenger.first_contact_overflow");
    expect(refused.json.upgrade).toBe(true);
    const plus = await member(USER_TYPE.escort, { plus: true });
    expect((await send(plus, popular)).status).toBe(201);
  });

  it(
    "puts first contacts the recipient's filter refuses into the requests folder; the sender reads success",
    { timeout: 60_000 },
    async () => {
      const cases: Array<[string, Record<string, unknown>]> = [
        ["gender", { genders: [2] }],
        ["user_type", { user_types: ["escort"] }],
        ["origin", { countries: ["AT"] }],
        ["age", { age_min: 50 }],
        ["membership_verification", { members_only: true }],
        ["verified", { verified_only: true }],
      ];
      for (const [reason, filter] of cases) {
        const escort = await member(USER_TYPE.escort);
        const client = await member();
        const saved = await rt.request("/api/v2/settings/first_contact_filter", {
          method: "PUT",
          token: escort.token,
          headers: { "content-type": "application/json" },
          body: JSON.stringify(filter),
        });
        expect(saved.status, reason).toBe(200);
        const sent = await send(client, escort);
        expect(sent.status, reason).toBe(201);
        expect(sent.json.data!.outcome).toBe("success");
        expect((await threads(escort)).json.data!.items, reason).toHaveLength(0);
        const requests = await threads(escort, "requests");
        expect(
          requests.json.data!.items.map((t) => t.partner.username),
          reason,
        ).toEqual([client.username]);
        const row = await rt.deps.db
          .selectFrom("messenger_thread_members")
          .select("request_reason")
          .where("member_id", "=", escort.id)
          .executeTakeFirstOrThrow();
        expect(row.request_reason).toBe(reason);
        expect((await call<MessengerUnread>(escort.token, "GET", "/unread")).json.data).toMatchObject({ requests: 1, unread_messages: 0 });
        // The sender's side looks like any conversation.
        expect((await threads(client)).json.data!.items).toHaveLength(1);
        const id = sent.json.data!.thread_id;
        if (reason === "gender") {
          expect((await action(escort, id, "accept")).json.data).toMatchObject({ folder: "inbox" });
          expect((await threads(escort)).json.data!.items).toHaveLength(1);
          expect((await action(escort, id, "accept")).status).toBe(409);
        } else if (reason === "user_type") {
          expect((await action(escort, id, "decline")).json.data).toMatchObject({ folder: null });
          expect((await threads(escort, "requests")).json.data!.items).toHaveLength(0);
          expect((await send(client, escort, "noch einmal")).status).toBe(201);
          expect((await threads(escort, "requests")).json.data!.items).toHaveLength(0);
        } else if (reason === "origin") {
          // Replying accepts.
          expect((await send(escort, client, "Hallo")).status).toBe(201);
          expect((await threads(escort)).json.data!.items).toHaveLength(1);
        }
      }
      // A plus client passes members_only.
      const escort = await member(USER_TYPE.escort);
      await rt.request("/api/v2/settings/first_contact_filter", {
        method: "PUT",
        token: escort.token,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ members_only: true }),
      });
      const plus = await member(USER_TYPE.client, { plus: true });
      await send(plus, escort);
      expect((await threads(escort)).json.data!.items).toHaveLength(1);
    },
  );

  it("sends up to 4 photos, strips their metadata and shows them only to the two members", async () => {
    const a = await member();
    const b = await member(USER_TYPE.escort);
    const stranger = await member();
    const response = await rt.request(`/api/v2/messenger/send/${b.username}/photos`, {
      method: "POST",
      token: a.token,
      body: await photoForm(2),
    });
    expect(response.status).toBe(201);
    const sent = ((await response.json()) as Answer<SendResult>).data!;
    expect(sent.message.photos).toHaveLength(2);
    expect(sent.message.body).toBe("Fotos");
    const image = sent.message.photos[0]!.image;
    expect(image.path).toMatch(/^\/messenger-photo\/[0-9a-f]{32}$/);
    const key = image.path.split("/")[2]!;
    const variant = `${image.widths[0]}.jpg`;
    const mine = await rt.request(`/api/v2/messenger/photos/${key}/${variant}`, { token: b.token });
    expect(mine.status).toBe(200);
    const bytes = Buffer.from(await mine.arrayBuffer());
    expect(bytes.includes(Buffer.from("VeloraCam"))).toBe(false);
    expect((await rt.request(`/api/v2/messenger/photos/${key}/${variant}`, { token: a.token })).status).toBe(200);
    expect((await rt.request(`/api/v2/messenger/photos/${key}/${variant}`, { token: stranger.token })).status).toBe(404);
    expect((await rt.request(`/api/v2/messenger/photos/${key}/${variant}`)).status).toBe(401);
    expect((await rt.request(`/api/v2/messenger/photos/${key}/999.jpg`, { token: a.token })).status).toBe(404);
    const mediums = await call<ThreadMediums>(b.token, "GET", `/threads/${sent.thread_id}/mediums`);
    expect(mediums.json.data!.items).toHaveLength(2);
    // Deleted for b: b no longer reaches the photo; a still does.
    await action(b, sent.thread_id, "delete");
    expect((await rt.request(`/api/v2/messenger/photos/${key}/${variant}`, { token: b.token })).status).toBe(404);
    expect((await rt.request(`/api/v2/messenger/photos/${key}/${variant}`, { token: a.token })).status).toBe(200);

    const five = await rt.request(`/api/v2/messenger/send/${b.username}/photos`, {
      method: "POST",
      token: a.token,
      body: await photoForm(5),
    });
    expect(five.status).toBeGreaterThanOrEqual(400);
    expect(five.status).toBeLessThan(500);
    const small = new FormData();
    small.append("files", new Blob([Buffer.alloc(1000, 1)], { type: "image/jpeg" }), "x.jpg");
    const tooSmall = await rt.request(`/api/v2/messenger/send/${b.username}/photos`, { method: "POST", token: a.token, body: small });
    expect(tooSmall.status).toBe(400);
    expect(((await tooSmall.json()) as Answer<unknown>).errors![0]).toMatchObject({
      key: "validation.image.file_too_small",
      source: "files.0",
    });
    // Text alone through the multipart form is a text message; nothing at all is a field error.
    const textOnly = new FormData();
    textOnly.set("body", "nur Text");
    expect(
      (await rt.request(`/api/v2/messenger/send/${b.username}/photos`, { method: "POST", token: a.token, body: textOnly })).status,
    ).toBe(201);
    const nothing = new FormData();
    nothing.set("body", "  ");
    const empty = await rt.request(`/api/v2/messenger/send/${b.username}/photos`, { method: "POST", token: a.token, body: nothing });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as Answer<unknown>).errors![0]).toMatchObject({ key: "validation.messenger.empty", source: "body" });
  });

  it("takes a text of the full length through the compose form as through JSON, line breaks counted once", async () => {
    const a = await member();
    const b = await member(USER_TYPE.escort);
    const viaForm = (body: string) => {
      const form = new FormData();
      form.set("body", body);
      return rt.request(`/api/v2/messenger/send/${b.username}/photos`, { method: "POST", token: a.token, body: form });
    };
    // 2,000 characters that a textarea's maxlength allows: umlauts (2 bytes each), CJK (3 bytes) and line breaks, which
    // a browser's form sends as CR LF.
    const longest = `${"ä".repeat(1000)}\r\n${"日".repeat(978)}${"\r\nok".repeat(7)}`;
    expect(longest.replace(/\r\n/g, "\n")).toHaveLength(MESSAGE_BODY_MAX);
    const formAnswer = await viaForm(longest);
    expect(formAnswer.status).toBe(201);
    expect(((await formAnswer.json()) as Answer<SendResult>).data!.message.body).toBe(longest.replace(/\r\n/g, "\n"));
    const jsonAnswer = await send(a, b, longest);
    expect(jsonAnswer.status).toBe(201);
    expect(jsonAnswer.json.data!.message.body).toBe(longest.replace(/\r\n/g, "\n"));
    // One more character is the length error at the field, not an unreadable body — also past the form's byte budget.
    for (const tooLong of [`${longest}x`, "日".repeat(MESSAGE_BODY_MAX_FORM_BYTES)]) {
      const refused = await viaForm(tooLong);
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as Answer<unknown>).errors![0]).toMatchObject({
        key: `validation.messenger.body_too_long?max=${MESSAGE_BODY_MAX}`,
        source: "body",
      });
    }
  });

  it("lets the recipient report a message, nobody else", async () => {
    const a = await member();
    const b = await member(USER_TYPE.escort);
    const stranger = await member();
    const sent = await send(a, b, "etwas Unangenehmes");
    const report = (token: string) =>
      rt.request("/api/v2/reports", {
        method: "POST",
        token,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ kind: "message", object_id: sent.json.data!.message.id, type: "spam", good_faith: true }),
      });
    expect((await report(stranger.token)).status).toBe(404);
    expect((await report(a.token)).status).toBe(404);
    expect((await report(b.token)).status).toBe(202);
    const row = await rt.deps.db
      .selectFrom("reports")
      .select(["target_user_id", "object_kind"])
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ target_user_id: a.id, object_kind: "message" });
  });

  it("mails an unread message after the delay, once per conversation and day, and honours the setting", async () => {
    const a = await member();
    const b = await member(USER_TYPE.escort);
    const c = await member(USER_TYPE.escort);
    const outbox = async (to: string) =>
      (await rt.deps.db.selectFrom("mail_outbox").select(["recipient", "template"]).where("recipient", "=", to).execute()).filter(
        (m) => m.template === "messenger_unread",
      );
    await send(a, b, "Hallo b");
    await rt.jobs.runDue();
    expect(await outbox(b.email)).toHaveLength(0);
    rt.clock.advance(UNREAD_MAIL_DELAY_MS + 1);
    await rt.jobs.runDue();
    expect(await outbox(b.email)).toHaveLength(1);
    await send(a, b, "noch eine");
    rt.clock.advance(UNREAD_MAIL_DELAY_MS + 1);
    await rt.jobs.runDue();
    expect(await outbox(b.email)).toHaveLength(1);
    // Read before the delay: no mail. Switched off: no mail.
    const sent = await send(a, c, "Hallo c");
    await action(c, sent.json.data!.thread_id, "read");
    rt.clock.advance(UNREAD_MAIL_DELAY_MS + 1);
    await rt.jobs.runDue();
    expect(await outbox(c.email)).toHaveLength(0);
    await rt.request("/api/v2/settings/notifications", {
      method: "PUT",
      token: c.token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ messages: { push: true } }),
    });
    rt.clock.advance(DAY);
    a.token = String((await login(rt, a.username, a.password)).body.access_token);
    expect((await send(a, c, "wieder")).status).toBe(201);
    rt.clock.advance(UNREAD_MAIL_DELAY_MS + 1);
    await rt.jobs.runDue();
    expect(await outbox(c.email)).toHaveLength(0);
  });

  it("completes usernames the member may write to; boosts own messages only, not payable yet", async () => {
    const a = await member();
    const b = await member(USER_TYPE.escort);
    const blocked = await member(USER_TYPE.escort);
    await block(blocked, a);
    const prefix = b.username.slice(0, 6);
    const found = await call<MessengerAutocomplete>(a.token, "GET", `/autocomplete?q=${encodeURIComponent(prefix)}`);
    expect(found.status).toBe(200);
    const names = found.json.data!.items.map((i) => i.username);
    expect(names).not.toContain(blocked.username);
    expect(names).not.toContain(a.username);
    expect(
      (await call<MessengerAutocomplete>(a.token, "GET", `/autocomplete?q=${encodeURIComponent(b.username)}`)).json.data!.items[0]!
        .username,
    ).toBe(b.username);
    expect((await call(a.token, "GET", "/autocomplete?q=%25%25")).json.data).toEqual({ items: [] });
    // A boost lifts one of the member's own messages, paid with the wallet (an empty one: 402); anything else is 404.
    const sent = (await send(a, b, "Heb mich hervor")).json.data!;
    const key = { key: `boost-${TEST_DB}-${sent.message.id}` };
    const boost = await call(a.token, "POST", `/boost/${sent.message.id}`, key);
    expect(boost.status).toBe(402);
    expect(boost.json.errors![0]).toMatchObject({ key: INSUFFICIENT_DOLLARS_KEY, params: { product: "boost", price: 5, balance: 0 } });
    expect((await call(a.token, "POST", `/boost/${sent.message.id}`)).status).toBe(400);
    for (const [who, id] of [
      [b, String(sent.message.id)], // the recipient: another member's message
      [a, "abc"],
      [a, "0"],
      [a, String(sent.message.id + 1000)],
    ] as const) {
      const refused = await call(who.token, "POST", `/boost/${id}`, key);
      expect(refused.status, `${who.username} boosts ${id}`).toBe(404);
      expect(refused.json.errors![0]!.key).toBe("exception.messenger.message_not_found");
    }
    await action(a, sent.thread_id, "delete");
    expect((await call(a.token, "POST", `/boost/${sent.message.id}`, key)).status).toBe(404);
  });

  it("exports the member's messages as far as their own view reaches", async () => {
    const a = await member();
    const b = await member(USER_TYPE.escort);
    await send(a, b, "erste");
    const sent = await send(b, a, "zweite");
    await action(a, sent.json.data!.thread_id, "delete");
    await send(a, b, "dritte");
    const zip = await buildExportArchive(rt.deps.db, {} as MediaStorage, { userId: a.id, readme: "x", now: rt.clock.now() });
    const entries = await unzip(zip);
    const messages = JSON.parse(entries.get("messages.json")!.toString("utf8")) as {
      messages: Array<{ body: string; direction: string; other: string }>;
    };
    expect(messages.messages.map((m) => [m.body, m.direction, m.other])).toEqual([["dritte", "sent", b.username]]);
    const theirs = await unzip(
      await buildExportArchive(rt.deps.db, {} as MediaStorage, { userId: b.id, readme: "x", now: rt.clock.now() }),
    );
    expect(JSON.parse(theirs.get("messages.json")!.toString("utf8")).messages).toHaveLength(3);
  });

  it("answers any body, content type or query with a 4xx, never a 5xx", async () => {
    const a = await member();
    const b = await member(USER_TYPE.escort);
    const bodies: Array<[string, BodyInit]> = [
      ["application/json", ""],
      ["application/json", "null"],
      ["application/json", "[]"],
      ["application/json", "{"],
      ["application/json", '{"body":123}'],
      ["application/json", `{"body":"${"x".repeat(2001)}"}`],
      ["application/json", '{"body":"   "}'],
      ["text/plain", "hallo"],
      ["multipart/form-data; boundary=x", '--x\r\nContent-Disposition: form-data; name="files"\r\n\r\nhi'],
    ];
    for (const path of [`/send/${b.username}`, `/send/${b.username}/photos`]) {
      for (const [type, body] of bodies) {
        const response = await rt.request(`/api/v2/messenger${path}`, {
          method: "POST",
          token: a.token,
          headers: { "content-type": type },
          body,
        });
        expect(response.status, `${path} ${type} ${String(body).slice(0, 20)}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${path} ${type}`).toBeLessThan(500);
      }
    }
    for (const query of ["?folder=trash", "?page=0", "?page=x", "?extra=1"])
      expect((await call(a.token, "GET", `/threads${query}`)).status).toBe(400);
    for (const query of ["?before_id=-1", "?after_id=abc", "?before_id=99999999999"])
      expect((await conversation(a, b, query)).status).toBe(400);
    expect((await rt.request(`/api/v2/messenger/threads`)).status).toBe(401);
  });
});
