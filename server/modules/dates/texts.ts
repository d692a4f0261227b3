/** The texts the dates module sends outside the site (the check-in alert), in the escort's language. */
import type { DatePlaceType } from "../../contract/dates";

interface AlertInput {
  escort: string;
  client: string;
  when: string;
  place: DatePlaceType;
  address: string;
}

const TEXTS: Record<string, { subject: string; body: (i: AlertInput, place: string) => string; places: Record<DatePlaceType, string> }> = {
  de: {
    subject: "Sicherheits-Check-in verpasst",
    body: (i, place) =>
      `${i.escort} hat sich nach einem Date nicht wie vereinbart gemeldet. Date: ${i.when} (Berlin), Ort: ${place}${i.address ? `, ${i.address}` : ""}, Kunde: ${i.client}. Bitte nimm Kontakt auf.`,
    places: { incall: "bei ihr/ihm (Incall)", outcall: "beim Kunden (Outcall)", hotel: "Hotel" },
  },
  en: {
    subject: "Safety check-in missed",
    body: (i, place) =>
      `${i.escort} did not check in after a date as agreed. Date: ${i.when} (Berlin time), place: ${place}${i.address ? `, ${i.address}` : ""}, client: ${i.client}. Please get in touch.`,
    places: { incall: "their place (incall)", outcall: "the client's place (outcall)", hotel: "hotel" },
  },
  es: {
    subject: "Check-in de seguridad no realizado",
    body: (i, place) =>
      `${i.escort} no ha confirmado que está bien tras una cita, como acordado. Cita: ${i.when} (hora de Berlín), lugar: ${place}${i.address ? `, ${i.address}` : ""}, cliente: ${i.client}. Por favor, ponte en contacto.`,
    places: { incall: "en su casa (incall)", outcall: "en casa del cliente (outcall)", hotel: "hotel" },
  },
  pl: {
    subject: "Brak meldunku bezpieczeństwa",
    body: (i, place) =>
      `${i.escort} nie zameldował(a) się po randce, jak było umówione. Randka: ${i.when} (czas berliński), miejsce: ${place}${i.address ? `, ${i.address}` : ""}, klient: ${i.client}. Skontaktuj się, proszę.`,
    places: { incall: "u niej/niego (incall)", outcall: "u klienta (outcall)", hotel: "hotel" },
  },
};

export function checkinAlertText(language: string, input: AlertInput): { subject: string; body: string } {
  const t = TEXTS[language] ?? TEXTS.de!;
  return { subject: t.subject, body: t.body(input, t.places[input.place]) };
}
