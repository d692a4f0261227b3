/**
 * Both sections of the event page this feature owns, loaded together: the event page's loader spreads this into its
 * data and renders <AttendanceSection/> and <EventReviewsSection/> with it (its handle.i18n adds "events-attendance"
 * and "events-reviews"). null when the API does not show the viewer this event (the page answers 404).
 */
import type { AppLoadContext } from "@remix-run/node";
import { eventReviewsSectionData } from "../reviews/reviews.server";
import { attendanceSectionData } from "./attendance.server";

export async function eventSectionsData(args: { request: Request; context: AppLoadContext }, slug: string) {
  const [attendance, reviews] = await Promise.all([attendanceSectionData(args, slug), eventReviewsSectionData(args, slug)]);
  return attendance && reviews ? { attendance, reviews } : null;
}
