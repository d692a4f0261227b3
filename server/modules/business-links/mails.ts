/**
 * The mail an escort gets when a business names them: who asks, and where to accept or decline.
 * Only our own words, the business's username (chosen under our username rules) and our link.
 */
import type { Language } from "../../contract/locales";
import { composeMail, fill, textsFor } from "../../integrations/mail/compose";
import type { OutgoingMail } from "../../integrations/mail/mailer";

const TEXTS: Record<Language, { subject: string; greeting: string; body: string; action: string; ignore: string }> = {
  de: {
    subject: "{business} möchte dich als Escort auflisten",
    greeting: "Hallo {escort},",
    body: "{business} möchte dich auf dem eigenen Profil als Escort der Agentur bzw. des Clubs zeigen. Das geschieht erst, wenn du zustimmst.",
    action: "Zustimmen oder ablehnen kannst du hier:",
    ignore: "Wenn du {business} nicht kennst, lehne die Anfrage einfach ab.",
  },
  en: {
    subject: "{business} would like to list you as an escort",
    greeting: "Hello {escort},",
    body: "{business} would like to show you on their profile as one of their escorts. This only happens once you agree.",
    action: "Accept or decline here:",
    ignore: "If you do not know {business}, simply decline the request.",
  },
  es: {
    subject: "{business} quiere mostrarte como escort",
    greeting: "Hola {escort}:",
    body: "{business} quiere mostrarte en su perfil como una de sus escorts. Solo ocurrirá si lo aceptas.",
    action: "Acepta o rechaza aquí:",
    ignore: "Si no conoces a {business}, simplemente rechaza la solicitud.",
  },
  pl: {
    subject: "{business} chce pokazać Cię jako escort",
    greeting: "Cześć {escort},",
    body: "{business} chce pokazać Cię na swoim profilu jako jedną ze swoich escort. Stanie się to dopiero po Twojej zgodzie.",
    action: "Zaakceptuj lub odrzuć tutaj:",
    ignore: "Jeśli nie znasz {business}, po prostu odrzuć prośbę.",
  },
};

export function businessLinkRequestMail(input: {
  to: string;
  escort: string;
  business: string;
  link: string;
  language: string;
}): OutgoingMail {
  const texts = textsFor(TEXTS, input.language);
  const values = { business: input.business, escort: input.escort };
  return composeMail({
    to: input.to,
    template: "business_link_request",
    language: input.language,
    subject: fill(texts.subject, values),
    blocks: [fill(texts.greeting, values), fill(texts.body, values), texts.action, { link: input.link }, fill(texts.ignore, values)],
  });
}
