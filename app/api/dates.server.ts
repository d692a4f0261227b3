/** The dates group's endpoints (spec section 7 "dates"; ADR 046), as the web tier calls them. */
import type { CheckinInput, CheckinView, DateDetail, DateList, DateOptions, DateStageFilter, SendDateInput } from "#server/contract/dates";
import type { Camelize } from "./camelize";
import type { ApiClient, ApiResult } from "./client.server";

export type DateListData = Camelize<DateList>;
export type DateDetailData = Camelize<DateDetail>;
export type DateOptionsData = Camelize<DateOptions>;
export type CheckinData = Camelize<CheckinView>;

/** GET /dates: one stage and page of the member's dates. */
export function fetchDateList(api: ApiClient, stage: DateStageFilter, page: number): Promise<ApiResult<DateListData>> {
  return api.call<DateListData>("/api/v2/dates", { params: { stage, page }, handleErrors: true });
}

/** GET /dates/{id}. */
export function fetchDate(api: ApiClient, id: number): Promise<ApiResult<DateDetailData>> {
  return api.call<DateDetailData>(`/api/v2/dates/${id}`, { handleErrors: true });
}

/** GET /dates/options/{username}: the request form's durations and prices. */
export function fetchDateOptions(api: ApiClient, username: string): Promise<ApiResult<DateOptionsData>> {
  return api.call<DateOptionsData>(`/api/v2/dates/options/${encodeURIComponent(username)}`, { handleErrors: true });
}

/** POST /dates/send/{username}. */
export function sendDateRequest(api: ApiClient, username: string, body: SendDateInput): Promise<ApiResult<DateDetailData>> {
  return api.call<DateDetailData>(`/api/v2/dates/send/${encodeURIComponent(username)}`, { method: "POST", body, handleErrors: true });
}

/** POST /dates/{id}/accept | reject | cancel with the version the member saw. */
export function answerDateRequest(api: ApiClient, id: number, answer: "accept" | "reject" | "cancel", version: number) {
  return api.call<DateDetailData>(`/api/v2/dates/${id}/${answer}`, { method: "POST", body: { version }, handleErrors: true });
}

/** POST /dates/{id}/reschedule. */
export function rescheduleDateRequest(api: ApiClient, id: number, body: { version: number; starts_at: number; message: string }) {
  return api.call<DateDetailData>(`/api/v2/dates/${id}/reschedule`, { method: "POST", body, handleErrors: true });
}

/** PUT /dates/{id}/checkin (the escort's safety check-in). */
export function setDateCheckin(api: ApiClient, id: number, body: CheckinInput): Promise<ApiResult<CheckinData>> {
  return api.call<CheckinData>(`/api/v2/dates/${id}/checkin`, { method: "PUT", body, handleErrors: true });
}

/** POST /dates/{id}/checkin: "I am safe". */
export function confirmDateCheckin(api: ApiClient, id: number): Promise<ApiResult<CheckinData>> {
  return api.call<CheckinData>(`/api/v2/dates/${id}/checkin`, { method: "POST", handleErrors: true });
}
