/** Event reviews' operations (issue 29 item 2, ADR 062, 100): the event's reviews, writing one, the organizer's summary. */
import { defineOperation } from "../operation";
import { eventReviewInputSchema, eventReviewListQuerySchema } from "../events-reviews";

export const eventsReviewsOps = {
  list: defineOperation({ method: "get", path: "/api/v2/events/:slug/reviews", query: eventReviewListQuerySchema, response: "EventReviewList" }),
  add: defineOperation({ method: "post", path: "/api/v2/events/:slug/reviews", body: eventReviewInputSchema, response: "EventReviewItem" }),
  ofOrganizer: defineOperation({ method: "get", path: "/api/v2/events/organizer/:username/reviews", response: "EventOrganizerReviews" }),
};
