/**
 * GET /dashboard (issue 33 item 4, ADR 160): what the member's start page shows besides the charts, in one call.
 * The page made six (consents, registration steps, settings index, phone, age check, the member's moderation), each
 * paying the API's routing, token check, logging and JSON both ways, and 19 statements; this is one call, and 13
 * statements with the token check.
 * It reads the same rows as those calls, at the moment of the page (no cache: nothing here can be stale), through
 * the same functions where they can be shared: the step data with its consent and text reviews, the settings
 * groups, the refused photos. The member's own facts that each call read from its own row (type and business kind,
 * the verified phone, the age check's status, photos waiting) are one statement built once.
 */
import { fail } from "../../api/errors";
import type { ApiDeps, AuthUser } from "../../api/types";
import { ageVerificationStatusName, AGE_VERIFICATION_STATUS } from "../../contract/age-verification";
import type { DashboardOverview } from "../../contract/dashboard";
import { MEDIA_STATUS } from "../../contract/media";
import { profileCompleteness, SELF_SERVICE_STATUSES } from "../../contract/settings";
import { isStaffUserType } from "../../contract/users";
import { precompiled, type Slots } from "../../db/precompiled";
import { ownRejectedMedia } from "../moderation/index";
import { stepDataWithSources } from "../registration/index";
import { settingsGroupsFor } from "../settings/index";

const ownFacts = precompiled((db, slot: Slots<{ userId: number }>) =>
  db
    .selectFrom("users")
    .select((eb) => [
      "users.user_type",
      "users.business_kind",
      "users.phone_verified_at",
      eb
        .selectFrom("age_verifications")
        .select("age_verifications.status")
        .whereRef("age_verifications.user_id", "=", "users.id")
        .as("age_status"),
      eb
        .selectFrom("media")
        .select((inner) => inner.fn.countAll<number>().as("n"))
        .whereRef("media.user_id", "=", "users.id")
        .where("media.status", "=", MEDIA_STATUS.pending)
        .as("media_pending"),
    ])
    .where("users.id", "=", slot("userId"))
    // As GET /settings and GET /registration/steps: a member who can no longer sign in has no dashboard.
    .where("users.status", "in", [...SELF_SERVICE_STATUSES]),
);

export async function dashboardOverview(deps: ApiDeps, user: AuthUser): Promise<DashboardOverview> {
  const [[facts], step, rejected] = await Promise.all([
    ownFacts(deps.db, { userId: user.id }),
    stepDataWithSources(deps, user.id),
    ownRejectedMedia(deps, user.id),
  ]);
  if (!facts) throw fail.unauthorized();
  const viewer = { userType: facts.user_type, businessKind: facts.business_kind };
  return {
    // Staff accounts have no profile to complete (ADR 030).
    completeness: isStaffUserType(facts.user_type) ? null : profileCompleteness(step.data, viewer),
    settings_groups: settingsGroupsFor(viewer),
    phone_verified: facts.phone_verified_at !== null,
    age_check: ageVerificationStatusName(facts.age_status ?? AGE_VERIFICATION_STATUS.init),
    special_consent_granted_at: step.specialConsentSince,
    moderation: {
      texts: step.textReviews.map((text) => ({ field: text.field, status: text.status, reason: text.reason })),
      media_pending: Number(facts.media_pending ?? 0),
      media_rejected: rejected.length,
    },
  };
}
