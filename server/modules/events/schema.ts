/** The events module's tables (migration 0084, issue 29). Times epoch ms, prices whole euros. */
import type { Generated } from "kysely";

export interface EventsTable {
  id: Generated<number>;
  organizer_id: number;
  /** contract/events EventCategory. */
  category: string;
  slug: string;
  title: string;
  description: string;
  /** contract/events EVENT_STATUS. */
  status: number;
  rejection_reason: string | null;
  starts_at: number;
  ends_at: number;
  /** The place's IANA zone: times are shown in it, per language. */
  time_zone: string;
  city_id: number;
  city_slug: string;
  city_name: string;
  country_code: string;
  lat: number;
  lon: number;
  address: Generated<string>;
  price: Generated<number>;
  max_attendees: number | null;
  cover_media_id: number | null;
  /** Accepted attendees, kept with every decision. */
  attendee_count: Generated<number>;
  created_at: number;
  updated_at: number;
  decided_at: number | null;
  cancelled_at: number | null;
  /** When it last entered the team's queue (created or edited). */
  submitted_at: number;
  /** The team's first acceptance: category and slug stay from then on (ADR 099). */
  first_accepted_at: number | null;
}

export interface EventAttendancesTable {
  event_id: number;
  user_id: number;
  /** contract/events EVENT_ATTENDANCE. */
  status: number;
  accepted_at: number | null;
  refused: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface EventReviewsTable {
  id: Generated<number>;
  event_id: number;
  reviewer_id: number;
  organizer_id: number;
  service: number;
  event_organization: number;
  location: number;
  value_for_money: number;
  /** 1 yes, 0 no. */
  would_attend_again: number;
  will_recommend: number;
  text: Generated<string>;
  created_at: number;
  /** Migration 0111 (ADR 123): removed by the team (the reviews queue or a report); kept for an appeal's reversal. */
  removed_at: number | null;
}

declare module "../../db/schema/index" {
  interface Database {
    events: EventsTable;
    event_attendances: EventAttendancesTable;
    event_reviews: EventReviewsTable;
  }
}
