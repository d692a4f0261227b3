/**
 * A send's idempotency key (ADR 048): a retried send with the same client_key answers the stored message instead of
 * writing a second copy; keys are per sender; a key with other content is refused; a photo retry costs no image work.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { Conversation, SendResult } from "#server/contract/messenger";
import type { RealtimeEnvelope } from "#server/contract/realtime";
import { USER_TYPE } from "#server/contract/users";
import { filesUnder } from "../../helpers/files";
import { jpeg } from "../../helpers/images";
import { TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { createMessengerRuntime, plusMember } from "./fixtures";

type Answer<T> = { data?: T; errors?: Array<{ key: string; source?: string }> };

describe(`messenger client keys (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ rt, close } = await createMessengerRuntime());
  });
  afterAll(() => close());

  const member = (userType: number) => plusMember(rt, userType);
  type Member = Awaited<ReturnType<typeof member>>;

  async function send(from: Member, to: Member, body: string, key?: string) {
    const query = key === undefined ? "" : `?client_key=${encodeURIComponent(key)}`;
    const response = await rt.request(`/api/v2/messenger/send/${to.username}${query}`, {
      method: "POST",
      token: from.token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ body }),
    });
    return { status: response.status, json: (await response.json()) as Answer<SendResult> };
  }
  const mediaDir = () => (rt.deps.config as { mediaDir: string }).mediaDir;
  const stored = (senderId: number) =>
    rt.deps.db
      .selectFrom("messenger_messages")
      .select(["id", "body", "client_key"])
      .where("sender_id", "=", senderId)
      .orderBy("id")
      .execute();

  it("answers a retried send with the stored message: one message, the same id, one notification", async () => {
    const client = await member(USER_TYPE.client);
    const escort = await member(USER_TYPE.escort);
    const key = randomUUID();
    const first = await send(client, escort, "Hallo, hast du Zeit?", key);
    expect(first.status).toBe(201);
    // The bus delivers after the current turn: let the first send's hints pass before listening.
    const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
    await settle();
    const events: RealtimeEnvelope[] = [];
    const stop = rt.deps.bus.subscribe((e) => events.push(e));
    const again = await send(client, escort, "Hallo, hast du Zeit?", key);
    await settle();
    stop();
    expect(again.status).toBe(201);
    expect(again.json.data!.message.id).toBe(first.json.data!.message.id);
    expect(again.json.data!.message).toEqual(first.json.data!.message);
    expect(await stored(client.id)).toEqual([{ id: first.json.data!.message.id, body: "Hallo, hast du Zeit?", client_key: key }]);
    // The retry wrote nothing: the recipient's unread count is one and no second notification exists.
    const view = await rt.deps.db
      .selectFrom("messenger_thread_members")
      .select("unread_count")
      .where("member_id", "=", escort.id)
      .executeTakeFirstOrThrow();
    expect(view.unread_count).toBe(1);
    expect(events.filter((e) => e.event.type === "notification")).toEqual([]);
    // A new key is a new message; no key at all stays possible (older clients).
    expect((await send(client, escort, "Hallo, hast du Zeit?", randomUUID())).status).toBe(201);
    expect((await send(client, escort, "Noch eine Frage")).status).toBe(201);
    expect(await stored(client.id)).toHaveLength(3);
  });

  it("keeps keys per sender: another member's same key is an independent message; the same key to someone else is 409", async () => {
    const a = await member(USER_TYPE.client);
    const b = await member(USER_TYPE.escort);
    const c = await member(USER_TYPE.client);
    const key = randomUUID();
    const fromA = await send(a, b, "von A", key);
    const fromC = await send(c, b, "von C", key);
    expect(fromA.status).toBe(201);
    expect(fromC.status).toBe(201);
    expect(fromC.json.data!.message.id).not.toBe(fromA.json.data!.message.id);
    const thread = await rt.request(`/api/v2/messenger/messages/${c.username}`, { token: b.token });
    expect(((await thread.json()) as Answer<Conversation>).data!.messages.map((m) => m.body)).toEqual(["von C"]);
    // b answering a with a's key is b's own key space: fine.
    expect((await send(b, a, "Antwort", key)).status).toBe(201);
    const elsewhere = await send(a, c, "an C", key);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.json.errors![0]!.key).toBe("exception.messenger.client_key_reused");
    expect(await stored(a.id)).toHaveLength(1);
  });

  it("refuses a malformed key with a 400, not a 5xx", async () => {
    const a = await member(USER_TYPE.client);
    const b = await member(USER_TYPE.escort);
    for (const key of ["short", "x".repeat(65), "mit leerzeichen 123", "a/b/c/d/e/f"]) {
      const answer = await send(a, b, "Hallo", key);
      expect(answer.status, key).toBe(400);
    }
    expect(await stored(a.id)).toEqual([]);
  });

  it("answers a retried photo send from its key without image work, and refuses the key with other content", async () => {
    const a = await member(USER_TYPE.client);
    const b = await member(USER_TYPE.escort);
    const key = randomUUID();
    const form = async (text: string, photos: number) => {
      const body = new FormData();
      body.set("body", text);
      for (let i = 0; i < photos; i++)
        body.append("files", new Blob([new Uint8Array(await jpeg(400, 300))], { type: "image/jpeg" }), `p${i}.jpg`);
      return body;
    };
    const post = async (body: FormData) => {
      const response = await rt.request(`/api/v2/messenger/send/${b.username}/photos?client_key=${key}`, {
        method: "POST",
        token: a.token,
        body,
      });
      return { status: response.status, json: (await response.json()) as Answer<SendResult> };
    };
    const first = await post(await form("Ein Foto", 1));
    expect(first.status).toBe(201);
    expect(first.json.data!.message.photos).toHaveLength(1);
    const filesAfterFirst = filesUnder(mediaDir());
    const again = await post(await form("Ein Foto", 1));
    expect(again.status).toBe(201);
    expect(again.json.data!.message).toEqual(first.json.data!.message);
    expect(filesUnder(mediaDir()), "the retry rendered and stored no photos").toEqual(filesAfterFirst);
    // The same key with another text or another number of photos is not a retry (an edited form posted again).
    for (const [text, photos] of [
      ["Ein anderes Foto", 1],
      ["Ein Foto", 2],
      ["Ein Foto", 0],
    ] as const) {
      const other = await post(await form(text, photos));
      expect(other.status, `${text} / ${photos}`).toBe(409);
      expect(other.json.errors![0]!.key).toBe("exception.messenger.client_key_reused");
    }
    expect(await stored(a.id)).toHaveLength(1);
    expect(filesUnder(mediaDir())).toEqual(filesAfterFirst);
  });

  it("two tries of one key at once store one message and leave no photos of the other behind", async () => {
    const a = await member(USER_TYPE.client);
    const b = await member(USER_TYPE.escort);
    const key = randomUUID();
    const before = filesUnder(mediaDir());
    const post = async () => {
      const body = new FormData();
      body.set("body", "Doppelt getippt");
      body.append("files", new Blob([new Uint8Array(await jpeg(400, 300))], { type: "image/jpeg" }), "p.jpg");
      const response = await rt.request(`/api/v2/messenger/send/${b.username}/photos?client_key=${key}`, {
        method: "POST",
        token: a.token,
        body,
      });
      return { status: response.status, json: (await response.json()) as Answer<SendResult> };
    };
    const [one, two] = await Promise.all([post(), post()]);
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(two.json.data!.message.id).toBe(one.json.data!.message.id);
    expect(await stored(a.id)).toHaveLength(1);
    // Only the stored message's photo files are new on disk.
    const rows = await rt.deps.db
      .selectFrom("messenger_photos")
      .select("storage_key")
      .where("message_id", "=", one.json.data!.message.id)
      .execute();
    expect(rows).toHaveLength(1);
    const added = filesUnder(mediaDir()).filter((file) => !before.includes(file));
    expect(added.length).toBeGreaterThan(0);
    expect(
      added.every((file) => file.includes(rows[0]!.storage_key)),
      added.join(", "),
    ).toBe(true);
  });

  it("a resync (after_id) answers can_send null; the page answers it", async () => {
    const a = await member(USER_TYPE.client);
    const b = await member(USER_TYPE.escort);
    const sent = await send(a, b, "Hallo");
    const get = async (query: string) =>
      ((await (await rt.request(`/api/v2/messenger/messages/${a.username}${query}`, { token: b.token })).json()) as Answer<Conversation>)
        .data!;
    const page = await get("");
    expect(page.can_send?.outcome).toBe("success");
    const resync = await get(`?after_id=${sent.json.data!.message.id - 1}`);
    expect(resync.can_send).toBeNull();
    expect(resync.messages.map((m) => m.body)).toEqual(["Hallo"]);
  });
});
