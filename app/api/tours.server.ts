/** The tours group's endpoints (spec section 7 "tours"; ADR 028), as the web tier calls them. */
import type { CreateTourInput, TourList } from "#server/contract/tours";
import type { Camelize } from "./camelize";
import type { ApiClient, ApiResult } from "./client.server";

export type TourListData = Camelize<TourList>;

/** GET /tours: the member's tours and the limits (403 for members who do not tour). */
export function fetchTours(api: ApiClient): Promise<ApiResult<TourListData>> {
  return api.call<TourListData>("/api/v2/tours", { handleErrors: true });
}

/** POST /tours. */
export function createTour(api: ApiClient, body: CreateTourInput): Promise<ApiResult<TourListData>> {
  return api.call<TourListData>("/api/v2/tours", { method: "POST", body, handleErrors: true });
}

/** POST /tours/{id}/cancel. */
export function cancelTour(api: ApiClient, id: number): Promise<ApiResult<TourListData>> {
  return api.call<TourListData>(`/api/v2/tours/${id}/cancel`, { method: "POST", handleErrors: true });
}

/** DELETE /tours/{id}. */
export function deleteTour(api: ApiClient, id: number): Promise<ApiResult<TourListData>> {
  return api.call<TourListData>(`/api/v2/tours/${id}`, { method: "DELETE", handleErrors: true });
}
