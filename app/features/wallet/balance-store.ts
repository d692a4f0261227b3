/**
 * The live header balance in the browser (issue 27 item 6, ADR 081): a small store holds the available dollars,
 * seeded from the server's figure; the socket's "wallet" events set it, and the header's figure follows. Events carry
 * the balances read after their commit, so the newest event's figure is the one to show. Not zustand: this runs as a
 * plain script (public/scripts/wallet-balance.js), which carries no library (ADR 065); the store is the same shape.
 */
import type { RealtimeEvent } from "#server/contract/realtime";
import { isLanguage, type Language } from "#server/contract/locales";
import { REALTIME_WINDOW_EVENT } from "~/features/realtime/window";
import { formatDollarFigure, WALLET_BALANCE_ATTRIBUTE } from "./balance-figure";

export interface WalletBalanceState {
  available: number | null;
  set(available: number): void;
}

export interface WalletBalanceStore {
  getState(): WalletBalanceState;
  subscribe(listener: (state: WalletBalanceState) => void): () => void;
}

export function createWalletBalanceStore(initial: number | null): WalletBalanceStore {
  const listeners = new Set<(state: WalletBalanceState) => void>();
  const state: WalletBalanceState = {
    available: initial,
    set(next) {
      if (next === state.available) return;
      state.available = next;
      for (const listener of listeners) listener(state);
    },
  };
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Keeps every header balance link of the page in step with the store, and the store with the socket's events. */
export function startWalletBalance(win: Window): void {
  // Looked up at each change: the header is a server island (ADR 167) that the browser draws anew after a navigation.
  const linksNow = () => [...win.document.querySelectorAll<HTMLElement>(`[${WALLET_BALANCE_ATTRIBUTE}]`)];
  const links = linksNow();
  if (links.length === 0) return;
  const seeded = Number(links[0]!.getAttribute(WALLET_BALANCE_ATTRIBUTE));
  const store = createWalletBalanceStore(Number.isSafeInteger(seeded) ? seeded : null);
  const htmlLang = win.document.documentElement.lang.slice(0, 2);
  const lang: Language = isLanguage(htmlLang) ? htmlLang : "de";
  store.subscribe(({ available }) => {
    if (available === null) return;
    for (const link of linksNow()) {
      link.setAttribute(WALLET_BALANCE_ATTRIBUTE, String(available));
      const figure = link.querySelector("[data-wallet-figure]");
      if (figure) figure.textContent = formatDollarFigure(available, lang);
    }
  });
  win.addEventListener(REALTIME_WINDOW_EVENT, (event) => {
    const detail: RealtimeEvent = event.detail;
    if (detail.type === "wallet") store.getState().set(detail.balances.available);
  });
}
