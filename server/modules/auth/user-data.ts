import { ageSessionOpenSql, entitlementsOf, existsAnswer } from "../access/index";
import { waitingDates } from "../date-stages/index";
import { unreadCounts } from "../inbox/index";
import { notificationSummary } from "../notifications/index";
import { dollarBalances } from "../wallet/index";
import type { UserDataResponse } from "../../contract/user-data";
import { fail } from "../../api/errors";
import type { ApiDeps } from "../../api/types";
import type { DB } from "../../db/index";
import { precompiled, type Slots } from "../../db/precompiled";
import { AGE_VERIFICATION_STATUS } from "../../contract/age-verification";
import { ACTIVITY_CONSENT } from "../../contract/consents";
import { mustVerifyEmail } from "../../contract/email-verification";
import { requiredDestination } from "../../contract/registration";
import { isStaffUserType, REGISTER_COMPLETED_STEP } from "../../contract/users";

/** Staff accounts have no dates (ADR 070). */
const NO_DATES = { needs_confirmation: 0, needs_review: 0 } as const;

/** Whole years between an ISO birth date and now. */
export function ageAt(birthDate: string | null, now: number): number | null {
  if (!birthDate) return null;
  const [y, m, d] = birthDate.split("-").map(Number);
  if (!y || !m || !d) return null;
  const today = new Date(now);
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

/** The viewer's row (ADR 148: built once, bound per call): the user, the profile's names, the checks and the consent. */
function userRowQuery(db: DB, userId: number) {
  return (
    db
      .selectFrom("users")
      .leftJoin("profiles", "profiles.user_id", "users.id")
      // The fsk18 age verification (ADR 105): the team's forced check and the badge's status.
      .leftJoin("age_verifications", "age_verifications.user_id", "users.id")
      .select([
        "age_verifications.forced as age_check_forced",
        "age_verifications.status as age_verification_status",
        "users.id",
        "users.username",
        "users.email",
        "users.user_type",
        "users.gender",
        "users.birth_date",
        "users.language",
        "users.is_member",
        "users.member_until",
        "users.email_verified_at",
        "users.email_was_verified",
        "users.is_bounced_email",
        "users.forced_fake_check",
        "users.register_completed_step",
        "users.created_at",
        "users.status",
        "users.business_kind",
        "profiles.display_name",
        "profiles.city_name",
      ])
      // The activity tracker's consent (ADR 132): the layout includes the tracker only while it stands.
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom("consents")
              .select("consents.user_id")
              .whereRef("consents.user_id", "=", "users.id")
              .where("consents.purpose", "=", ACTIVITY_CONSENT)
              .where("consents.withdrawn_at", "is", null),
          )
          .as("activity_consent"),
      )
      .where("users.id", "=", userId)
  );
}

const userRowWithoutToken = precompiled((db, slot: Slots<{ userId: number }>) => userRowQuery(db, slot("userId")));
/** With the caller's token: whether its fsk18 session is open (ageSessionOpenSql). */
const userRowWithToken = precompiled((db, slot: Slots<{ userId: number; tokenId: number }>) =>
  userRowQuery(db, slot("userId")).select((eb) => ageSessionOpenSql(eb, slot("tokenId")).as("age_session_open")),
);

/** `tokenId`: the caller's access token, for the fsk18 closed user group's session (absent: not open). */
export async function getUserData(deps: ApiDeps, userId: number, tokenId?: number): Promise<UserDataResponse> {
  const [row] =
    tokenId === undefined ? await userRowWithoutToken(deps.db, { userId }) : await userRowWithToken(deps.db, { userId, tokenId });
  if (!row) throw fail.notFound();
  const now = deps.clock.now();
  const staff = isStaffUserType(row.user_type);
  const [notifications, messenger, dates, dollars] = await Promise.all([
    notificationSummary(deps, userId),
    unreadCounts(deps.db, userId),
    staff ? NO_DATES : waitingDates(deps.db, userId, now),
    staff ? null : dollarBalances(deps, userId),
  ]);
  // The kernel decides plus (member_until included) once; the web tier reads this answer, never its own (ADR 061).
  const entitlements = entitlementsOf(row, now);
  const email = {
    isEmailVerified: row.email_verified_at !== null && row.is_bounced_email === 0,
    emailWasVerified: row.email_was_verified === 1,
    isBouncedEmail: row.is_bounced_email === 1,
  };
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    language: row.language,
    status: row.status,
    profile: {
      user_type: row.user_type,
      gender: row.gender,
      display_name: row.display_name ?? row.username,
      city_name: row.city_name,
      business_kind: row.business_kind,
    },
    age: ageAt(row.birth_date, now),
    registration_completed_at: row.register_completed_step >= REGISTER_COMPLETED_STEP ? row.created_at : null,
    is_member: entitlements.plus,
    entitlements: entitlements.answer(),
    is_email_verified: email.isEmailVerified,
    email_was_verified: email.emailWasVerified,
    is_bounced_email: email.isBouncedEmail,
    must_verify_email: mustVerifyEmail(email),
    forced_fake_check: row.forced_fake_check === 1,
    age_verified: row.age_verification_status === AGE_VERIFICATION_STATUS.verified,
    fsk18_open: "age_session_open" in row ? existsAnswer(row.age_session_open) : false,
    register_completed_step: row.register_completed_step,
    activity_tracking: existsAnswer(row.activity_consent),
    next_destination: requiredDestination({
      userType: row.user_type,
      registerCompletedStep: row.register_completed_step,
      forcedFakeCheck: row.forced_fake_check === 1,
      ageCheckRequired: row.age_check_forced === 1,
    }),
    notifications,
    messenger,
    dates: {
      waiting: dates.needs_confirmation + dates.needs_review,
      needs_confirmation: dates.needs_confirmation,
      needs_review: dates.needs_review,
    },
    dollars,
  };
}
