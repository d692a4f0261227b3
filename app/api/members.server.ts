/** The back office's members (issue 30 item 5, ADR 118), as the web tier calls them. */
import type { MemberSearchQuery } from "#server/contract/members";
import { membersOps } from "#server/contract/operations/members";
import type { ApiClient, ApiResult, DataOf } from "./client.server";

export type MemberSearchData = DataOf<typeof membersOps.search>;
export type BackofficeMemberData = DataOf<typeof membersOps.one>;

export function searchMembers(api: ApiClient, query: MemberSearchQuery): Promise<ApiResult<MemberSearchData>> {
  const sent = Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== "" && value !== 1)
      .map(([k, value]) => [k, String(value)]),
  );
  return api.op(membersOps.search, { query: sent, handleErrors: true });
}

export function fetchMember(api: ApiClient, id: number): Promise<ApiResult<BackofficeMemberData>> {
  return api.op(membersOps.one, { params: { id }, handleErrors: true });
}

/** The staff actions with a reason alone, by the operation's name. */
const REASON_ACTIONS = { ban: membersOps.ban, unban: membersOps.unban, unpause: membersOps.unpause, sign_out: membersOps.signOut } as const;

export function actOnMember(api: ApiClient, id: number, action: keyof typeof REASON_ACTIONS, reason: string) {
  return api.op(REASON_ACTIONS[action], { params: { id }, body: { reason }, handleErrors: true });
}

export function pauseMember(api: ApiClient, id: number, body: { reason: string; days: number }) {
  return api.op(membersOps.pause, { params: { id }, body, handleErrors: true });
}

export function resetMemberVerification(api: ApiClient, id: number, body: { reason: string; kind: "webcam" | "id" | "prostschg" }) {
  return api.op(membersOps.resetVerification, { params: { id }, body, handleErrors: true });
}
