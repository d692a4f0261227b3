/** The help desk sign-ons we issued (migration 0119, ADR 134). Times epoch ms. */
import type { Generated } from "kysely";

export interface HelpdeskSignOnsTable {
  id: Generated<number>;
  user_id: number;
  provider: string;
  /** The token's jti: unique, so a token id is never issued twice. */
  jti: string;
  issued_at: number;
  expires_at: number;
  /** Set by support/signout: the member left the help desk. */
  signed_out_at: number | null;
}

declare module "../../db/schema/index" {
  interface Database {
    helpdesk_sign_ons: HelpdeskSignOnsTable;
  }
}
