/** Paid media's endpoints (issue 28, ADR 093), as the web tier calls them. */
import type { BuyPuzzleMediumInput, CreatorDefaultsInput, CreatorMediumInput, MediumAccessInput } from "#server/contract/creator-media";
import { creatorMediaOps } from "#server/contract/operations/creator-media";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type PuzzleQuoteData = DataOf<typeof creatorMediaOps.buyQuote>;
export type PuzzlePurchaseData = DataOf<typeof creatorMediaOps.buy>;
export type CreatorDefaultsData = DataOf<typeof creatorMediaOps.defaults>;
export type CreatorMediumData = DataOf<typeof creatorMediaOps.medium>;
export type CreatorMediaListData = DataOf<typeof creatorMediaOps.list>;

const settings = { handleErrors: true } as const;

/** PUT /media/{id}/access (the gallery's access form). */
export function saveMediumAccess(api: ApiClient, id: number, body: MediumAccessInput) {
  return api.op(creatorMediaOps.access, { ...settings, params: { id }, body });
}

/** GET /wallets/buy-puzzle-medium/{id}: the confirmation's quote. */
export function fetchPuzzleQuote(api: ApiClient, id: number | string): Promise<ApiResult<PuzzleQuoteData>> {
  return api.op(creatorMediaOps.buyQuote, { ...settings, params: { id } });
}

/** POST /wallets/buy-puzzle-medium under the key the confirmation rendered. */
export function buyPuzzleMedium(api: ApiClient, body: BuyPuzzleMediumInput): Promise<ApiResult<PuzzlePurchaseData>> {
  return api.op(creatorMediaOps.buy, { ...settings, body });
}

export function fetchCreatorDefaults(api: ApiClient): Promise<ApiResult<CreatorDefaultsData>> {
  return api.op(creatorMediaOps.defaults, settings);
}

export function saveCreatorDefaults(api: ApiClient, body: CreatorDefaultsInput): Promise<ApiResult<CreatorDefaultsData>> {
  return api.op(creatorMediaOps.saveDefaults, { ...settings, body });
}

export function fetchCreatorMediaList(api: ApiClient): Promise<ApiResult<CreatorMediaListData>> {
  return api.op(creatorMediaOps.list, settings);
}

export function applyCreatorDefaults(api: ApiClient, ids: number[]): Promise<ApiResult<CreatorDefaultsData>> {
  return api.op(creatorMediaOps.applyDefaults, { ...settings, body: { ids } });
}

export function fetchCreatorMedium(api: ApiClient, id: number): Promise<ApiResult<CreatorMediumData>> {
  return api.op(creatorMediaOps.medium, { ...settings, params: { id } });
}

export function saveCreatorMedium(api: ApiClient, id: number, body: CreatorMediumInput): Promise<ApiResult<CreatorMediumData>> {
  return api.op(creatorMediaOps.saveMedium, { ...settings, params: { id }, body });
}
