/** The editors' and the warning list's tables (migration 0104, ADRs 120, 121). Times epoch ms. */
import type { Generated } from "kysely";

export interface PageVersionsTable {
  id: Generated<number>;
  /** contract/pages PageSection and a catalog key. */
  section: string;
  page_key: string;
  language: string;
  /** 1, 2, 3… per page and language; the highest published one is in force, the one before it is "previous". */
  version: number;
  title: string;
  description: string;
  markdown: string;
  /** The changelog line staff wrote ("Widerrufsfrist präzisiert"), or how the version came to be (seed, restore). */
  reason: string;
  author_id: number | null;
  created_at: number;
  published_at: number | null;
}

export interface LandingPageTextsTable {
  landing_page_id: number;
  language: string;
  title: string;
  description: string;
  intro: string;
}

export interface WarningFlagsTable {
  id: Generated<number>;
  subject_hash: string;
  /** contract/warnings WarningFlagState. */
  state: string;
  /** Distinct verified escorts who had reported when the team decided. */
  reporters: number;
  decided_by: number | null;
  decided_at: number;
  lifted_at: number | null;
  created_at: number;
  /** Migration 0113 (appeals): the statement of reasons the confirmation wrote; an appeal reversing it withdraws the flag. */
  statement_id: number | null;
  /** Migration 0113: why the flag was lifted (an appeal's reasons); null for an objection's lift (its row says why). */
  lift_reason: string | null;
}

export interface WarningObjectionsTable {
  id: Generated<number>;
  flag_id: number;
  user_id: number;
  text: string;
  created_at: number;
  outcome: string | null;
  decided_by: number | null;
  decided_at: number | null;
}

declare module "../../db/schema/index" {
  interface Database {
    page_versions: PageVersionsTable;
    landing_page_texts: LandingPageTextsTable;
    warning_flags: WarningFlagsTable;
    warning_objections: WarningObjectionsTable;
  }
}
