/**
 * The tip amounts (spec sections 6 and 9), free of valibot: the live page's tip form reads them in the browser, and
 * contract/wallet.ts and contract/tips.ts build valibot schemas at load (ADR 155). Both re-export these.
 */

/** The tip buttons (spec "Tip fixed amounts 5, 10, 100, 150, 200"); a custom amount lies between TIP_MIN and the limit. */
export const TIP_AMOUNTS = [5, 10, 100, 150, 200] as const;
export const TIP_MIN = 1;
/** What one member may tip in a calendar month (Europe/Berlin), all receivers together (spec "Monthly tipping limit 250"). */
export const MONTHLY_TIP_LIMIT = 250;

/** The numbers a page needs before it asks the API (the same as tip-amount's, without the viewer's state). */
export const TIP_FORM = { amounts: TIP_AMOUNTS, min: TIP_MIN, limit: MONTHLY_TIP_LIMIT } as const;
