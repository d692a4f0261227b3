/**
 * "Meine Dates" counts what waits for the member (issue 25 item 4, ADR 070): `/user/data` carries `dates.waiting`,
 * the member's dates in the stages needs_confirmation (their answer) and needs_review (their review within the
 * window), the same rule as the my_date lists. Each member counts only their own dates; staff have none.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATE_REVIEW_WINDOW_MS, DATE_STATUS, DATE_WAITING_STAGES, type DateDetail, type DateList } from "#server/contract/dates";
import type { UserDataResponse } from "#server/contract/user-data";
import { USER_TYPE } from "#server/contract/users";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, listedMember, signIn, createUser, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { insertDate } from "../reviews/date-fixture";
import { reviewKit } from "../reviews/review-kit";

type Member = Awaited<ReturnType<typeof listedMember>>;
const HOUR = 60 * 60 * 1000;

describe(`the dates that wait for a member (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });
  const { reviewBody } = reviewKit(() => rt, "198.51.101");

  const userData = async (who: { token: string }) =>
    (await callJson<{ data: UserDataResponse }>(rt, who.token, "GET", "/api/v2/user/data")).json.data;
  /** The total, checked against its parts: the answers and the reviews that wait. */
  const waiting = async (who: { token: string }) => {
    const { dates } = await userData(who);
    expect(dates.waiting).toBe(dates.needs_confirmation + dates.needs_review);
    return dates.waiting;
  };
  /** The same number the my_date list shows in its stage counts. */
  const listed = async (who: Member) => {
    const list = (await callJson<{ data: DateList }>(rt, who.token, "GET", "/api/v2/dates")).json.data;
    return DATE_WAITING_STAGES.reduce((sum, stage) => sum + list.counts[stage], 0);
  };

  async function pricedEscort(): Promise<Member> {
    const member = await listedMember(rt, USER_TYPE.escort);
    await rt.deps.db
      .insertInto("profile_prices")
      .values({ user_id: member.id, item_type: 1, duration_minutes: 60, name: null, price_eur: 200 })
      .execute();
    return member;
  }

  it("counts a request for the member who must answer it, then the review both owe after the date", async () => {
    const [client, escort, third] = [
      await listedMember(rt, USER_TYPE.client),
      await pricedEscort(),
      await listedMember(rt, USER_TYPE.client),
    ];
    expect([await waiting(client), await waiting(escort)]).toEqual([0, 0]);

    const startsAt = rt.clock.now() + 3 * HOUR;
    const sent = await callJson<{ data: DateDetail }>(rt, client.token, "POST", `/api/v2/dates/send/${escort.username}`, {
      starts_at: startsAt,
      duration_minutes: 60,
      place_type: "hotel",
      address: "Hotel Adlon",
      message: "Hallo!",
    });
    expect(sent.status).toBe(200);
    const id = sent.json.data.id;
    // The escort must answer; the client waits for her (that is not the client's to do).
    expect([await waiting(client), await waiting(escort), await waiting(third)]).toEqual([0, 1, 0]);
    expect((await userData(escort)).dates).toEqual({ waiting: 1, needs_confirmation: 1, needs_review: 0 });
    expect(await listed(escort)).toBe(1);

    const accepted = await callJson(rt, escort.token, "POST", `/api/v2/dates/${id}/accept`, { version: 0 });
    expect(accepted.status).toBe(200);
    expect([await waiting(client), await waiting(escort)]).toEqual([0, 0]);

    // The date is over: both owe a review for 7 days; writing it takes the date off the writer's count only.
    rt.clock.set(startsAt + 2 * HOUR);
    const [c, e] = [await signIn(rt, client), await signIn(rt, escort)];
    expect([await waiting(c), await waiting(e), await waiting(third)]).toEqual([1, 1, 0]);
    expect((await callJson(rt, c.token, "POST", `/api/v2/reviews/${id}`, reviewBody("person"))).status).toBe(200);
    expect([await waiting(c), await waiting(e)]).toEqual([0, 1]);
    expect((await userData(e)).dates).toEqual({ waiting: 1, needs_confirmation: 0, needs_review: 1 });
    expect(await listed(e)).toBe(1);
  });

  it("stops counting a review that was not written within the window, and a request that expired", async () => {
    const [client, escort] = [await listedMember(rt, USER_TYPE.client), await listedMember(rt, USER_TYPE.escort)];
    await insertDate(rt, client.id, escort.id); // ended an hour ago: both owe a review
    await insertDate(rt, client.id, escort.id, { status: DATE_STATUS.request, startsAt: rt.clock.now() - HOUR }); // expired
    expect([await waiting(client), await waiting(escort)]).toEqual([1, 1]);
    rt.clock.advance(DATE_REVIEW_WINDOW_MS);
    const [c, e] = [await signIn(rt, client), await signIn(rt, escort)];
    expect([await waiting(c), await waiting(e)]).toEqual([0, 0]);
  });

  it("gives staff accounts no dates", async () => {
    const team = await signIn(rt, await createUser(rt, { userType: USER_TYPE.team }));
    expect((await userData(team)).dates).toEqual({ waiting: 0, needs_confirmation: 0, needs_review: 0 });
  });
});
