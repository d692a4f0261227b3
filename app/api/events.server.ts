/** The events group's endpoints (issue 29 items 1, 6, 7; ADR 099), as the web tier calls them. */
import type { EventInput, MyEventsFilter } from "#server/contract/events";
import type { RejectionReason } from "#server/contract/moderation";
import { eventsOps } from "#server/contract/operations/events";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type EventDetailData = DataOf<typeof eventsOps.detail>;
export type MyEventListData = DataOf<typeof eventsOps.mine>;
export type EventCoverChoicesData = DataOf<typeof eventsOps.coverChoices>;
export type EventQueueData = DataOf<typeof eventsOps.queue>;

export function fetchEvent(api: ApiClient, category: string, slug: string): Promise<ApiResult<EventDetailData>> {
  return api.op(eventsOps.detail, { params: { category, slug }, handleErrors: true });
}

export function fetchMyEvents(api: ApiClient, filter: MyEventsFilter, page: number): Promise<ApiResult<MyEventListData>> {
  return api.op(eventsOps.mine, { query: { filter, page }, handleErrors: true });
}

export function fetchEventCoverChoices(api: ApiClient): Promise<ApiResult<EventCoverChoicesData>> {
  return api.op(eventsOps.coverChoices, { handleErrors: true });
}

/** Create (no id) or save (an id) the whole event. */
export function saveEvent(api: ApiClient, id: number | null, body: EventInput): Promise<ApiResult<EventDetailData>> {
  return id === null
    ? api.op(eventsOps.create, { body, handleErrors: true })
    : api.op(eventsOps.update, { params: { id }, body, handleErrors: true });
}

export function cancelEvent(api: ApiClient, id: number): Promise<ApiResult<EventDetailData>> {
  return api.op(eventsOps.cancel, { params: { id }, handleErrors: true });
}

export function fetchEventQueue(api: ApiClient, page: number): Promise<ApiResult<EventQueueData>> {
  return api.op(eventsOps.queue, { query: { page }, handleErrors: true });
}

export function decideEvent(api: ApiClient, id: number, reason: RejectionReason | null) {
  return reason === null
    ? api.op(eventsOps.accept, { params: { id }, handleErrors: true })
    : api.op(eventsOps.reject, { params: { id }, body: { reason }, handleErrors: true });
}
