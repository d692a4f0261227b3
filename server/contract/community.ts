/**
 * Finding events and blog posts (issue 29 items 1, 3, 5, 6; ADR 104): the searches `events/{activeCategory?}` and
 * `blogs/{activeCategory?}`, the profile tabs p/{username}/events and /blogs, the first-screen data of the /node/event/*
 * and /node/blog/* paths, and the city pages' upcoming events. The codes, lists and limits of events and blogs stay in
 * contract/events and contract/blogs; this file adds only what finding them needs: the query schemas and the answers.
 */
import * as v from "valibot";
import { BLOG_CATEGORIES, BLOG_SORTS, BLOG_STATE, type BlogCategory, type BlogSort } from "./blogs";
import { EVENT_CATEGORIES, EVENT_PRICE_BANDS, EVENT_SORTS, type EventCategory, type EventPriceBand, type EventSort } from "./events";
import { pageQueryParam } from "./paging";
import { SELECTABLE_USER_TYPES } from "./users";

const invalid = "validation.invalid";

/** The states in which a post is public (spec section 3: approved, post-check, published). */
export const BLOG_PUBLIC_STATES = [BLOG_STATE.approved, BLOG_STATE.post_check, BLOG_STATE.published] as const;

/** How a search shows its results: tiles (the default) or a list, a link on the page switches (no script needed). */
export const FIND_VIEWS = ["tiles", "list"] as const;
export type FindView = (typeof FIND_VIEWS)[number];

/**
 * Blog search "only show" (ADR 104; the spec names the filter, not its options): posts with a cover photo, posts by
 * members the viewer keeps as favorites (signed-in viewers), and posts written near the viewer — within the radius
 * (default 500 km, spec section 9) of the viewer's own place or a chosen city.
 */
export const BLOG_ONLY_SHOW = ["with_photo", "favorites", "nearby"] as const;
export type BlogOnlyShow = (typeof BLOG_ONLY_SHOW)[number];
/** The nearby radius a viewer may choose, in km; BLOG_DEFAULT_RADIUS_KM (500) of contract/blogs is the default. */
export const BLOG_RADII_KM = [50, 100, 200, 500] as const;

/** Blog search "date published": posts published within the last day, week, month or year. */
export const BLOG_PUBLISHED_WITHIN = { day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000, year: 365 * 86_400_000 } as const;
export type BlogPublishedWithin = keyof typeof BLOG_PUBLISHED_WITHIN;

/**
 * The blog sort default_sort (ADR 104): newest first, but each like lifts a post by one hour and each comment by
 * two, up to two days in all — a much-discussed post stays on top a little longer, and an old one never returns.
 */
export const BLOG_DEFAULT_SORT_WEIGHT = { likeMs: 3_600_000, commentMs: 2 * 3_600_000, maxMs: 48 * 3_600_000 } as const;

/** The city pages of the directory show this many of the city's upcoming events. */
export const CITY_UPCOMING_EVENTS = 4;
/** The profile's blogs tab is paged like the blog list. */
export { BLOG_LIST_PAGE_SIZE as PROFILE_BLOGS_PAGE_SIZE } from "./blogs";

/** A country code filter as the query string carries it. */
const countryParam = v.pipe(v.string(invalid), v.regex(/^[A-Z]{2}$/, invalid));
const userTypeParam = v.pipe(
  v.picklist(
    SELECTABLE_USER_TYPES.map((type) => String(type)),
    invalid,
  ),
  v.transform(Number),
);
/** A city to measure distances from: its key ("de-berlin") or a typed name (the best match wins). */
const nearParam = v.pipe(v.string(invalid), v.trim(), v.minLength(1, invalid), v.maxLength(100, invalid));

/** GET /community/events/search: every filter optional; no category lists every category (ADR 104). */
export const eventSearchQuerySchema = v.object({
  category: v.optional(v.picklist(EVENT_CATEGORIES, invalid)),
  organizers_user_type: v.optional(userTypeParam),
  price: v.optional(
    v.picklist(
      EVENT_PRICE_BANDS.map((band) => band.key),
      invalid,
    ),
  ),
  country: v.optional(countryParam),
  sort: v.optional(v.picklist(EVENT_SORTS, invalid)),
  near: v.optional(nearParam),
  view: v.optional(v.picklist(FIND_VIEWS, invalid)),
  page: pageQueryParam,
});
export type EventSearchQuery = v.InferOutput<typeof eventSearchQuerySchema>;

/** GET /community/blogs/search. */
export const blogSearchQuerySchema = v.object({
  category: v.optional(v.picklist(BLOG_CATEGORIES, invalid)),
  user_type: v.optional(userTypeParam),
  only_show: v.optional(v.picklist(BLOG_ONLY_SHOW, invalid)),
  published: v.optional(v.picklist(Object.keys(BLOG_PUBLISHED_WITHIN) as BlogPublishedWithin[], invalid)),
  radius: v.optional(
    v.pipe(
      v.picklist(
        BLOG_RADII_KM.map((km) => String(km)),
        invalid,
      ),
      v.transform(Number),
    ),
  ),
  near: v.optional(nearParam),
  sort: v.optional(v.picklist(BLOG_SORTS, invalid)),
  view: v.optional(v.picklist(FIND_VIEWS, invalid)),
  page: pageQueryParam,
});
export type BlogSearchQuery = v.InferOutput<typeof blogSearchQuerySchema>;

/** The paged lists of a profile tab. */
export const profileListQuerySchema = v.object({ page: pageQueryParam });

/** The member shown beside an event or a post. */
export interface CommunityMember {
  username: string;
  display_name: string;
  user_type: number;
}

/** An event as the searches, the profile tab and the city pages show it. */
export interface EventTile {
  id: number;
  slug: string;
  category: EventCategory;
  title: string;
  starts_at: number;
  ends_at: number;
  /** The place's zone: the times are shown in it. */
  time_zone: string;
  city_name: string;
  country_code: string;
  /** Whole euros; 0 for free. */
  price: number;
  attendee_count: number;
  /** Accepted (1) or cancelled (3); the searches list accepted ones only. */
  status: number;
  organizer: CommunityMember;
  /** From the distance sort's origin, rounded to whole km; null without one. */
  distance_km: number | null;
}

/** One value of a facet and how many upcoming events have it. */
export interface FacetCount {
  value: string;
  count: number;
}

export interface EventSearchFacets {
  category: FacetCount[];
  organizers_user_type: FacetCount[];
  country: FacetCount[];
  price_range: FacetCount[];
}

/** GET /community/events/search: one page of upcoming accepted events and the facets of the whole result. */
export interface EventSearchResult {
  items: EventTile[];
  page: number;
  page_size: number;
  has_more: boolean;
  /** The sort used: distance falls back to start_time when there is no place to measure from. */
  sort: EventSort;
  view: FindView;
  /** Where distances are measured from (the chosen city, else the viewer's place); null without one. */
  origin: { name: string; key: string } | null;
  facets: EventSearchFacets;
}

/** A post as the search and the profile tab show it. */
export interface BlogTile {
  id: number;
  slug: string;
  category: BlogCategory;
  title: string;
  excerpt: string;
  published_at: number;
  comment_count: number;
  like_count: number;
  has_cover: boolean;
  author: CommunityMember;
}

/** GET /community/blogs/search. */
export interface BlogSearchResult {
  items: BlogTile[];
  page: number;
  page_size: number;
  has_more: boolean;
  sort: BlogSort;
  view: FindView;
  /** The nearby filter's centre (chosen city, else the viewer's place); null when it has none and is ignored. */
  origin: { name: string; key: string } | null;
  radius_km: number;
}

/**
 * GET /community/events/user/{username}: the member's accepted events, upcoming (soonest first) and past (latest
 * first, also cancelled ones); `attending` only for the member themself — whom one attends is nobody else's business.
 */
export interface UserEventList {
  upcoming: EventTile[];
  past: EventTile[];
  attending: EventTile[] | null;
}

/** GET /community/blogs/user/{username}: the member's public posts, newest first. */
export interface UserBlogList {
  items: BlogTile[];
  page: number;
  page_size: number;
  has_more: boolean;
}

/** GET /community/events/detail/{slug}: the first-screen data of an event page. */
export interface EventDetailInit {
  event: EventTile & { description: string; address: string; max_attendees: number | null; cancelled_at: number | null };
  /** Whether the viewer organizes it (they also see it pending or rejected). */
  own: boolean;
}

/** GET /community/blogs/detail/{slug}: the first-screen data of a post's page (the body as stored, structured JSON). */
export interface BlogDetailInit {
  post: BlogTile & { body: string; state: number };
  own: boolean;
}

/** GET /community/cities/{cityId}/events: the city's next accepted events for its directory page. */
export interface CityEventList {
  items: EventTile[];
}

export type { EventPriceBand };

export interface CommunityBodies {
  EventSearchResult: EventSearchResult;
  BlogSearchResult: BlogSearchResult;
  UserEventList: UserEventList;
  UserBlogList: UserBlogList;
  EventDetailInit: EventDetailInit;
  BlogDetailInit: BlogDetailInit;
  CityEventList: CityEventList;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends CommunityBodies {}
}
