/** The back office's editors (issue 30 item 5, ADR 120): info and legal pages with versions, SEO landing pages. */
import type { LandingPageEditInput, PageVersionInput } from "#server/contract/editors";
import { editorsOps } from "#server/contract/operations/editors";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type PageEditorIndexData = DataOf<typeof editorsOps.pages>;
export type PageEditorData = DataOf<typeof editorsOps.page>;
export type LandingPageListData = DataOf<typeof editorsOps.landingPages>;
export type LandingPageItemData = DataOf<typeof editorsOps.landingPage>;

export interface PageAddressParams {
  section: string;
  key: string;
  language: string;
}

export function fetchPageEditorIndex(api: ApiClient): Promise<ApiResult<PageEditorIndexData>> {
  return api.op(editorsOps.pages, { handleErrors: true });
}

export function fetchPageEditor(api: ApiClient, params: PageAddressParams, version?: number): Promise<ApiResult<PageEditorData>> {
  return api.op(editorsOps.page, { params: { ...params }, query: version ? { version: String(version) } : {}, handleErrors: true });
}

export function publishPage(api: ApiClient, params: PageAddressParams, body: PageVersionInput): Promise<ApiResult<PageEditorData>> {
  return api.op(editorsOps.publishPage, { params: { ...params }, body, handleErrors: true });
}

export function restorePage(
  api: ApiClient,
  params: PageAddressParams,
  body: { version: number; reason: string },
): Promise<ApiResult<PageEditorData>> {
  return api.op(editorsOps.restorePage, { params: { ...params }, body, handleErrors: true });
}

export function fetchLandingPages(api: ApiClient): Promise<ApiResult<LandingPageListData>> {
  return api.op(editorsOps.landingPages, { handleErrors: true });
}

export function fetchLandingPage(api: ApiClient, id: number): Promise<ApiResult<LandingPageItemData>> {
  return api.op(editorsOps.landingPage, { params: { id }, handleErrors: true });
}

export function createLandingPage(api: ApiClient, body: LandingPageEditInput): Promise<ApiResult<LandingPageItemData>> {
  return api.op(editorsOps.createLandingPage, { body, handleErrors: true });
}

export function updateLandingPage(api: ApiClient, id: number, body: LandingPageEditInput): Promise<ApiResult<LandingPageItemData>> {
  return api.op(editorsOps.updateLandingPage, { params: { id }, body, handleErrors: true });
}

export function setLandingPageActive(api: ApiClient, id: number, active: boolean): Promise<ApiResult<LandingPageItemData>> {
  return api.op(editorsOps.setLandingPageActive, { params: { id }, body: { active }, handleErrors: true });
}
