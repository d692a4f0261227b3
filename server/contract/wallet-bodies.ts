/**
 * The wallet's declared success bodies (ADR 041, 067), merged into ResponseBodies from this file rather than from
 * contract/wallet.ts: the messenger's and the reviews' contracts import wallet.ts (money keys, token operations), and
 * responses.ts imports theirs, so a merge from wallet.ts would tie them all into one import loop.
 */
import type { DollarHistoryPage, DollarWallet, WalletOperationState } from "./wallet";

export interface WalletBodies {
  DollarWallet: DollarWallet;
  DollarHistoryPage: DollarHistoryPage;
  WalletOperationState: WalletOperationState;
}

declare module "./responses" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the merge adds the bodies through `extends`
  interface ResponseBodies extends WalletBodies {}
}
