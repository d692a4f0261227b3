/** Issue 29 skeleton: the events module (see server/contract/events.ts). Routes, jobs, notifications arrive with its builder. */
import { defineFeature } from "../manifest";
import { registerAttendanceAndReviews } from "./attendance-routes";
import * as m0084 from "./migrations/0084_events";

export const manifest = defineFeature({
  name: "events",
  // Attendance and reviews (ADR 100); the events' own routes join this list.
  routes: [registerAttendanceAndReviews],
  migrations: { "0084_events": m0084 },
  notifications: {
    event_attendance_request: {
      kind: "dates",
      contentType: "request",
      stickiness: "long",
      title: {
        de: "{actor} möchte an deinem Event „{title}“ teilnehmen",
        en: "{actor} would like to attend your event “{title}”",
        es: "{actor} quiere asistir a tu evento «{title}»",
        pl: "{actor} chce wziąć udział w twoim wydarzeniu „{title}”",
      },
    },
    event_attendance_accepted: {
      kind: "dates",
      contentType: "info",
      stickiness: "long",
      title: {
        de: "Du bist beim Event „{title}“ dabei",
        en: "You are in for the event “{title}”",
        es: "Estás dentro del evento «{title}»",
        pl: "Bierzesz udział w wydarzeniu „{title}”",
      },
    },
    event_attendance_rejected: {
      kind: "dates",
      contentType: "info",
      stickiness: "medium",
      title: {
        de: "Deine Teilnahme am Event „{title}“ wurde abgelehnt",
        en: "Your attendance at the event “{title}” was declined",
        es: "Tu asistencia al evento «{title}» fue rechazada",
        pl: "Twój udział w wydarzeniu „{title}” został odrzucony",
      },
    },
  },
});
