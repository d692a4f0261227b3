/** HTTP of event attendance and reviews (issue 29 items 1–2, ADR 100; spec section 7 "events and event reviews"). */
import type { ModuleContext } from "../../api/module-context";
import { ok } from "../../api/router";
import { EVENT_ATTENDEES_PAGE_SIZE } from "../../contract/events";
import { eventsAttendanceOps } from "../../contract/operations/events-attendance";
import { eventsReviewsOps } from "../../contract/operations/events-reviews";
import { attendanceView, attendeeList, chooseAttendance, decideAttendance } from "./attendance";
import { addEventReview, eventReviews, organizerReviews } from "./reviews";

const PRIVATE = "private, no-store";
const HIDDEN =
  "An unknown event, a pending or rejected one (but to its organizer), one whose organizer's account is gone, or one with a block between the two members answers 404.";

export function registerAttendanceAndReviews({ v2 }: ModuleContext): void {
  // The fixed path first: "organizer" is no event slug.
  v2.add(
    eventsReviewsOps.ofOrganizer,
    {
      tag: "events",
      auth: "optional",
      summary:
        "The summary of every review of the member's events (averages per aspect, yes shares), for their profile. 404 for an unknown, unlisted or blocked profile.",
      statuses: [404],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await organizerReviews(c.get("deps"), user, c.req.param("username") ?? ""));
    },
  );
  v2.add(
    eventsAttendanceOps.view,
    {
      tag: "events",
      auth: "optional",
      summary: `The event page's attendance section for the caller: the count and limit, the caller's own state, whether the event takes attendance, and for the organizer the first ${EVENT_ATTENDEES_PAGE_SIZE} waiting requests. ${HIDDEN}`,
      statuses: [404],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await attendanceView(c.get("deps"), user, c.req.param("slug") ?? ""));
    },
  );
  v2.add(
    eventsAttendanceOps.choose,
    {
      tag: "events",
      auth: "required",
      summary: `Action attend or change attendance: "attend" asks the organizer (a request until accepted; the organizer is told), "absent" says one will not come (an accepted place is given back). 403 own event or refused by the organizer, 409 cancelled, started, or (attend) full. ${HIDDEN}`,
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { user, body }) => ok(c, await chooseAttendance(c.get("deps"), user!.id, c.req.param("slug") ?? "", body.attendance)),
  );
  v2.add(
    eventsAttendanceOps.list,
    {
      tag: "events",
      auth: "required",
      summary: `A page of ${EVENT_ATTENDEES_PAGE_SIZE}: list=attendees the accepted attendees (by acceptance), list=requests the waiting requests (oldest first; the organizer only, else 403). Members the caller is blocked with are left out. ${HIDDEN}`,
      statuses: [400, 401, 403, 404],
    },
    async (c, { user, query }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await attendeeList(c.get("deps"), user!.id, c.req.param("slug") ?? "", query.list, query.page));
    },
  );
  v2.add(
    eventsAttendanceOps.decide,
    {
      tag: "events",
      auth: "required",
      summary: `Action accept or reject organizer request, refuse user: the organizer accepts a waiting request (409 full at max_attendees), rejects a request or an attendee, or refuses the member (rejected, no new request). The member is told. 403 for anyone but the organizer, 404 no such attendance, 409 not fitting the member's state, or the event cancelled or started. ${HIDDEN}`,
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { user, body }) =>
      ok(c, await decideAttendance(c.get("deps"), user!.id, c.req.param("slug") ?? "", c.req.param("username") ?? "", body.decision)),
  );
  v2.add(
    eventsReviewsOps.list,
    {
      tag: "events",
      auth: "optional",
      summary: `The event's reviews: averages per aspect and yes shares, a page of reviews newest first (authors the caller is blocked with left out), and whether the caller may write one. ${HIDDEN}`,
      statuses: [400, 404],
    },
    async (c, { user, query }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await eventReviews(c.get("deps"), user, c.req.param("slug") ?? "", query.page));
    },
  );
  v2.add(
    eventsReviewsOps.add,
    {
      tag: "events",
      auth: "required",
      summary: `An accepted attendee's one review of an ended event: service, event_organization, location, value_for_money 1–5, would_attend_again and will_recommend yes/no, an optional text (20–2000 characters, ProstSchG filter). 400 at the field, 403 not an accepted attendee, 409 cancelled, not yet ended, reviewed already. ${HIDDEN}`,
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { user, body }) => ok(c, await addEventReview(c.get("deps"), user!.id, c.req.param("slug") ?? "", body)),
  );
}
