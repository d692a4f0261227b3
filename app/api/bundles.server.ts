/** The bundles group's endpoints (issue 28 item 1, ADR 092), as the web tier calls them. */
import type { BundleInput } from "#server/contract/bundles";
import type { RejectionReason } from "#server/contract/moderation";
import { bundlesOps } from "#server/contract/operations/bundles";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type OwnBundleListData = DataOf<typeof bundlesOps.mine>;
export type OwnBundleData = DataOf<typeof bundlesOps.own>;
export type SelectableMediaData = DataOf<typeof bundlesOps.selectableMedia>;
export type BundleTileListData = DataOf<typeof bundlesOps.ofCreator>;
export type PurchasedBundlesData = DataOf<typeof bundlesOps.purchased>;
export type BundleDetailData = DataOf<typeof bundlesOps.detail>;
export type BundleBuyData = DataOf<typeof bundlesOps.buy>;
export type BundleQueueData = DataOf<typeof bundlesOps.queue>;

export function fetchMyBundles(api: ApiClient): Promise<ApiResult<OwnBundleListData>> {
  return api.op(bundlesOps.mine, { handleErrors: true });
}

export function fetchMyBundle(api: ApiClient, id: number): Promise<ApiResult<OwnBundleData>> {
  return api.op(bundlesOps.own, { params: { id }, handleErrors: true });
}

export function fetchSelectableMedia(api: ApiClient): Promise<ApiResult<SelectableMediaData>> {
  return api.op(bundlesOps.selectableMedia, { handleErrors: true });
}

export function fetchCreatorBundles(api: ApiClient, username: string): Promise<ApiResult<BundleTileListData>> {
  return api.op(bundlesOps.ofCreator, { params: { username }, handleErrors: true });
}

export function fetchPurchasedBundles(api: ApiClient): Promise<ApiResult<PurchasedBundlesData>> {
  return api.op(bundlesOps.purchased, { handleErrors: true });
}

export function fetchBundle(api: ApiClient, id: number): Promise<ApiResult<BundleDetailData>> {
  return api.op(bundlesOps.detail, { params: { id }, handleErrors: true });
}

/** Create (no id) or save (an id) the whole bundle. */
export function saveBundle(api: ApiClient, id: number | null, body: BundleInput): Promise<ApiResult<OwnBundleData>> {
  return id === null
    ? api.op(bundlesOps.create, { body, handleErrors: true })
    : api.op(bundlesOps.update, { params: { id }, body, handleErrors: true });
}

/** The owner's actions on one bundle besides create (spec section 4 "Bundles"). */
export type BundleOwnerAction = "publish" | "activate" | "deactivate" | "delete";

export function actOnBundle(api: ApiClient, id: number, action: BundleOwnerAction): Promise<ApiResult<OwnBundleData>> {
  const op = action === "delete" ? bundlesOps.remove : bundlesOps[action];
  return api.op(op, { params: { id }, handleErrors: true });
}

export function buyBundle(api: ApiClient, id: number, key: string): Promise<ApiResult<BundleBuyData>> {
  return api.op(bundlesOps.buy, { params: { id }, body: { key }, handleErrors: true });
}

/** The blurred preview's bytes (the web tier's /bundle-preview/{id}.jpg forwards them with the viewer's session). */
export function fetchBundlePreview(api: ApiClient, id: number): Promise<Response> {
  return api.raw(bundlesOps.preview, { params: { id } });
}

export function fetchBundleQueue(api: ApiClient, page: number): Promise<ApiResult<BundleQueueData>> {
  return api.op(bundlesOps.queue, { query: { page }, handleErrors: true });
}

export function decideBundle(api: ApiClient, id: number, reason: RejectionReason | null) {
  return reason === null
    ? api.op(bundlesOps.accept, { params: { id }, handleErrors: true })
    : api.op(bundlesOps.reject, { params: { id }, body: { reason }, handleErrors: true });
}
