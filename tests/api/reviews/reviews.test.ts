/**
 * Date reviews (issue 13 items 3–6, ADR 047) through the real API on a real database: both members of an accepted
 * date review each other within 7 days of its end, blind until both wrote or the window closed; nobody else reads
 * or writes anything of a date; published reviews reach the profile, its tabs and the search row.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATE_STATUS } from "#server/contract/dates";
import { INSUFFICIENT_DOLLARS_KEY } from "#server/contract/wallet";
import { REVIEW_CRITERIA, REVIEW_WINDOW_MS, type DateReviews, type ReviewList, type ReviewUnlockInfo } from "#server/contract/reviews";
import type { NotificationEvent } from "#server/contract/notifications";
import { USER_TYPE } from "#server/contract/users";
import { closeReviewWindow, openReviewWindows } from "#server/modules/reviews/index";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { insertDate } from "./date-fixture";
import { reviewKit, type Member } from "./review-kit";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe(`date reviews (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  const { member, signIn, call, reviewBody } = reviewKit(() => rt, "203.0.113");

  const detail = (who: Member, dateId: number) => call<DateReviews>(who.token, "GET", `/reviews/${dateId}`);
  const write = (who: Member, dateId: number, body: unknown) => call<DateReviews>(who.token, "POST", `/reviews/${dateId}`, body);
  const received = (who: Member | undefined, username: string) => call<ReviewList>(who?.token, "GET", `/reviews/user/${username}`);
  const notifications = (userId: number, event: NotificationEvent) =>
    rt.deps.db
      .selectFrom("notifications")
      .select(["event", "url", "actor_id"])
      .where("user_id", "=", userId)
      .where("event", "=", event)
      .execute();

  it("runs the whole exchange: blind until both wrote, then both published at once on both profiles, the search row and the timeline", async () => {
    const client = await member();
    const escort = await member(USER_TYPE.escort);
    const dateId = await insertDate(rt, client.id, escort.id);

    const before = await detail(client, dateId);
    expect(before.status).toBe(200);
    expect(before.json.data).toMatchObject({
      window: "open",
      party: "person",
      criteria: [...REVIEW_CRITERIA.person],
      can_review: true,
      mine: null,
      theirs: null,
      theirs_written: false,
      other: { username: escort.username },
    });

    const first = await write(client, dateId, reviewBody("person", {}, 5));
    expect(first.status).toBe(200);
    expect(first.json.data?.mine).toMatchObject({ rating: 5, published_at: null, text_locked: false, punctuality: "on_time" });
    expect(first.json.data?.can_review).toBe(false);
    // The escort is told that a review exists, but cannot read it: blind.
    expect(await notifications(escort.id, "review")).toEqual([
      { event: "review", url: `dating/reviews/detail/${dateId}`, actor_id: client.id },
    ]);
    const blind = (await detail(escort, dateId)).json.data!;
    expect(blind).toMatchObject({ theirs: null, theirs_written: true, can_review: true, can_comment: false });
    expect((await received(undefined, escort.username)).json.data?.total).toBe(0);
    expect((await received(escort, escort.username)).json.data?.total).toBe(0);

    rt.clock.advance(HOUR);
    const second = await write(escort, dateId, reviewBody("person", { punctuality: "little_late" }, 3));
    expect(second.status).toBe(200);
    const now = rt.clock.now();
    expect(second.json.data?.theirs).toMatchObject({ rating: 5, published_at: now, author: { username: client.username } });
    expect(second.json.data?.mine).toMatchObject({ rating: 3, published_at: now });
    expect((await detail(client, dateId)).json.data?.theirs).toMatchObject({ rating: 3, punctuality: "little_late", published_at: now });

    // Both profiles show their received review, with the averages per criterion of their party.
    const escortTab = (await received(undefined, escort.username)).json.data!;
    expect(escortTab).toMatchObject({ total: 1, party: "person", summary: { count: 1, average: 5 } });
    expect(escortTab.summary.criteria).toEqual(REVIEW_CRITERIA.person.map((criterion) => ({ criterion, average: 5 })));
    expect(escortTab.summary.questions).toEqual([
      { question: "would_you_recommend_this_user", yes_percent: 100 },
      { question: "profile_match_reality", yes_percent: 100 },
      { question: "would_you_come_again", yes_percent: 0 },
    ]);
    const clientTab = (await received(escort, client.username)).json.data!;
    expect(clientTab.items.map((i) => [i.author?.username, i.rating])).toEqual([[escort.username, 3]]);

    // The profile row (summary, trust) and the search row follow the published count and mean.
    const profile = await call<{ reviews: { count: number; average: number | null } }>(
      undefined,
      "GET",
      `/profiles/${escort.username}/detail`,
    );
    expect(profile.json.data?.reviews).toEqual({ count: 1, average: 5 });
    const searchRow = await rt.deps.db
      .selectFrom("search_profiles")
      .select(["review_count", "rating_avg"])
      .where("user_id", "=", escort.id)
      .executeTakeFirst();
    expect(searchRow).toEqual({ review_count: 1, rating_avg: 5 });

    const timeline = await rt.deps.db
      .selectFrom("date_events")
      .select(["kind", "actor_id"])
      .where("date_id", "=", dateId)
      .orderBy("id")
      .execute();
    expect(timeline).toEqual([
      { kind: "sender_review", actor_id: client.id },
      { kind: "receiver_review", actor_id: escort.id },
    ]);
    // One review per member and date.
    expect((await write(client, dateId, reviewBody("person"))).json.errors?.[0]?.key).toBe("exception.reviews.already_reviewed");
  });

  it("lets the reviewed member answer a published review once, and nobody else", async () => {
    const client = await member();
    const escort = await member(USER_TYPE.escort);
    const dateId = await insertDate(rt, client.id, escort.id);
    await write(client, dateId, reviewBody("person"));
    const clientReviewId = (await detail(client, dateId)).json.data!.mine!.id;
    // Blind: no answer yet.
    const early = await call(escort.token, "POST", `/reviews/${clientReviewId}/comment`, { comment: "Danke dir!" });
    expect([early.status, early.json.errors?.[0]?.key]).toEqual([409, "exception.reviews.comment_not_allowed"]);
    await write(escort, dateId, reviewBody("person"));
    expect((await detail(escort, dateId)).json.data?.can_comment).toBe(true);
    // The author cannot answer their own review; the reviewed member can, once.
    expect((await call(client.token, "POST", `/reviews/${clientReviewId}/comment`, { comment: "Nachtrag" })).status).toBe(404);
    const answered = await call<DateReviews>(escort.token, "POST", `/reviews/${clientReviewId}/comment`, {
      comment: "Danke, sehr gerne wieder!",
    });
    expect(answered.status).toBe(200);
    expect(answered.json.data?.theirs?.comment).toBe("Danke, sehr gerne wieder!");
    expect(answered.json.data?.can_comment).toBe(false);
    const again = await call(escort.token, "POST", `/reviews/${clientReviewId}/comment`, { comment: "Noch etwas" });
    expect([again.status, again.json.errors?.[0]?.key]).toEqual([409, "exception.reviews.already_commented"]);
    const kinds = await rt.deps.db.selectFrom("date_events").select("kind").where("date_id", "=", dateId).orderBy("id").execute();
    expect(kinds.map((k) => k.kind)).toEqual(["sender_review", "receiver_review", "receiver_comment"]);
    const tab = (await received(client, escort.username)).json.data!;
    expect(tab.items[0]?.comment).toBe("Danke, sehr gerne wieder!");
  });

  it("refuses reviews before the end, on day 8, and for dates that were not accepted", async () => {
    const client = await member();
    const escort = await member(USER_TYPE.escort);
    const now = rt.clock.now();
    const upcoming = await insertDate(rt, client.id, escort.id, { startsAt: now - 30 * 60 * 1000, durationMinutes: 60 });
    const notYet = await write(client, upcoming, reviewBody("person"));
    expect([notYet.status, notYet.json.errors?.[0]?.key]).toEqual([409, "exception.reviews.not_yet"]);
    expect((await detail(client, upcoming)).json.data).toMatchObject({ window: "not_yet", can_review: false });

    // Ended exactly 7 days and one minute ago: day 8.
    const late = await insertDate(rt, client.id, escort.id, { startsAt: now - REVIEW_WINDOW_MS - 61 * 60 * 1000, durationMinutes: 60 });
    const day8 = await write(client, late, reviewBody("person"));
    expect([day8.status, day8.json.errors?.[0]?.key]).toEqual([409, "exception.reviews.window_closed"]);
    // One minute before the window closes is still in time.
    const lastMinute = await insertDate(rt, client.id, escort.id, {
      startsAt: now - REVIEW_WINDOW_MS - 59 * 60 * 1000,
      durationMinutes: 60,
    });
    expect((await write(client, lastMinute, reviewBody("person"))).status).toBe(200);

    for (const status of [DATE_STATUS.request, DATE_STATUS.reject, DATE_STATUS.cancel, DATE_STATUS.receiverReschedule]) {
      const dateId = await insertDate(rt, client.id, escort.id, { status });
      const refused = await write(client, dateId, reviewBody("person"));
      expect([refused.status, refused.json.errors?.[0]?.key]).toEqual([409, "exception.reviews.not_accepted"]);
    }
  });

  it("gives a third member nothing of any date or review: every id answers 404, and blind reviews stay off the tabs", async () => {
    const client = await member();
    const escort = await member(USER_TYPE.escort);
    const third = await member();
    const published = await insertDate(rt, client.id, escort.id);
    const blind = await insertDate(rt, client.id, escort.id);
    const upcoming = await insertDate(rt, client.id, escort.id, { startsAt: rt.clock.now() + DAY });
    await write(client, published, reviewBody("person"));
    await write(escort, published, reviewBody("person"));
    await write(client, blind, reviewBody("person"));
    const reviews = await rt.deps.db
      .selectFrom("date_reviews")
      .select(["id", "date_id", "published_at"])
      .where("date_id", "in", [published, blind])
      .execute();
    expect(reviews).toHaveLength(3);

    for (const dateId of [published, blind, upcoming, 999_999]) {
      for (const [method, path, body] of [
        ["GET", `/reviews/${dateId}`, undefined],
        ["POST", `/reviews/${dateId}`, reviewBody("person")],
      ] as const) {
        const answer = await call(third.token, method, path, body);
        expect([method, path, answer.status, answer.json.errors?.[0]?.key]).toEqual([method, path, 404, "exception.reviews.not_found"]);
      }
    }
    for (const review of reviews) {
      const answer = await call(third.token, "POST", `/reviews/${review.id}/comment`, { comment: "Ich war nicht dabei" });
      expect([review.id, answer.status]).toEqual([review.id, 404]);
    }
    // The unlock page exists only for dates with published reviews on a tab the reader may see.
    expect((await call(third.token, "GET", `/reviews/${blind}/unlock`)).status).toBe(404);
    expect((await call(third.token, "POST", `/reviews/${blind}/unlock`, { key: "blind-date-key" })).status).toBe(404);
    expect((await call(third.token, "GET", `/reviews/${upcoming}/unlock`)).status).toBe(404);
    // Nothing was written by the third member, and the blind review is on no tab.
    expect(await rt.deps.db.selectFrom("date_reviews").select("id").where("author_id", "=", third.id).execute()).toEqual([]);
    expect((await received(third, escort.username)).json.data?.total).toBe(1);
    // Without a token: 401.
    expect((await call(undefined, "GET", `/reviews/${published}`)).status).toBe(401);
  });

  it("locks review texts for readers who do not read them for free, and answers the unlock with its price (payment required until the wallet)", async () => {
    const client = await member();
    const escort = await member(USER_TYPE.escort);
    const reader = await member();
    const plus = await member(USER_TYPE.client, { plus: true });
    const dateId = await insertDate(rt, client.id, escort.id);
    await write(client, dateId, reviewBody("person"));
    await write(escort, dateId, reviewBody("person"));

    const locked = (await received(reader, escort.username)).json.data!;
    expect(locked.items[0]).toMatchObject({ text: null, text_locked: true, rating: 4 });
    // One dollar per date, in whole dollars (ADR 061: the token currency has no minor unit).
    expect(locked.unlock).toEqual({ price: 1, currency: "dollar" });
    expect((await received(undefined, escort.username)).json.data?.items[0]?.text_locked).toBe(true);
    expect((await received(plus, escort.username)).json.data?.items[0]).toMatchObject({
      text_locked: false,
      text: expect.stringContaining("Pünktlich"),
    });
    expect((await received(escort, escort.username)).json.data?.items[0]?.text_locked).toBe(false);

    const info = await call<ReviewUnlockInfo>(reader.token, "GET", `/reviews/${dateId}/unlock`);
    expect(info.json.data).toEqual({
      date_id: dateId,
      product: "review_unlock",
      price: 1,
      currency: "dollar",
      payer: "reader",
      unlocked: false,
      payable: true,
    });
    // Paying with an empty wallet (tests/api/unlocks: with dollars): 402 insufficient, nothing unlocked.
    const pay = await call(reader.token, "POST", `/reviews/${dateId}/unlock`, { key: `unlock-${TEST_DB}-${dateId}` });
    expect([pay.status, pay.json.errors?.[0]?.key, pay.json.errors?.[0]?.params]).toEqual([
      402,
      INSUFFICIENT_DOLLARS_KEY,
      { product: "review_unlock", price: 1, currency: "dollar", balance: 0 },
    ]);
    expect((await call<ReviewUnlockInfo>(plus.token, "GET", `/reviews/${dateId}/unlock`)).json.data?.unlocked).toBe(true);
    expect((await call(client.token, "POST", `/reviews/${dateId}/unlock`, { key: "participant-key" })).status).toBe(409);
  });

  it("validates at the field: the criteria of the reviewed party, the answers, the text and the ProstSchG filter", async () => {
    const client = await member();
    const escort = await member(USER_TYPE.escort);
    const dateId = await insertDate(rt, client.id, escort.id);
    const { communication: _dropped, ...fewer } = reviewBody("person").ratings;
    const missing = await write(client, dateId, reviewBody("person", { ratings: fewer }));
    expect([missing.status, missing.json.errors?.map((e) => e.source)]).toEqual([400, ["ratings.communication"]]);
    const business = await write(client, dateId, reviewBody("person", { ratings: { ...reviewBody("person").ratings, interior: 3 } }));
    expect([business.status, business.json.errors?.map((e) => e.source)]).toEqual([400, ["ratings.interior"]]);
    const outOfRange = await write(
      client,
      dateId,
      reviewBody("person", { ratings: { ...reviewBody("person").ratings, communication: 6 } }),
    );
    expect(outOfRange.status).toBe(400);
    const short = await write(client, dateId, reviewBody("person", { text: "gut" }));
    expect([short.status, short.json.errors?.[0]?.source, short.json.errors?.[0]?.key, short.json.errors?.[0]?.params]).toEqual([
      400,
      "text",
      "validation.reviews.text_length",
      { min: "20", max: "2000" },
    ]);
    const unlawful = await write(client, dateId, reviewBody("person", { text: "Super Abend, sogar AO war möglich, sehr zu empfehlen." }));
    expect([unlawful.status, unlawful.json.errors?.[0]?.source, unlawful.json.errors?.[0]?.key, unlawful.json.errors?.[0]?.params]).toEqual(
      [400, "text", "validation.prostschg", { term: "AO" }],
    );
    const badAnswer = await write(client, dateId, reviewBody("person", { would_you_come_again: "maybe", punctuality: "whenever" }));
    expect(badAnswer.json.errors?.map((e) => e.source).sort()).toEqual(["punctuality", "would_you_come_again"]);
    expect((await call(client.token, "POST", `/reviews/${dateId}`, "not json")).status).toBe(400);
    expect((await call(client.token, "GET", "/reviews/99999999999")).status).toBe(404);
    expect((await call(client.token, "GET", "/reviews/abc")).status).toBe(404);
    // Nothing was stored by the refused posts.
    expect(await rt.deps.db.selectFrom("date_reviews").select("id").where("date_id", "=", dateId).execute()).toEqual([]);
  });

  it("reviews a business with the business criteria", async () => {
    const client = await member();
    const club = await member(USER_TYPE.business);
    const dateId = await insertDate(rt, client.id, club.id);
    expect((await detail(client, dateId)).json.data).toMatchObject({ party: "business", criteria: [...REVIEW_CRITERIA.business] });
    expect((await write(client, dateId, reviewBody("person"))).status).toBe(400);
    expect((await write(client, dateId, reviewBody("business", {}, 2))).status).toBe(200);
    // The club reviews its guest as a person.
    expect((await detail(club, dateId)).json.data?.party).toBe("person");
    expect((await write(club, dateId, reviewBody("person"))).status).toBe(200);
    const page = await call<{ items: Array<{ aspects: Record<string, number>; rating: number }>; total: number; average: number | null }>(
      client.token,
      "GET",
      `/profiles/${club.username}/business-reviews`,
    );
    expect(page.json.data).toMatchObject({ total: 1, average: 2 });
    expect(Object.keys(page.json.data!.items[0]!.aspects).sort()).toEqual([...REVIEW_CRITERIA.business].sort());
  });

  it("publishes a lone review when the window closes (the job, once), and tells both members when it opens and closes", async () => {
    const client = await member();
    const escort = await member(USER_TYPE.escort);
    const dateId = await insertDate(rt, client.id, escort.id);

    expect(await openReviewWindows(rt.deps)).toBeGreaterThanOrEqual(1);
    expect(await openReviewWindows(rt.deps)).toBe(0);
    for (const [who, other] of [
      [client, escort],
      [escort, client],
    ] as const) {
      expect(await notifications(who.id, "review_window_open")).toEqual([
        { event: "review_window_open", url: `dating/reviews/add/${dateId}`, actor_id: other.id },
      ]);
    }

    await write(client, dateId, reviewBody("person", {}, 2));
    expect((await detail(escort, dateId)).json.data?.theirs).toBeNull();
    rt.clock.advance(REVIEW_WINDOW_MS);
    // A week later both sign in again (a token lives a day).
    escort.token = await signIn(escort);
    client.token = await signIn(client);
    // Closed: the read rule shows it at once, before the job ran.
    expect((await detail(escort, dateId)).json.data).toMatchObject({ window: "closed", can_review: false, theirs: { rating: 2 } });
    await rt.jobs.runDue();
    const row = await rt.deps.db.selectFrom("date_reviews").select("published_at").where("date_id", "=", dateId).executeTakeFirstOrThrow();
    expect(row.published_at).not.toBeNull();
    expect((await received(undefined, escort.username)).json.data?.total).toBe(1);
    expect(
      await rt.deps.db.selectFrom("profiles").select(["review_count", "rating_avg"]).where("user_id", "=", escort.id).executeTakeFirst(),
    ).toEqual({
      review_count: 1,
      rating_avg: 2,
    });
    // Idempotent: a second run changes nothing and tells nobody again.
    await closeReviewWindow(rt.deps, dateId);
    expect(await notifications(client.id, "review_window_closed")).toHaveLength(1);
    expect(await notifications(escort.id, "review_window_closed")).toHaveLength(1);
    const late = await write(escort, dateId, reviewBody("person"));
    expect(late.json.errors?.[0]?.key).toBe("exception.reviews.window_closed");
  });

  it("publishes both when the two members post at the same moment", async () => {
    const client = await member();
    const escort = await member(USER_TYPE.escort);
    const dateId = await insertDate(rt, client.id, escort.id);
    const answers = await Promise.all([write(client, dateId, reviewBody("person")), write(escort, dateId, reviewBody("person"))]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const rows = await rt.deps.db.selectFrom("date_reviews").select("published_at").where("date_id", "=", dateId).execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.published_at !== null)).toBe(true);
  });

  it("hides received reviews from others when the member chooses so (date_review_display)", async () => {
    const client = await member();
    const escort = await member(USER_TYPE.escort);
    const dateId = await insertDate(rt, client.id, escort.id);
    await write(client, dateId, reviewBody("person"));
    await write(escort, dateId, reviewBody("person"));
    expect((await call(escort.token, "PUT", "/settings/date_review_display", { show_reviews: false, show_rating: false })).status).toBe(
      200,
    );
    const hidden = await received(client, escort.username);
    expect([hidden.status, hidden.json.errors?.[0]?.key]).toEqual([403, "exception.reviews.hidden"]);
    expect((await received(escort, escort.username)).json.data?.total).toBe(1);
    const profile = await call<{ reviews: { count: number; average: number | null } }>(
      client.token,
      "GET",
      `/profiles/${escort.username}/detail`,
    );
    expect(profile.json.data?.reviews).toEqual({ count: 0, average: null });
    expect((await call(client.token, "GET", `/reviews/${dateId}/unlock`)).status).toBe(200);
    const third = await member();
    expect((await call(third.token, "GET", `/reviews/${dateId}/unlock`)).status).toBe(200);
  });

  it("takes reports of published reviews (kind review, checked) and refuses blind ones like unknown ids", async () => {
    const client = await member();
    const escort = await member(USER_TYPE.escort);
    const third = await member();
    const dateId = await insertDate(rt, client.id, escort.id);
    await write(client, dateId, reviewBody("person"));
    const blindId = (await detail(client, dateId)).json.data!.mine!.id;
    const report = (who: Member, id: number) =>
      call<{ id: number }>(who.token, "POST", "/reports", { kind: "review", object_id: id, type: "fake_review", good_faith: true });
    expect((await report(third, blindId)).status).toBe(404);
    await write(escort, dateId, reviewBody("person"));
    const filed = await report(third, blindId);
    expect(filed.status).toBe(202);
    const stored = await rt.deps.db
      .selectFrom("reports")
      .select(["object_kind", "object_id", "target_user_id"])
      .where("id", "=", filed.json.data!.id)
      .executeTakeFirst();
    expect(stored).toEqual({ object_kind: "review", object_id: blindId, target_user_id: client.id });
    // The reviewed escort may report the review about her; its author may not report their own.
    expect((await report(escort, blindId)).status).toBe(202);
    expect((await report(client, blindId)).status).toBe(400);
  });
});
