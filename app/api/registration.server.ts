/**
 * The registration group's endpoints (sign-up, e-mail verification, password reset, phone, claims,
 * invitations, third-party sign-in, age check, the registration steps), as the web tier calls them.
 */
import type {
  ClaimBound,
  ClaimCodeVerified,
  ClaimPreview,
  InvitationInfo,
  PhoneStatus,
  ThirdPartyAuthorization,
  ThirdPartyProviders,
  ThirdPartySignIn,
} from "#server/contract/invites";
import { STEP_ENDPOINTS, type BusinessSignupTracking, type StepData, type StepResult } from "#server/contract/registration-steps";
import type { AgeCheckRequest, SignUpResult, UniqueCheck } from "#server/contract/signup";
import type { Camelize } from "./camelize";
import type { ApiClient, ApiResult } from "./client.server";

const BASE = "/api/v2/registration";
const claimPath = (code: string) => `${BASE}/claims/${encodeURIComponent(code)}`;

export type SignUpAnswer = Camelize<SignUpResult>;
export type ClaimPreviewData = Camelize<ClaimPreview>;
export type PhoneStatusData = Camelize<PhoneStatus>;
export type AgeCheckRequestData = Camelize<AgeCheckRequest>;

/** The two sign-up forms: people (escort, client) and businesses. */
export type SignUpKind = "individual" | "business";
const SIGN_UP_PATH: Record<SignUpKind, string> = { individual: `${BASE}/sign-up`, business: `${BASE}/business/sign-up` };

export function signUp(api: ApiClient, kind: SignUpKind, body: unknown): Promise<ApiResult<SignUpAnswer>> {
  return api.call<SignUpAnswer>(SIGN_UP_PATH[kind], { method: "POST", body, auth: false, handleErrors: true });
}

export function checkUnique(api: ApiClient, params: { username?: string; email?: string }): Promise<ApiResult<Camelize<UniqueCheck>>> {
  return api.call<Camelize<UniqueCheck>>(`${BASE}/unique`, { params, auth: false, handleErrors: true });
}

/** Whose registration steps: people (escorts, clients) or businesses. */
export type StepAudience = "user" | "business";

/** The step endpoint (after /registration/) that completes a step, from the contract's one table. */
export function registrationStepEndpoint(audience: StepAudience, stepKey: string): string | undefined {
  const forBusiness = audience === "business";
  return Object.entries(STEP_ENDPOINTS).find(
    ([name, endpoint]) => name.startsWith("business") === forBusiness && endpoint.step === stepKey,
  )?.[1].path;
}

/** PUT /registration/<step>: saves a step; answers the next step's key (keys as the API spells them). */
export function saveRegistrationStep(api: ApiClient, stepEndpoint: string, body?: unknown): Promise<ApiResult<StepResult>> {
  return api.call<StepResult>(`${BASE}/${stepEndpoint}`, { method: "PUT", body, handleErrors: true, camelize: false });
}

/** GET /registration/steps: the saved values that prefill the step forms (snake_case kept: trait and price keys are data). */
export function fetchStepData(api: ApiClient): Promise<ApiResult<StepData>> {
  return api.call<StepData>(`${BASE}/steps`, { camelize: false, handleErrors: true });
}

/** GET /registration/business/tracking: the business's own sign-up funnel. */
export function fetchBusinessSignupTracking(api: ApiClient): Promise<ApiResult<BusinessSignupTracking>> {
  return api.call<BusinessSignupTracking>(`${BASE}/business/tracking`, { camelize: false });
}

export function verifyEmail(api: ApiClient, token: string): Promise<ApiResult<unknown>> {
  return api.call(`${BASE}/email/verify`, { method: "POST", body: { token }, handleErrors: true });
}

export function resendVerificationMail(api: ApiClient): Promise<ApiResult<unknown>> {
  return api.call(`${BASE}/email/resend`, { method: "POST", handleErrors: true });
}

export function requestPasswordReset(api: ApiClient, body: { email: string }): Promise<ApiResult<unknown>> {
  return api.call(`${BASE}/password/forgot`, { method: "POST", body, auth: false, handleErrors: true });
}

export function resetPassword(api: ApiClient, body: unknown): Promise<ApiResult<unknown>> {
  return api.call(`${BASE}/password/reset`, { method: "POST", body, auth: false, handleErrors: true });
}

export function fetchPhoneStatus(api: ApiClient): Promise<ApiResult<PhoneStatusData>> {
  return api.call<PhoneStatusData>(`${BASE}/sms`);
}

export function sendSmsCode(api: ApiClient, body: unknown): Promise<ApiResult<unknown>> {
  return api.call(`${BASE}/sms/send`, { method: "POST", body, handleErrors: true });
}

export function verifySmsCode(api: ApiClient, body: unknown): Promise<ApiResult<unknown>> {
  return api.call(`${BASE}/sms/verify`, { method: "POST", body, handleErrors: true });
}

export function fetchInvitationCode(api: ApiClient, code: string): Promise<ApiResult<Camelize<InvitationInfo>>> {
  return api.call<Camelize<InvitationInfo>>(`${BASE}/invitation-codes/${encodeURIComponent(code)}`, { auth: false, handleErrors: true });
}

export function fetchClaimPreview(api: ApiClient, code: string): Promise<ApiResult<ClaimPreviewData>> {
  return api.call<ClaimPreviewData>(claimPath(code), { auth: false, handleErrors: true });
}

export function resendClaimCode(api: ApiClient, code: string): Promise<ApiResult<unknown>> {
  return api.call(`${claimPath(code)}/resend`, { method: "POST", body: {}, auth: false, handleErrors: true });
}

export function verifyClaimCode(api: ApiClient, code: string, body: { code: string }): Promise<ApiResult<Camelize<ClaimCodeVerified>>> {
  return api.call<Camelize<ClaimCodeVerified>>(`${claimPath(code)}/verify`, { method: "POST", body, auth: false, handleErrors: true });
}

export function bindClaimPassword(api: ApiClient, code: string, body: unknown): Promise<ApiResult<Camelize<ClaimBound>>> {
  return api.call<Camelize<ClaimBound>>(`${claimPath(code)}/password`, { method: "POST", body, auth: false, handleErrors: true });
}

export function authorizeThirdParty(
  api: ApiClient,
  body: { provider: string; redirect_uri: string },
): Promise<ApiResult<Camelize<ThirdPartyAuthorization>>> {
  return api.call<Camelize<ThirdPartyAuthorization>>(`${BASE}/third-party/authorize`, {
    method: "POST",
    body,
    auth: false,
    handleErrors: true,
  });
}

export function signInThirdParty(api: ApiClient, body: unknown): Promise<ApiResult<Camelize<ThirdPartySignIn>>> {
  return api.call<Camelize<ThirdPartySignIn>>(`${BASE}/third-party`, { method: "POST", body, auth: false, handleErrors: true });
}

export function fetchThirdPartyProviders(api: ApiClient): Promise<ApiResult<ThirdPartyProviders>> {
  return api.call<ThirdPartyProviders>(`${BASE}/third-party/providers`, { auth: false, handleErrors: true });
}

export function fetchLatestAgeCheck(api: ApiClient): Promise<ApiResult<AgeCheckRequestData | null>> {
  return api.call<AgeCheckRequestData | null>("/api/v2/verification/age-check", { handleErrors: true });
}

export function requestAgeCheck(api: ApiClient, method: unknown): Promise<ApiResult<unknown>> {
  return api.call("/api/v2/verification/age-check", { method: "POST", body: { method }, handleErrors: true });
}
