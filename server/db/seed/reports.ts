/**
 * Seed part "reports" (ADR 038): a few reports for the demo. Two decided reports of demo_client (so the
 * member's report list shows decisions) and two open guest notices in the back office queue, one of them
 * urgent. Only generated escorts are reported; the demo accounts' own data stays untouched, and demo_client's
 * seeded reports are decided, so they never stand in the way of a new report (one open report per object).
 * Chunk 0 only.
 */
import { REPORT_TYPES, type ReportOutcome, type ReportType } from "../../contract/reports";
import { REGISTER_COMPLETED_STEP } from "../../contract/users";
import type { SeedPart } from "./part";
import { DEMO_ACCOUNTS } from "./people";
import { DEMO_STAFF_ACCOUNTS } from "./moderation";

const HOUR = 60 * 60 * 1000;

interface SeededReport {
  type: ReportType;
  text: string;
  guest: { name: string | null; email: string | null } | null;
  decision: { outcome: ReportOutcome; statement: string } | null;
}

const REPORTS: SeededReport[] = [
  {
    type: "fake_profile",
    text: "Die Fotos habe ich auf einer Stockfoto-Seite gefunden.",
    guest: null,
    decision: {
      outcome: "no_action",
      statement: "Die Person hat sich bei uns mit Ausweis verifiziert; die Fotos zeigen sie selbst. Wir haben keinen Verstoß festgestellt.",
    },
  },
  {
    type: "unprotected_sex",
    text: "In der Beschreibung stand ein Angebot ohne Kondom.",
    guest: null,
    decision: {
      outcome: "content_removed",
      statement: "Die Beschreibung verstieß gegen § 32 ProstSchG. Wir haben sie entfernt und das Konto verwarnt.",
    },
  },
  {
    type: "underage",
    text: "Die Person auf den Fotos wirkt sehr jung, bitte prüft das Alter.",
    guest: { name: null, email: null },
    decision: null,
  },
  {
    type: "spam",
    text: "Das Profil verschickt Links zu einer anderen Seite in jeder Nachricht.",
    guest: { name: "Tom Beispiel", email: "tom@demo.velora.local" },
    decision: null,
  },
];

export const reportsPart: SeedPart = {
  name: "reports",
  async write({ trx, people, idOf, now }) {
    const client = people.find((p) => p.username === "demo_client");
    if (!client) return;
    const demoNames = new Set(DEMO_ACCOUNTS.map((a) => a.username));
    const targets = people
      .filter(
        (p) =>
          !demoNames.has(p.username) && p.kind === "escort" && p.status === "active" && p.registerCompletedStep === REGISTER_COMPLETED_STEP,
      )
      // From the end of the chunk: the moderation part takes the first ones.
      .slice(-REPORTS.length);
    if (targets.length < REPORTS.length) return;
    const team = await trx.selectFrom("users").select("id").where("username_key", "=", DEMO_STAFF_ACCOUNTS[0].username).executeTakeFirst();
    for (const [i, report] of REPORTS.entries()) {
      const target = idOf(targets[i]!);
      const createdAt = now - (48 - i * 6) * HOUR;
      const member = report.guest === null;
      await trx
        .insertInto("reports")
        .values({
          user_id: member ? idOf(client) : null,
          reporter_key: member ? `u:${idOf(client)}` : report.guest?.email ? `e:${report.guest.email}` : null,
          reporter_name: report.guest?.name ?? null,
          reporter_email: report.guest?.email ?? null,
          object_kind: "profile",
          object_id: target,
          url: member ? null : `https://velora.example/de/p/${targets[i]!.username}`,
          object_ref: `profile:${target}`,
          object_checked: 1,
          target_user_id: target,
          type: report.type,
          priority: REPORT_TYPES[report.type].priority,
          text: report.text,
          language: "de",
          state: report.decision ? "decided" : "open",
          created_at: createdAt,
          outcome: report.decision?.outcome ?? null,
          statement: report.decision?.statement ?? null,
          decided_by: report.decision && team ? team.id : null,
          decided_at: report.decision ? createdAt + 20 * HOUR : null,
        })
        .execute();
    }
  },
};
