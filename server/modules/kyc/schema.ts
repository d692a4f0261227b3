/** The KYC module's tables (migration 0097, issue 30 item 3, ADR 109). Times epoch ms. */
import type { Generated } from "kysely";

export interface KycMembersTable {
  user_id: number;
  /** Signatures and screenings with ids up to these count no more (staff's last reset or expiry). */
  signature_floor: Generated<number>;
  screening_floor: Generated<number>;
  last_action: "reset" | "expire" | null;
  last_reason: string | null;
  last_action_at: number | null;
  /** The staff member of the last action (named decided_by: the data export leaves staff ids out by that name). */
  decided_by: number | null;
  updated_at: number;
}

export interface KycSignaturesTable {
  id: Generated<number>;
  user_id: number;
  /** contract/kyc-agreement CREATOR_AGREEMENT_VERSION signed. */
  version: string;
  language: string;
  /** SHA-256 (hex) of the exact paragraphs shown, joined by "\n\n". */
  text_sha256: string;
  full_name: string;
  /** HMAC of the signer's address with the app secret: provable, not readable. */
  ip_hash: string;
  user_agent: string;
  signed_at: number;
}

export interface KycScreeningsTable {
  id: Generated<number>;
  user_id: number;
  signature_id: number;
  full_name: string;
  provider: string;
  reference: string;
  /** contract/kyc AML_OUTCOMES. */
  outcome: string;
  attempts: Generated<number>;
  /** JSON array of strings. */
  matches: Generated<string>;
  provider_reference: string | null;
  /** 1 while pending, failed or a hit undecided. */
  open: Generated<number>;
  created_at: number;
  screened_at: number | null;
  valid_until: number | null;
  decision: string | null;
  decided_by: number | null;
  decided_at: number | null;
  reason: string | null;
  expiry_handled_at: number | null;
}

export interface KycPayoutHoldsTable {
  payout_id: number;
  user_id: number;
  statement_id: number;
  held_at: number;
  released_at: number | null;
}

declare module "../../db/schema/index" {
  interface Database {
    kyc_members: KycMembersTable;
    kyc_signatures: KycSignaturesTable;
    kyc_screenings: KycScreeningsTable;
    kyc_payout_holds: KycPayoutHoldsTable;
  }
}
