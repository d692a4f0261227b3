/**
 * The trust level (ADR 108; spec sections 6 and 7 "trust level"): one point per criterion of contract/verification
 * TRUST_CRITERIA met, from the checks and the member's history. The rules are here and nowhere else: the profile's
 * trust-level endpoint and badge, and the back office's queue, all read trustLevelFor.
 */
import type { ApiDeps } from "../../api/types";
import { MEDIA_STATUS } from "../../contract/media";
import {
  TRUST_ACCOUNT_AGE_DAYS,
  TRUST_CRITERIA,
  TRUST_REPORT_WINDOW_DAYS,
  VERIFICATION_STATUS,
  type TrustCriterion,
  type TrustLevelAnswer,
} from "../../contract/verification";
import { entitlementsOf } from "../access/index";

const DAY = 24 * 60 * 60 * 1000;
/** A report decided with any of these outcomes was upheld against its target. */
const UPHELD_OUTCOMES = ["content_removed", "account_restricted", "account_banned"];

export async function trustLevelFor(deps: ApiDeps, userId: number): Promise<TrustLevelAnswer> {
  const now = deps.clock.now();
  const [member, publicPhoto, identity, upheld] = await Promise.all([
    deps.db
      .selectFrom("users")
      .leftJoin("profiles", "profiles.user_id", "users.id")
      .select([
        "users.user_type",
        "users.is_member",
        "users.member_until",
        "users.created_at",
        "users.email_verified_at",
        "users.is_bounced_email",
        "users.phone_verified_at",
        "profiles.review_count",
        "profiles.verified_at",
      ])
      .where("users.id", "=", userId)
      .executeTakeFirst(),
    deps.db
      .selectFrom("media")
      .select("id")
      .where("user_id", "=", userId)
      .where("status", "=", MEDIA_STATUS.accepted)
      .where("visibility", "=", "public")
      .limit(1)
      .executeTakeFirst(),
    deps.db
      .selectFrom("verification_checks")
      .select("id")
      .where("user_id", "=", userId)
      .where("kind", "=", "id")
      .where("status", "=", VERIFICATION_STATUS.verified)
      .where("reset_at", "is", null)
      .limit(1)
      .executeTakeFirst(),
    deps.db
      .selectFrom("reports")
      .select("id")
      .where("target_user_id", "=", userId)
      .where("outcome", "in", UPHELD_OUTCOMES)
      .where("decided_at", ">", now - TRUST_REPORT_WINDOW_DAYS * DAY)
      .limit(1)
      .executeTakeFirst(),
  ]);
  if (!member) return { level: 0, max: TRUST_CRITERIA.length, shown: false, criteria: TRUST_CRITERIA.map((key) => ({ key, met: false })) };
  const met: Record<TrustCriterion, boolean> = {
    email_verified: member.email_verified_at !== null && member.is_bounced_email === 0,
    phone_verified: member.phone_verified_at !== null,
    account_age_30_days: now - Number(member.created_at) >= TRUST_ACCOUNT_AGE_DAYS * DAY,
    public_photo: publicPhoto !== undefined,
    // Published date reviews (ADR 047), counted whether or not the owner shows them.
    reviews: (member.review_count ?? 0) > 0,
    photos_real: member.verified_at !== null && member.verified_at !== undefined,
    identity_verified: identity !== undefined,
    no_upheld_reports: upheld === undefined,
  };
  return {
    level: TRUST_CRITERIA.filter((key) => met[key]).length,
    max: TRUST_CRITERIA.length,
    // The badge is the plus benefit of escorts and businesses (contract/entitlements trust_level).
    shown: entitlementsOf(member, now).may("trust_level"),
    criteria: TRUST_CRITERIA.map((key) => ({ key, met: met[key] })),
  };
}
