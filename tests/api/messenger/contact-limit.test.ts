/**
 * GET /user/contact-limit (issue 32 item 8, ADR 135): the viewer's own first contacts in the rolling 24 hours, counted
 * by the rule that refuses the next one (rules.ts firstContactAllowance, used by decideSend), and when the next frees.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIRST_CONTACTS_PER_DAY } from "#server/contract/messenger";
import type { ContactLimit } from "#server/contract/messenger-contact-limit";
import { USER_TYPE } from "#server/contract/users";
import { callJson } from "../../helpers/api-call";
import { signIn, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { createMessengerRuntime, listedMember } from "./fixtures";

interface Answer<T> {
  data?: T;
  errors?: Array<{ key: string }>;
}

describe(`contact limit (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ rt, close } = await createMessengerRuntime());
  });
  afterAll(() => close());

  const limitOf = (token: string | undefined) => callJson<Answer<ContactLimit>>(rt, token, "GET", "/api/v2/user/contact-limit");
  const send = (token: string, username: string) =>
    callJson<Answer<unknown>>(rt, token, "POST", `/api/v2/messenger/send/${username}`, { body: "Hallo, hast du Zeit?" });

  it("counts a basic client's first contacts down, says when the next frees, and agrees with the send's refusal", async () => {
    const client = await listedMember(rt, USER_TYPE.client);
    expect((await limitOf(client.token)).json.data).toEqual({
      limit: FIRST_CONTACTS_PER_DAY.basic,
      used: 0,
      left: FIRST_CONTACTS_PER_DAY.basic,
      next_free_at: null,
    });
    const firstAt = rt.clock.now();
    const escorts = [];
    for (let i = 0; i <= FIRST_CONTACTS_PER_DAY.basic; i += 1) escorts.push(await listedMember(rt, USER_TYPE.escort));
    for (const escort of escorts.slice(0, FIRST_CONTACTS_PER_DAY.basic)) {
      expect((await send(client.token, escort.username)).status).toBeLessThan(300);
      rt.clock.advance(60_000);
    }
    const used = await limitOf(client.token);
    expect(used.json.data).toEqual({
      limit: FIRST_CONTACTS_PER_DAY.basic,
      used: FIRST_CONTACTS_PER_DAY.basic,
      left: 0,
      next_free_at: firstAt + 86_400_000,
    });
    // The rule agrees: no fourth first contact today.
    const refused = await send(client.token, escorts.at(-1)!.username);
    expect(refused.status).toBe(429);
    // Once the oldest leaves the window one is free again.
    rt.clock.set(firstAt + 86_400_000 + 1);
    // A new sign-in: the old token's 24-hour window has passed with the clock.
    const again = await signIn(rt, client);
    expect((await limitOf(again.token)).json.data).toMatchObject({ used: FIRST_CONTACTS_PER_DAY.basic - 1, left: 1 });
  });

  it("gives a plus client the plus allowance, answers only the viewer's own, and refuses guests", async () => {
    const plus = await listedMember(rt, USER_TYPE.client, { plus: true });
    expect((await limitOf(plus.token)).json.data).toMatchObject({ limit: FIRST_CONTACTS_PER_DAY.plus_client, used: 0 });
    // Another member's id in the query changes nothing: the answer is always the caller's.
    const other = await listedMember(rt, USER_TYPE.client);
    const probe = await callJson<Answer<ContactLimit>>(rt, other.token, "GET", `/api/v2/user/contact-limit?user_id=${plus.id}`);
    expect(probe.status).toBeLessThan(500);
    if (probe.status === 200) expect(probe.json.data!.limit).toBe(FIRST_CONTACTS_PER_DAY.basic);
    expect((await limitOf(undefined)).status).toBe(401);
  });
});
