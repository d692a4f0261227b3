/** Missing translation keys the browsers reported (migration 0121, ADR 136). Times epoch ms. */
import type { Generated } from "kysely";

export interface MissingTranslationKeysTable {
  id: Generated<number>;
  language: string;
  namespace: string;
  key: string;
  count: number;
  first_seen_at: number;
  last_seen_at: number;
  /** Staff marked it fixed (a later report opens it again). */
  fixed_at: number | null;
  fixed_by: number | null;
  /** Staff dismissed it as no key of ours (migration 0124): stays closed when reported again. */
  dismissed_at: number | null;
  dismissed_by: number | null;
}

declare module "../../db/schema/index" {
  interface Database {
    missing_translation_keys: MissingTranslationKeysTable;
  }
}
