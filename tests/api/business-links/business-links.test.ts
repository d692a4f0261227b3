/**
 * Issue 9 item 9: a business lists an escort only after the escort accepts. Naming an escort in the
 * business's step makes a request (and a mail); the escort accepts or declines it; nobody else can.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUSINESS_LINK_STATUS } from "#server/contract/business-links";
import { REGISTER_COMPLETED_STEP, USER_TYPE } from "#server/contract/users";
import { createTestRuntime, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { callJson } from "../../helpers/api-call";

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

  it("declining unlinks; an escort can end an accepted listing the same way", async () => {
    const business = await person(USER_TYPE.business, 5);
    const escort = await person(USER_TYPE.escort);
    await name(business.token, [escort.username]);
    expect((await call(escort.token, "POST", `/user/business-links/${business.username}/decline`)).status).toBe(200);
    expect(await statusOf(business.id, escort.id)).toBeUndefined();
    await name(business.token, [escort.username]);
    await call(escort.token, "POST", `/user/business-links/${business.username}/accept`);
    await call(escort.token, "POST", `/user/business-links/${business.username}/decline`);
    expect(await statusOf(business.id, escort.id)).toBeUndefined();
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
});
