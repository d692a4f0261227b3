/**
 * The member's events in their data export (GDPR Art. 15/20): the events they organize, with their state, and the
 * reviews they wrote of others' events. Reviews of their own events are the reviewers' words: they show on the
 * event page and are not the organizer's data to take along (the reviewers' exports carry them).
 */
import type { Kysely } from "kysely";
import { eventStatusName } from "../../contract/events";
import type { Database } from "../../db/schema";

export async function eventsForExport(db: Kysely<Database>, userId: number) {
  const organized = await db
    .selectFrom("events")
    .select([
      "category",
      "slug",
      "title",
      "description",
      "status",
      "rejection_reason",
      "starts_at",
      "ends_at",
      "time_zone",
      "city_name",
      "country_code",
      "address",
      "price",
      "max_attendees",
      "attendee_count",
      "created_at",
      "updated_at",
      "cancelled_at",
    ])
    .where("organizer_id", "=", userId)
    .orderBy("id")
    .execute();
  const reviews = await db
    .selectFrom("event_reviews")
    .innerJoin("events", "events.id", "event_reviews.event_id")
    .select([
      "events.slug as event_slug",
      "events.title as event_title",
      "event_reviews.service",
      "event_reviews.event_organization",
      "event_reviews.location",
      "event_reviews.value_for_money",
      "event_reviews.would_attend_again",
      "event_reviews.will_recommend",
      "event_reviews.text",
      "event_reviews.created_at",
      // Removed by the team (ADR 123): still the member's own words, shown with when they were taken down.
      "event_reviews.removed_at",
    ])
    .where("event_reviews.reviewer_id", "=", userId)
    .orderBy("event_reviews.id")
    .execute();
  return {
    organized: organized.map(({ status, ...event }) => ({ ...event, status: eventStatusName(status) })),
    reviews_written: reviews.map((review) => ({
      ...review,
      would_attend_again: review.would_attend_again === 1,
      will_recommend: review.will_recommend === 1,
      removed_at: review.removed_at === null ? null : Number(review.removed_at),
    })),
  };
}
