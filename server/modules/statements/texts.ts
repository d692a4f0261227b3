/**
 * The words of a statement outside the site (ADR 110): the facts a content queue's decision writes into the
 * statement, in the member's language, and the mail that tells the member a statement was issued. The statement's
 * page (app/features/statements) renders everything else from locales/<lang>/statements.json.
 */
import type { Language } from "../../contract/locales";
import type { StatementRestriction } from "../../contract/statements";

/** What a content queue decided on, as the facts name it. */
export type QueueItem = "photo" | "profile_text" | "bundle" | "blog" | "event" | "comment" | "promotion" | "payout";

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
  restrictions: Record<StatementRestriction, string>;
  subject: string;
  greeting: string;
  body: string;
  read: string;
  appeal: string;
  reference: string;
}

const TEXTS: Record<Language, StatementTexts> = {
  de: {
    items: {
      photo: "dein Foto",
      profile_text: "deinen Profiltext",
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
    reference: "Bitte gib bei Rückfragen die Nummer {reference} an.",
  },
  en: {
    items: {
      photo: "your photo",
      profile_text: "your profile text",
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
    reference: "Please quote number {reference} in any follow-up.",
  },
  es: {
    items: {
      photo: "tu foto",
      profile_text: "tu texto de perfil",
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
    reference: "Indica el número {reference} en cualquier consulta.",
  },
  pl: {
    items: {
      photo: "Twoje zdjęcie",
      profile_text: "Twój tekst profilu",
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
    reference: "W razie pytań podaj numer {reference}.",
  },
};

export function statementTexts(language: string): StatementTexts {
  return TEXTS[(language in TEXTS ? language : "de") as Language];
}

/** The facts of a content queue's decision, in the member's language (stored as written: the statement does not change). */
export function queueDecisionFacts(language: string, item: QueueItem, when: "before_publication" | "after_publication"): string {
  const texts = statementTexts(language);
  const template =
    item === "promotion"
      ? texts.promotionRefused
      : when === "before_publication"
        ? texts.refusedBeforePublication
        : texts.removedAfterPublication;
  return template.replace("{item}", texts.items[item]);
}

/** The facts of a payout the team refused: the amount in the member's language and format, the team's words as written. */
export function payoutHeldFacts(language: string, amountMinor: number, currency: string, note: string): string {
  const amount = new Intl.NumberFormat(language, { style: "currency", currency }).format(amountMinor / 100);
  return statementTexts(language).payoutHeld.replace("{amount}", amount).replace("{note}", note);
}
