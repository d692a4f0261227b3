/**
 * Finding events and blog posts (issue 29, ADR 104): the two searches, the profile tabs' lists, the pages' first-screen
 * data (what the web tier's /node/event/* and /node/blog/* paths answer) and the city pages' upcoming events.
 */
import { defineOperation } from "../operation";
import { blogSearchQuerySchema, eventSearchQuerySchema, profileListQuerySchema } from "../community";

export const communityOps = {
  eventSearch: defineOperation({
    method: "get",
    path: "/api/v2/community/events/search",
    query: eventSearchQuerySchema,
    response: "EventSearchResult",
  }),
  userEvents: defineOperation({ method: "get", path: "/api/v2/community/events/user/:username", response: "UserEventList" }),
  eventDetail: defineOperation({ method: "get", path: "/api/v2/community/events/detail/:slug", response: "EventDetailInit" }),
  cityEvents: defineOperation({ method: "get", path: "/api/v2/community/cities/:country/:city/events", response: "CityEventList" }),
  blogSearch: defineOperation({
    method: "get",
    path: "/api/v2/community/blogs/search",
    query: blogSearchQuerySchema,
    response: "BlogSearchResult",
  }),
  userBlogs: defineOperation({
    method: "get",
    path: "/api/v2/community/blogs/user/:username",
    query: profileListQuerySchema,
    response: "UserBlogList",
  }),
  blogDetail: defineOperation({ method: "get", path: "/api/v2/community/blogs/detail/:slug", response: "BlogDetailInit" }),
};
