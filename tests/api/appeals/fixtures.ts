/**
 * What the appeals suites (appeals, reversals, the signed complaint link) share: members who sign in from addresses of
 * their own (the login and report limits are per address), API calls with their answers, and the published rows the
 * reported content kinds start from.
 */
import { BLOG_STATE } from "#server/contract/blogs";
import { EVENT_STATUS } from "#server/contract/events";
import { USER_TYPE } from "#server/contract/users";
import { addBerlinProfile, createUser, login, TEST_DB, type TestRuntime } from "../../helpers/runtime";

export interface Answer<T = unknown> {
  data?: T;
  errors?: Array<{ key: string; source?: string }>;
}

export const DAY = 24 * 60 * 60 * 1000;

/**
 * Members and calls for one suite's runtime (read through `runtime()`, set in beforeAll). `subnet` keeps each suite's
 * addresses apart from the others' when files run side by side against one limiter.
 */
export function appealActors(runtime: () => TestRuntime, subnet: string) {
  let ipCounter = 0;
  const freshIp = () => `${subnet}.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  /** A signed-in member (with a Berlin profile unless staff) and its token. */
  async function member(userType: number = USER_TYPE.escort) {
    const rt = runtime();
    const user = await createUser(rt, { userType });
    if (userType !== USER_TYPE.team && userType !== USER_TYPE.backend) await addBerlinProfile(rt, user.id, user.username);
    return { ...user, token: String((await login(rt, user.username, user.password, freshIp())).body.access_token) };
  }

  async function call<T>(method: string, path: string, init: { token?: string; body?: unknown; ip?: string } = {}) {
    const response = await runtime().request(`/api/v2${path}`, {
      method,
      token: init.token,
      ip: init.ip ?? freshIp(),
      headers: { "content-type": "application/json", "accept-language": "de" },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    return { status: response.status, json: (await response.json()) as Answer<T> };
  }

  return { freshIp, member, call };
}

/** A published blog post's row (slug unique per test database and call). */
export function publishedBlogRow(authorId: number, slug: string, at: number) {
  return {
    author_id: authorId,
    category: "everyday-life",
    slug: `${slug}-${TEST_DB}`,
    title: "Post",
    body: "[]",
    excerpt: "x",
    state: BLOG_STATE.published,
    cover_media_id: null,
    lat: null,
    lon: null,
    created_at: at,
    updated_at: at,
    published_at: at,
    rejection_reason: null,
    submitted_at: null,
  };
}

/** An accepted event in Berlin a day after `at`, one hour long. */
export function acceptedEventRow(organizerId: number, slug: string, at: number) {
  return {
    organizer_id: organizerId,
    category: "motto-party",
    slug: `${slug}-${TEST_DB}`,
    title: "Event",
    description: "A test event.",
    status: EVENT_STATUS.accepted,
    rejection_reason: null,
    starts_at: at + DAY,
    ends_at: at + DAY + 3_600_000,
    time_zone: "Europe/Berlin",
    city_id: 2950159,
    city_slug: "berlin",
    city_name: "Berlin",
    country_code: "DE",
    lat: 52.52,
    lon: 13.4,
    max_attendees: null,
    cover_media_id: null,
    created_at: at,
    updated_at: at,
    decided_at: at,
    cancelled_at: null,
    submitted_at: at,
    first_accepted_at: at,
  };
}
