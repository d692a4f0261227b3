/** Event attendance's operations (issue 29 item 1, ADR 062, 100): the member's choice, the organizer's decisions and lists. */
import { defineOperation } from "../operation";
import { attendanceChoiceSchema, attendanceDecisionSchema, attendeesQuerySchema } from "../events-attendance";

export const eventsAttendanceOps = {
  view: defineOperation({ method: "get", path: "/api/v2/events/:slug/attendance", response: "EventAttendanceView" }),
  choose: defineOperation({
    method: "post",
    path: "/api/v2/events/:slug/attendance",
    body: attendanceChoiceSchema,
    response: "EventAttendanceChange",
  }),
  list: defineOperation({
    method: "get",
    path: "/api/v2/events/:slug/attendees",
    query: attendeesQuerySchema,
    response: "EventAttendeeList",
  }),
  decide: defineOperation({
    method: "post",
    path: "/api/v2/events/:slug/attendees/:username",
    body: attendanceDecisionSchema,
    response: "EventAttendanceChange",
  }),
};
