import type { Kysely } from "kysely";
import { idColumn, type Dialect } from "../../../db/dialect";

/**
 * Issue 29: events (contract/events EVENT_STATUS; every new or edited event waits in the team's queue), the members'
 * attendance (EVENT_ATTENDANCE, the organizer's decision, a refusal) and the attendees' reviews (one per attendee).
 * The place is stored as tours store theirs (city, country, coordinates): the search's distance sort and the city
 * directory's "upcoming events" read them. Times epoch ms; `time_zone` is the place's, for showing them.
 */
export function up(dialect: Dialect) {
  return async (db: Kysely<unknown>) => {
    await db.schema
      .createTable("events")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("organizer_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("category", "text", (c) => c.notNull())
      .addColumn("slug", "text", (c) => c.notNull().unique())
      .addColumn("title", "text", (c) => c.notNull())
      .addColumn("description", "text", (c) => c.notNull())
      .addColumn("status", "integer", (c) => c.notNull())
      .addColumn("rejection_reason", "text")
      .addColumn("starts_at", "bigint", (c) => c.notNull())
      .addColumn("ends_at", "bigint", (c) => c.notNull())
      .addColumn("time_zone", "text", (c) => c.notNull())
      .addColumn("city_id", "integer", (c) => c.notNull())
      .addColumn("city_slug", "text", (c) => c.notNull())
      .addColumn("city_name", "text", (c) => c.notNull())
      .addColumn("country_code", "text", (c) => c.notNull())
      .addColumn("lat", "double precision", (c) => c.notNull())
      .addColumn("lon", "double precision", (c) => c.notNull())
      .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
      // Whole euros (the facet's bands are in euros); 0 for a free event.
      .addColumn("price", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("max_attendees", "integer")
      .addColumn("cover_media_id", "integer")
      .addColumn("attendee_count", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addColumn("decided_at", "bigint")
      .addColumn("cancelled_at", "bigint")
      // When it last entered the team's queue (created or edited): the queue is oldest first by it.
      .addColumn("submitted_at", "bigint", (c) => c.notNull())
      // The team's first acceptance: from then on the category and slug (the event's address) stay (ADR 099).
      .addColumn("first_accepted_at", "bigint")
      .execute();
    await db.schema.createIndex("events_search").on("events").columns(["status", "category", "starts_at"]).execute();
    await db.schema.createIndex("events_city").on("events").columns(["city_id", "status", "starts_at"]).execute();
    await db.schema.createIndex("events_organizer").on("events").columns(["organizer_id", "starts_at"]).execute();
    // The back office's queue: pending events, oldest submission first.
    await db.schema.createIndex("events_queue").on("events").columns(["status", "submitted_at"]).execute();

    await db.schema
      .createTable("event_attendances")
      .addColumn("event_id", "integer", (c) => c.notNull().references("events.id").onDelete("cascade"))
      .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      // EVENT_ATTENDANCE: attend (requested or accepted), absent, rejected by organizer.
      .addColumn("status", "integer", (c) => c.notNull())
      // When the organizer accepted the request; null while it waits.
      .addColumn("accepted_at", "bigint")
      // 1: the organizer refused this member: no new request for this event.
      .addColumn("refused", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .addColumn("updated_at", "bigint", (c) => c.notNull())
      .addPrimaryKeyConstraint("event_attendances_pk", ["event_id", "user_id"])
      .execute();
    await db.schema.createIndex("event_attendances_user").on("event_attendances").columns(["user_id", "event_id"]).execute();

    await db.schema
      .createTable("event_reviews")
      .addColumn("id", "integer", idColumn(dialect))
      .addColumn("event_id", "integer", (c) => c.notNull().references("events.id").onDelete("cascade"))
      .addColumn("reviewer_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("organizer_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("service", "integer", (c) => c.notNull())
      .addColumn("event_organization", "integer", (c) => c.notNull())
      .addColumn("location", "integer", (c) => c.notNull())
      .addColumn("value_for_money", "integer", (c) => c.notNull())
      .addColumn("would_attend_again", "integer", (c) => c.notNull())
      .addColumn("will_recommend", "integer", (c) => c.notNull())
      .addColumn("text", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("created_at", "bigint", (c) => c.notNull())
      .execute();
    // One review per attendee and event.
    await db.schema.createIndex("event_reviews_once").unique().on("event_reviews").columns(["event_id", "reviewer_id"]).execute();
    await db.schema.createIndex("event_reviews_organizer").on("event_reviews").columns(["organizer_id", "created_at"]).execute();
  };
}
