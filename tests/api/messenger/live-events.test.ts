/**
 * The message events on /ws (ADR 052): each member of the conversation gets the committed message exactly as their
 * own conversation GET shows it (their `mine`, the photo paths they may fetch) with the id of the message before it;
 * every open tab of both; nobody else, not even a member of another conversation of the sender's.
 */
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Conversation, Message, SendResult } from "#server/contract/messenger";
import type { RealtimeEvent, ServerFrame } from "#server/contract/realtime";
import { USER_TYPE } from "#server/contract/users";
import type { RealtimeHub } from "#server/realtime/ws";
import { jpeg } from "../../helpers/images";
import { login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { connectClient, startHub, stopHub, type TestClient } from "../../helpers/ws";
import { createMessengerRuntime, plusMember } from "./fixtures";

type MessageEvent = Extract<RealtimeEvent, { type: "message" }>;
type Member = Awaited<ReturnType<typeof plusMember>>;

describe(`messenger message events (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let close: () => Promise<void>;
  let hub: { hub: RealtimeHub; server: Server; base: string };
  const tabs: TestClient[] = [];

  beforeAll(async () => {
    ({ rt, close } = await createMessengerRuntime());
    hub = await startHub({ db: rt.deps.db, clock: rt.clock, bus: rt.deps.bus, presence: rt.deps.presence, api: rt.deps });
  });
  afterAll(async () => {
    for (const tab of tabs) tab.ws.terminate();
    await stopHub(hub);
    await close();
  });

  async function open(member: Member): Promise<TestClient> {
    const tab = await connectClient(hub.base, member.token);
    tabs.push(tab);
    return tab;
  }
  async function send(from: Member, to: Member, body: string, clientKey?: string): Promise<SendResult> {
    const response = await rt.request(`/api/v2/messenger/send/${to.username}${clientKey ? `?client_key=${clientKey}` : ""}`, {
      method: "POST",
      token: from.token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ body }),
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: SendResult }).data;
  }
  async function sendPhoto(from: Member, to: Member, body: string): Promise<SendResult> {
    const form = new FormData();
    form.set("body", body);
    form.append("files", new Blob([new Uint8Array(await jpeg(320, 240))], { type: "image/jpeg" }), "p.jpg");
    const response = await rt.request(`/api/v2/messenger/send/${to.username}/photos`, { method: "POST", token: from.token, body: form });
    expect(response.status).toBe(201);
    return ((await response.json()) as { data: SendResult }).data;
  }
  async function shownTo(viewer: Member, other: Member, id: number): Promise<Message> {
    const response = await rt.request(`/api/v2/messenger/messages/${other.username}`, { token: viewer.token });
    const shown = ((await response.json()) as { data: Conversation }).data.messages.find((m) => m.id === id);
    expect(shown).toBeDefined();
    return shown!;
  }
  const messageEvent = (id: number) => (frame: ServerFrame) =>
    frame.type === "event" && frame.event.type === "message" && frame.event.message.id === id;
  const eventIn = async (tab: TestClient, id: number) => ((await tab.next(messageEvent(id))) as { event: MessageEvent }).event;

  it("gives each member their own copy as their GET shows it, with the message before it, and a third member nothing", async () => {
    const anna = await plusMember(rt, USER_TYPE.client);
    const ben = await plusMember(rt, USER_TYPE.escort);
    const carl = await plusMember(rt, USER_TYPE.escort);
    // Carl has a conversation with Anna too.
    const toCarl = await send(anna, carl, "Hallo Carl");
    const annaTabs = [await open(anna), await open(anna)];
    const benTab = await open(ben);
    const carlTab = await open(carl);

    /** Both sides' events of a send, each compared with that member's GET right after it (before anyone answers). */
    async function expectEvents(
      sent: SendResult,
      sender: Member,
      senderTabs: TestClient[],
      recipient: Member,
      recipientTab: TestClient,
      prev: number,
    ) {
      const id = sent.message.id;
      const received = await eventIn(recipientTab, id);
      expect(received.prev_id).toBe(prev);
      expect(received.message).toEqual(await shownTo(recipient, sender, id));
      expect(received.message.mine).toBe(false);
      for (const tab of senderTabs) {
        const own = await eventIn(tab, id);
        expect(own.prev_id).toBe(prev);
        expect(own.message).toEqual(await shownTo(sender, recipient, id));
        expect(own.message).toEqual(sent.message);
      }
    }
    const first = await send(anna, ben, "Hallo Ben, geheim", "annas-key-0001");
    await expectEvents(first, anna, annaTabs, ben, benTab, 0);
    // The send's key travels to the sender's own tabs only (their optimistic copy), never to the recipient.
    expect((await eventIn(annaTabs[1]!, first.message.id)).message.client_key).toBe("annas-key-0001");
    expect((await eventIn(benTab, first.message.id)).message.client_key).toBeNull();
    expect(JSON.stringify(benTab.frames)).not.toContain("annas-key-0001");
    const photo = await sendPhoto(ben, anna, "Ein Foto, geheim");
    expect(photo.message.photos).toHaveLength(1);
    await expectEvents(photo, ben, [benTab], anna, annaTabs[0]!, first.message.id);
    // Anna's second tab got Ben's photo message too, with the path Anna's GET shows (and the API serves her).
    const inSecondTab = await eventIn(annaTabs[1]!, photo.message.id);
    const path = inSecondTab.message.photos[0]!.image.path;
    const variant = `${inSecondTab.message.photos[0]!.image.widths[0]}.jpg`;
    const served = await rt.request(`/api/v2/messenger/photos/${path.split("/")[2]}/${variant}`, { token: anna.token });
    expect(served.status).toBe(200);

    // An event to Carl alone after both proves that theirs had time to reach him, had they been routed there.
    await rt.deps.bus.publish({ to: [carl.id], event: { type: "ping", at: 52 } });
    await carlTab.next((f) => f.type === "event" && f.event.type === "ping" && f.event.at === 52);
    const carlSaw = JSON.stringify(carlTab.frames);
    expect(carlTab.frames.filter((f) => f.type === "event" && f.event.type === "message")).toEqual([]);
    expect(carlSaw).not.toContain("geheim");
    expect(carlSaw).not.toContain(path);
    // Carl's own conversation with Anna names its own predecessor chain: the next message there follows toCarl.
    const again = await send(anna, carl, "Noch einmal");
    expect((await eventIn(carlTab, again.message.id)).prev_id).toBe(toCarl.message.id);
  });

  it("chains prev_id without a hole or a repeat when both members send at once (the client store's contiguity rests on it)", async () => {
    const anna = await plusMember(rt, USER_TYPE.client);
    const ben = await plusMember(rt, USER_TYPE.escort);
    const annaTab = await open(anna);
    const sends = [0, 1, 2, 3, 4, 5].map((i) => (i % 2 === 0 ? send(anna, ben, `a${i}`) : send(ben, anna, `b${i}`)));
    const ids = (await Promise.all(sends)).map((sent) => sent.message.id).sort((a, b) => a - b);
    const events = await Promise.all(ids.map((id) => eventIn(annaTab, id)));
    // Commit order is id order within a conversation, so each event names exactly the message before it.
    expect(events.map((event) => event.prev_id)).toEqual([0, ...ids.slice(0, -1)]);
  });
});

// A socket outlives the handshake that checked its token; since the event carries the text, the hub closes the
// sockets of ended sessions (logout here; a new password, a ban and the 24-hour window end them the same way).
describe(`a socket lives only as long as its session (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let close: () => Promise<void>;
  let hub: { hub: RealtimeHub; server: Server; base: string };

  beforeAll(async () => {
    ({ rt, close } = await createMessengerRuntime());
    const deps = { db: rt.deps.db, clock: rt.clock, bus: rt.deps.bus, presence: rt.deps.presence, api: rt.deps };
    hub = await startHub({ ...deps, limits: { sessionCheckMs: 50 } });
  });
  afterAll(async () => {
    await stopHub(hub);
    await close();
  });

  it("closes the tab of a session that logged out and it receives no message after that; the other session's tab stays", async () => {
    const anna = await plusMember(rt, USER_TYPE.client);
    const ben = await plusMember(rt, USER_TYPE.escort);
    const otherSession = String((await login(rt, ben.username, ben.password)).body.access_token);
    const leaving = await connectClient(hub.base, ben.token);
    const staying = await connectClient(hub.base, otherSession);

    const loggedOut = await rt.request("/api/v2/user/logout", { method: "POST", token: ben.token });
    expect(loggedOut.status).toBe(200);
    expect((await leaving.closed).code).toBe(1008);

    const response = await rt.request(`/api/v2/messenger/send/${ben.username}`, {
      method: "POST",
      token: anna.token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ body: "nur für offene Sitzungen" }),
    });
    expect(response.status).toBe(201);
    const arrived = await staying.next((frame) => frame.type === "event" && frame.event.type === "message");
    expect(JSON.stringify(arrived)).toContain("nur für offene Sitzungen");
    expect(JSON.stringify(leaving.frames)).not.toContain("nur für offene Sitzungen");
    staying.ws.terminate();
  });
});
