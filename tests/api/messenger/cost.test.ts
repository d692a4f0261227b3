/**
 * What a send and a resync cost in SQL round trips (issue 12's scale bar; ADR 048). The counts include the request's
 * authentication and BEGIN/COMMIT: every statement the API runs for one request. Bounds, not exact numbers, so a
 * harmless extra query in the auth layer does not break the suite; a contact-rule read per message sneaking back
 * into the resync does.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Conversation, SendResult } from "#server/contract/messenger";
import { USER_TYPE } from "#server/contract/users";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { plusMember } from "./fixtures";
import { callJson } from "../../helpers/api-call";

describe(`messenger cost in queries (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let recording: string[] | null = null;
  beforeAll(async () => {
    rt = await createTestRuntime({ onQuery: (sql) => recording?.push(sql) });
  });
  afterAll(() => rt.close());

  const member = (userType: number) => plusMember(rt, userType);

  async function counted<T>(run: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
    recording = [];
    try {
      const result = await run();
      return { result, queries: recording };
    } finally {
      recording = null;
    }
  }

  function call<T>(token: string, method: string, path: string, body?: unknown) {
    return callJson<{ data?: T }>(rt, token, method, `/api/v2/messenger${path}`, body);
  }

  it("a send inside an existing conversation, its resync and a page load stay within their round trips", async () => {
    const client = await member(USER_TYPE.client);
    const escort = await member(USER_TYPE.escort);
    // The conversation exists (the bench's setup): no first contact.
    expect((await call<SendResult>(client.token, "POST", `/send/${escort.username}`, { body: "Hallo" })).status).toBe(201);
    expect((await call<SendResult>(escort.token, "POST", `/send/${client.username}`, { body: "Hi" })).status).toBe(201);
    rt.clock.advance(2 * 60_000);

    const send = await counted(() => call<SendResult>(client.token, "POST", `/send/${escort.username}`, { body: "Wie geht's?" }));
    expect(send.result.status).toBe(201);
    const messageId = send.result.json.data!.message.id;

    const resync = await counted(() => call<Conversation>(escort.token, "GET", `/messages/${client.username}?after_id=${messageId - 1}`));
    expect(resync.result.status).toBe(200);
    expect(resync.result.json.data!.messages.map((m) => m.id)).toEqual([messageId]);

    const page = await counted(() => call<Conversation>(escort.token, "GET", `/messages/${client.username}`));
    expect(page.result.status).toBe(200);

    const report = { send: send.queries.length, resync: resync.queries.length, page: page.queries.length };
    if (process.env.SHOW_QUERIES)
      console.info(JSON.stringify({ report, send: send.queries, resync: resync.queries, page: page.queries }, null, 1));
    console.info(`messenger cost (${TEST_DB}): ${JSON.stringify(report)}`);
    // Before ADR 048 (PostgreSQL): send 27, resync 14, page 14; after it 16 / 6 / 5. Since ADR 052 a send is 13 on
    // both dialects: auth, partner, BEGIN, the locks (pair lock and the sender's activity update in one statement),
    // the pair read (with the recipient's notification choices), message, thread, both views in one update, the read
    // mark, notification, push and mail jobs, COMMIT. The recipient's resync is no longer part of a message (the
    // socket event carries it); it stays bounded for reconnects and gaps.
    expect(report.send).toBeLessThanOrEqual(13);
    // A resync: auth, partner, the pair read, avatar, the page of messages, at most one activity write.
    expect(report.resync).toBeLessThanOrEqual(6);
    expect(report.page).toBeLessThanOrEqual(7);
    // The contact rules' counts never run on a resync; the page reads them inside the pair read, not apart.
    expect(resync.queries.filter((q) => /count\(\*\)/i.test(q))).toEqual([]);
    expect(page.queries.filter((q) => /^select count\(\*\)/i.test(q))).toEqual([]);
  });
});
