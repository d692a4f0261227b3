/**
 * GET /messenger/contact/{username} (issue 25 item 1, ADR 068): the contact rules answered before anyone writes — for a
 * member as a send would meet them, for a guest as a new free client would — with the rule, its message and what the
 * viewer can do instead (the search tiles' line: tests/api/search/contact-rule-tiles.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ContactOutlook } from "#server/contract/messenger";
import { USER_TYPE } from "#server/contract/users";
import { callJson } from "../../helpers/api-call";
import { TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { createMessengerRuntime, listedMember } from "./fixtures";

interface Answer<T> {
  data?: T;
  errors?: Array<{ key: string }>;
}
type Member = Awaited<ReturnType<typeof listedMember>>;

describe(`contact outlook (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ rt, close } = await createMessengerRuntime());
  });
  afterAll(() => close());

  const member = (userType: number = USER_TYPE.client, options: { plus?: boolean; createdDaysAgo?: number } = {}): Promise<Member> =>
    listedMember(rt, userType, options);

  const outlook = (token: string | undefined, username: string) =>
    callJson<Answer<ContactOutlook>>(rt, token, "GET", `/api/v2/messenger/contact/${username}`);

  it("tells a guest that a new escort takes first messages from plus members only, and what they can do instead", async () => {
    const fresh = await member(USER_TYPE.escort, { createdDaysAgo: 3 });
    const answer = await outlook(undefined, fresh.username);
    expect(answer.status).toBe(200);
    expect(answer.json.data).toEqual({
      for: "new_client",
      can_send: false,
      rule: "new_escort",
      message_key: "exception.messenger.new_escort",
      to_requests: false,
      upgrade: true,
      alternatives: ["favorite", "date_request", "plus"],
    });
    // An escort registered long ago: a new client may write.
    const settled = await member(USER_TYPE.escort);
    expect((await outlook(undefined, settled.username)).json.data).toMatchObject({ for: "new_client", can_send: true, rule: null });
  });

  it("answers a member as the send would: a basic client is refused, a plus client may write", async () => {
    const fresh = await member(USER_TYPE.escort, { createdDaysAgo: 3 });
    const basic = await member();
    const plus = await member(USER_TYPE.client, { plus: true });
    expect((await outlook(basic.token, fresh.username)).json.data).toMatchObject({
      for: "viewer",
      can_send: false,
      rule: "new_escort",
      alternatives: ["favorite", "date_request", "plus"],
    });
    expect((await outlook(plus.token, fresh.username)).json.data).toMatchObject({ for: "viewer", can_send: true, rule: null });
    // The same refusal the send meets.
    const sent = await callJson<Answer<unknown>>(rt, basic.token, "POST", `/api/v2/messenger/send/${fresh.username}`, { body: "Hallo" });
    expect(sent.status).toBe(403);
    expect(sent.json.errors![0]!.key).toBe("exception.messenger.new_escort");
  });

  it("names a hot escort's rule while she is active, and nothing once she is away", async () => {
    const hot = await member(USER_TYPE.escort);
    await rt.deps.db.updateTable("profiles").set({ is_hot: 1 }).where("user_id", "=", hot.id).execute();
    await rt.deps.db
      .updateTable("users")
      .set({ last_active_at: rt.clock.now() - 60_000 })
      .where("id", "=", hot.id)
      .execute();
    expect((await outlook(undefined, hot.username)).json.data).toMatchObject({ can_send: false, rule: "hot_escort", upgrade: true });
    await rt.deps.db
      .updateTable("users")
      .set({ last_active_at: rt.clock.now() - 5 * 60 * 60 * 1000, last_login_at: null })
      .where("id", "=", hot.id)
      .execute();
    expect((await outlook(undefined, hot.username)).json.data).toMatchObject({ can_send: true, rule: null });
  });

  it("says when a first message would wait in the requests folder of a members-only filter, and keeps other filters private", async () => {
    const picky = await member(USER_TYPE.escort);
    const basic = await member();
    await rt.deps.db
      .insertInto("first_contact_filters")
      .values({
        user_id: picky.id,
        age_min: null,
        age_max: null,
        genders: "",
        user_types: "",
        countries: "",
        members_only: 1,
        verified_only: 0,
        updated_at: rt.clock.now(),
      })
      .execute();
    expect((await outlook(basic.token, picky.username)).json.data).toMatchObject({
      can_send: true,
      rule: "membership_verification",
      message_key: "contact_rules.to_requests_plus",
      to_requests: true,
      upgrade: true,
    });
    expect((await outlook(undefined, picky.username)).json.data).toMatchObject({ can_send: true, to_requests: true });
    // A filter on gender is the recipient's own business: the sender is told nothing.
    await rt.deps.db.updateTable("first_contact_filters").set({ members_only: 0, genders: "1" }).where("user_id", "=", picky.id).execute();
    expect((await outlook(undefined, picky.username)).json.data).toMatchObject({ can_send: true, rule: null, to_requests: false });
  });

  it("tells an unverified member the rule before the missing verification", async () => {
    const fresh = await member(USER_TYPE.escort, { createdDaysAgo: 3 });
    const settled = await member(USER_TYPE.escort);
    const unverified = await member();
    await rt.deps.db.updateTable("users").set({ email_verified_at: null, email_was_verified: 0 }).where("id", "=", unverified.id).execute();
    expect((await outlook(unverified.token, fresh.username)).json.data).toMatchObject({ can_send: false, rule: "new_escort" });
    expect((await outlook(unverified.token, settled.username)).json.data).toMatchObject({
      can_send: false,
      rule: "email_verification",
      alternatives: [],
    });
  });

  it("follows the profile's visibility: another member who blocked the viewer answers 404, a client's profile 403 for guests", async () => {
    const escort = await member(USER_TYPE.escort);
    const client = await member();
    const blocked = await callJson<Answer<unknown>>(rt, escort.token, "POST", `/api/v2/block/${client.username}`);
    expect(blocked.status).toBeLessThan(300);
    const answer = await outlook(client.token, escort.username);
    expect(answer.status).toBe(404);
    expect(answer.json.data).toBeUndefined();
    expect((await outlook(undefined, "nobody_here_at_all")).status).toBe(404);
    const guestOnClient = await outlook(undefined, client.username);
    expect(guestOnClient.status).toBe(403);
    expect(guestOnClient.json.errors![0]!.key).toBe("exception.profile.members_only");
  });
});
