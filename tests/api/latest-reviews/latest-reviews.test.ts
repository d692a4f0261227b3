/**
 * The platform's reviews page (GET /reviews, ADR 067): the newest published date reviews of every member, each shown
 * only as the reviewed member's own tab would show it to the reader, of findable profiles only. Through the real API
 * on a real database.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LatestReviews } from "#server/contract/latest-reviews";
import { REVIEW_LIST_PAGE_SIZE, type ReviewedParty } from "#server/contract/reviews";
import { USER_TYPE } from "#server/contract/users";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../../helpers/runtime";
import { insertDate } from "../reviews/date-fixture";
import { reviewKit, type Member } from "../reviews/review-kit";

describe(`the platform's reviews page (${TEST_DB})`, () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });
  afterAll(async () => {
    await rt.close();
  });

  const { member, call, reviewBody } = reviewKit(() => rt, "198.51.101");

  /** A date between the two, reviewed by the client and (published: both wrote) by the other. */
  async function reviewed(client: Member, subject: Member, party: ReviewedParty = "person", rating = 4, both = true): Promise<number> {
    const dateId = await insertDate(rt, client.id, subject.id);
    expect((await call(client.token, "POST", `/reviews/${dateId}`, reviewBody(party, {}, rating))).status).toBe(200);
    if (both) expect((await call(subject.token, "POST", `/reviews/${dateId}`, reviewBody("person"))).status).toBe(200);
    rt.clock.advance(60_000);
    return dateId;
  }

  const latest = (who: Member | undefined, query = "") => call<LatestReviews>(who?.token, "GET", `/reviews${query}`);
  /** The reviewed members of page 1 as the reader sees it, with the rating each got. */
  const subjects = async (who: Member | undefined, query = "") =>
    ((await latest(who, query)).json.data?.items ?? []).map((item) => item.subject.username);

  it("lists every member's published reviews newest first, naming the reviewed member; blind ones never", async () => {
    const client = await member();
    const [anna, bea] = [await member(USER_TYPE.escort), await member(USER_TYPE.escort)];
    const club = await member(USER_TYPE.business);
    await reviewed(client, anna, "person", 5);
    await reviewed(client, club, "business", 2);
    // Blind: only the client wrote, so nothing is published yet.
    const blindDate = await reviewed(client, bea, "person", 3, false);
    await reviewed(client, bea, "person", 4);

    const reader = await member();
    const page = await latest(reader);
    expect(page.status).toBe(200);
    expect(page.json.data).toMatchObject({ page: 1, page_size: REVIEW_LIST_PAGE_SIZE });
    const mine = page.json.data!.items.filter((item) => [anna, bea, club].some((m) => m.username === item.subject.username));
    // Both sides of each published date are listed: the client's review of the provider and the provider's of him.
    expect(mine.map((item) => [item.subject.username, item.rating, item.party])).toEqual([
      [bea.username, 4, "person"],
      [club.username, 2, "business"],
      [anna.username, 5, "person"],
    ]);
    expect(mine.map((item) => item.date_id)).not.toContain(blindDate);
    expect(mine[0]).toMatchObject({ author: { username: client.username }, text: null, text_locked: true });
    expect(page.json.data!.unlock).not.toBeNull();
    // A plus member reads the texts, as on the tabs.
    const plus = await member(USER_TYPE.client, { plus: true });
    const asPlus = (await latest(plus)).json.data!.items.find((item) => item.subject.username === bea.username);
    expect(asPlus).toMatchObject({ text_locked: false, text: expect.any(String) });
    // A malformed page is a 400, never a 5xx.
    for (const query of ["?page=0", "?page=x", "?page=1001", "?sort=1"]) expect((await latest(reader, query)).status).toBe(400);
  });

  it("pages by the spec's default page size, newest first, stable across pages", async () => {
    const client = await member();
    const escort = await member(USER_TYPE.escort);
    const before = (await latest(undefined)).json.data!.total;
    for (let n = 0; n < REVIEW_LIST_PAGE_SIZE + 2; n++) await reviewed(client, escort, "person", 1 + (n % 5));
    const first = (await latest(undefined)).json.data!;
    // The escort's twelve reviews are new to guests (the client's are members-only).
    expect(first.total).toBe(before + REVIEW_LIST_PAGE_SIZE + 2);
    expect(first.items).toHaveLength(REVIEW_LIST_PAGE_SIZE);
    expect(first.items.every((item) => item.subject.username === escort.username)).toBe(true);
    const second = (await latest(undefined, "?page=2")).json.data!;
    expect(second.items.length).toBeGreaterThanOrEqual(2);
    const items = [...first.items, ...second.items];
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    const times = items.map((item) => item.published_at!);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // Past the last page: an empty page, not an error.
    const last = Math.ceil(first.total / REVIEW_LIST_PAGE_SIZE);
    expect((await latest(undefined, `?page=${last + 1}`)).json.data).toMatchObject({ items: [], page: last + 1 });
  });

  it("hides what the reviewed member's own tab hides: display off, hidden, paused, deleted, banned, blocked, members-only for guests", async () => {
    const client = await member();
    const escorts: Member[] = [];
    for (let n = 0; n < 8; n++) escorts.push(await member(USER_TYPE.escort));
    const [shy, searchHidden, invisible, paused, deleted, banned, blocker, open] = escorts as [
      Member,
      Member,
      Member,
      Member,
      Member,
      Member,
      Member,
      Member,
    ];
    const all = [shy, searchHidden, invisible, paused, deleted, banned, blocker, open];
    for (const escort of all) await reviewed(client, escort);
    expect((await call(shy.token, "PUT", "/settings/date_review_display", { show_reviews: false, show_rating: true })).status).toBe(200);
    await rt.deps.db.updateTable("profiles").set({ search_hidden: 1 }).where("user_id", "=", searchHidden.id).execute();
    await rt.deps.db.updateTable("profiles").set({ is_visible: 0 }).where("user_id", "=", invisible.id).execute();
    expect((await call(paused.token, "POST", "/user/pause")).status).toBeLessThan(300);
    await rt.deps.db.updateTable("users").set({ status: "deleted" }).where("id", "=", deleted.id).execute();
    await rt.deps.db.updateTable("users").set({ status: "banned" }).where("id", "=", banned.id).execute();
    const reader = await member();
    expect((await call(blocker.token, "POST", `/block/${reader.username}`)).status).toBeLessThan(300);

    /** The profiles of `all` whose reviews the reader finds on any page, in the order of `all`. */
    const names = async (who: Member | undefined) => {
      const seen = new Set<string>();
      for (let page = 1; ; page++) {
        const items = (await latest(who, `?page=${page}`)).json.data?.items ?? [];
        if (items.length === 0) break;
        for (const item of items) seen.add(item.subject.username);
      }
      return all.filter((m) => seen.has(m.username)).map((m) => m.username);
    };
    // The reader: only the open profile (the other one blocked the reader).
    expect(await names(reader)).toEqual([open.username]);
    // A guest sees the blocker's (the block is with the reader only).
    expect(await names(undefined)).toEqual([blocker.username, open.username]);
    // The reviewed members themselves: each hidden one misses their own here, as every list of profiles does.
    expect(await names(searchHidden)).toEqual([blocker.username, open.username]);
    // The member who hides her reviews still sees her own, as on her own tab.
    expect(await names(shy)).toEqual([shy.username, blocker.username, open.username]);
    // Clients are members-only: a guest never sees reviews of the client, a member does.
    const guestPage = (await latest(undefined)).json.data!;
    expect(guestPage.items.some((item) => item.subject.username === client.username)).toBe(false);
    // Members see the client's reviews (he is listed for members), unless he hides them.
    expect(await subjects(reader)).toContain(client.username);
  });

  it("reads pages in the order of its own index (migration 0060, declared in the feature's manifest)", async () => {
    const indexes =
      rt.database.dialect === "postgres"
        ? sql<{ name: string }>`SELECT indexname AS name FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'date_reviews'`
        : sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'date_reviews'`;
    expect((await indexes.execute(rt.deps.db)).rows.map((row) => row.name)).toContain("date_reviews_published");
  });
});
