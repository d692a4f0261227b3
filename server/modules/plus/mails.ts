/**
 * The confirmation of a cancellation or withdrawal on a durable medium (§ 312k(4) BGB, Directive 2023/2673): what was
 * received, when (date and time), and when the contract ends — to the account's owner only. Four languages, "du".
 */
import type { ContractReceipt } from "../../contract/plus";
import { formatAmount } from "../../contract/prices";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_TAGS, type Language } from "../../contract/locales";
import { composeMail, fill, textsFor } from "../../integrations/mail/compose";

interface Texts {
  subject_cancel: string;
  subject_withdraw: string;
  greeting: string;
  received: string;
  kind: Record<string, string>;
  reason: string;
  identification: string;
  requested_earliest: string;
  requested_date: string;
  outcome_ends: string;
  outcome_withdrawn: string;
  refund: string;
  outcome_no_contract: string;
  outcome_not_eligible: string;
  not_you: string;
  reference: string;
}

const TEXTS: Record<Language, Texts> = {
  de: {
    subject_cancel: "Eingangsbestätigung deiner Kündigung",
    subject_withdraw: "Eingangsbestätigung deines Widerrufs",
    greeting: "Hallo {username},",
    received: "wir haben deine Erklärung am {date} um {time} Uhr erhalten. Vertrag: Plus-Mitgliedschaft.",
    kind: { ordinary: "Art: ordentliche Kündigung", extraordinary: "Art: außerordentliche Kündigung", withdrawal: "Art: Widerruf" },
    reason: "Grund: {reason}",
    identification: "Angegeben: {name}, {identifier}",
    requested_earliest: "Gewünschtes Ende: zum nächstmöglichen Zeitpunkt",
    requested_date: "Gewünschtes Ende: {date}",
    outcome_ends: "Dein Vertrag endet am {date}. Bis dahin bleibt Plus aktiv; danach wird nichts mehr abgebucht.",
    outcome_withdrawn: "Dein Vertrag ist mit sofortiger Wirkung widerrufen; Plus ist beendet.",
    refund: "Du bekommst anteilig {amount} zurück, auf dem Weg, auf dem du bezahlt hast.",
    outcome_no_contract:
      "Zu deinem Konto haben wir keinen laufenden Vertrag gefunden, der gekündigt werden könnte. Es wird nichts abgebucht.",
    outcome_not_eligible: "Die Widerrufsfrist von 14 Tagen ist abgelaufen. Du kannst deinen Vertrag jederzeit zum Laufzeitende kündigen.",
    not_you: "Wenn du das nicht warst, kannst du eine Kündigung auf deiner Mitgliedschaftsseite bis zum Vertragsende zurücknehmen.",
    reference: "Eingangsnummer: {id}",
  },
  en: {
    subject_cancel: "Confirmation of receipt of your cancellation",
    subject_withdraw: "Confirmation of receipt of your withdrawal",
    greeting: "Hello {username},",
    received: "we received your declaration on {date} at {time}. Contract: plus membership.",
    kind: { ordinary: "Type: ordinary cancellation", extraordinary: "Type: extraordinary cancellation", withdrawal: "Type: withdrawal" },
    reason: "Reason: {reason}",
    identification: "Given: {name}, {identifier}",
    requested_earliest: "Requested end: at the earliest possible date",
    requested_date: "Requested end: {date}",
    outcome_ends: "Your contract ends on {date}. Plus stays active until then; nothing will be charged afterwards.",
    outcome_withdrawn: "Your contract is withdrawn with immediate effect; plus has ended.",
    refund: "You will get {amount} back pro rata, the way you paid.",
    outcome_no_contract: "We found no running contract on your account that could be cancelled. Nothing will be charged.",
    outcome_not_eligible: "The 14-day withdrawal period has passed. You can cancel your contract at any time for the end of its term.",
    not_you: "If this was not you, you can take a cancellation back on your membership page until the contract ends.",
    reference: "Receipt number: {id}",
  },
  es: {
    subject_cancel: "Confirmación de recepción de tu cancelación",
    subject_withdraw: "Confirmación de recepción de tu desistimiento",
    greeting: "Hola {username}:",
    received: "hemos recibido tu declaración el {date} a las {time}. Contrato: membresía plus.",
    kind: { ordinary: "Tipo: cancelación ordinaria", extraordinary: "Tipo: cancelación extraordinaria", withdrawal: "Tipo: desistimiento" },
    reason: "Motivo: {reason}",
    identification: "Indicado: {name}, {identifier}",
    requested_earliest: "Fin solicitado: en la fecha más próxima posible",
    requested_date: "Fin solicitado: {date}",
    outcome_ends: "Tu contrato termina el {date}. Plus sigue activo hasta entonces; después no se cobrará nada.",
    outcome_withdrawn: "Tu contrato queda desistido con efecto inmediato; plus ha terminado.",
    refund: "Te devolveremos {amount} de forma proporcional, por el mismo medio con el que pagaste.",
    outcome_no_contract: "No hemos encontrado en tu cuenta ningún contrato en curso que se pueda cancelar. No se cobrará nada.",
    outcome_not_eligible:
      "El plazo de desistimiento de 14 días ha vencido. Puedes cancelar tu contrato en cualquier momento para el final de su periodo.",
    not_you: "Si no has sido tú, puedes anular una cancelación en tu página de membresía hasta que termine el contrato.",
    reference: "Número de recepción: {id}",
  },
  pl: {
    subject_cancel: "Potwierdzenie otrzymania wypowiedzenia",
    subject_withdraw: "Potwierdzenie otrzymania odstąpienia od umowy",
    greeting: "Cześć {username},",
    received: "otrzymaliśmy twoje oświadczenie {date} o {time}. Umowa: członkostwo plus.",
    kind: {
      ordinary: "Rodzaj: wypowiedzenie zwykłe",
      extraordinary: "Rodzaj: wypowiedzenie nadzwyczajne",
      withdrawal: "Rodzaj: odstąpienie od umowy",
    },
    reason: "Powód: {reason}",
    identification: "Podano: {name}, {identifier}",
    requested_earliest: "Żądany koniec: w najbliższym możliwym terminie",
    requested_date: "Żądany koniec: {date}",
    outcome_ends: "Twoja umowa kończy się {date}. Do tego czasu plus pozostaje aktywny; potem nic nie zostanie pobrane.",
    outcome_withdrawn: "Odstąpiłeś od umowy ze skutkiem natychmiastowym; plus został zakończony.",
    refund: "Otrzymasz proporcjonalny zwrot {amount} tą samą drogą, którą zapłaciłeś.",
    outcome_no_contract: "Na twoim koncie nie znaleźliśmy trwającej umowy, którą można by wypowiedzieć. Nic nie zostanie pobrane.",
    outcome_not_eligible: "14-dniowy termin na odstąpienie minął. Możesz w każdej chwili wypowiedzieć umowę na koniec okresu.",
    not_you: "Jeśli to nie ty, możesz cofnąć wypowiedzenie na stronie członkostwa do końca umowy.",
    reference: "Numer potwierdzenia: {id}",
  },
};

const TIME_ZONE = "Europe/Berlin";

function dateOf(at: number, lang: Language): string {
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[lang], { dateStyle: "long", timeZone: TIME_ZONE }).format(at);
}

function timeOf(at: number, lang: Language): string {
  return new Intl.DateTimeFormat(LANGUAGE_TAGS[lang], { timeStyle: "short", timeZone: TIME_ZONE }).format(at);
}

export function declarationMail(input: {
  to: string;
  username: string;
  language: string;
  receipt: ContractReceipt;
  outcome: "applied" | "no_contract" | "already" | "not_eligible";
  effectiveEnd: number | null;
  refundCents: number | null;
}) {
  const lang: Language = isLanguage(input.language) ? input.language : DEFAULT_LANGUAGE;
  const t = textsFor(TEXTS, lang);
  const r = input.receipt;
  const blocks: string[] = [
    fill(t.greeting, { username: input.username }),
    fill(t.received, { date: dateOf(r.received_at, lang), time: timeOf(r.received_at, lang) }),
    t.kind[r.kind] ?? r.kind,
  ];
  if (r.reason) blocks.push(fill(t.reason, { reason: r.reason }));
  blocks.push(fill(t.identification, { name: r.name, identifier: r.identifier }));
  if (r.action === "cancel") {
    blocks.push(r.requested_end === "earliest" ? t.requested_earliest : fill(t.requested_date, { date: r.requested_end }));
  }
  if (input.outcome === "no_contract") blocks.push(t.outcome_no_contract);
  else if (input.outcome === "not_eligible") blocks.push(t.outcome_not_eligible);
  else if (r.action === "withdraw") {
    blocks.push(t.outcome_withdrawn);
    if (input.refundCents) blocks.push(fill(t.refund, { amount: formatAmount({ amount: input.refundCents, currency: "EUR" }, lang) }));
  } else if (input.effectiveEnd !== null) {
    blocks.push(fill(t.outcome_ends, { date: dateOf(input.effectiveEnd, lang) }));
  }
  if (r.action === "cancel") blocks.push(t.not_you);
  blocks.push(fill(t.reference, { id: r.id }));
  return composeMail({
    to: input.to,
    template: r.action === "cancel" ? "plus_cancellation" : "plus_withdrawal",
    language: lang,
    subject: r.action === "cancel" ? t.subject_cancel : t.subject_withdraw,
    blocks,
  });
}

/** The link that makes a withdrawal sent without login take effect (ADR 088): to the account's address only. */
interface ConfirmTexts {
  subject: string;
  greeting: string;
  received: string;
  identification: string;
  action: string;
  timing: string;
  expiry: string;
  not_you: string;
  reference: string;
}

const CONFIRM_TEXTS: Record<Language, ConfirmTexts> = {
  de: {
    subject: "Bitte bestätige deinen Widerruf",
    greeting: "Hallo {username},",
    received: "am {date} um {time} Uhr hat jemand ohne Anmeldung den Widerruf deiner Plus-Mitgliedschaft erklärt.",
    identification: "Angegeben: {name}, {identifier}",
    action: "Wenn du das warst, öffne diesen Link und bestätige den Widerruf:",
    timing:
      "Der Widerruf wird mit deiner Bestätigung wirksam. Für die Frist und die anteilige Erstattung zählt der Zeitpunkt, zu dem du ihn abgeschickt hast.",
    expiry: "Der Link gilt bis {date}, {time} Uhr, und nur einmal.",
    not_you: "Wenn du das nicht warst, musst du nichts tun: Ohne Bestätigung ändert sich an deinem Vertrag nichts.",
    reference: "Eingangsnummer: {id}",
  },
  en: {
    subject: "Please confirm your withdrawal",
    greeting: "Hi {username},",
    received: "On {date} at {time}, someone declared the withdrawal from your plus membership without signing in.",
    identification: "Given: {name}, {identifier}",
    action: "If that was you, open this link and confirm the withdrawal:",
    timing: "The withdrawal takes effect when you confirm it. The deadline and the pro-rata refund count from when you sent it.",
    expiry: "The link works until {date}, {time}, and only once.",
    not_you: "If that was not you, you need to do nothing: without confirmation your contract stays as it is.",
    reference: "Reference number: {id}",
  },
  es: {
    subject: "Confirma tu desistimiento",
    greeting: "Hola, {username}:",
    received: "El {date} a las {time}, alguien declaró sin iniciar sesión el desistimiento de tu membresía plus.",
    identification: "Datos indicados: {name}, {identifier}",
    action: "Si fuiste tú, abre este enlace y confirma el desistimiento:",
    timing:
      "El desistimiento surte efecto cuando lo confirmas. Para el plazo y el reembolso proporcional cuenta el momento en que lo enviaste.",
    expiry: "El enlace vale hasta el {date}, {time}, y una sola vez.",
    not_you: "Si no fuiste tú, no tienes que hacer nada: sin confirmación tu contrato sigue igual.",
    reference: "Número de referencia: {id}",
  },
  pl: {
    subject: "Potwierdź odstąpienie od umowy",
    greeting: "Cześć {username},",
    received: "{date} o {time} ktoś bez logowania złożył oświadczenie o odstąpieniu od twojego członkostwa plus.",
    identification: "Podano: {name}, {identifier}",
    action: "Jeśli to ty, otwórz ten link i potwierdź odstąpienie:",
    timing:
      "Odstąpienie staje się skuteczne z chwilą potwierdzenia. O terminie i zwrocie proporcjonalnym decyduje chwila wysłania oświadczenia.",
    expiry: "Link jest ważny do {date}, {time}, i tylko raz.",
    not_you: "Jeśli to nie ty, nie musisz nic robić: bez potwierdzenia twoja umowa pozostaje bez zmian.",
    reference: "Numer potwierdzenia: {id}",
  },
};

export function withdrawalConfirmMail(input: {
  to: string;
  username: string;
  language: string;
  receipt: ContractReceipt;
  link: string;
  expiresAt: number;
}) {
  const lang: Language = isLanguage(input.language) ? input.language : DEFAULT_LANGUAGE;
  const t = textsFor(CONFIRM_TEXTS, lang);
  const r = input.receipt;
  return composeMail({
    to: input.to,
    template: "plus_withdrawal_confirm",
    language: lang,
    subject: t.subject,
    blocks: [
      fill(t.greeting, { username: input.username }),
      fill(t.received, { date: dateOf(r.received_at, lang), time: timeOf(r.received_at, lang) }),
      fill(t.identification, { name: r.name, identifier: r.identifier }),
      t.action,
      { link: input.link },
      t.timing,
      fill(t.expiry, { date: dateOf(input.expiresAt, lang), time: timeOf(input.expiresAt, lang) }),
      t.not_you,
      fill(t.reference, { id: r.id }),
    ],
  });
}
