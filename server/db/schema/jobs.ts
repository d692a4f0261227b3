/** The job table (0021, ADR 031). Times are epoch milliseconds (UTC). */
import type { Generated } from "kysely";

export type JobState = "queued" | "running" | "done" | "failed";

export interface JobsTable {
  id: Generated<number>;
  kind: string;
  job_key: string | null;
  /** JSON of the kind's payload type (server/jobs/kinds.ts). */
  payload: string;
  state: JobState;
  run_at: number;
  attempts: Generated<number>;
  max_attempts: number;
  locked_by: string | null;
  locked_until: number | null;
  last_error: string | null;
  created_at: number;
  finished_at: number | null;
}
