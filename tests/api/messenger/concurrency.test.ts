/**
 * Two members writing each other their first message at the same moment (PostgreSQL runs both transactions at
 * once; SQLite one after the other): both are stored in one thread, each view exists once, the ids keep the
 * order in which they committed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Conversation, SendResult } from "#server/contract/messenger";
import { USER_TYPE } from "#server/contract/users";
import { TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { createMessengerRuntime, plusMember } from "./fixtures";

type Answer<T> = { data?: T; errors?: Array<{ key: string }> };

describe(`messenger under concurrency (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ rt, close } = await createMessengerRuntime());
  });
  afterAll(() => close());

  async function send(token: string, to: string, body: string) {
    const response = await rt.request(`/api/v2/messenger/send/${to}`, {
      method: "POST",
      token,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ body }),
    });
    return { status: response.status, json: (await response.json()) as Answer<SendResult> };
  }

  it("two first messages at once, one each way: both stored in one thread, no error", async () => {
    for (let round = 0; round < 6; round++) {
      const a = await plusMember(rt, USER_TYPE.client);
      const b = await plusMember(rt, USER_TYPE.escort);
      const [fromA, fromB] = await Promise.all([send(a.token, b.username, "Hallo B"), send(b.token, a.username, "Hallo A")]);
      expect([fromA.status, fromB.status], JSON.stringify([fromA.json.errors, fromB.json.errors])).toEqual([201, 201]);
      expect(fromA.json.data!.thread_id).toBe(fromB.json.data!.thread_id);
      const views = await rt.deps.db
        .selectFrom("messenger_thread_members")
        .select(["member_id", "unread_count"])
        .where("thread_id", "=", fromA.json.data!.thread_id)
        .orderBy("member_id")
        .execute();
      expect(views.map((view) => view.member_id)).toEqual([a.id, b.id].sort((x, y) => x - y));
      // Each wrote after the other's message arrived or before: each has at most the one message of the other unread.
      expect(views.every((view) => view.unread_count <= 1)).toBe(true);
      const page = (await (
        await rt.request(`/api/v2/messenger/messages/${b.username}`, { token: a.token })
      ).json()) as Answer<Conversation>;
      expect(page.data!.messages.map((m) => m.body).sort()).toEqual(["Hallo A", "Hallo B"]);
    }
  });
});
