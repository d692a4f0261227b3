// @vitest-environment jsdom
/**
 * A fan subscription's page names the price it renews at in the currency it is paid in: a card subscription renews
 * through its stored payment in euros (contract/fans fanCardCents), a dollar one from the wallet in dollars.
 */
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { afterEach, describe, expect, it } from "vitest";
import type { FanSubscriptionData } from "~/api/fans.server";
import { SubscriptionPage } from "~/features/fans/FansPages";
import { serverI18n } from "~/i18n/i18next.server";

afterEach(cleanup);

const DAY = 86_400_000;

function subscription(method: "card" | "dollars"): FanSubscriptionData {
  const now = Date.UTC(2026, 11, 6, 12);
  return {
    id: 7,
    creator: { userId: 2, username: "mia", displayName: "Mia" },
    tierId: 3,
    tierName: "Gold",
    price: 10,
    status: 2,
    statusName: "cancel",
    method,
    periodStart: now - DAY,
    paidUntil: now + 29 * DAY,
    periodsPaid: 1,
    createdAt: now - DAY,
    cancelledAt: now,
    endedAt: null,
    active: true,
    renews: true,
  } as unknown as FanSubscriptionData;
}

function mount(method: "card" | "dollars") {
  const router = createMemoryRouter(
    [
      {
        path: "/:lang/user/fans/:id",
        element: (
          <I18nextProvider i18n={serverI18n("de")}>
            <SubscriptionPage title="Abo" item={subscription(method)} done={null} reply={null} />
          </I18nextProvider>
        ),
      },
    ],
    { initialEntries: ["/de/user/fans/7"] },
  );
  render(<RouterProvider router={router} future={{ v7_startTransition: true }} />);
}

describe("a fan subscription's renewal price", () => {
  it("is in euros for a card subscription", async () => {
    mount("card");
    const undo = await screen.findByText(/Nimm die Kündigung zurück/);
    expect(undo.textContent).toMatch(/1,90\s€/);
    expect(undo.textContent).not.toContain("Dollar");
  });

  it("is in dollars for a dollar subscription", async () => {
    mount("dollars");
    const undo = await screen.findByText(/Nimm die Kündigung zurück/);
    expect(undo.textContent).toContain("10 Dollar");
  });
});
