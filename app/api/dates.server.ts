/** The dates group's endpoints (spec section 7 "dates"; ADR 046), as the web tier calls them. */
import type { CheckinInput, DateStageFilter, SendDateInput } from "#server/contract/dates";
import { datesOps } from "#server/contract/operations/dates";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type DateListData = DataOf<typeof datesOps.list>;
export type DateDetailData = DataOf<typeof datesOps.detail>;
export type DateOptionsData = DataOf<typeof datesOps.options>;
export type CheckinData = DataOf<typeof datesOps.setCheckin>;

/** GET /dates: one stage and page of the member's dates. */
export function fetchDateList(api: ApiClient, stage: DateStageFilter, page: number): Promise<ApiResult<DateListData>> {
  return api.op(datesOps.list, { query: { stage, page }, handleErrors: true });
}

/** GET /dates/{id}. */
export function fetchDate(api: ApiClient, id: number): Promise<ApiResult<DateDetailData>> {
  return api.op(datesOps.detail, { params: { id }, handleErrors: true });
}

/** GET /dates/options/{username}: the request form's durations and prices. */
export function fetchDateOptions(api: ApiClient, username: string): Promise<ApiResult<DateOptionsData>> {
  return api.op(datesOps.options, { params: { username }, handleErrors: true });
}

/** POST /dates/send/{username}. */
export function sendDateRequest(api: ApiClient, username: string, body: SendDateInput): Promise<ApiResult<DateDetailData>> {
  return api.op(datesOps.send, { params: { username }, body, handleErrors: true });
}

/** POST /dates/{id}/accept | reject | cancel with the version the member saw. */
export function answerDateRequest(
  api: ApiClient,
  id: number,
  answer: keyof typeof datesOps.answer,
  version: number,
): Promise<ApiResult<DateDetailData>> {
  return api.op(datesOps.answer[answer], { params: { id }, body: { version }, handleErrors: true });
}

/** POST /dates/{id}/reschedule. */
export function rescheduleDateRequest(
  api: ApiClient,
  id: number,
  body: { version: number; starts_at: number; message: string },
): Promise<ApiResult<DateDetailData>> {
  return api.op(datesOps.reschedule, { params: { id }, body, handleErrors: true });
}

/** PUT /dates/{id}/checkin (the escort's safety check-in). */
export function setDateCheckin(api: ApiClient, id: number, body: CheckinInput): Promise<ApiResult<CheckinData>> {
  return api.op(datesOps.setCheckin, { params: { id }, body, handleErrors: true });
}

/** POST /dates/{id}/checkin: "I am safe". */
export function confirmDateCheckin(api: ApiClient, id: number): Promise<ApiResult<CheckinData>> {
  return api.op(datesOps.checkIn, { params: { id }, handleErrors: true });
}
