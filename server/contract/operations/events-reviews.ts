/** Event reviews' operations (issue 29 item 2, ADR 062, 100): the event's reviews, writing one, the organizer's summary. */
import { defineOperation } from "../operation";
import { eventReviewInputSchema, eventReviewListQuerySchema } from "../events-reviews";

/** Not camelized: the aspect and question names are data (the contract's lists), read as keys. */
export const eventsReviewsOps = {
  list: defineOperation({
    method: "get",
    path: "/api/v2/events/:slug/reviews",
    query: eventReviewListQuerySchema,
    response: "EventReviewList",
    camelize: false,
  }),
  add: defineOperation({
    method: "post",
    path: "/api/v2/events/:slug/reviews",
    body: eventReviewInputSchema,
    response: "EventReviewItem",
    camelize: false,
  }),
  ofOrganizer: defineOperation({
    method: "get",
    path: "/api/v2/events/organizer/:username/reviews",
    response: "EventOrganizerReviews",
    camelize: false,
  }),
};
