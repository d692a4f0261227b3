/**
 * Where a new or unverified member returns once sign-up and e-mail
 * verification are behind them: the page they were on when a prompt sent
 * them off (a profile's "write to Lena"). It arrives as `r` on the join and
 * verification pages and is kept in an httpOnly cookie, because the way
 * back crosses several registration steps and a link opened from a mail.
 */
import { safeReturnPath } from "~/utils/forms.server";
import { clearCookie, parseCookies, serializeCookie } from "./session.server";

export const RETURN_PATH_COOKIE = "return_to";
/** A week, like the landing-page cookie: registration and the verification mail may take a few days. */
const RETURN_PATH_MAX_AGE_S = 7 * 24 * 60 * 60;

/** The `r` query parameter of a request, when it is a safe same-site path. */
export function returnPathParam(request: Request, lang: string): string | null {
  return safeReturnPath(new URL(request.url).searchParams.get("r"), lang);
}

/** The remembered return path, when it is still a safe same-site path. */
export function readReturnPath(request: Request, lang: string): string | null {
  return safeReturnPath(parseCookies(request.headers.get("cookie")).get(RETURN_PATH_COOKIE), lang);
}

export function returnPathCookie(path: string): string {
  return serializeCookie(RETURN_PATH_COOKIE, path, { maxAge: RETURN_PATH_MAX_AGE_S, httpOnly: true });
}

export function clearReturnPath(): string {
  return clearCookie(RETURN_PATH_COOKIE);
}
