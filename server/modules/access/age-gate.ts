/**
 * The closed user group for fsk18 content (JMStV § 4; issue 30 item 1, ADRs 105–106): the one rule of who counts as
 * an age-verified viewer. Verified by the provider's webhook (status 2) AND authenticated in this login session (the
 * PIN entered for the token's family): identification once, authentication on each use. The tables are the
 * age-verification module's; the kernel reads them so every list and file route asks the same expression.
 */
import { sql, type ExpressionBuilder } from "kysely";
import { AGE_VERIFICATION_STATUS } from "../../contract/age-verification";
import type { Database } from "../../db/schema";

/**
 * True when the member (users.id of the outer statement) is verified and authenticated in the login session of the
 * access token `tokenId`. Use in a select over `users`.
 */
export function ageSessionOpenSql(eb: ExpressionBuilder<Database, "users">, tokenId: number) {
  return eb.exists(
    eb
      .selectFrom("access_tokens")
      .innerJoin("age_verification_sessions", "age_verification_sessions.family_id", "access_tokens.family_id")
      .innerJoin("age_verifications", "age_verifications.user_id", "age_verification_sessions.user_id")
      .select(sql<number>`1`.as("one"))
      .where("access_tokens.id", "=", tokenId)
      .whereRef("access_tokens.user_id", "=", "users.id")
      .whereRef("age_verification_sessions.user_id", "=", "users.id")
      .where("age_verifications.status", "=", AGE_VERIFICATION_STATUS.verified),
  );
}

/** True when the member (`userIdRef`, e.g. "users.id") passed the identification: the "age verified" badge. */
export function ageVerifiedSql(eb: ExpressionBuilder<Database, "users">) {
  return eb.exists(
    eb
      .selectFrom("age_verifications")
      .select(sql<number>`1`.as("one"))
      .whereRef("age_verifications.user_id", "=", "users.id")
      .where("age_verifications.status", "=", AGE_VERIFICATION_STATUS.verified),
  );
}

/** A database's answer to an EXISTS (PostgreSQL: a boolean; SQLite: 0 or 1) as a boolean. */
export function existsAnswer(value: unknown): boolean {
  return value === true || value === 1 || value === "1" || value === "t";
}
