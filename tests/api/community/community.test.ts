/**
 * Finding events and blog posts through the real API on both databases (issue 29, ADR 104): the searches' filters,
 * facet counts and sorts, pending/rejected/cancelled/past never listed, blocked members left out, the profile tabs'
 * lists, the first-screen data of the /node paths (another member's pending event or draft by id answers 404), the
 * city pages' events and the sitemaps.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOG_STATE } from "#server/contract/blogs";
import type {
  BlogDetailInit,
  BlogSearchResult,
  CityEventList,
  EventDetailInit,
  EventSearchResult,
  UserBlogList,
  UserEventList,
} from "#server/contract/community";
import { EVENT_ATTENDANCE, EVENT_STATUS } from "#server/contract/events";
import type { SitemapEntry } from "#server/contract/seo";
import { USER_TYPE } from "#server/contract/users";
import { callJson } from "../../helpers/api-call";
import { createTestRuntime, listedMemberWith, TEST_DB, type TestRuntime } from "../../helpers/runtime";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface ErrorBody {
  errors?: Array<{ key: string; source?: string }>;
}
type Member = Awaited<ReturnType<typeof listedMemberWith>> & { id: number };

describe(`community search (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let now: number;
  let club: Member;
  let escort: Member;
  let viewer: Member;
  let blocked: Member;
  let seq = 0;

  const api = <Body>(token: string | undefined, path: string) => callJson<Body & ErrorBody>(rt, token, "GET", `/api/v2${path}`);

  async function event(
    organizerId: number,
    over: Partial<{
      category: string;
      status: number;
      inDays: number;
      price: number;
      country: string;
      lat: number;
      lon: number;
      city: number;
      createdAgo: number;
    }> = {},
  ) {
    seq += 1;
    const startsAt = now + (over.inDays ?? 5) * DAY + seq * 1000;
    const row = await rt.deps.db
      .insertInto("events")
      .values({
        organizer_id: organizerId,
        category: over.category ?? "motto-party",
        slug: `event-${TEST_DB}-${seq}`,
        title: `Event ${seq}`,
        description: "A test event.",
        status: over.status ?? EVENT_STATUS.accepted,
        starts_at: startsAt,
        ends_at: startsAt + 4 * HOUR,
        time_zone: "Europe/Berlin",
        city_id: over.city ?? 2950159,
        city_slug: "berlin",
        city_name: "Berlin",
        country_code: over.country ?? "DE",
        lat: over.lat ?? 52.52,
        lon: over.lon ?? 13.4,
        price: over.price ?? 20,
        created_at: now - (over.createdAgo ?? 0),
        submitted_at: now - (over.createdAgo ?? 0),
        updated_at: now,
      })
      .returning(["id", "slug"])
      .executeTakeFirstOrThrow();
    return row;
  }

  async function post(
    authorId: number,
    over: Partial<{ category: string; state: number; daysAgo: number; likes: number; comments: number; cover: boolean }> = {},
  ) {
    seq += 1;
    const publishedAt = now - (over.daysAgo ?? 1) * DAY - seq * 1000;
    const row = await rt.deps.db
      .insertInto("blogs")
      .values({
        author_id: authorId,
        category: over.category ?? "everyday-life",
        slug: `post-${TEST_DB}-${seq}`,
        title: `Post ${seq}`,
        body: "[]",
        excerpt: "An excerpt.",
        state: over.state ?? BLOG_STATE.published,
        cover_media_id: over.cover ? 1 : null,
        lat: 52.52,
        lon: 13.4,
        like_count: over.likes ?? 0,
        comment_count: over.comments ?? 0,
        created_at: publishedAt,
        updated_at: publishedAt,
        published_at: over.state === BLOG_STATE.draft || over.state === BLOG_STATE.pending ? null : publishedAt,
      })
      .returning(["id", "slug"])
      .executeTakeFirstOrThrow();
    return row;
  }

  const idOf = async (username: string) =>
    (await rt.deps.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
  const member = async (userType: number): Promise<Member> => {
    const m = await listedMemberWith(rt, { userType });
    return { ...m, id: await idOf(m.username) };
  };

  // Fixture: club (business) organizes most; escort one; a member who blocks/was blocked by the viewer one.
  type Fixture =
    | "soon"
    | "later"
    | "austria"
    | "escorts"
    | "blockedOne"
    | "pending"
    | "rejected"
    | "cancelled"
    | "past"
    | "fresh"
    | "liked"
    | "commented"
    | "old"
    | "blockedPost"
    | "draft"
    | "pendingPost"
    | "rejectedPost";
  const ids = {} as Record<Fixture, { id: number; slug: string }>;
  beforeAll(async () => {
    rt = await createTestRuntime();
    now = rt.clock.now();
    club = await member(USER_TYPE.business);
    escort = await member(USER_TYPE.escort);
    viewer = await member(USER_TYPE.client);
    blocked = await member(USER_TYPE.escort);
    await rt.deps.db.insertInto("blocks").values({ blocker_id: blocked.id, blocked_id: viewer.id, created_at: now }).execute();

    ids.soon = await event(club.id, { inDays: 1, price: 0, createdAgo: 1 * DAY });
    ids.later = await event(club.id, { inDays: 10, category: "swinger-party", price: 120, createdAgo: 5 * DAY });
    ids.austria = await event(club.id, {
      inDays: 3,
      category: "fetish-party",
      price: 600,
      country: "AT",
      lat: 48.2,
      lon: 16.37,
      createdAgo: 0,
    });
    ids.escorts = await event(escort.id, { inDays: 2, category: "bdsm-party", price: 60, lat: 48.14, lon: 11.58, createdAgo: 3 * DAY });
    ids.blockedOne = await event(blocked.id, { inDays: 4, price: 30 });
    ids.pending = await event(club.id, { status: EVENT_STATUS.pending });
    ids.rejected = await event(club.id, { status: EVENT_STATUS.rejected });
    ids.cancelled = await event(club.id, { status: EVENT_STATUS.cancelled });
    ids.past = await event(club.id, { inDays: -3 });
    await rt.deps.db
      .insertInto("event_attendances")
      .values({
        event_id: ids.past.id,
        user_id: viewer.id,
        status: EVENT_ATTENDANCE.attend,
        accepted_at: now - 5 * DAY,
        created_at: now - 6 * DAY,
        updated_at: now - 5 * DAY,
      })
      .execute();

    ids.fresh = await post(club.id, { daysAgo: 0.1 });
    ids.liked = await post(escort.id, { daysAgo: 1, likes: 30, comments: 5, category: "advice", cover: true });
    ids.commented = await post(escort.id, { daysAgo: 3, comments: 9, likes: 1, state: BLOG_STATE.post_check });
    ids.old = await post(club.id, { daysAgo: 40, likes: 100, state: BLOG_STATE.approved });
    ids.blockedPost = await post(blocked.id, { daysAgo: 0.2 });
    ids.draft = await post(club.id, { state: BLOG_STATE.draft });
    ids.pendingPost = await post(club.id, { state: BLOG_STATE.pending });
    ids.rejectedPost = await post(club.id, { state: BLOG_STATE.rejected, daysAgo: 0.05 });
  }, 60_000);
  afterAll(async () => {
    await rt.close();
  });

  const slugs = (items: Array<{ slug: string }>) => items.map((item) => item.slug);

  describe("events/{activeCategory?}", () => {
    it("lists upcoming accepted events only, soonest first, with facets counted over the other filters", async () => {
      const { status, json } = await api<{ data: EventSearchResult }>(undefined, "/community/events/search");
      expect(status).toBe(200);
      expect(slugs(json.data.items)).toEqual([ids.soon, ids.escorts, ids.austria, ids.blockedOne, ids.later].map((e) => e.slug));
      expect(json.data.sort).toBe("start_time");
      expect(json.data.page_size).toBe(12);
      const count = (facet: keyof EventSearchResult["facets"], value: string) =>
        json.data.facets[facet].find((f) => f.value === value)?.count;
      expect(count("category", "motto-party")).toBe(2);
      expect(count("category", "gangbang")).toBe(0);
      expect(count("organizers_user_type", String(USER_TYPE.business))).toBe(3);
      expect(count("organizers_user_type", String(USER_TYPE.escort))).toBe(2);
      expect(json.data.facets.country).toEqual([
        { value: "DE", count: 4 },
        { value: "AT", count: 1 },
      ]);
      expect(json.data.facets.price_range.map((f) => f.count)).toEqual([2, 1, 1, 0, 1]);
    });

    it("filters by category, organizers' user type, price band and country; a facet ignores its own filter", async () => {
      const byCategory = await api<{ data: EventSearchResult }>(undefined, "/community/events/search?category=swinger-party");
      expect(slugs(byCategory.json.data.items)).toEqual([ids.later.slug]);
      expect(byCategory.json.data.facets.category.find((f) => f.value === "motto-party")?.count).toBe(2);
      expect(byCategory.json.data.facets.country).toEqual([{ value: "DE", count: 1 }]);
      const byType = await api<{ data: EventSearchResult }>(undefined, `/community/events/search?organizers_user_type=${USER_TYPE.escort}`);
      expect(slugs(byType.json.data.items)).toEqual([ids.escorts.slug, ids.blockedOne.slug]);
      const byPrice = await api<{ data: EventSearchResult }>(undefined, "/community/events/search?price=500%2B");
      expect(slugs(byPrice.json.data.items)).toEqual([ids.austria.slug]);
      const byCountry = await api<{ data: EventSearchResult }>(undefined, "/community/events/search?country=AT");
      expect(slugs(byCountry.json.data.items)).toEqual([ids.austria.slug]);
    });

    it("sorts by creation and by distance from the viewer's place; pages in lists of 10", async () => {
      const created = await api<{ data: EventSearchResult }>(undefined, "/community/events/search?sort=created_at");
      expect(slugs(created.json.data.items).slice(0, 2)).toEqual([ids.austria.slug, ids.blockedOne.slug]);
      // A guest has no place: distance falls back to start_time.
      const guest = await api<{ data: EventSearchResult }>(undefined, "/community/events/search?sort=distance");
      expect(guest.json.data.sort).toBe("start_time");
      // The viewer lives in Berlin: Berlin first, Munich, then Vienna.
      const near = await api<{ data: EventSearchResult }>(viewer.token, "/community/events/search?sort=distance");
      expect(near.json.data.sort).toBe("distance");
      expect(near.json.data.origin?.name).toBe("Berlin");
      expect(slugs(near.json.data.items)).toEqual([ids.soon, ids.later, ids.escorts, ids.austria].map((e) => e.slug));
      expect(near.json.data.items[2]!.distance_km).toBeGreaterThan(400);
      const list = await api<{ data: EventSearchResult }>(undefined, "/community/events/search?view=list&page=2");
      expect(list.json.data.page_size).toBe(10);
      expect(list.json.data.items).toEqual([]);
      expect(list.json.data.has_more).toBe(false);
    });

    it("leaves out members separated from the viewer by a block, in either direction", async () => {
      const { json } = await api<{ data: EventSearchResult }>(viewer.token, "/community/events/search");
      expect(slugs(json.data.items)).not.toContain(ids.blockedOne.slug);
      expect(json.data.items).toHaveLength(4);
      expect((await api(viewer.token, `/community/events/detail/${ids.blockedOne.slug}`)).status).toBe(404);
      expect((await api(viewer.token, `/community/events/user/${blocked.username}`)).status).toBe(404);
      const blockerView = await api<{ data: EventSearchResult }>(blocked.token, "/community/events/search");
      expect(slugs(blockerView.json.data.items)).toContain(ids.blockedOne.slug);
      // The counts match what the viewer sees: the blocked escort's event (DE, 30 euros) is not counted either.
      const count = (facet: keyof EventSearchResult["facets"], value: string) =>
        json.data.facets[facet].find((f) => f.value === value)?.count;
      expect(count("organizers_user_type", String(USER_TYPE.escort))).toBe(1);
      expect(count("organizers_user_type", String(USER_TYPE.business))).toBe(3);
      expect(json.data.facets.country).toEqual([
        { value: "DE", count: 3 },
        { value: "AT", count: 1 },
      ]);
      expect(json.data.facets.category.reduce((sum, f) => sum + f.count, 0)).toBe(4);
      const blockerCounts = blockerView.json.data.facets.country.find((f) => f.value === "DE")?.count;
      expect(blockerCounts).toBe(4);
    });

    it("answers 400 for a value it does not know, never 500", async () => {
      for (const query of ["category=party", "sort=price", "price=1-2", "organizers_user_type=10", "country=de", "view=grid", "page=0"]) {
        const { status, json } = await api(undefined, `/community/events/search?${query}`);
        expect(status, query).toBe(400);
        expect(json.errors?.[0]?.key).toBe("validation.invalid");
      }
    });
  });

  describe("blogs/{activeCategory?}", () => {
    it("lists public posts only, default_sort lifting liked and commented posts within two days", async () => {
      const { status, json } = await api<{ data: BlogSearchResult }>(undefined, "/community/blogs/search");
      expect(status).toBe(200);
      // liked (1 day old, lift capped at 48 h) ranks above fresh (2.4 h old); commented (3 days, lift 19 h) below it.
      expect(slugs(json.data.items)).toEqual([ids.liked, ids.fresh, ids.blockedPost, ids.commented, ids.old].map((p) => p.slug));
      expect(json.data.sort).toBe("default_sort");
    });

    it("sorts by published_at, comment_amount and likes", async () => {
      const published = await api<{ data: BlogSearchResult }>(undefined, "/community/blogs/search?sort=published_at");
      expect(slugs(published.json.data.items)).toEqual([ids.fresh, ids.blockedPost, ids.liked, ids.commented, ids.old].map((p) => p.slug));
      const comments = await api<{ data: BlogSearchResult }>(undefined, "/community/blogs/search?sort=comment_amount");
      expect(slugs(comments.json.data.items).slice(0, 2)).toEqual([ids.commented.slug, ids.liked.slug]);
      const likes = await api<{ data: BlogSearchResult }>(undefined, "/community/blogs/search?sort=likes");
      expect(slugs(likes.json.data.items).slice(0, 2)).toEqual([ids.old.slug, ids.liked.slug]);
    });

    it("filters by category, user type, only show and date published", async () => {
      const category = await api<{ data: BlogSearchResult }>(undefined, "/community/blogs/search?category=advice");
      expect(slugs(category.json.data.items)).toEqual([ids.liked.slug]);
      const business = await api<{ data: BlogSearchResult }>(
        undefined,
        `/community/blogs/search?user_type=${USER_TYPE.business}&sort=published_at`,
      );
      expect(slugs(business.json.data.items)).toEqual([ids.fresh.slug, ids.old.slug]);
      const photo = await api<{ data: BlogSearchResult }>(undefined, "/community/blogs/search?only_show=with_photo");
      expect(slugs(photo.json.data.items)).toEqual([ids.liked.slug]);
      const week = await api<{ data: BlogSearchResult }>(undefined, "/community/blogs/search?published=week&sort=published_at");
      expect(slugs(week.json.data.items)).not.toContain(ids.old.slug);
      expect(week.json.data.items).toHaveLength(4);
      // Favorites: a guest has none; the viewer keeps the club.
      const guestFavorites = await api<{ data: BlogSearchResult }>(undefined, "/community/blogs/search?only_show=favorites");
      expect(guestFavorites.json.data.items).toEqual([]);
      await rt.deps.db
        .insertInto("favorites")
        .values({ user_id: viewer.id, target_id: club.id, created_at: now, created_day: "2026-01-01" })
        .execute();
      const favorites = await api<{ data: BlogSearchResult }>(
        viewer.token,
        "/community/blogs/search?only_show=favorites&sort=published_at",
      );
      expect(slugs(favorites.json.data.items)).toEqual([ids.fresh.slug, ids.old.slug]);
      // Nearby: every post was written in Berlin, like the viewer lives.
      const nearby = await api<{ data: BlogSearchResult }>(viewer.token, "/community/blogs/search?only_show=nearby&radius=50");
      expect(nearby.json.data.radius_km).toBe(50);
      expect(nearby.json.data.origin?.name).toBe("Berlin");
      expect(nearby.json.data.items).toHaveLength(4);
    });

    it("leaves out a blocked author's posts and answers 400 for unknown values", async () => {
      const { json } = await api<{ data: BlogSearchResult }>(viewer.token, "/community/blogs/search");
      expect(slugs(json.data.items)).not.toContain(ids.blockedPost.slug);
      expect((await api(viewer.token, `/community/blogs/detail/${ids.blockedPost.slug}`)).status).toBe(404);
      for (const query of ["sort=best", "only_show=videos", "radius=7", "published=decade", "user_type=9"])
        expect((await api(undefined, `/community/blogs/search?${query}`)).status, query).toBe(400);
    });
  });

  describe("profile tabs and the first-screen data", () => {
    it("lists a member's upcoming and past events; whom one attends only for oneself", async () => {
      const { status, json } = await api<{ data: UserEventList }>(undefined, `/community/events/user/${club.username}`);
      expect(status).toBe(200);
      expect(slugs(json.data.upcoming)).toEqual([ids.soon, ids.austria, ids.later].map((e) => e.slug));
      expect(slugs(json.data.past)).toEqual([ids.past.slug]);
      expect(json.data.attending).toBeNull();
      const others = await api<{ data: UserEventList }>(club.token, `/community/events/user/${viewer.username}`);
      expect(others.json.data.attending).toBeNull();
      const own = await api<{ data: UserEventList }>(viewer.token, `/community/events/user/${viewer.username}`);
      expect(slugs(own.json.data.attending ?? [])).toEqual([ids.past.slug]);
      expect((await api(undefined, "/community/events/user/nobody_here")).status).toBe(404);
    });

    it("lists a member's public posts, newest first", async () => {
      const { json } = await api<{ data: UserBlogList }>(undefined, `/community/blogs/user/${club.username}`);
      expect(slugs(json.data.items)).toEqual([ids.fresh.slug, ids.old.slug]);
    });

    it("shows a pending event or a draft to its author and the team only: another member's id answers 404", async () => {
      expect((await api(viewer.token, `/community/events/detail/${ids.pending.slug}`)).status).toBe(404);
      expect((await api(undefined, `/community/events/detail/${ids.rejected.slug}`)).status).toBe(404);
      const own = await api<{ data: EventDetailInit }>(club.token, `/community/events/detail/${ids.pending.slug}`);
      expect(own.status).toBe(200);
      expect(own.json.data.own).toBe(true);
      const cancelled = await api<{ data: EventDetailInit }>(undefined, `/community/events/detail/${ids.cancelled.slug}`);
      expect(cancelled.json.data.event.status).toBe(EVENT_STATUS.cancelled);
      expect((await api(escort.token, `/community/blogs/detail/${ids.draft.slug}`)).status).toBe(404);
      expect((await api(undefined, `/community/blogs/detail/${ids.pendingPost.slug}`)).status).toBe(404);
      const post = await api<{ data: BlogDetailInit }>(undefined, `/community/blogs/detail/${ids.commented.slug}`);
      expect(post.json.data.post.author.username).toBe(escort.username);
      expect(post.json.data.own).toBe(false);
    });

    it("gives a city's next accepted events", async () => {
      const { json } = await api<{ data: CityEventList }>(undefined, "/community/cities/DE/berlin/events");
      expect(slugs(json.data.items)).toEqual([ids.soon, ids.escorts, ids.blockedOne, ids.later].map((e) => e.slug));
      const unknown = await api<{ data: CityEventList }>(undefined, "/community/cities/DE/atlantis/events");
      expect(unknown.json.data.items).toEqual([]);
    });
  });

  it("lists accepted events and public posts in the sitemaps, nothing pending or rejected", async () => {
    const events = await api<{ data: SitemapEntry[] }>(undefined, "/seo/sitemaps/events?part=1");
    const eventPaths = events.json.data.map((e) => e.path);
    expect(eventPaths).toContain(`events/motto-party/${ids.soon.slug}`);
    expect(eventPaths).toContain(`events/motto-party/${ids.past.slug}`);
    expect(eventPaths.some((p) => p.endsWith(ids.pending.slug) || p.endsWith(ids.rejected.slug))).toBe(false);
    const blogs = await api<{ data: SitemapEntry[] }>(undefined, "/seo/sitemaps/blogs?part=1");
    const blogPaths = blogs.json.data.map((e) => e.path);
    expect(blogPaths).toContain(`blogs/advice/${ids.liked.slug}`);
    expect(blogPaths.some((p) => p.endsWith(ids.draft.slug) || p.endsWith(ids.pendingPost.slug) || p.endsWith(ids.rejectedPost.slug))).toBe(
      false,
    );
  });
});
