/**
 * user/membership and user/billing_invoices (issue 10): whether plus runs for this member and until when,
 * and the benefits for their kind. Read-only: the contract itself (packages, cancel, withdrawal) is the plus module's
 * (GET /membership/contract, ADR 076); this stays the kernel's short answer the billing page shows.
 */
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import { plusBenefitAudienceOf, plusBenefitLabels } from "../../contract/entitlements";
import type { MembershipState } from "../../contract/membership";
import { plusRunning } from "../access/index";

export async function membershipState(deps: ApiDeps, userId: number): Promise<MembershipState> {
  const row = await deps.db
    .selectFrom("users")
    .select(["user_type", "is_member", "member_until"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!row) throw fail.unauthorized();
  const now = deps.clock.now();
  const running = plusRunning(row, now);
  const audience = plusBenefitAudienceOf(row.user_type);
  return {
    plus_member: running,
    member_until: row.member_until === null ? null : Number(row.member_until),
    lapsed: !running && row.member_until !== null && Number(row.member_until) <= now,
    benefits_for: audience,
    benefits: plusBenefitLabels(audience),
    // Plus is sold through the checkout since issue 26 (the plus module's packages and contract, ADR 076).
    purchase_available: true,
  };
}
