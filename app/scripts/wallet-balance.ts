// public/scripts/wallet-balance.js: the header's live dollar balance (app/features/wallet/balance-store.ts).
import { startWalletBalance } from "~/features/wallet/balance-store";

startWalletBalance(window);
