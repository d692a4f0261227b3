/**
 * user/membership and user/billing_invoices (issue 10): whether plus runs for this member and until when,
 * and the benefits for their kind. Read-only: buying, cancelling and invoices arrive with payments.
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
    // No purchase path exists yet (issue 10 "Not in this issue"): the page says so instead of a buy button.
    purchase_available: false,
  };
}
