/** The reconciliation's alert to backend staff (ADR 087): which check failed for which currency, and the report's page. Four languages, "du". */
import type { ReconciliationReport } from "../../contract/ledger-office";
import type { Language } from "../../contract/locales";
import { composeMail, fill, textsFor } from "../../integrations/mail/compose";
import type { OutgoingMail } from "../../integrations/mail/mailer";

interface Texts {
  subject: string;
  greeting: string;
  body: string;
  line: string;
  tail: string;
}

const TEXTS: Record<Language, Texts> = {
  de: {
    subject: "Ledger-Abgleich: Abweichung gefunden",
    greeting: "Hallo {username},",
    body: "der Abgleich des Ledgers hat eine Abweichung gefunden. Bitte prüfe den Bericht, bevor weiteres Geld bewegt wird.",
    line: "{currency}: Summe {imbalance}, negativ {negative}, abweichend {mismatched}, Identität {difference}",
    tail: "Diese Nachricht geht an alle Backend-Konten.",
  },
  en: {
    subject: "Ledger reconciliation: difference found",
    greeting: "Hello {username},",
    body: "The ledger reconciliation found a difference. Please check the report before more money moves.",
    line: "{currency}: sum {imbalance}, negative {negative}, mismatched {mismatched}, identity {difference}",
    tail: "This message goes to every backend account.",
  },
  es: {
    subject: "Conciliación del libro mayor: diferencia encontrada",
    greeting: "Hola {username}:",
    body: "La conciliación del libro mayor encontró una diferencia. Revisa el informe antes de que se mueva más dinero.",
    line: "{currency}: suma {imbalance}, negativas {negative}, discrepantes {mismatched}, identidad {difference}",
    tail: "Este mensaje se envía a todas las cuentas de backend.",
  },
  pl: {
    subject: "Uzgodnienie księgi: znaleziono różnicę",
    greeting: "Cześć {username},",
    body: "Uzgodnienie księgi wykazało różnicę. Sprawdź raport, zanim zostaną przesunięte kolejne środki.",
    line: "{currency}: suma {imbalance}, ujemne {negative}, niezgodne {mismatched}, tożsamość {difference}",
    tail: "Ta wiadomość trafia do wszystkich kont backendu.",
  },
};

export function reconciliationAlertMail(input: {
  to: string;
  username: string;
  language: string;
  reports: ReconciliationReport[];
  link: string;
}): OutgoingMail {
  const text = textsFor(TEXTS, input.language);
  const lines = input.reports.map((report) =>
    fill(text.line, {
      currency: report.currency,
      imbalance: String(report.imbalance),
      negative: String(report.negative),
      mismatched: String(report.mismatched),
      difference: report.identityDifference === null ? "–" : String(report.identityDifference),
    }),
  );
  return composeMail({
    to: input.to,
    template: "ledger_reconciliation_alert",
    language: input.language,
    subject: text.subject,
    blocks: [fill(text.greeting, { username: input.username }), text.body, ...lines, { link: input.link }, text.tail],
  });
}
