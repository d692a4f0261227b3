/** Data exports (0022, ADR 032). Times are epoch milliseconds (UTC). */
import type { Generated } from "kysely";
import type { DataExportState } from "../../contract/privacy";

export interface DataExportsTable {
  id: Generated<number>;
  user_id: number;
  state: DataExportState;
  created_at: number;
  ready_at: number | null;
  expires_at: number | null;
  storage_key: string | null;
  size_bytes: number | null;
}
