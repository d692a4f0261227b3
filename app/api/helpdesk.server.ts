/** Support sign-on's endpoints (issue 32 item 4, ADR 134), as the web tier calls them. */
import { helpdeskOps } from "#server/contract/operations/helpdesk";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type SupportSignOnData = DataOf<typeof helpdeskOps.signOn>;
export type SupportSignOnQuery = { return_to?: string; redirect_uri?: string; state?: string; nonce?: string };

/** GET /user/support/sso: the help desk's sign-on address for the member, or configured=false. */
export function fetchSupportSignOn(api: ApiClient, query: SupportSignOnQuery): Promise<ApiResult<SupportSignOnData>> {
  return api.op(helpdeskOps.signOn, { query, handleErrors: true });
}

/** POST /user/support/signout: closes the member's help-desk sign-ons; where to go next (null: our home). */
export function signOutOfSupport(api: ApiClient, returnTo: string | undefined): Promise<ApiResult<DataOf<typeof helpdeskOps.signOut>>> {
  return api.op(helpdeskOps.signOut, { body: returnTo === undefined ? {} : { return_to: returnTo }, handleErrors: true });
}
