/** Internal complaints and account restrictions (migration 0099, issue 30 item 4, ADRs 112, 113). Times epoch ms. */
import type { Generated } from "kysely";
import type { AppealState } from "../../contract/appeals";

export interface AppealsTable {
  id: Generated<number>;
  /** The appellant: the affected member of a statement, or the notifier of a report. */
  user_id: number;
  /** Exactly one of the two is set: what is appealed (each once). */
  statement_id: number | null;
  report_id: number | null;
  text: string;
  /** The appellant's language when filed: the outcome is told in their language at the time of the decision. */
  language: string;
  state: Generated<AppealState>;
  created_at: number;
  decided_by: number | null;
  decided_at: number | null;
  /** The reasons of the appeal's decision, as the appellant reads them. */
  reasons: string | null;
}

export interface AccountRestrictionsTable {
  id: Generated<number>;
  user_id: number;
  statement_id: number;
  starts_at: number;
  ends_at: number;
  lifted_at: number | null;
}

declare module "../../db/schema/index" {
  interface Database {
    appeals: AppealsTable;
    account_restrictions: AccountRestrictionsTable;
  }
}
