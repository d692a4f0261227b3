/** The age-verification module's tables (migration 0093, issue 30 item 1, ADRs 105–106). Times epoch ms. */
import type { Generated } from "kysely";

export interface AgeVerificationsTable {
  user_id: number;
  /** contract/age-verification AGE_VERIFICATION_STATUS: 0 init, 1 pending, 2 verified. */
  status: Generated<number>;
  /** The provider of the latest identification ("fake", "hosted"). */
  provider: string | null;
  /** Our session reference of the latest identification: the key of the provider's webhook. */
  reference: string | null;
  /** The provider's id of the identification, from its verified webhook. */
  provider_txn_id: string | null;
  /** The PIN of the authentication on each use (lib/crypto hashPassword), bound to this identification. */
  pin_hash: string | null;
  /** Wrong PINs in a row (AGE_PIN_MAX_FAILURES locks). */
  pin_failures: Generated<number>;
  /** 1 when the provider's last answer was a decline. */
  declined: Generated<number>;
  /** 1 while the team or a rule demands the check (the forced check after login). */
  forced: Generated<number>;
  started_at: number | null;
  verified_at: number | null;
  updated_at: number;
}

export interface AgeVerificationNoncesTable {
  provider: string;
  nonce: string;
  received_at: number;
}

export interface AgeVerificationSessionsTable {
  /** access_tokens.family_id: one login session, across refresh rotations (ADR 016). */
  family_id: string;
  user_id: number;
  authenticated_at: number;
}

declare module "../../db/schema/index" {
  interface Database {
    age_verifications: AgeVerificationsTable;
    age_verification_nonces: AgeVerificationNoncesTable;
    age_verification_sessions: AgeVerificationSessionsTable;
  }
}
