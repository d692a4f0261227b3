/** The tours group's endpoints (spec section 7 "tours"; ADR 028), as the web tier calls them. */
import { toursOps } from "#server/contract/operations/tours";
import type { CreateTourInput } from "#server/contract/tours";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type TourListData = DataOf<typeof toursOps.list>;

/** GET /tours: the member's tours and the limits (403 for members who do not tour). */
export function fetchTours(api: ApiClient): Promise<ApiResult<TourListData>> {
  return api.op(toursOps.list, { handleErrors: true });
}

/** POST /tours. */
export function createTour(api: ApiClient, body: CreateTourInput): Promise<ApiResult<TourListData>> {
  return api.op(toursOps.create, { body, handleErrors: true });
}

/** POST /tours/{id}/cancel. */
export function cancelTour(api: ApiClient, id: number): Promise<ApiResult<TourListData>> {
  return api.op(toursOps.cancel, { params: { id }, handleErrors: true });
}

/** DELETE /tours/{id}. */
export function deleteTour(api: ApiClient, id: number): Promise<ApiResult<TourListData>> {
  return api.op(toursOps.remove, { params: { id }, handleErrors: true });
}
