/** Events' operations (issue 29 items 1, 6, 7; ADR 062, 099): the organizer's events, the detail page, the team's queue. */
import { defineOperation } from "../operation";
import { eventInputSchema, eventQueueQuerySchema, eventRejectSchema, myEventsQuerySchema } from "../events";

export const eventsOps = {
  mine: defineOperation({ method: "get", path: "/api/v2/events/my", query: myEventsQuerySchema, response: "MyEventList" }),
  coverChoices: defineOperation({ method: "get", path: "/api/v2/events/my/media", response: "EventCoverChoices" }),
  create: defineOperation({ method: "post", path: "/api/v2/events", body: eventInputSchema, response: "EventDetail" }),
  /** One event by its address (`events/{category}/{slug}`). */
  detail: defineOperation({ method: "get", path: "/api/v2/events/detail/:category/:slug", response: "EventDetail" }),
  update: defineOperation({ method: "put", path: "/api/v2/events/:id", body: eventInputSchema, response: "EventDetail" }),
  cancel: defineOperation({ method: "post", path: "/api/v2/events/:id/cancel", response: "EventDetail" }),
  queue: defineOperation({ method: "get", path: "/api/v2/backoffice/events", query: eventQueueQuerySchema, response: "EventQueue" }),
  accept: defineOperation({ method: "post", path: "/api/v2/backoffice/events/:id/accept", response: "EventDecision" }),
  reject: defineOperation({
    method: "post",
    path: "/api/v2/backoffice/events/:id/reject",
    body: eventRejectSchema,
    response: "EventDecision",
  }),
};
