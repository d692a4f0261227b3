/**
 * "Buy dollars and come back" (ADR 097): a one-off purchase the wallet does not cover (a bundle, a pay-per-view
 * medium, a fan month) links to the dollar checkout with `back`, the page it came from. The checkout's first step keeps
 * that path in an httpOnly cookie for an hour (the way back crosses four steps and the payment provider's page), and
 * the paid dollar order's status page links back to it — where the member confirms the purchase themselves. Only a
 * same-site path to one of those purchase pages is kept.
 */
import { parseCookies, serializeCookie, clearCookie } from "~/session/session.server";
import { safeReturnPath } from "~/utils/forms.server";

const COOKIE = "dollar_return";
const MAX_AGE_S = 60 * 60;
/** The purchase pages a dollar checkout may return to (after the language): bundles, pay-per-view media, fan months. */
const PURCHASE_PAGE = /^\/[a-z]{2}\/(bundle\/\d+|buy-puzzle-medium\/\d+|fans\/[^/?#]+\/\d+)$/;

function purchasePage(value: string | null | undefined, lang: string): string | null {
  const path = safeReturnPath(value, lang);
  return path !== null && path.startsWith(`/${lang}/`) && PURCHASE_PAGE.test(path) ? path : null;
}

/** The cookie that remembers the checkout's `back` parameter, or null when there is none worth keeping. */
export function rememberDollarReturn(url: URL, lang: string): string | null {
  const path = purchasePage(url.searchParams.get("back"), lang);
  return path === null ? null : serializeCookie(COOKIE, path, { maxAge: MAX_AGE_S, httpOnly: true });
}

/** The remembered purchase page, when it is still one. */
export function dollarReturnOf(request: Request, lang: string): string | null {
  return purchasePage(parseCookies(request.headers.get("cookie")).get(COOKIE), lang);
}

/** Forgets the way back once it was offered. */
export const clearDollarReturn = () => clearCookie(COOKIE);
