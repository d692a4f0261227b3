/** Event reviews' endpoints (issue 29 item 2, ADR 100), as the web tier calls them. */
import type { EventReviewInput } from "#server/contract/events-reviews";
import { eventsReviewsOps } from "#server/contract/operations/events-reviews";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type EventReviewListData = DataOf<typeof eventsReviewsOps.list>;
export type EventReviewItemData = DataOf<typeof eventsReviewsOps.add>;
export type EventOrganizerReviewsData = DataOf<typeof eventsReviewsOps.ofOrganizer>;

export function fetchEventReviews(api: ApiClient, slug: string, page = 1): Promise<ApiResult<EventReviewListData>> {
  return api.op(eventsReviewsOps.list, { params: { slug }, query: { page: String(page) }, handleErrors: true });
}

export function postEventReview(api: ApiClient, slug: string, body: EventReviewInput): Promise<ApiResult<EventReviewItemData>> {
  return api.op(eventsReviewsOps.add, { params: { slug }, body, handleErrors: true });
}

export function fetchOrganizerEventReviews(api: ApiClient, username: string): Promise<ApiResult<EventOrganizerReviewsData>> {
  return api.op(eventsReviewsOps.ofOrganizer, { params: { username }, handleErrors: true });
}
