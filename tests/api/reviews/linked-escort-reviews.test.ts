/**
 * A business's "reviews" tab (GET /reviews/user/{username}/escorts): the published reviews of the escorts who
 * accepted its link, each naming the escort, with each escort's own visibility rules; the business's own reviews stay
 * on business_reviews. Through the real API on a real database.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUSINESS_LINK_STATUS } from "#server/contract/business-links";
import { REVIEW_LIST_PAGE_SIZE, type LinkedEscortReviewList, type ReviewedParty } from "#server/contract/reviews";
import { USER_TYPE } from "#server/contract/users";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { insertDate } from "./date-fixture";
import { reviewKit, type Member } from "./review-kit";

describe(`a business's reviews of its linked escorts (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  const { member, call, reviewBody } = reviewKit(() => rt, "198.51.100");

  /** A date between the two, reviewed by the client and (published: both wrote) by the other. */
  async function reviewed(client: Member, subject: Member, party: ReviewedParty, rating = 4, both = true): Promise<number> {
    const dateId = await insertDate(rt, client.id, subject.id);
    expect((await call(client.token, "POST", `/reviews/${dateId}`, reviewBody(party, {}, rating))).status).toBe(200);
    if (both) expect((await call(subject.token, "POST", `/reviews/${dateId}`, reviewBody("person"))).status).toBe(200);
    return dateId;
  }

  async function link(business: Member, escort: Member, status: string = BUSINESS_LINK_STATUS.accepted) {
    await rt.deps.db
      .insertInto("business_escorts")
      .values({ business_user_id: business.id, escort_user_id: escort.id, created_at: rt.clock.now(), status, decided_at: null })
      .execute();
  }

  const escortReviews = (who: Member | undefined, username: string, page?: number) =>
    call<LinkedEscortReviewList>(who?.token, "GET", `/reviews/user/${username}/escorts${page ? `?page=${page}` : ""}`);

  it("lists the linked escorts' published reviews newest first, naming each escort, and nothing else", async () => {
    const club = await member(USER_TYPE.business);
    const other = await member(USER_TYPE.business);
    const [anna, bea, unlinked, pending, elsewhere] = [
      await member(USER_TYPE.escort),
      await member(USER_TYPE.escort),
      await member(USER_TYPE.escort),
      await member(USER_TYPE.escort),
      await member(USER_TYPE.escort),
    ];
    await link(club, anna);
    await link(club, bea);
    await link(club, pending, BUSINESS_LINK_STATUS.pending);
    await link(other, elsewhere);
    const guest = await member();
    await reviewed(guest, anna, "person", 5);
    rt.clock.advance(60_000);
    await reviewed(guest, unlinked, "person");
    await reviewed(guest, pending, "person");
    await reviewed(guest, elsewhere, "person");
    await reviewed(guest, club, "business", 2);
    // Blind: only the client wrote, so nothing is published.
    await reviewed(guest, anna, "person", 3, false);
    rt.clock.advance(60_000);
    await reviewed(guest, bea, "person", 4);

    const reader = await member();
    const list = await escortReviews(reader, club.username);
    expect(list.status).toBe(200);
    expect(list.json.data).toMatchObject({ username: club.username, total: 2, page: 1, page_size: REVIEW_LIST_PAGE_SIZE });
    expect(list.json.data!.items.map((item) => [item.escort.username, item.rating, item.party])).toEqual([
      [bea.username, 4, "person"],
      [anna.username, 5, "person"],
    ]);
    expect(list.json.data!.items[0]!.author?.username).toBe(guest.username);
    // Texts as on her own tab: locked for a reader who does not read them for free.
    expect(list.json.data!.items[0]).toMatchObject({ text: null, text_locked: true });
    // Guests read the same list; the business's own review stays on its business reviews.
    expect((await escortReviews(undefined, club.username)).json.data?.total).toBe(2);
    const own = await call<{ total: number }>(reader.token, "GET", `/profiles/${club.username}/business-reviews`);
    expect(own.json.data?.total).toBe(1);

    // Another business's list holds only its own escort; a second page is empty.
    const theirs = await escortReviews(reader, other.username);
    expect(theirs.json.data?.items.map((item) => item.escort.username)).toEqual([elsewhere.username]);
    expect((await escortReviews(reader, club.username, 2)).json.data).toMatchObject({ items: [], total: 2, page: 2 });

    // Not a business, unknown, a malformed page.
    const notBusiness = await escortReviews(reader, anna.username);
    expect([notBusiness.status, notBusiness.json.errors?.[0]?.key]).toEqual([404, "exception.business_reviews.not_a_business"]);
    expect((await escortReviews(reader, "nobody_here_at_all")).status).toBe(404);
    expect((await call(reader.token, "GET", `/reviews/user/${club.username}/escorts?page=0`)).status).toBe(400);
  });

  it("follows each escort's own rules: date_review_display, pause, ban and blocks hide hers, she sees her own", async () => {
    const club = await member(USER_TYPE.business);
    const [shy, paused, banned, open] = [
      await member(USER_TYPE.escort),
      await member(USER_TYPE.escort),
      await member(USER_TYPE.escort),
      await member(USER_TYPE.escort),
    ];
    for (const escort of [shy, paused, banned, open]) await link(club, escort);
    const guest = await member();
    for (const escort of [shy, paused, banned, open]) await reviewed(guest, escort, "person");
    expect((await call(shy.token, "PUT", "/settings/date_review_display", { show_reviews: false, show_rating: true })).status).toBe(200);
    await rt.deps.db.updateTable("profiles").set({ is_visible: 0 }).where("user_id", "=", paused.id).execute();
    await rt.deps.db.updateTable("users").set({ status: "banned" }).where("id", "=", banned.id).execute();

    const reader = await member();
    const names = async (who: Member | undefined) =>
      ((await escortReviews(who, club.username)).json.data?.items ?? []).map((item) => item.escort.username).sort();
    expect(await names(reader)).toEqual([open.username]);
    expect(await names(undefined)).toEqual([open.username]);
    // The escort who hides her reviews still sees her own, like on her own tab.
    expect(await names(shy)).toEqual([shy.username, open.username].sort());
    // A reader the open escort blocked sees none of hers.
    expect((await call(open.token, "POST", `/block/${reader.username}`)).status).toBeLessThan(300);
    expect(await names(reader)).toEqual([]);
  });
});
