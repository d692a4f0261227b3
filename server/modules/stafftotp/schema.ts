/** The staff second factor's tables (migration 0112, issue 30 item 5, ADR 117). Times epoch ms. */
import type { Generated } from "kysely";

export interface StaffTotpTable {
  user_id: number;
  /** The base32 secret, sealed (AES-256-GCM, key from APP_SECRET, bound to the account): secret-box.ts. */
  secret_sealed: string;
  /** When the first code confirmed the setup; null: a setup waiting for it. */
  enabled_at: number | null;
  /** The RFC 6238 time step of the last accepted code: a code of that step or an earlier one is refused. */
  last_used_step: number | null;
  /** Wrong codes in a row (the verify step, confirm, regenerate); a right one sets it back to 0. */
  failed_attempts: Generated<number>;
  locked_until: number | null;
  created_at: number;
  updated_at: number;
}

export interface StaffTotpRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 (hex) of the normalized code: 80 random bits need no slow hash. */
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

declare module "../../db/schema/index" {
  interface Database {
    staff_totp: StaffTotpTable;
    staff_totp_recovery_codes: StaffTotpRecoveryCodesTable;
  }
}
