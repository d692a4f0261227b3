/** Verification (issue 30 item 2, ADRs 107, 108): webcam, identity and ProstSchG checks, the team's queue, the badges, the trust level. */
import { sql, type Kysely } from "kysely";
import { VERIFICATION_STATUS } from "../../contract/verification";
import type { Database } from "../../db/schema";
import { defineFeature, defineJob, type OpenQueueItems } from "../manifest";
import { markOverdue } from "./checks";
import * as m0095 from "./migrations/0095_verification_checks";
import { deleteDecidedFiles } from "./office";
import { registerVerification } from "./routes";

// The queue's open items (ADR 119): the rows its own list shows, with when each began waiting.
const scope = (name: string) => sql<string>`${sql.lit(name)}`.as("scope");
const GONE = ["banned", "deleted"] as const;

const openVerifications = (db: Kysely<Database>): OpenQueueItems =>
  db
    .selectFrom("verification_checks")
    .where("verification_checks.status", "=", VERIFICATION_STATUS.pending)
    // The few gone owners as an anti-join (ADR 122): the count reads the queue's index, not every owner's row.
    .where(
      "verification_checks.user_id",
      "not in",
      db
        .selectFrom("users")
        .select("users.id")
        .where("users.status", "in", [...GONE]),
    )
    .select([
      "verification_checks.id",
      sql<number>`coalesce(verification_checks.submitted_at, verification_checks.created_at)`.as("since"),
      scope("verifications"),
    ]);

export const manifest = defineFeature({
  name: "verification",
  routes: registerVerification,
  migrations: { "0095_verification_checks": m0095 },
  jobs: {
    /** A check still pending VERIFICATION_PENDING_MINUTES after its submission is overdue (ADR 107). */
    "verification_check.overdue": defineJob<{ check_id: number }>((deps) => ({ run: (payload) => markOverdue(deps, payload.check_id) })),
    /** A decided check's photos are deleted VERIFICATION_FILE_RETENTION_DAYS after the decision (GDPR, ADR 107). */
    "verification_check.delete_files": defineJob<{ check_id: number }>((deps) => ({
      run: (payload) => deleteDecidedFiles(deps, payload.check_id),
    })),
  },
  moderationQueues: {
    /** Webcam, identity and ProstSchG checks (ADR 107). */
    verifications: {
      api: "/backoffice/verifications",
      title: "verification.backoffice.title",
      open: openVerifications,
      permission: "verification.decide",
    },
  },
});
export { verificationBadgesOf, NO_BADGES } from "./badges";
export { trustLevelFor } from "./trust";
export { verificationOverview } from "./checks";
export { resetChecksOf } from "./reset";
export { undoForcedFakeCheck } from "./office";
