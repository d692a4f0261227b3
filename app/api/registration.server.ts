/**
 * The registration group's endpoints (sign-up, e-mail verification, password reset, phone, claims,
 * invitations, third-party sign-in, age check, the registration steps), as the web tier calls them.
 */
import type { BodyInput } from "#server/contract/operation";
import { authOps } from "#server/contract/operations/auth";
import { claimsOps } from "#server/contract/operations/claims";
import { federatedOps } from "#server/contract/operations/federated";
import { invitationsOps } from "#server/contract/operations/invitations";
import { phoneOps } from "#server/contract/operations/phone";
import { registrationOps } from "#server/contract/operations/registration";
import { STEP_ENDPOINTS } from "#server/contract/registration-steps";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type SignUpAnswer = DataOf<typeof registrationOps.signUp>;
export type ClaimPreviewData = DataOf<typeof claimsOps.preview>;
export type PhoneStatusData = DataOf<typeof phoneOps.status>;

/** The two sign-up forms: people (escort, client) and businesses. */
export type SignUpKind = "individual" | "business";
const SIGN_UP = { individual: registrationOps.signUp, business: registrationOps.businessSignUp } as const;
/** What a sign-up form sends: the fields of its kind's schema. */
export type SignUpBody<K extends SignUpKind = SignUpKind> = BodyInput<(typeof SIGN_UP)[K]>;

export function signUp<K extends SignUpKind>(api: ApiClient, kind: K, body: SignUpBody<K>): Promise<ApiResult<SignUpAnswer>> {
  const operation: (typeof SIGN_UP)[SignUpKind] = SIGN_UP[kind];
  // The kind picks the descriptor and types the body; TypeScript cannot follow that pairing through the union.
  return api.op(operation, { body: body as never, auth: false, handleErrors: true });
}

export function checkUnique(
  api: ApiClient,
  params: { username?: string; email?: string },
): Promise<ApiResult<DataOf<typeof registrationOps.unique>>> {
  return api.op(registrationOps.unique, { query: params, auth: false, handleErrors: true });
}

/** Whose registration steps: people (escorts, clients) or businesses. */
export type StepAudience = "user" | "business";
/** A registration step's endpoint, by its descriptor's name (contract/operations/registration). */
export type StepEndpoint = keyof typeof STEP_ENDPOINTS;
/** What a step's form sends: the fields of its step schema (the photo steps send none). */
export type StepBody = BodyInput<(typeof registrationOps)[StepEndpoint]>;

/** The endpoint that completes a step, from the contract's one table. */
export function registrationStepEndpoint(audience: StepAudience, stepKey: string): StepEndpoint | undefined {
  const forBusiness = audience === "business";
  return (Object.keys(STEP_ENDPOINTS) as StepEndpoint[]).find(
    (name) => name.startsWith("business") === forBusiness && STEP_ENDPOINTS[name].step === stepKey,
  );
}

/** PUT /registration/<step>: saves a step; answers the next step's key (keys as the API spells them). */
export function saveRegistrationStep(
  api: ApiClient,
  step: StepEndpoint,
  body?: StepBody,
): Promise<ApiResult<DataOf<(typeof registrationOps)[StepEndpoint]>>> {
  const operation: (typeof registrationOps)[StepEndpoint] = registrationOps[step];
  // The step picks the descriptor and its body's type; TypeScript cannot follow that pairing through the union.
  return api.op(operation, { body: body as never, handleErrors: true });
}

/** GET /registration/steps: the saved values that prefill the step forms (snake_case kept: trait and price keys are data). */
export function fetchStepData(api: ApiClient): Promise<ApiResult<DataOf<typeof registrationOps.steps>>> {
  return api.op(registrationOps.steps, { handleErrors: true });
}

/** GET /registration/business/tracking: the business's own sign-up funnel. */
export function fetchBusinessSignupTracking(api: ApiClient): Promise<ApiResult<DataOf<typeof registrationOps.businessTracking>>> {
  return api.op(registrationOps.businessTracking);
}

export function verifyEmail(api: ApiClient, token: string): Promise<ApiResult<DataOf<typeof registrationOps.verifyEmail>>> {
  return api.op(registrationOps.verifyEmail, { body: { token }, handleErrors: true });
}

export function resendVerificationMail(api: ApiClient): Promise<ApiResult<DataOf<typeof registrationOps.resendVerification>>> {
  return api.op(registrationOps.resendVerification, { handleErrors: true });
}

export function requestPasswordReset(api: ApiClient, body: { email: string }): Promise<ApiResult<DataOf<typeof authOps.forgotPassword>>> {
  return api.op(authOps.forgotPassword, { body, auth: false, handleErrors: true });
}

export function resetPassword(
  api: ApiClient,
  body: BodyInput<typeof authOps.resetPassword>,
): Promise<ApiResult<DataOf<typeof authOps.resetPassword>>> {
  return api.op(authOps.resetPassword, { body, auth: false, handleErrors: true });
}

export function fetchPhoneStatus(api: ApiClient): Promise<ApiResult<PhoneStatusData>> {
  return api.op(phoneOps.status);
}

export function sendSmsCode(
  api: ApiClient,
  body: BodyInput<typeof phoneOps.sendCode>,
): Promise<ApiResult<DataOf<typeof phoneOps.sendCode>>> {
  return api.op(phoneOps.sendCode, { body, handleErrors: true });
}

export function verifySmsCode(
  api: ApiClient,
  body: BodyInput<typeof phoneOps.verifyCode>,
): Promise<ApiResult<DataOf<typeof phoneOps.verifyCode>>> {
  return api.op(phoneOps.verifyCode, { body, handleErrors: true });
}

export function fetchInvitationCode(api: ApiClient, code: string): Promise<ApiResult<DataOf<typeof invitationsOps.info>>> {
  return api.op(invitationsOps.info, { params: { code }, auth: false, handleErrors: true });
}

export function fetchClaimPreview(api: ApiClient, code: string): Promise<ApiResult<ClaimPreviewData>> {
  return api.op(claimsOps.preview, { params: { code }, auth: false, handleErrors: true });
}

export function resendClaimCode(api: ApiClient, code: string): Promise<ApiResult<DataOf<typeof claimsOps.resendCode>>> {
  return api.op(claimsOps.resendCode, { params: { code }, auth: false, handleErrors: true });
}

export function verifyClaimCode(
  api: ApiClient,
  code: string,
  body: { code: string },
): Promise<ApiResult<DataOf<typeof claimsOps.verifyCode>>> {
  return api.op(claimsOps.verifyCode, { params: { code }, body, auth: false, handleErrors: true });
}

export function bindClaimPassword(
  api: ApiClient,
  code: string,
  body: BodyInput<typeof claimsOps.bindPassword>,
): Promise<ApiResult<DataOf<typeof claimsOps.bindPassword>>> {
  return api.op(claimsOps.bindPassword, { params: { code }, body, auth: false, handleErrors: true });
}

export function authorizeThirdParty(
  api: ApiClient,
  body: BodyInput<typeof federatedOps.authorize>,
): Promise<ApiResult<DataOf<typeof federatedOps.authorize>>> {
  return api.op(federatedOps.authorize, { body, auth: false, handleErrors: true });
}

export function signInThirdParty(
  api: ApiClient,
  body: BodyInput<typeof federatedOps.signIn>,
): Promise<ApiResult<DataOf<typeof federatedOps.signIn>>> {
  return api.op(federatedOps.signIn, { body, auth: false, handleErrors: true });
}

export function fetchThirdPartyProviders(api: ApiClient): Promise<ApiResult<DataOf<typeof federatedOps.providers>>> {
  return api.op(federatedOps.providers, { auth: false, handleErrors: true });
}
