/**
 * Internal complaints (DSA Art. 20, issue 30 item 4, ADR 113) and the account restrictions of report decisions
 * (ADR 112): the member's complaint, the back office's appeals queue, the restriction other modules ask about.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { defineFeature, type OpenQueueItems } from "../manifest";
import * as m0099 from "./migrations/0099_appeals";
import * as m0113 from "./migrations/0113_reversals";
import { registerAppeals } from "./routes";

/** The queue's open items (ADR 119): the complaints its list shows, each waiting since it was filed. */
const openAppeals = (db: Kysely<Database>): OpenQueueItems =>
  db
    .selectFrom("appeals")
    .where("appeals.state", "=", "open")
    .select(["appeals.id", "appeals.created_at as since", sql<string>`'appeals'`.as("scope")]);

export const manifest = defineFeature({
  name: "appeals",
  routes: registerAppeals,
  migrations: { "0099_appeals": m0099, "0113_reversals": m0113 },
  moderationQueues: {
    /** Complaints against decisions, oldest first; decided by someone other than the original decider. */
    appeals: { api: "/backoffice/appeals", title: "appeals.backoffice.title", open: openAppeals, permission: "appeals.decide" },
  },
  notifications: {
    appeal_decided: {
      kind: "moderation",
      contentType: "alert",
      stickiness: "permanent",
      title: {
        de: "Über deine Beschwerde {reference} wurde entschieden",
        en: "Your complaint {reference} has been decided",
        es: "Se ha resuelto tu reclamación {reference}",
        pl: "Rozpatrzono Twoją skargę {reference}",
      },
      // The module mails the outcome with its reasons itself.
      ownMail: true,
    },
  },
});
export { imposeRestriction, isRestricted, liftRestriction, restrictionEndsAt } from "./restrictions";
