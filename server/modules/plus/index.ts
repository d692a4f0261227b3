/** The plus membership (issue 26): packages, the member's contract, cancelling, withdrawal and the benefits pages. */
import { defineFeature } from "../manifest";
import { membershipGoods } from "./goods";
import * as m0063 from "./migrations/0063_memberships";
import * as m0075 from "./migrations/0075_withdrawal_confirmations";
import { registerPlus } from "./routes";
import { plusPart } from "./seed";

export const manifest = defineFeature({
  name: "plus",
  routes: registerPlus,
  seed: [{ order: 160, part: plusPart }],
  migrations: { "0063_memberships": m0063, "0075_withdrawal_confirmations": m0075 },
  goods: { membership: membershipGoods },
});
export { MEMBERSHIP_STATUSES, type MembershipStatus } from "./schema";
// For renewals and payments (ADR 076): what a renewal charges and adds, the earliest ordinary end, the live contract.
export { addMonths, earliestOrdinaryEnd, proRataRefund, renewalTermOf, withdrawalDeadline } from "./contract-rules";
export { activeMembership, effectiveEnd, syncUserPlus, type Membership } from "./memberships";
// For the wallet's auto recharge (ADR 081): only a renewing contract's stored payment is charged.
export { renewalStateOf, renewsAt } from "./memberships";
// For gift membership (issue 27, ADR 085): the gifts module delivers and takes back a one-off span for the recipient.
export { fulfilMembership, revokeMembership } from "./goods";
