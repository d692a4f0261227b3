/** The dollar pages' web paths, free of valibot: the header's balance link imports them on every page (ADR 149). */
import type { Language } from "./locales";

/** What tips may go to: a profile, a medium, a live stream (the live issue). */
export const TIP_TARGETS = ["profile", "medium", "live"] as const;
export type TipTarget = (typeof TIP_TARGETS)[number];

/** The web paths of the dollar pages (spec section 2), written once. */
export const walletPaths = {
  dollar: (lang: Language) => `/${lang}/user/dollar`,
  share: (lang: Language) => `/${lang}/user/share_kaufmich`,
  tokenRewards: (lang: Language) => `/${lang}/user/token_rewards`,
  gifts: (lang: Language) => `/${lang}/user/gifts`,
  promotion: (lang: Language, type?: string) => (type ? `/${lang}/promotion/${type}` : `/${lang}/promotion`),
  payout: (lang: Language) => `/${lang}/user/dollar/payout`,
  /** A tip's confirmation (the page without JavaScript): what is tipped, to whom, the balance after, one pay button. */
  tip: (lang: Language, target: TipTarget, id: number, amount: number | string) =>
    `/${lang}/tip?target=${target}&id=${id}&amount=${encodeURIComponent(String(amount))}`,
  /** A tip's result, by the client's idempotency key. */
  tipResult: (lang: Language, key: string) => `/${lang}/tip/${encodeURIComponent(key)}`,
} as const;
