/** The KYC group's endpoints (issue 30 item 3, ADR 109), as the web tier calls them. */
import type { Language } from "#server/contract/locales";
import { kycOps } from "#server/contract/operations/kyc";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type KycData = DataOf<typeof kycOps.state>;
export type KycAgreementData = DataOf<typeof kycOps.agreement>;
export type KycQueueData = DataOf<typeof kycOps.queue>;

export function fetchKyc(api: ApiClient): Promise<ApiResult<KycData>> {
  return api.op(kycOps.state, { handleErrors: true });
}

export function fetchAgreement(api: ApiClient, language: Language): Promise<ApiResult<KycAgreementData>> {
  return api.op(kycOps.agreement, { query: { language }, handleErrors: true });
}

export function signAgreement(
  api: ApiClient,
  body: { version: string; language: string; text_sha256: string; full_name: string; confirm: true },
) {
  return api.op(kycOps.sign, { body, handleErrors: true });
}

export function screenAgain(api: ApiClient) {
  return api.op(kycOps.screen, { handleErrors: true });
}

export function fetchKycQueue(api: ApiClient, page: number): Promise<ApiResult<KycQueueData>> {
  return api.op(kycOps.queue, { query: { page }, handleErrors: true });
}

export function decideKycHit(api: ApiClient, id: number, reason: string | null) {
  return reason === null
    ? api.op(kycOps.clear, { params: { id }, handleErrors: true })
    : api.op(kycOps.reject, { params: { id }, body: { reason }, handleErrors: true });
}

export function renewMemberKyc(api: ApiClient, userId: number, action: "reset" | "expire", reason: string) {
  return api.op(action === "reset" ? kycOps.reset : kycOps.expire, { params: { id: userId }, body: { reason }, handleErrors: true });
}
