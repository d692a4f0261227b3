/**
 * Events (issue 29, ADR 099): the organizer's events, their detail page, cancellation, the team's queue and the
 * report kind "event". Attendance, reviews and search live beside this in their own files of the module.
 */
import { sql, type Kysely } from "kysely";
import { EVENT_STATUS } from "../../contract/events";
import type { Database } from "../../db/schema";
import { defineFeature, type OpenQueueItems } from "../manifest";
import { registerAttendanceAndReviews } from "./attendance-routes";
import * as m0084 from "./migrations/0084_events";
import { registerEvents } from "./routes";
import { findReportedEventReview, removeEventReview, restoreEventReview } from "./reviews";
import { findReportedEvent, removeReportedEvent, restoreReportedEvent } from "./service";

export { eventsForExport } from "./export";
export { removeEventReview } from "./reviews";

// The queue's open items (ADR 119): the rows its own list shows, with when each began waiting.
const scope = (name: string) => sql<string>`${sql.lit(name)}`.as("scope");
const GONE = ["banned", "deleted"] as const;

const openEvents = (db: Kysely<Database>): OpenQueueItems =>
  db
    .selectFrom("events")
    .where("events.status", "=", EVENT_STATUS.pending)
    // The few gone owners as an anti-join (ADR 122): the count reads the queue's index, not every owner's row.
    .where(
      "events.organizer_id",
      "not in",
      db
        .selectFrom("users")
        .select("users.id")
        .where("users.status", "in", [...GONE]),
    )
    .select(["events.id", "events.submitted_at as since", scope("events")]);

export const manifest = defineFeature({
  name: "events",
  // The events themselves (ADR 099), then attendance and reviews (ADR 100).
  routes: [registerEvents, registerAttendanceAndReviews],
  migrations: { "0084_events": m0084 },
  notifications: {
    event_accepted: {
      kind: "moderation",
      contentType: "info",
      stickiness: "medium",
      title: {
        de: "Dein Event „{title}“ wurde freigegeben",
        en: "Your event “{title}” was approved",
        es: "Tu evento «{title}» fue aprobado",
        pl: "Twoje wydarzenie „{title}” zostało zatwierdzone",
      },
    },
    event_rejected: {
      kind: "moderation",
      contentType: "alert",
      stickiness: "permanent",
      title: {
        de: "Dein Event „{title}“ wurde nicht freigegeben – den Grund findest du unter Meine Events",
        en: "Your event “{title}” was not approved – see the reason under My events",
        es: "Tu evento «{title}» no fue aprobado: consulta el motivo en Mis eventos",
        pl: "Twoje wydarzenie „{title}” nie zostało zatwierdzone – powód znajdziesz w Moich wydarzeniach",
      },
    },
    event_cancelled: {
      kind: "dates",
      contentType: "alert",
      stickiness: "permanent",
      title: {
        de: "{actor} hat das Event „{title}“ abgesagt",
        en: "{actor} cancelled the event “{title}”",
        es: "{actor} ha cancelado el evento «{title}»",
        pl: "{actor} odwołał(a) wydarzenie „{title}”",
      },
    },
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
  reportTypes: {
    /** An event the reporter may see (its organizer is the reported member). */
    event: { queue: "reports", find: findReportedEvent, removeContent: removeReportedEvent, restoreContent: restoreReportedEvent },
    /** A review on an event's page (ADR 123): removed and restored by its mark, as date reviews. */
    event_review: { queue: "reports", find: findReportedEventReview, removeContent: removeEventReview, restoreContent: restoreEventReview },
  },
  moderationQueues: {
    /** Events before they are listed, and again after every edit (ADR 099). */
    events: { api: "/backoffice/events", title: "event.backoffice.title", open: openEvents },
  },
});
