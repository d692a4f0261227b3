/**
 * The profile endpoints of issue 11 item 7 (spec section 7 profiles; ADR 039): interviews and preferred dates, as
 * the web tier calls them (the business reviews tab is the reviews feature's, app/features/reviews). Question keys and date kinds are data: values, never camelized keys.
 */
import type { Interviews, InterviewsInput } from "#server/contract/interviews";
import type { PreferredDates, PreferredDatesInput } from "#server/contract/preferred-dates";
import type { Camelize } from "./camelize";
import type { ApiClient, ApiResult, BatchCall } from "./client.server";

export type InterviewsData = Camelize<Interviews>;
export type PreferredDatesData = Camelize<PreferredDates>;

const profileBase = (username: string) => `/api/v2/profiles/${encodeURIComponent(username)}`;

/** The calls the profile page adds to its batch: the interview and the preferred dates. */
export function profileExtrasBatch(username: string): { interviews: BatchCall; preferredDates: BatchCall } {
  return {
    interviews: { endpoint: `${profileBase(username)}/interviews` },
    preferredDates: { endpoint: `${profileBase(username)}/preferred-dates` },
  };
}

export function fetchInterviews(api: ApiClient, username: string): Promise<ApiResult<InterviewsData>> {
  return api.call<InterviewsData>(`${profileBase(username)}/interviews`, { handleErrors: true });
}

export function saveInterviews(api: ApiClient, username: string, body: InterviewsInput): Promise<ApiResult<InterviewsData>> {
  return api.call<InterviewsData>(`${profileBase(username)}/interviews`, { method: "PUT", body, handleErrors: true });
}

export function fetchPreferredDates(api: ApiClient, username: string): Promise<ApiResult<PreferredDatesData>> {
  return api.call<PreferredDatesData>(`${profileBase(username)}/preferred-dates`, { handleErrors: true });
}

export function savePreferredDates(api: ApiClient, username: string, body: PreferredDatesInput): Promise<ApiResult<PreferredDatesData>> {
  return api.call<PreferredDatesData>(`${profileBase(username)}/preferred-dates`, { method: "PUT", body, handleErrors: true });
}
