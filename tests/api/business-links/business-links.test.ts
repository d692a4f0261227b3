/**
 * Issue 9 item 9: a business lists an escort only after the escort accepts. Naming an escort in the
 * business's step makes a request (and a mail); the escort accepts or declines it; nobody else can.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUSINESS_LINK_REQUEST_INTERVAL_DAYS, BUSINESS_LINK_STATUS } from "#server/contract/business-links";
import { REGISTER_COMPLETED_STEP, USER_TYPE } from "#server/contract/users";
import { addBerlinProfile, createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { callJson } from "../../helpers/api-call";

const DAY = 24 * 60 * 60 * 1000;

describe(`business links need the escort's consent (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  async function person(userType: number, completedStep: number = REGISTER_COMPLETED_STEP) {
    const user = await createUser(rt, { userType });
    await rt.deps.db.updateTable("users").set({ register_completed_step: completedStep }).where("id", "=", user.id).execute();
    const { body } = await login(rt, user.username, user.password);
    return { ...user, token: String(body.access_token) };
  }

  const call = (token: string, method: string, path: string, body?: unknown) =>
    callJson<{ data: Record<string, unknown>; errors?: Array<{ key: string }> }>(rt, token, method, `/api/v2${path}`, body);
  const name = (token: string, usernames: string[]) => call(token, "PUT", "/registration/business/escorts", { usernames });
  /** Moves a link's request and answer back in time (the sessions' tokens would expire if the clock moved on). */
  const age = (businessId: number, escortId: number, ms: number) =>
    rt.deps.db
      .updateTable("business_escorts")
      .set((eb) => ({ created_at: eb("created_at", "-", ms), decided_at: eb("decided_at", "-", ms) }))
      .where("business_user_id", "=", businessId)
      .where("escort_user_id", "=", escortId)
      .execute();
  const invite = (token: string, username: string) => call(token, "POST", "/user/business-links/escorts", { username });
  const linksOf = async (token: string) => (await call(token, "GET", "/user/business-links")).json.data;
  const statusOf = async (businessId: number, escortId: number) =>
    (
      await rt.deps.db
        .selectFrom("business_escorts")
        .select("status")
        .where("business_user_id", "=", businessId)
        .where("escort_user_id", "=", escortId)
        .executeTakeFirst()
    )?.status;

  it("naming an escort is a request, mailed to the escort, until the escort accepts", async () => {
    const business = await person(USER_TYPE.business, 5);
    const escort = await person(USER_TYPE.escort);
    expect((await name(business.token, [escort.username])).status).toBe(200);
    expect(await statusOf(business.id, escort.id)).toBe(BUSINESS_LINK_STATUS.pending);
    const mail = await rt.deps.db.selectFrom("mail_outbox").selectAll().where("recipient", "=", escort.email).executeTakeFirstOrThrow();
    expect(mail.template).toBe("business_link_request");
    expect(mail.text_body).toContain(business.username);
    expect(mail.text_body).toContain("/user/linked_profiles");

    expect(await linksOf(escort.token)).toEqual({
      as_escort: [expect.objectContaining({ business_username: business.username, status: "pending" })],
      as_business: [],
    });
    expect((await call(escort.token, "POST", `/user/business-links/${business.username}/accept`)).status).toBe(200);
    expect(await statusOf(business.id, escort.id)).toBe(BUSINESS_LINK_STATUS.accepted);
    expect((await linksOf(business.token)).as_business).toEqual([
      expect.objectContaining({ escort_username: escort.username, status: "accepted" }),
    ]);
  });

  it("naming the same escorts again keeps their answers and mails nobody twice", async () => {
    const business = await person(USER_TYPE.business, 5);
    const [accepted, asked] = [await person(USER_TYPE.escort), await person(USER_TYPE.escort)];
    await name(business.token, [accepted.username]);
    await call(accepted.token, "POST", `/user/business-links/${business.username}/accept`);
    await name(business.token, [accepted.username, asked.username]);
    expect(await statusOf(business.id, accepted.id)).toBe(BUSINESS_LINK_STATUS.accepted);
    expect(await statusOf(business.id, asked.id)).toBe(BUSINESS_LINK_STATUS.pending);
    const mails = await rt.deps.db.selectFrom("mail_outbox").select("id").where("recipient", "=", accepted.email).execute();
    expect(mails).toHaveLength(1);
  });

  it("declining or ending keeps the link as a record the request interval counts from", async () => {
    const business = await person(USER_TYPE.business, 5);
    const escort = await person(USER_TYPE.escort);
    await name(business.token, [escort.username]);
    const declined = await call(escort.token, "POST", `/user/business-links/${business.username}/decline`);
    expect(declined.status).toBe(200);
    expect(declined.json.data).toEqual({ status: "declined" });
    expect(await statusOf(business.id, escort.id)).toBe(BUSINESS_LINK_STATUS.declined);
    // The escort's page no longer shows it; the business's does, with the day it may ask again.
    expect((await linksOf(escort.token)).as_escort).toEqual([]);
    expect((await linksOf(business.token)).as_business).toEqual([
      expect.objectContaining({
        escort_username: escort.username,
        status: "declined",
        next_request_at: rt.clock.now() + BUSINESS_LINK_REQUEST_INTERVAL_DAYS * DAY,
      }),
    ]);
    // Naming the escort again in the step within the interval is refused at the field.
    const again = await name(business.token, [escort.username]);
    expect(again.status).toBe(409);
    expect(again.json.errors?.[0]).toMatchObject({ key: "exception.business_link.too_soon", source: "usernames.0" });
    // A decided link cannot be answered again.
    expect((await call(escort.token, "POST", `/user/business-links/${business.username}/accept`)).status).toBe(404);

    await age(business.id, escort.id, BUSINESS_LINK_REQUEST_INTERVAL_DAYS * DAY);
    expect((await name(business.token, [escort.username])).status).toBe(200);
    expect(await statusOf(business.id, escort.id)).toBe(BUSINESS_LINK_STATUS.pending);
    await call(escort.token, "POST", `/user/business-links/${business.username}/accept`);
    const ended = await call(escort.token, "POST", `/user/business-links/${business.username}/decline`);
    expect(ended.json.data).toEqual({ status: "ended" });
    expect(await statusOf(business.id, escort.id)).toBe(BUSINESS_LINK_STATUS.ended);
  });

  it("a business asks, takes back and asks again on linked_profiles, at most once per interval, with a mail each time", async () => {
    const business = await person(USER_TYPE.business, REGISTER_COMPLETED_STEP);
    await rt.deps.db.updateTable("users").set({ business_kind: "agency" }).where("id", "=", business.id).execute();
    const escort = await person(USER_TYPE.escort);
    const mails = async () =>
      (await rt.deps.db.selectFrom("mail_outbox").select("template").where("recipient", "=", escort.email).execute()).length;

    const invited = await invite(business.token, escort.username.toUpperCase());
    expect(invited.status).toBe(200);
    expect(invited.json.data).toEqual({ escort_username: escort.username, status: "pending" });
    expect(await mails()).toBe(1);
    const twice = await invite(business.token, escort.username);
    expect(twice.status).toBe(409);
    expect(twice.json.errors?.[0]).toMatchObject({ key: "exception.business_link.already_named", source: "username" });

    // Taking the request back and asking at once would mail the escort again: refused until the interval is over.
    expect((await call(business.token, "POST", `/user/business-links/escorts/${escort.username}/remove`)).status).toBe(200);
    expect(await statusOf(business.id, escort.id)).toBe(BUSINESS_LINK_STATUS.removed);
    expect((await linksOf(business.token)).as_business).toEqual([]);
    expect((await invite(business.token, escort.username)).status).toBe(409);
    await age(business.id, escort.id, BUSINESS_LINK_REQUEST_INTERVAL_DAYS * DAY);
    expect((await invite(business.token, escort.username)).status).toBe(200);
    expect(await mails()).toBe(2);

    // The escort declines five days later; asking again waits for the interval from the decline.
    await age(business.id, escort.id, 5 * DAY);
    await call(escort.token, "POST", `/user/business-links/${business.username}/decline`);
    await age(business.id, escort.id, (BUSINESS_LINK_REQUEST_INTERVAL_DAYS - 1) * DAY);
    expect((await invite(business.token, escort.username)).status).toBe(409);
    await age(business.id, escort.id, DAY);
    expect((await invite(business.token, escort.username)).status).toBe(200);
    expect(await mails()).toBe(3);
    // An accepted listing can be removed, and named again at once when the last request is old enough.
    await call(escort.token, "POST", `/user/business-links/${business.username}/accept`);
    await age(business.id, escort.id, BUSINESS_LINK_REQUEST_INTERVAL_DAYS * DAY);
    expect((await call(business.token, "POST", `/user/business-links/escorts/${escort.username}/remove`)).status).toBe(200);
    expect((await invite(business.token, escort.username)).status).toBe(200);
  });

  it("unknown, inactive, non-escort and blocking names get the same field error; only agencies and clubs ask", async () => {
    const business = await person(USER_TYPE.business, REGISTER_COMPLETED_STEP);
    await rt.deps.db.updateTable("users").set({ business_kind: "club" }).where("id", "=", business.id).execute();
    const client = await person(USER_TYPE.client);
    const paused = await person(USER_TYPE.escort);
    await rt.deps.db.updateTable("users").set({ status: "paused" }).where("id", "=", paused.id).execute();
    const blocking = await person(USER_TYPE.escort);
    await rt.deps.db
      .insertInto("blocks")
      .values({ blocker_id: blocking.id, blocked_id: business.id, created_at: rt.clock.now() })
      .execute();
    for (const username of ["nobody_here", client.username, paused.username, blocking.username]) {
      const refused = await invite(business.token, username);
      expect(refused.status, username).toBe(400);
      expect(refused.json.errors).toEqual([expect.objectContaining({ key: "validation.steps.escort_not_found", source: "username" })]);
    }
    expect((await invite(business.token, "x")).status).toBe(400);
    const escort = await person(USER_TYPE.escort);
    for (const member of [escort, client]) {
      const refused = await invite(member.token, blocking.username);
      expect(refused.status).toBe(403);
    }
  });

  it("a business changes only its own links: another business's link to the same escort is a 404", async () => {
    const [owner, other] = [await person(USER_TYPE.business, 5), await person(USER_TYPE.business, 5)];
    const escort = await person(USER_TYPE.escort);
    await name(owner.token, [escort.username]);
    const foreign = await call(other.token, "POST", `/user/business-links/escorts/${escort.username}/remove`);
    expect(foreign.status).toBe(404);
    expect(foreign.json.errors?.[0]?.key).toBe("exception.business_link.not_found");
    // The escort cannot remove through the business's path either, and nobody without a session.
    expect((await call(escort.token, "POST", `/user/business-links/escorts/${escort.username}/remove`)).status).toBe(404);
    expect((await rt.request(`/api/v2/user/business-links/escorts/${escort.username}/remove`, { method: "POST" })).status).toBe(401);
    expect(await statusOf(owner.id, escort.id)).toBe(BUSINESS_LINK_STATUS.pending);
    expect((await call(other.token, "POST", `/user/business-links/escorts/${"x".repeat(300)}/remove`)).status).toBe(404);
  });

  it("only the named escort decides: the business, another escort and a stranger get 404", async () => {
    const business = await person(USER_TYPE.business, 5);
    const escort = await person(USER_TYPE.escort);
    const other = await person(USER_TYPE.escort);
    await name(business.token, [escort.username]);
    for (const token of [business.token, other.token]) {
      const answer = await call(token, "POST", `/user/business-links/${business.username}/accept`);
      expect(answer.status).toBe(404);
      expect(answer.json.errors?.[0]?.key).toBe("exception.business_link.not_found");
    }
    expect((await call(escort.token, "POST", `/user/business-links/nobody_at_all/accept`)).status).toBe(404);
    expect((await call(escort.token, "POST", `/user/business-links/${"x".repeat(300)}/accept`)).status).toBe(404);
    expect(await statusOf(business.id, escort.id)).toBe(BUSINESS_LINK_STATUS.pending);
    expect((await rt.request(`/api/v2/user/business-links/${business.username}/accept`, { method: "POST" })).status).toBe(401);
  });

  it("an agency's profile shows business facts and its accepted escorts, never a person's gender, age or body", async () => {
    const agency = await person(USER_TYPE.business, REGISTER_COMPLETED_STEP);
    await addBerlinProfile(rt, agency.id, agency.username);
    await rt.deps.db
      .updateTable("users")
      .set({ business_kind: "agency", gender: 2, birth_date: "1990-04-01" })
      .where("id", "=", agency.id)
      .execute();
    await rt.deps.db.updateTable("profiles").set({ height_cm: 170 }).where("user_id", "=", agency.id).execute();
    await rt.deps.db.insertInto("profile_traits").values({ user_id: agency.id, group_key: "figure_type", option_id: 1 }).execute();
    const [accepted, asked, blocker] = [await person(USER_TYPE.escort), await person(USER_TYPE.escort), await person(USER_TYPE.escort)];
    for (const escort of [accepted, asked, blocker]) await addBerlinProfile(rt, escort.id, escort.username);
    await name(agency.token, [accepted.username, asked.username, blocker.username]);
    await call(accepted.token, "POST", `/user/business-links/${agency.username}/accept`);
    await call(blocker.token, "POST", `/user/business-links/${agency.username}/accept`);
    const viewer = await person(USER_TYPE.client);
    await rt.deps.db.insertInto("blocks").values({ blocker_id: blocker.id, blocked_id: viewer.id, created_at: rt.clock.now() }).execute();

    const detail = (await call(viewer.token, "GET", `/profiles/${agency.username}/detail`)).json.data;
    expect(detail).toMatchObject({ gender: null, age: null, appearance: { height_cm: null, weight_kg: null } });
    expect(detail.traits).toEqual([]);
    // Accepted only (not the pending request), and not the escort who blocked this viewer.
    expect(detail.business).toEqual({
      kind: "agency",
      escorts: [{ username: accepted.username, display_name: `Name ${accepted.username}` }],
    });
    const guest = (await call("", "GET", `/profiles/${agency.username}/detail`)).json.data;
    expect((guest.business as { escorts: unknown[] }).escorts).toHaveLength(2);
    // A person's page has no business block and keeps their facts.
    const escortView = (await call(viewer.token, "GET", `/profiles/${accepted.username}/detail`)).json.data;
    expect(escortView.business).toBeNull();
    expect(escortView.gender).not.toBeNull();
  });
});
