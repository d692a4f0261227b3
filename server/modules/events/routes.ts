/** HTTP of events (issue 29 items 1, 6, 7; ADR 099; spec section 7 "events"): the organizer's events, the detail page, the team's queue. */
import { rowIdParam } from "../../api/params";
import type { ModuleContext } from "../../api/module-context";
import { ok } from "../../api/router";
import { EVENT_ERRORS, isEventCategory } from "../../contract/events";
import { eventsOps } from "../../contract/operations/events";
import { fail } from "../../api/errors";
import { cancelEvent, coverChoices, createEvent, decideEvent, eventDetail, eventQueue, myEvents, updateEvent } from "./service";

const PRIVATE = "private, no-store";
const STAFF_NOTE = "Team (10) and backend (9) accounts only: 403 exception.backoffice.staff_only for everyone else.";
const OWNER_NOTE = "Another member's event answers 404 like a missing one.";
const INPUT_NOTE =
  "Body: title 5–100 and description 20–2500 characters (the profile texts' ProstSchG rule applies to both and the address), category of the spec's list, starts_at/ends_at as the wall clock at the place (YYYY-MM-DDTHH:MM; the place's zone, Europe/Berlin in Germany, decides the instant; start in the future and at most 365 days ahead, end after start, at most 7 days long), city (a name or a key from /search/city) with city_key, address up to 200, price 0–100000 whole euros, max_attendees (empty: no limit), cover_media_id (an accepted public photo of the caller). 400 lists every refused field.";

/** A path id that is no row id names nothing: 404, like a missing event. */
const idOf = (raw: string | undefined) => rowIdParam(raw, EVENT_ERRORS.notFound);

export function registerEvents({ v2 }: ModuleContext): void {
  v2.add(
    eventsOps.mine,
    {
      tag: "events",
      auth: "required",
      summary:
        "The caller's events under a filter of my_events (all, upcoming, past, rejected-or-cancelled, cancelled), 10 a page; may_create for clients, escorts and businesses.",
      statuses: [400, 401],
    },
    async (c, { user, query }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await myEvents(c.get("deps"), user!.id, query.filter, query.page));
    },
  );
  v2.add(
    eventsOps.coverChoices,
    {
      tag: "events",
      auth: "required",
      summary: "The photos an event's cover may be: the caller's accepted, public, open photos. 403 for staff accounts.",
      statuses: [401, 403],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await coverChoices(c.get("deps"), user!.id));
    },
  );
  v2.add(
    eventsOps.create,
    {
      tag: "events",
      auth: "required",
      summary: `Creates an event (action create), pending until the team accepts it. ${INPUT_NOTE} 403 for staff accounts or an unverified e-mail address.`,
      statuses: [400, 401, 403],
    },
    async (c, { user, body }) => ok(c, await createEvent(c.get("deps"), user!.id, body)),
  );
  v2.add(
    eventsOps.detail,
    {
      tag: "events",
      auth: "optional",
      summary:
        "One event by its address. Its organizer and staff see every status (with the rejection reason); everyone else an accepted or cancelled event of an organizer whose profile they may see (no block either way, members-only profiles not for guests). 404 otherwise.",
      statuses: [404],
    },
    async (c, { user }) => {
      c.header("Cache-Control", PRIVATE);
      const category = c.req.param("category");
      if (!isEventCategory(category)) throw fail.notFound(EVENT_ERRORS.notFound);
      return ok(c, await eventDetail(c.get("deps"), user, category, c.req.param("slug") ?? ""));
    },
  );
  v2.add(
    eventsOps.update,
    {
      tag: "events",
      auth: "required",
      summary: `Saves the whole event again (action edit); any change sends it back to the team (pending). After the first acceptance the category and slug stay (400 at category). 409 for a cancelled or finished event. ${INPUT_NOTE} ${OWNER_NOTE}`,
      statuses: [400, 401, 403, 404, 409],
    },
    async (c, { user, body }) => ok(c, await updateEvent(c.get("deps"), user!.id, idOf(c.req.param("id")), body)),
  );
  v2.add(
    eventsOps.cancel,
    {
      tag: "events",
      auth: "required",
      summary: `Cancels a pending or accepted event that is not over (status 3); every attendee with attendance "attend" is notified. 409 otherwise. ${OWNER_NOTE}`,
      statuses: [401, 403, 404, 409],
    },
    async (c, { user }) => ok(c, await cancelEvent(c.get("deps"), user!.id, idOf(c.req.param("id")))),
  );
  v2.add(
    eventsOps.queue,
    {
      tag: "backoffice",
      auth: "required",
      staff: "queues.decide",
      summary: `Events waiting for the team, oldest submission first, 20 a page. ${STAFF_NOTE}`,
      statuses: [400, 401, 403],
    },
    async (c, { user, query }) => {
      c.header("Cache-Control", PRIVATE);
      return ok(c, await eventQueue(c.get("deps"), user!.id, query.page));
    },
  );
  v2.add(
    eventsOps.accept,
    {
      tag: "backoffice",
      auth: "required",
      staff: "queues.decide",
      summary: `Accepts a pending event: listed from now on; the organizer is told. 404 unknown, 409 not pending. ${STAFF_NOTE}`,
      statuses: [401, 403, 404, 409],
      claim: { queue: "events", param: "id" },
    },
    async (c, { user }) => ok(c, await decideEvent(c.get("deps"), user!.id, idOf(c.req.param("id")), null)),
  );
  v2.add(
    eventsOps.reject,
    {
      tag: "backoffice",
      auth: "required",
      staff: "queues.decide",
      summary: `Rejects a pending event with a reason of the moderation list; the organizer is told with the reason and may edit it to queue it again. 404 unknown, 409 not pending. ${STAFF_NOTE}`,
      statuses: [400, 401, 403, 404, 409],
      claim: { queue: "events", param: "id" },
    },
    async (c, { user, body }) => ok(c, await decideEvent(c.get("deps"), user!.id, idOf(c.req.param("id")), body.reason)),
  );
}
