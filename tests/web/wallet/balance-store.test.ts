// @vitest-environment jsdom
/**
 * The header's live dollar balance (app/features/wallet/balance-store.ts, shipped as public/scripts/wallet-balance.js;
 * ADR 081): a `velora:realtime` wallet event sets the figure in the page's language; other events, and a page
 * without the header link, change nothing.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createWalletBalanceStore, startWalletBalance } from "~/features/wallet/balance-store";
import { dispatchRealtimeEvent } from "~/features/realtime/window";

const LINK = '<a data-testid="nav-dollars" data-wallet-available="40" href="/de/user/dollar"><span data-wallet-figure>40</span></a>';
const balances = (available: number) => ({ available, pending: 0, frozen: 0, in_payout: 0 });

describe("the header's live dollar balance", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("follows the socket's wallet events, formatted for the page's language", () => {
    document.documentElement.lang = "de";
    document.body.innerHTML = LINK;
    startWalletBalance(window);
    dispatchRealtimeEvent(window, { type: "wallet", balances: balances(1250) });
    const link = document.querySelector('[data-testid="nav-dollars"]')!;
    expect(link.getAttribute("data-wallet-available")).toBe("1250");
    expect(link.querySelector("[data-wallet-figure]")!.textContent).toBe("1.250");
    dispatchRealtimeEvent(window, { type: "ping", at: 1 });
    expect(link.querySelector("[data-wallet-figure]")!.textContent).toBe("1.250");
  });

  it("keeps following when the header is drawn anew (the chrome's island after a client-side navigation, ADR 167)", () => {
    document.documentElement.lang = "de";
    document.body.innerHTML = `<header>${LINK}</header>`;
    startWalletBalance(window);
    document.querySelector("header")!.innerHTML = LINK.replace(/40/g, "70");
    dispatchRealtimeEvent(window, { type: "wallet", balances: balances(90) });
    expect(document.querySelector("[data-wallet-figure]")!.textContent).toBe("90");
  });

  it("does nothing on a page without the header's balance", () => {
    document.body.innerHTML = "<p>guest</p>";
    startWalletBalance(window);
    dispatchRealtimeEvent(window, { type: "wallet", balances: balances(5) });
    expect(document.body.innerHTML).toBe("<p>guest</p>");
  });

  it("tells its listeners only of a changed figure", () => {
    const store = createWalletBalanceStore(10);
    const seen: Array<number | null> = [];
    const stop = store.subscribe((state) => seen.push(state.available));
    store.getState().set(10);
    store.getState().set(12);
    stop();
    store.getState().set(13);
    expect(seen).toEqual([12]);
    expect(store.getState().available).toBe(13);
  });
});
