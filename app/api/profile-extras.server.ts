/**
 * The profile endpoints of issue 11 item 7 (spec section 7 profiles; ADR 039): interviews and preferred dates, as
 * the web tier calls them (the business reviews tab is the reviews feature's, app/features/reviews). Question keys and date kinds are data: values, never camelized keys.
 */
import type { InterviewsInput } from "#server/contract/interviews";
import { profileExtrasOps } from "#server/contract/operations/profile-extras";
import type { PreferredDatesInput } from "#server/contract/preferred-dates";
import { batchCall, type ApiClient, type ApiResult, type DataOf } from "./client.server";

export type InterviewsData = DataOf<typeof profileExtrasOps.interviews>;
export type PreferredDatesData = DataOf<typeof profileExtrasOps.preferredDates>;

/** The calls the profile page adds to its batch: the interview and the preferred dates. */
export function profileExtrasBatch(username: string) {
  return {
    interviews: batchCall(profileExtrasOps.interviews, { params: { username } }),
    preferredDates: batchCall(profileExtrasOps.preferredDates, { params: { username } }),
  };
}

export function fetchInterviews(api: ApiClient, username: string): Promise<ApiResult<InterviewsData>> {
  return api.op(profileExtrasOps.interviews, { params: { username }, handleErrors: true });
}

export function saveInterviews(api: ApiClient, username: string, body: InterviewsInput): Promise<ApiResult<InterviewsData>> {
  return api.op(profileExtrasOps.saveInterviews, { params: { username }, body, handleErrors: true });
}

export function fetchPreferredDates(api: ApiClient, username: string): Promise<ApiResult<PreferredDatesData>> {
  return api.op(profileExtrasOps.preferredDates, { params: { username }, handleErrors: true });
}

export function savePreferredDates(api: ApiClient, username: string, body: PreferredDatesInput): Promise<ApiResult<PreferredDatesData>> {
  return api.op(profileExtrasOps.savePreferredDates, { params: { username }, body, handleErrors: true });
}
