/** Age verification's endpoints (issue 30 item 1, ADR 105), as the web tier calls them. */
import type { AGE_CHECK_FORCE_ACTIONS } from "#server/contract/age-verification";
import { ageVerificationOps } from "#server/contract/operations/age-verification";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type AgeVerificationStateData = DataOf<typeof ageVerificationOps.state>;

export function fetchAgeVerification(api: ApiClient): Promise<ApiResult<AgeVerificationStateData>> {
  return api.op(ageVerificationOps.state, { handleErrors: true });
}

/** Binds the PIN to a new identification; answers the provider's address to send the member to. */
export function startAgeVerification(
  api: ApiClient,
  body: { pin: string; pin_confirmation: string },
): Promise<ApiResult<DataOf<typeof ageVerificationOps.start>>> {
  return api.op(ageVerificationOps.start, { body, handleErrors: true });
}

/** The PIN for this login session. */
export function authenticateAgeVerification(api: ApiClient, pin: string): Promise<ApiResult<AgeVerificationStateData>> {
  return api.op(ageVerificationOps.authenticate, { body: { pin }, handleErrors: true });
}

/** Staff: force or lift a member's age check. */
export function forceAgeCheck(
  api: ApiClient,
  memberId: number,
  body: { action: (typeof AGE_CHECK_FORCE_ACTIONS)[number]; reason: string },
): Promise<ApiResult<DataOf<typeof ageVerificationOps.force>>> {
  return api.op(ageVerificationOps.force, { params: { id: memberId }, body, handleErrors: true });
}
