import { fail } from "../../api/errors";
import { rowIdParam } from "../../api/params";
import { ok } from "../../api/router";
import type { ModuleContext } from "../../api/module-context";
import { DATE_CANCEL_CUTOFF_MS, DATE_ERRORS, DATE_MIN_LEAD_MS, DATE_OPEN_SENT_MAX, DATE_REQUESTS_PER_DAY } from "../../contract/dates";
import { isValidProfileUsername } from "../../contract/validation";
import { datesOps } from "../../contract/operations/dates";
import { checkIn, setCheckin } from "./checkin";
import { answerDate, dateDetail, dateOptions, listDates, rescheduleDate, sendDate } from "./service";

function usernameOf(raw: string | undefined): string {
  if (!raw || !isValidProfileUsername(raw)) throw fail.notFound(DATE_ERRORS.userNotFound);
  return raw;
}
const dateIdOf = (raw: string | undefined) => rowIdParam(raw, DATE_ERRORS.notFound);
const MIN = (ms: number) => ms / 60_000;
const NOT_MINE = " A date the member is not part of answers 404 exception.dates.not_found, like an unknown id.";
const STALE =
  " Body: the version the member saw; 409 exception.dates.conflict when the date changed meanwhile or it is not the member's turn.";

/** The dates group (spec section 7 "dates"; ADR 046). Every route answers for the signed-in member only. */
export function registerDates({ v2 }: ModuleContext): void {
  const base = { tag: "dates", auth: "required" as const };
  v2.add(
    datesOps.list,
    {
      ...base,
      summary:
        "The member's dates in one stage (all, needs_confirmation, waiting_for_response, expired, rejected, cancelled, upcoming, needs_review, completed), latest start first, with every stage's count.",
      statuses: [400, 401],
    },
    async (c, { user, query }) => ok(c, await listDates(c.get("deps"), user!.id, query.stage, query.page)),
  );
  v2.add(
    datesOps.options,
    {
      ...base,
      summary:
        "What the request form offers for this member: their timed prices, the place types, the earliest start. 404 for members the viewer may not see; 403 receiver_type for clients.",
      statuses: [401, 403, 404],
    },
    async (c, { user }) => ok(c, await dateOptions(c.get("deps"), user!.id, usernameOf(c.req.param("username")))),
  );
  v2.add(
    datesOps.send,
    {
      ...base,
      summary: `A client asks an escort or a business for a date (body starts_at, duration_minutes of their price list, place_type, address, message). 400 too_soon (start less than ${MIN(DATE_MIN_LEAD_MS)} minutes ahead), too_far, duration, address_required (outcall, hotel); 403 sender_type, receiver_type, contact_filter, e-mail verification; 404 for members the viewer may not see; 409 open_pair (one open request per pair), receiver_full; 429 open_limit (${DATE_OPEN_SENT_MAX}), daily_limit (${DATE_REQUESTS_PER_DAY} a day).`,
      statuses: [400, 401, 403, 404, 409, 429],
    },
    async (c, { user, body }) => ok(c, await sendDate(c.get("deps"), user!.id, usernameOf(c.req.param("username")), body)),
  );
  v2.add(
    datesOps.detail,
    {
      ...base,
      summary: `One date with its timeline, the viewer's actions, and (for the escort only) their safety check-in.${NOT_MINE}`,
      statuses: [401, 404],
    },
    async (c, { user }) => ok(c, await dateDetail(c.get("deps"), user!.id, dateIdOf(c.req.param("id")))),
  );
  for (const answer of ["accept", "reject", "cancel"] as const)
    v2.add(
      datesOps.answer[answer],
      {
        ...base,
        summary:
          answer === "cancel"
            ? `Either member cancels an open or accepted date; 409 exception.dates.cancel_too_late less than ${MIN(DATE_CANCEL_CUTOFF_MS)} minutes before the start.${STALE}${NOT_MINE}`
            : `The member whose turn it is ${answer}s the request or the proposed new time.${STALE}${NOT_MINE}`,
        statuses: [400, 401, 404, 409],
      },
      async (c, { user, body }) => ok(c, await answerDate(c.get("deps"), user!.id, dateIdOf(c.req.param("id")), answer, body)),
    );
  v2.add(
    datesOps.reschedule,
    {
      ...base,
      summary: `Proposes a new start (body version, starts_at, message): the receiver answering a request (-1), the sender answering a proposal (-5), or either member of an accepted date; the other must answer it. 400 too_soon (${MIN(DATE_MIN_LEAD_MS)} minutes).${STALE}${NOT_MINE}`,
      statuses: [400, 401, 404, 409],
    },
    async (c, { user, body }) => ok(c, await rescheduleDate(c.get("deps"), user!.id, dateIdOf(c.req.param("id")), body)),
  );
  v2.add(
    datesOps.setCheckin,
    {
      ...base,
      summary: `The escort sets a safety check-in on an accepted date (body due_at, contact_kind email | phone, contact): if they have not checked in by then, the contact is told the date's time, place and the client's username. The client never sees it. 403 checkin_not_allowed for the client or a date not accepted or over; 400 checkin_time, checkin_contact.${NOT_MINE}`,
      statuses: [400, 401, 403, 404],
    },
    async (c, { user, body }) => ok(c, await setCheckin(c.get("deps"), user!.id, dateIdOf(c.req.param("id")), body)),
  );
  v2.add(
    datesOps.checkIn,
    {
      ...base,
      summary: `The escort checks in: no alert goes out. 404 when the member set no check-in on this date.${NOT_MINE}`,
      statuses: [401, 404],
    },
    async (c, { user }) => ok(c, await checkIn(c.get("deps"), user!.id, dateIdOf(c.req.param("id")))),
  );
}
