/**
 * The words of a statement outside the site (ADR 110): the facts a content queue's decision writes into the
 * statement, in the member's language, and the mail that tells the member a statement was issued. The statement's
 * page (app/features/statements) renders everything else from locales/<lang>/statements.json.
 */
import type { Language } from "../../contract/locales";
import type { RejectionReason, TextFieldLabel } from "../../contract/moderation";
import type { StatementLiftCause, StatementRestriction } from "../../contract/statements";

/** What a content queue decided on, as the facts name it. */
export type QueueItem = "photo" | "profile_text" | TextFieldLabel | "bundle" | "blog" | "event" | "comment" | "promotion" | "payout";

interface StatementTexts {
  items: Record<QueueItem, string>;
  /** The facts of a refusal before publication ({item}). */
  refusedBeforePublication: string;
  /** The facts of a removal of something published ({item}). */
  removedAfterPublication: string;
  /** The facts of a refused promotion ({item}). */
  promotionRefused: string;
  /** The facts of a payout the team refused ({amount}, and the team's words {note}). */
  payoutHeld: string;
  /**
   * Why a content queue refused (contract/moderation's reasons; the queues' own mails quote them too): the facts end
   * with the reason line, so the statement says what was refused and why in one place.
   */
  reasons: Record<RejectionReason, string>;
  reasonLine: string;
  /** A refused promotion's price went back to the wallet. */
  promotionRefunded: string;
  /** The statement mail's line after a refusal: where a changed version can be sent for review. */
  resubmit: string;
  /** A signed-out member's way to the statement and its complaint form (ADR 123; {date}: the link's last day). */
  signedOutLink: string;
  /** The mail that a restriction ended early ({reference}, {restriction}); the cause's line by lift cause. */
  lifted: { subject: string; body: string; causes: Record<StatementLiftCause, string> };
  /** The facts of an Art. 23 suspension ({threshold} findings after a warning, the last day {date}). */
  misuseSuspended: Record<"illegal_content" | "unfounded_notices", string>;
  restrictions: Record<StatementRestriction, string>;
  subject: string;
  greeting: string;
  body: string;
  read: string;
  appeal: string;
  /** Out-of-court settlement (Art. 21 DSA) and the courts, after the complaint (Art. 17(3)(f)). */
  otherWays: string;
  /** A decision taken after a report (source `notice`): the mail says what set it off, never who. */
  afterNotice: string;
  reference: string;
}

const TEXTS: Record<Language, StatementTexts> = {
  de: {
    items: {
      photo: "dein Foto",
      profile_text: "deinen Profiltext",
      profession: "deinen Beruf",
      status: "deinen Status-Text",
      description: "deine Beschreibung",
      interests: "deine Interessen",
      interview: "deine Interview-Antwort",
      bundle: "dein Bundle",
      blog: "deinen Blogbeitrag",
      event: "dein Event",
      comment: "deinen Kommentar",
      promotion: "deine Profilwerbung",
      payout: "deine Auszahlung",
    },
    refusedBeforePublication:
      "Unser Team hat {item} vor der Veröffentlichung geprüft und nicht freigegeben. Für andere ist der Inhalt nicht sichtbar.",
    removedAfterPublication: "Unser Team hat {item} geprüft und entfernt. Für andere ist der Inhalt nicht mehr sichtbar.",
    promotionRefused: "Unser Team hat {item} geprüft und nicht freigegeben. Dein Profil wird nicht an hervorgehobener Stelle gezeigt.",
    payoutHeld:
      "Unser Team hat deine Auszahlung über {amount} nicht ausgeführt. Der Betrag ist wieder in deinem Guthaben. Begründung des Teams: {note}",
    reasons: {
      unprotected_sex: "Werbung für Sex ohne Kondom oder mit Schwangeren ist verboten (§ 32 ProstSchG).",
      contact_details: "Telefonnummern, Adressen und Links gehören nicht in Fotos und Profiltexte.",
      explicit_public: "Freizügige Inhalte dürfen nicht öffentlich sichtbar sein.",
      third_party: "Es zeigt andere Personen oder fremde Inhalte ohne Nachweis der Zustimmung.",
      poor_quality: "Die Qualität reicht nicht (unscharf, zu dunkel oder nicht erkennbar).",
      offensive: "Der Inhalt ist beleidigend, diskriminierend oder gewaltverherrlichend.",
      terms: "Der Inhalt verstößt gegen unsere Nutzungsbedingungen.",
    },
    reasonLine: "Grund: {reason}",
    promotionRefunded: "Die bezahlten Dollar sind wieder in deinem Guthaben.",
    resubmit: "Eine geänderte Fassung kannst du hier einreichen; wir prüfen sie dann wieder:",
    misuseSuspended: {
      illegal_content:
        "Nach einer Verwarnung haben wir innerhalb von 12 Monaten erneut {threshold}-mal rechtswidrige Inhalte dieses Kontos festgestellt. Das Konto ist bis zum {date} gesperrt.",
      unfounded_notices:
        "Nach einer Verwarnung waren innerhalb von 12 Monaten {threshold} weitere Meldungen dieses Kontos offensichtlich unbegründet. Meldungen sind bis zum {date} gesperrt.",
    },
    lifted: {
      subject: "Unsere Entscheidung {reference}: gilt nicht mehr",
      body: "die Einschränkung aus unserer Entscheidung {reference} ({restriction}) gilt seit heute nicht mehr. Die Begründung bleibt in deinem Konto gespeichert und zeigt das jetzt an:",
      causes: {
        kyc_complete:
          "Deine Prüfung für Auszahlungen ist wieder vollständig. Deine angehaltene Auszahlung wartet jetzt wieder auf die Freigabe durch unser Team.",
      },
    },
    signedOutLink:
      "Falls du dich nicht anmelden kannst: Dieser Link öffnet die Begründung und das Beschwerdeformular auch ohne Anmeldung. Er gilt bis zum {date} und nur für diese Entscheidung; gib ihn nicht weiter:",
    restrictions: {
      content_removed: "Inhalt entfernt",
      content_disabled: "Inhalt nicht sichtbar",
      content_demoted: "Inhalt eingeschränkt sichtbar",
      service_restricted: "Funktion eingeschränkt",
      account_suspended: "Konto vorübergehend gesperrt",
      account_terminated: "Konto geschlossen",
      monetary_suspended: "Zahlung angehalten",
    },
    subject: "Unsere Entscheidung {reference}: {restriction}",
    greeting: "Hallo {username},",
    body: "wir haben eine Entscheidung getroffen, die dich betrifft: {restriction}. Warum, auf welcher Grundlage und wie du widersprechen kannst, steht in der Begründung:",
    read: "Die Begründung ist auch jederzeit in deinem Konto unter „Begründungen“ zu finden.",
    appeal: "Du kannst bis zum {date} kostenlos Beschwerde bei uns einlegen; eine Person prüft die Entscheidung dann erneut.",
    otherWays:
      "Du kannst dich außerdem an eine zertifizierte außergerichtliche Streitbeilegungsstelle (Art. 21 DSA) oder an ein Gericht wenden.",
    afterNotice: "Anlass war eine Meldung, die wir geprüft haben.",
    reference: "Bitte gib bei Rückfragen die Nummer {reference} an.",
  },
  en: {
    items: {
      photo: "your photo",
      profile_text: "your profile text",
      profession: "your profession",
      status: "your status text",
      description: "your description",
      interests: "your interests",
      interview: "your interview answer",
      bundle: "your bundle",
      blog: "your blog post",
      event: "your event",
      comment: "your comment",
      promotion: "your profile promotion",
      payout: "your payout",
    },
    refusedBeforePublication: "Our team reviewed {item} before publication and did not approve it. Others do not see it.",
    removedAfterPublication: "Our team reviewed {item} and removed it. Others no longer see it.",
    promotionRefused: "Our team reviewed {item} and did not approve it. Your profile is not shown in a featured place.",
    payoutHeld: "Our team did not carry out your payout of {amount}. The amount is back in your balance. The team's reasons: {note}",
    reasons: {
      unprotected_sex: "Advertising sex without a condom or with pregnant women is forbidden (German ProstSchG § 32).",
      contact_details: "Phone numbers, addresses and links do not belong in photos and profile texts.",
      explicit_public: "Explicit content must not be publicly visible.",
      third_party: "It shows other people or someone else's content without proof of consent.",
      poor_quality: "The quality is not sufficient (blurred, too dark or unrecognisable).",
      offensive: "The content is insulting, discriminating or glorifies violence.",
      terms: "The content breaks our terms of use.",
    },
    reasonLine: "Reason: {reason}",
    promotionRefunded: "The dollars you paid are back in your balance.",
    resubmit: "You can send a changed version here; we will review it again:",
    misuseSuspended: {
      illegal_content:
        "After a warning, content of this account was again found illegal {threshold} times within 12 months. The account is suspended until {date}.",
      unfounded_notices:
        "After a warning, {threshold} more of this account's notices were manifestly unfounded within 12 months. Filing notices is suspended until {date}.",
    },
    lifted: {
      subject: "Our decision {reference}: no longer applies",
      body: "the restriction from our decision {reference} ({restriction}) no longer applies as of today. The statement of reasons stays in your account and now says so:",
      causes: { kyc_complete: "Your payout check is complete again. Your held payout is now waiting for our team’s approval again." },
    },
    signedOutLink:
      "If you cannot sign in: this link opens the statement and the complaint form without signing in. It works until {date} and only for this decision; do not pass it on:",
    restrictions: {
      content_removed: "Content removed",
      content_disabled: "Content not visible",
      content_demoted: "Content shown less",
      service_restricted: "Feature restricted",
      account_suspended: "Account suspended for a time",
      account_terminated: "Account closed",
      monetary_suspended: "Payment stopped",
    },
    subject: "Our decision {reference}: {restriction}",
    greeting: "Hello {username},",
    body: "we have made a decision that concerns you: {restriction}. Why, on which grounds and how you can contest it is set out in the statement of reasons:",
    read: "You can also find the statement at any time in your account under “Statements of reasons”.",
    appeal: "You can file a free complaint with us until {date}; a person will then review the decision again.",
    otherWays: "You can also turn to a certified out-of-court dispute settlement body (Art. 21 DSA) or to a court.",
    afterNotice: "We looked into this after a report.",
    reference: "Please quote number {reference} in any follow-up.",
  },
  es: {
    items: {
      photo: "tu foto",
      profile_text: "tu texto de perfil",
      profession: "tu profesión",
      status: "tu texto de estado",
      description: "tu descripción",
      interests: "tus intereses",
      interview: "tu respuesta de la entrevista",
      bundle: "tu bundle",
      blog: "tu entrada de blog",
      event: "tu evento",
      comment: "tu comentario",
      promotion: "la promoción de tu perfil",
      payout: "tu pago",
    },
    refusedBeforePublication:
      "Nuestro equipo ha revisado {item} antes de su publicación y no ha dado su aprobación. Los demás no tienen acceso a este contenido.",
    removedAfterPublication: "Nuestro equipo ha revisado {item} y ha retirado este contenido. Los demás ya no tienen acceso a él.",
    promotionRefused: "Nuestro equipo ha revisado {item} y no la ha aprobado. Tu perfil no se muestra en un lugar destacado.",
    payoutHeld: "Nuestro equipo no ha realizado tu pago de {amount}. El importe vuelve a estar en tu saldo. Motivos del equipo: {note}",
    reasons: {
      unprotected_sex: "Está prohibido anunciar sexo sin preservativo o con embarazadas (ley alemana ProstSchG § 32).",
      contact_details: "Los teléfonos, direcciones y enlaces no pueden aparecer en fotos ni textos del perfil.",
      explicit_public: "El contenido explícito no puede ser visible públicamente.",
      third_party: "Muestra a otras personas o contenido ajeno sin prueba de consentimiento.",
      poor_quality: "La calidad no es suficiente (borrosa, demasiado oscura o irreconocible).",
      offensive: "El contenido es ofensivo, discriminatorio o hace apología de la violencia.",
      terms: "El contenido incumple nuestras condiciones de uso.",
    },
    reasonLine: "Motivo: {reason}",
    promotionRefunded: "Los dólares que pagaste han vuelto a tu saldo.",
    resubmit: "Puedes enviar aquí una versión modificada; la revisaremos de nuevo:",
    misuseSuspended: {
      illegal_content:
        "Tras una advertencia, volvimos a constatar {threshold} veces en 12 meses contenido ilegal de esta cuenta. La cuenta está suspendida hasta el {date}.",
      unfounded_notices:
        "Tras una advertencia, otras {threshold} notificaciones de esta cuenta resultaron manifiestamente infundadas en 12 meses. El envío de notificaciones está suspendido hasta el {date}.",
    },
    lifted: {
      subject: "Nuestra decisión {reference}: ya no se aplica",
      body: "la restricción de nuestra decisión {reference} ({restriction}) ya no se aplica desde hoy. La exposición de motivos sigue en tu cuenta y ahora lo indica:",
      causes: {
        kyc_complete:
          "Tu verificación para pagos vuelve a estar completa. Tu pago retenido vuelve a esperar la aprobación de nuestro equipo.",
      },
    },
    signedOutLink:
      "Si no puedes iniciar sesión: este enlace abre la exposición de motivos y el formulario de reclamación sin iniciarla. Es válido hasta el {date} y solo para esta decisión; no lo compartas:",
    restrictions: {
      content_removed: "Contenido eliminado",
      content_disabled: "Contenido no visible",
      content_demoted: "Contenido con visibilidad reducida",
      service_restricted: "Función restringida",
      account_suspended: "Cuenta suspendida temporalmente",
      account_terminated: "Cuenta cerrada",
      monetary_suspended: "Pago detenido",
    },
    subject: "Nuestra decisión {reference}: {restriction}",
    greeting: "Hola, {username}:",
    body: "hemos tomado una decisión que te afecta: {restriction}. El motivo, su fundamento y cómo puedes recurrirla figuran en la exposición de motivos:",
    read: "También encontrarás la exposición de motivos en tu cuenta, en «Exposiciones de motivos».",
    appeal: "Puedes presentarnos una reclamación gratuita hasta el {date}; una persona revisará entonces la decisión de nuevo.",
    otherWays: "También puedes acudir a un órgano certificado de resolución extrajudicial de litigios (art. 21 de la DSA) o a un tribunal.",
    afterNotice: "La revisamos a raíz de una notificación.",
    reference: "Indica el número {reference} en cualquier consulta.",
  },
  pl: {
    items: {
      photo: "Twoje zdjęcie",
      profile_text: "Twój tekst profilu",
      profession: "Twój zawód",
      status: "Twój status",
      description: "Twój opis",
      interests: "Twoje zainteresowania",
      interview: "Twoją odpowiedź w wywiadzie",
      bundle: "Twój pakiet",
      blog: "Twój wpis na blogu",
      event: "Twoje wydarzenie",
      comment: "Twój komentarz",
      promotion: "promocję Twojego profilu",
      payout: "Twoją wypłatę",
    },
    refusedBeforePublication: "Nasz zespół sprawdził {item} przed publikacją i nie wydał zgody na publikację. Inni nie widzą tej treści.",
    removedAfterPublication: "Nasz zespół sprawdził {item} i usunął tę treść. Inni już jej nie widzą.",
    promotionRefused: "Nasz zespół sprawdził {item} i jej nie zatwierdził. Twój profil nie jest pokazywany w wyróżnionym miejscu.",
    payoutHeld:
      "Nasz zespół nie zrealizował Twojej wypłaty w wysokości {amount}. Kwota wróciła na Twoje saldo. Uzasadnienie zespołu: {note}",
    reasons: {
      unprotected_sex: "Reklamowanie seksu bez prezerwatywy lub z kobietami w ciąży jest zabronione (niemiecka ustawa ProstSchG § 32).",
      contact_details: "Numery telefonów, adresy i linki nie mogą pojawiać się na zdjęciach ani w tekstach profilu.",
      explicit_public: "Treści erotyczne nie mogą być widoczne publicznie.",
      third_party: "Pokazuje inne osoby lub cudze treści bez dowodu zgody.",
      poor_quality: "Jakość jest niewystarczająca (nieostre, za ciemne lub nierozpoznawalne).",
      offensive: "Treść jest obraźliwa, dyskryminująca lub gloryfikuje przemoc.",
      terms: "Treść narusza nasz regulamin.",
    },
    reasonLine: "Powód: {reason}",
    promotionRefunded: "Zapłacone dolary wróciły na Twoje saldo.",
    resubmit: "Poprawioną wersję możesz przesłać tutaj; sprawdzimy ją ponownie:",
    misuseSuspended: {
      illegal_content:
        "Po ostrzeżeniu w ciągu 12 miesięcy ponownie stwierdziliśmy {threshold} razy nielegalne treści tego konta. Konto jest zawieszone do {date}.",
      unfounded_notices:
        "Po ostrzeżeniu kolejne zgłoszenia tego konta ({threshold}) okazały się w ciągu 12 miesięcy oczywiście bezzasadne. Składanie zgłoszeń jest zawieszone do {date}.",
    },
    lifted: {
      subject: "Nasza decyzja {reference}: już nie obowiązuje",
      body: "ograniczenie wynikające z naszej decyzji {reference} ({restriction}) od dziś już nie obowiązuje. Uzasadnienie pozostaje na Twoim koncie i teraz to pokazuje:",
      causes: {
        kyc_complete:
          "Twoja weryfikacja do wypłat jest znowu kompletna. Twoja wstrzymana wypłata znów czeka na zatwierdzenie przez nasz zespół.",
      },
    },
    signedOutLink:
      "Jeśli nie możesz się zalogować: ten link otwiera uzasadnienie i formularz skargi bez logowania. Jest ważny do {date} i tylko dla tej decyzji; nie przekazuj go dalej:",
    restrictions: {
      content_removed: "Treść usunięta",
      content_disabled: "Treść niewidoczna",
      content_demoted: "Ograniczona widoczność treści",
      service_restricted: "Funkcja ograniczona",
      account_suspended: "Konto tymczasowo zawieszone",
      account_terminated: "Konto zamknięte",
      monetary_suspended: "Płatność wstrzymana",
    },
    subject: "Nasza decyzja {reference}: {restriction}",
    greeting: "Dzień dobry {username},",
    body: "podjęliśmy decyzję, która Cię dotyczy: {restriction}. Dlaczego, na jakiej podstawie i jak możesz ją zakwestionować, wyjaśnia uzasadnienie:",
    read: "Uzasadnienie znajdziesz też w każdej chwili na swoim koncie w zakładce „Uzasadnienia”.",
    appeal: "Do {date} możesz bezpłatnie złożyć u nas skargę; decyzję sprawdzi wtedy ponownie człowiek.",
    otherWays: "Możesz też zwrócić się do certyfikowanego pozasądowego organu rozstrzygania sporów (art. 21 DSA) lub do sądu.",
    afterNotice: "Powodem było zgłoszenie, które sprawdziliśmy.",
    reference: "W razie pytań podaj numer {reference}.",
  },
};

export function statementTexts(language: string): StatementTexts {
  return TEXTS[(language in TEXTS ? language : "de") as Language];
}

/** A content queue's rejection reason as a sentence in the member's language (one wording for statements and mails). */
export function rejectionReasonText(language: string, reason: RejectionReason): string {
  return statementTexts(language).reasons[reason];
}

/**
 * The facts of a content queue's decision, in the member's language (stored as written: the statement does not
 * change): what was refused, then — when the queue gave one of its reasons — why, and for a refunded promotion that
 * the price is back. What the queue's own message used to say lives here now (one message per decision).
 */
export function queueDecisionFacts(
  language: string,
  item: QueueItem,
  when: "before_publication" | "after_publication",
  extra: { reason?: RejectionReason; refunded?: boolean } = {},
): string {
  const texts = statementTexts(language);
  const template =
    item === "promotion"
      ? texts.promotionRefused
      : when === "before_publication"
        ? texts.refusedBeforePublication
        : texts.removedAfterPublication;
  const sentences = [template.replace("{item}", texts.items[item])];
  if (extra.reason) sentences.push(texts.reasonLine.replace("{reason}", texts.reasons[extra.reason]));
  if (extra.refunded) sentences.push(texts.promotionRefunded);
  return sentences.join(" ");
}

/** The facts of a payout the team refused: the amount in the member's language and format, the team's words as written. */
export function payoutHeldFacts(language: string, amountMinor: number, currency: string, note: string): string {
  const amount = new Intl.NumberFormat(language, { style: "currency", currency }).format(amountMinor / 100);
  return statementTexts(language).payoutHeld.replace("{amount}", amount).replace("{note}", note);
}

/** A day in the member's language and the site's home zone ("31. Dezember 2026"), as the statement's mail writes it. */
export function statementDay(language: string, at: number): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "Europe/Berlin" }).format(at);
}

/** The facts of an Art. 23 suspension (ADR 115) in the member's language, its end as their language writes a date. */
export function misuseSuspensionFacts(
  language: string,
  rule: "illegal_content" | "unfounded_notices",
  threshold: number,
  endsAt: number,
): string {
  return statementTexts(language)
    .misuseSuspended[rule].replace("{threshold}", String(threshold))
    .replace("{date}", statementDay(language, endsAt));
}
