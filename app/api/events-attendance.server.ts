/** Event attendance's endpoints (issue 29 item 1, ADR 100), as the web tier calls them. */
import type { AttendanceChoice, AttendanceDecision, AttendeeList } from "#server/contract/events-attendance";
import { eventsAttendanceOps } from "#server/contract/operations/events-attendance";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type EventAttendanceViewData = DataOf<typeof eventsAttendanceOps.view>;
export type EventAttendeeListData = DataOf<typeof eventsAttendanceOps.list>;
export type EventAttendanceChangeData = DataOf<typeof eventsAttendanceOps.choose>;

export function fetchAttendanceView(api: ApiClient, slug: string): Promise<ApiResult<EventAttendanceViewData>> {
  return api.op(eventsAttendanceOps.view, { params: { slug }, handleErrors: true });
}

export function fetchAttendees(api: ApiClient, slug: string, list: AttendeeList, page: number): Promise<ApiResult<EventAttendeeListData>> {
  return api.op(eventsAttendanceOps.list, { params: { slug }, query: { list, page: String(page) }, handleErrors: true });
}

export function chooseAttendance(
  api: ApiClient,
  slug: string,
  attendance: AttendanceChoice,
): Promise<ApiResult<EventAttendanceChangeData>> {
  return api.op(eventsAttendanceOps.choose, { params: { slug }, body: { attendance }, handleErrors: true });
}

export function decideAttendance(
  api: ApiClient,
  slug: string,
  username: string,
  decision: AttendanceDecision,
): Promise<ApiResult<EventAttendanceChangeData>> {
  return api.op(eventsAttendanceOps.decide, { params: { slug, username }, body: { decision }, handleErrors: true });
}
