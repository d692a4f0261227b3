/**
 * An event row for the attendance and review tests, written straight into the table: creating and moderating events
 * is the events API's (tested there); these tests start from an event in the state they need.
 */
import { randomBytes } from "node:crypto";
import { EVENT_STATUS, type EventStatus } from "#server/contract/events";
import type { TestRuntime } from "../../helpers/runtime";

const HOUR = 60 * 60 * 1000;

export interface EventFixture {
  id: number;
  slug: string;
  category: string;
}

export async function insertEvent(
  rt: TestRuntime,
  organizerId: number,
  options: { status?: EventStatus; startsInHours?: number; hours?: number; maxAttendees?: number | null; title?: string } = {},
): Promise<EventFixture> {
  const now = rt.clock.now();
  const startsAt = now + (options.startsInHours ?? 48) * HOUR;
  const slug = `test-event-${randomBytes(5).toString("hex")}`;
  const row = await rt.deps.db
    .insertInto("events")
    .values({
      organizer_id: organizerId,
      category: "swinger-party",
      slug,
      title: options.title ?? "Sommernacht im Club",
      description: "Ein Abend unter Erwachsenen.",
      status: options.status ?? EVENT_STATUS.accepted,
      rejection_reason: null,
      starts_at: startsAt,
      ends_at: startsAt + (options.hours ?? 4) * HOUR,
      time_zone: "Europe/Berlin",
      city_id: 1,
      city_slug: "berlin",
      city_name: "Berlin",
      country_code: "DE",
      lat: 52.52,
      lon: 13.405,
      max_attendees: options.maxAttendees ?? null,
      cover_media_id: null,
      created_at: now,
      submitted_at: now,
      updated_at: now,
      decided_at: now,
      cancelled_at: options.status === EVENT_STATUS.cancelled ? now : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, slug, category: "swinger-party" };
}
