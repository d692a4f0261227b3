// @vitest-environment jsdom
/**
 * The event review form's heading names the event's time as the event page does: the wall clock at the event's
 * place, whatever zone the reader's device or the server runs in (a New York event at 20:00 reads 20:00).
 */
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import { instantOfWallIn } from "#server/contract/calendar";
import type { EventReviewListData } from "~/api/events-reviews.server";
import { EventReviewAddPage } from "~/features/events/reviews/EventReviewAddPage";
import { serverI18n } from "~/i18n/i18next.server";

afterEach(cleanup);

/** Wall times as calendar digits (what instantOfWallIn reads). */
const wall = (y: number, mo: number, d: number, h: number, mi: number) => Date.UTC(y, mo - 1, d, h, mi);

function listAt(timeZone: string, start: number, end: number): EventReviewListData {
  const nulls = { service: null, event_organization: null, location: null, value_for_money: null };
  return {
    event_id: 1,
    slug: "party",
    category: "swinger-party",
    title: "Party",
    starts_at: instantOfWallIn(timeZone, start)!,
    ends_at: instantOfWallIn(timeZone, end)!,
    time_zone: timeZone,
    summary: { count: 0, averages: nulls, overall: null, yes_percent: { would_attend_again: null, will_recommend: null } },
    items: [],
    page: 1,
    page_size: 20,
    total: 0,
    may_review: true,
    reviewed: false,
  } as EventReviewListData;
}

describe("the event review form's time", () => {
  it("is the wall clock at the event's place", async () => {
    const i18n = serverI18n("de");
    const router = createMemoryRouter([
      {
        path: "/",
        element: (
          <I18nextProvider i18n={i18n}>
            <EventReviewAddPage
              reviews={listAt("America/New_York", wall(2026, 12, 24, 20, 0), wall(2026, 12, 24, 23, 30))}
              lang="de"
              refused={null}
            />
          </I18nextProvider>
        ),
      },
    ]);
    render(<RouterProvider router={router} future={{ v7_startTransition: true }} />);
    expect(await screen.findByText("Donnerstag, 24. Dezember 2026, 20:00 Uhr – 23:30 Uhr")).toBeTruthy();
  });
});
