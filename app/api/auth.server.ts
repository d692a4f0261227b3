/** The auth group's endpoints (token, captcha, logout), as the web tier calls them. */
import type * as v from "valibot";
import type { IssuedCaptcha, IssuedTokens } from "#server/contract/auth";
import type { loginSchema } from "#server/contract/validation";
import type { ApiClient, ApiResult } from "./client.server";

/** The password grant's fields as sent: the token endpoint validates them with loginSchema (plus grant_type). */
export type PasswordGrant = v.InferInput<typeof loginSchema>;

/** POST /oauth/v2/token with the password grant (form-encoded, as OAuth wants it). */
export function passwordToken(api: ApiClient, grant: PasswordGrant): Promise<ApiResult<IssuedTokens>> {
  return api.call<IssuedTokens>("/oauth/v2/token", {
    method: "POST",
    body: { grant_type: "password", ...grant },
    auth: false,
    handleErrors: true,
    camelize: false,
  });
}

/**
 * GET /captcha: a fresh challenge (keys as issued: the browser's solver reads them as they are), its proof of work
 * priced for the account the form names (ADR 056).
 */
export function issueCaptcha(api: ApiClient, username: string): Promise<ApiResult<IssuedCaptcha>> {
  return api.call<IssuedCaptcha>("/api/v2/captcha", { params: { username }, auth: false, handleErrors: true, camelize: false });
}

/** POST /user/logout: revokes the token the session carries. */
export function logout(api: ApiClient): Promise<ApiResult<unknown>> {
  return api.call("/api/v2/user/logout", { method: "POST", handleErrors: true });
}
