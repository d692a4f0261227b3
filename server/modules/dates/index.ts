/** The dates group's public face for other modules (reviews), and its manifest: routes, jobs, demo seed and notifications (ADRs 046, 064). */
import { defineFeature, defineJob } from "../manifest";
import { sendCheckinAlert } from "./checkin";
import { registerDates } from "./routes";
import { datesPart } from "./seed";
import { expireDate, remindDate } from "./service";
export { appendDateEvent, loadDateForParticipant, type DateEventInput, type DateRecord } from "./store";

export const manifest = defineFeature({
  name: "dates",
  routes: registerDates,
  jobs: {
    /** Cancel a date request nobody answered by its start (ADR 046); runs at the start it was enqueued for. */
    "date.expire": defineJob<{ date_id: number }>((deps) => ({ run: (payload) => expireDate(deps, payload.date_id) })),
    /** Remind both members of an accepted date two hours before the start it was enqueued for. */
    "date.remind": defineJob<{ date_id: number; starts_at: number }>((deps) => ({
      run: (payload) => remindDate(deps, payload.date_id, payload.starts_at),
    })),
    /** Tell the escort's trusted contact when no check-in came by the time set (issue 13 item 7). */
    "date.checkin_alert": defineJob<{ date_id: number; due_at: number }>((deps) => ({
      run: (payload) => sendCheckinAlert(deps, payload.date_id, payload.due_at),
    })),
  },
  seed: [{ order: 130, part: datesPart }],
  notifications: {
    date_request: {
      kind: "dates",
      contentType: "request",
      stickiness: "long",
      title: {
        de: "{actor} hat dir eine Date-Anfrage geschickt",
        en: "{actor} sent you a date request",
        es: "{actor} te envió una solicitud de cita",
        pl: "{actor} wysłał(a) ci prośbę o randkę",
      },
    },
    date_answer: {
      kind: "dates",
      contentType: "info",
      stickiness: "medium",
      title: {
        de: "{actor} hat auf deine Date-Anfrage geantwortet",
        en: "{actor} answered your date request",
        es: "{actor} respondió a tu solicitud de cita",
        pl: "{actor} odpowiedział(a) na twoją prośbę o randkę",
      },
    },
    date_reschedule: {
      kind: "dates",
      contentType: "request",
      stickiness: "long",
      title: {
        de: "{actor} schlägt eine neue Zeit für euer Date vor",
        en: "{actor} proposes a new time for your date",
        es: "{actor} propone una nueva hora para vuestra cita",
        pl: "{actor} proponuje nowy termin waszej randki",
      },
    },
    date_reminder: {
      kind: "dates",
      contentType: "info",
      stickiness: "long",
      title: {
        de: "Erinnerung: dein Date mit {actor} beginnt in 2 Stunden",
        en: "Reminder: your date with {actor} starts in 2 hours",
        es: "Recordatorio: tu cita con {actor} empieza en 2 horas",
        pl: "Przypomnienie: twoja randka z {actor} zaczyna się za 2 godziny",
      },
    },
  },
});
