import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import { TOUR_ERRORS, TOUR_MAX_DAYS, TOUR_MAX_DAYS_AHEAD, TOURS_MAX_OPEN } from "../../contract/tours";
import { toursOps } from "../../contract/operations/tours";
import { cancelTour, createTour, deleteTour, listTours } from "./service";

/** A path id that is no positive integer names no tour: 404 before any lookup. */
function tourIdOf(raw: string | undefined): number {
  return rowIdParam(raw, TOUR_ERRORS.notFound);
}

const RULES = `At most ${TOURS_MAX_OPEN} upcoming or active tours, ${TOUR_MAX_DAYS} days long at most, starting today or within ${TOUR_MAX_DAYS_AHEAD} days, never overlapping another.`;

/** The tours group (spec section 7 "tours"; ADR 028): the signed-in escort's own tours; 403 for other member types. */
export function registerTours({ v2 }: ModuleContext): void {
  v2.add(
    toursOps.list,
    {
      summary:
        "The member's tours (newest start first) with their status (upcoming, active, past, cancelled as of the server clock), and the limits.",
      tag: "tours",
      auth: "required",
      statuses: [401, 403],
    },
    async (c, { user }) => ok(c, await listTours(c.get("deps"), user!.id)),
  );
  v2.add(
    toursOps.create,
    {
      summary: `Announces a tour: city (name or /search/city key, city_key optional, as the profile's city field), date_from and date_to (YYYY-MM-DD, calendar days in Europe/Berlin). ${RULES} Field errors at date_from, date_to or city; 409 exception.tours.limit_reached.`,
      tag: "tours",
      auth: "required",
      statuses: [400, 401, 403, 409],
    },
    async (c, { body, user }) => ok(c, await createTour(c.get("deps"), user!.id, body)),
  );
  v2.add(
    toursOps.cancel,
    {
      summary:
        "Cancels one of the member's upcoming or active tours (it stays listed as cancelled). 404 for an id that is not the member's; 409 for a past or cancelled tour.",
      tag: "tours",
      auth: "required",
      statuses: [401, 403, 404, 409],
    },
    async (c, { user }) => ok(c, await cancelTour(c.get("deps"), user!.id, tourIdOf(c.req.param("id")))),
  );
  v2.add(
    toursOps.remove,
    {
      summary: "Removes one of the member's tours, whatever its state. 404 for an id that is not the member's.",
      tag: "tours",
      auth: "required",
      statuses: [401, 403, 404],
    },
    async (c, { user }) => ok(c, await deleteTour(c.get("deps"), user!.id, tourIdOf(c.req.param("id")))),
  );
}
