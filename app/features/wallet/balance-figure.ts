/** The header balance's figure and its element's marker, shared by the server render and the live script. */
import { formatAmount } from "#server/contract/prices";
import type { Language } from "#server/contract/locales";

/** The attribute that carries the available dollars on the header's link (the live script finds it by this). */
export const WALLET_BALANCE_ATTRIBUTE = "data-wallet-available";

/** "1.250" in German, "1,250" in English: the figure alone, the word is the link's accessible name. */
export function formatDollarFigure(available: number, lang: Language): string {
  return formatAmount({ currency: "dollar", amount: available }, lang);
}
