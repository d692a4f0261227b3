/** Sign-up and its side roads: invitation codes, profile claims, SMS checks, tracking, landing pages. Times are epoch milliseconds (UTC), booleans 0/1 integers (ADR 003). */
import type { Generated } from "kysely";

/** Codes that lead into registration (migration 0008). */
export interface InvitationCodesTable {
  id: Generated<number>;
  code: string;
  created_by_user_id: number | null;
  uses: Generated<number>;
  /** null: unlimited. */
  max_uses: number | null;
  /** null: never expires. */
  expires_at: number | null;
  created_at: number;
}

/** A pre-created profile offered to its owner (server/modules/claims). */
export interface ProfileClaimsTable {
  id: Generated<number>;
  user_id: number;
  invite_hash: string;
  target_kind: "email" | "phone";
  target: string;
  code_hash: string | null;
  code_expires_at: number | null;
  attempts: Generated<number>;
  codes_sent: Generated<number>;
  bind_hash: string | null;
  bind_expires_at: number | null;
  verified_at: number | null;
  claimed_at: number | null;
  expires_at: number;
  created_at: number;
}

export interface SmsVerificationsTable {
  id: Generated<number>;
  user_id: number;
  phone: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  verified_at: number | null;
}

/** Business signup funnel events (migration 0010; codes in server/contract/registration.ts). */
export interface SignupTrackingTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  landing_page_id: string | null;
  created_at: number;
}

/** SEO landing pages lp/{short_url}; url_detail is a JSON list of {name, value, active}. */
export interface LandingPagesTable {
  id: Generated<number>;
  short_url: string;
  url_detail: string;
  active: Generated<number>;
  created_at: number;
  updated_at: number;
}
