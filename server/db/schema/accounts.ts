/** Members, sessions, login limits, verifications and consents. Times are epoch milliseconds (UTC), booleans 0/1 integers (ADR 003). */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * claimable: a profile pre-created for its owner (migration 0008); it has no
 * usable password and cannot log in until claimed through invites/{code}.
 */
export type UserStatus = "active" | "paused" | "deactivated" | "banned" | "deleted" | "claimable";

export interface UsersTable {
  id: Generated<number>;
  username: string;
  username_key: string;
  email: string;
  email_key: string;
  password_hash: string;
  user_type: number;
  gender: number | null;
  salutation: string | null;
  birth_date: string | null;
  language: string;
  is_member: Generated<number>;
  member_until: number | null;
  /** Plus members' choice (migration 0023): visits leave no trace in the visitors list (issue 11 honours it while plus runs). */
  invisible_browsing: Generated<number>;
  email_verified_at: number | null;
  email_was_verified: Generated<number>;
  is_bounced_email: Generated<number>;
  forced_fake_check: Generated<number>;
  register_completed_step: Generated<number>;
  status: Generated<UserStatus>;
  created_at: number;
  updated_at: number;
  last_login_at: number | null;
  /** Last messenger activity (migration 0035): the online status until live presence exists (ADR 043). */
  last_active_at: number | null;
  /** Verified phone in E.164 (migration 0008), set by SMS verification. */
  phone: string | null;
  phone_verified_at: number | null;
  /** Sign-up origin (migration 0004): landing page id and invitation code, as given. */
  landing_page_id: string | null;
  invitation_code: string | null;
  /** Businesses only: agency | club (contract/registration-sign-up BUSINESS_KINDS), and who answers for it. */
  business_kind: string | null;
  contact_person: string | null;
  /** 1: written by the demo seed (migration 0056), with the README's password; a production start refuses these (ADR 056). */
  demo_account: Generated<number>;
}

export interface AccessTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  refresh_hash: string;
  created_at: number;
  expires_at: number;
  refresh_expires_at: number;
  revoked_at: number | null;
  client_ip: string | null;
  /** The 24-hour window: a token unused until then stops working; null = keep logged in (ADR 016). */
  idle_expires_at: number | null;
  /** Shared by the token pairs that refresh rotations derived from one sign-in. */
  family_id: string | null;
  /** When this pair's refresh token was exchanged; exchanging it again ends the family. */
  rotated_at: number | null;
  /**
   * When this sign-in passed the staff second factor (migration 0112, ADR 117; a refresh carries it on). Null for
   * members and for a staff sign-in that has not: the API's gate then lets it reach its second step only.
   */
  second_factor_at: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface RateCountersTable {
  bucket: string;
  window_start: number;
  hits: number;
}

export interface CaptchaChallengesTable {
  id: string;
  answer_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface EmailVerificationsTable {
  id: Generated<number>;
  user_id: number;
  email_key: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** A new e-mail address waiting for its link to be opened (migration 0016). */
export interface EmailChangesTable {
  id: Generated<number>;
  user_id: number;
  new_email: string;
  new_email_key: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  closed_at: number | null;
}

/** A deletion waiting for its e-mail link (migration 0018). */
export interface AccountDeletionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: number;
  expires_at: number;
  closed_at: number | null;
}

/** An age check asked for by the user; providers (issue KYC) resolve it later. */
export interface AgeCheckRequestsTable {
  id: Generated<number>;
  user_id: number;
  method: string;
  status: "pending" | "verified" | "rejected";
  created_at: number;
  resolved_at: number | null;
}

/** A provider account (e.g. Google's `sub`) linked to a user. */
export interface FederatedIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  subject: string;
  email: string | null;
  created_at: number;
}

/** Consents given apart from the terms (migration 0012, ADR 023); active while withdrawn_at is null. */
export interface ConsentsTable {
  id: Generated<number>;
  user_id: number;
  purpose: string;
  granted_at: number;
  withdrawn_at: number | null;
}

export type UserRow = Selectable<UsersTable>;

export type NewUser = Insertable<UsersTable>;

export type UserUpdate = Updateable<UsersTable>;
