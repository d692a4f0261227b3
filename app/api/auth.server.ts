/** The auth group's endpoints (token, captcha, logout), as the web tier calls them. */
import type * as v from "valibot";
import { authOps } from "#server/contract/operations/auth";
import type { loginSchema } from "#server/contract/validation";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

/** The password grant's fields as sent: the token endpoint validates them with loginSchema (plus grant_type). */
export type PasswordGrant = v.InferInput<typeof loginSchema>;

/** POST /oauth/v2/token with the password grant (form-encoded, as OAuth wants it; keys as the protocol spells them). */
export function passwordToken(api: ApiClient, grant: PasswordGrant): Promise<ApiResult<DataOf<typeof authOps.token>>> {
  return api.op(authOps.token, { body: { grant_type: "password", ...grant }, auth: false, handleErrors: true });
}

/**
 * GET /captcha: a fresh challenge (keys as issued: the browser's solver reads them as they are), its proof of work
 * priced for the account the form names (ADR 056).
 */
export function issueCaptcha(api: ApiClient, username: string): Promise<ApiResult<DataOf<typeof authOps.captcha>>> {
  return api.op(authOps.captcha, { query: { username }, auth: false, handleErrors: true });
}

/** POST /user/logout: revokes the token the session carries. */
export function logout(api: ApiClient): Promise<ApiResult<DataOf<typeof authOps.logout>>> {
  return api.op(authOps.logout, { handleErrors: true });
}
