/**
 * Session cookies (spec section 4). tk holds the API access token. Without
 * keep_logged_in, every request checks tk_expired_at: past → sign out (tk,
 * the expiry and the saved user filters go); otherwise the expiry slides to
 * now + 24 h. The same request and time give the same answer (a new visitor
 * id is remembered per Request), so loaders and the entry's header step agree
 * without shared state.
 */
import { randomUUID } from "node:crypto";
import { ACCESS_TOKEN_COOKIE } from "#server/contract/auth";
import { LANGUAGE_COOKIE_MAX_AGE_S, SESSION_WINDOW_MS, VISITOR_COOKIE_MAX_AGE_S } from "#server/contract/constants";
import { isLanguage, type Language } from "#server/contract/locales";
import { languageFromPath } from "~/i18n/lang";
import { CACHE_HEADER } from "~/utils/cache-headers";

export const COOKIE = {
  token: ACCESS_TOKEN_COOKIE,
  tokenExpiresAt: "tk_expired_at",
  keepLoggedIn: "keep_logged_in",
  userFilters: "user_filters",
  visitor: "km_ff",
  language: "language",
} as const;

/** keep_logged_in sessions live as long as the API token (30 days). */
export const KEEP_LOGGED_IN_MAX_AGE_S = 30 * 24 * 60 * 60;

export function parseCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const index = part.indexOf("=");
    if (index < 1) continue;
    const name = part.slice(0, index).trim();
    if (!name) continue;
    const raw = part.slice(index + 1).trim();
    // Browsers send the most specific (longest path) cookie first: it wins.
    if (cookies.has(name)) continue;
    // Browsers send the most specific path first; that one wins.
    if (cookies.has(name)) continue;
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      cookies.set(name, raw);
    }
  }
  return cookies;
}

interface CookieOptions {
  maxAge?: number;
  /** Default true: only a cookie that a script of ours must read may say false. */
  httpOnly?: boolean;
}

/** Secure cookies whenever the public origin is https (always so in production). */
const secure = () => process.env.COOKIE_SECURE === "1" || (process.env.PUBLIC_URL ?? "").startsWith("https://");

export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", "SameSite=Lax"];
  if (options.maxAge !== undefined) parts.push(`Max-Age=${options.maxAge}`);
  // No script of ours reads a cookie: all are HttpOnly unless a caller says a script needs one.
  if (options.httpOnly !== false) parts.push("HttpOnly");
  if (secure()) parts.push("Secure");
  return parts.join("; ");
}

export function clearCookie(name: string): string {
  return serializeCookie(name, "", { maxAge: 0 });
}

export interface SessionState {
  /** The access token to send, or null when signed out (or just expired). */
  token: string | null;
  keepLoggedIn: boolean;
  /** The 24-hour window ran out on this request. */
  expired: boolean;
  visitorId: string;
  languageCookie: Language | null;
  /** Set-Cookie values this request must send back. */
  setCookies: string[];
}

// A request without a visitor cookie is read several times (entry, loaders,
// the API client); all of them must hand out the same new id.
const newVisitorIds = new WeakMap<Request, string>();

function newVisitorId(request: Request): string {
  let id = newVisitorIds.get(request);
  if (!id) {
    id = randomUUID();
    newVisitorIds.set(request, id);
  }
  return id;
}

export function readSession(request: Request, now: number): SessionState {
  const cookies = parseCookies(request.headers.get("cookie"));
  const setCookies: string[] = [];
  let token = cookies.get(COOKIE.token) || null;
  const keepLoggedIn = cookies.get(COOKIE.keepLoggedIn) === "1";
  let expired = false;

  if (token && !keepLoggedIn) {
    const expiresAt = Number(cookies.get(COOKIE.tokenExpiresAt));
    if (!Number.isFinite(expiresAt) || expiresAt <= now) {
      expired = true;
      token = null;
      setCookies.push(clearCookie(COOKIE.token), clearCookie(COOKIE.tokenExpiresAt), clearCookie(COOKIE.userFilters));
    } else {
      setCookies.push(serializeCookie(COOKIE.tokenExpiresAt, String(now + SESSION_WINDOW_MS), { maxAge: SESSION_WINDOW_MS / 1000 }));
    }
  }

  let visitorId = cookies.get(COOKIE.visitor) ?? "";
  if (!/^[\w-]{8,64}$/.test(visitorId)) {
    visitorId = newVisitorId(request);
    setCookies.push(serializeCookie(COOKIE.visitor, visitorId, { maxAge: VISITOR_COOKIE_MAX_AGE_S }));
  }

  const languageCookie = cookies.get(COOKIE.language);
  const pathLanguage = languageFromPath(new URL(request.url).pathname);
  if (pathLanguage && pathLanguage !== languageCookie) {
    setCookies.push(serializeCookie(COOKIE.language, pathLanguage, { maxAge: LANGUAGE_COOKIE_MAX_AGE_S }));
  }

  return { token, keepLoggedIn, expired, visitorId, languageCookie: isLanguage(languageCookie) ? languageCookie : null, setCookies };
}

/** Cookies that start a session after a successful login. */
export function loginCookies(accessToken: string, keepLoggedIn: boolean, now: number): string[] {
  // A saved search belongs to whoever saved it: the next person to log in on this browser starts without it.
  if (keepLoggedIn) {
    return [
      serializeCookie(COOKIE.token, accessToken, { httpOnly: true, maxAge: KEEP_LOGGED_IN_MAX_AGE_S }),
      serializeCookie(COOKIE.keepLoggedIn, "1", { maxAge: KEEP_LOGGED_IN_MAX_AGE_S }),
      clearCookie(COOKIE.tokenExpiresAt),
      clearCookie(COOKIE.userFilters),
    ];
  }
  return [
    // A session cookie: it also ends when the browser closes.
    serializeCookie(COOKIE.token, accessToken, { httpOnly: true }),
    serializeCookie(COOKIE.tokenExpiresAt, String(now + SESSION_WINDOW_MS), { maxAge: SESSION_WINDOW_MS / 1000 }),
    clearCookie(COOKIE.keepLoggedIn),
    clearCookie(COOKIE.userFilters),
  ];
}

export function logoutCookies(): string[] {
  return [COOKIE.token, COOKIE.tokenExpiresAt, COOKIE.keepLoggedIn, COOKIE.userFilters].map(clearCookie);
}

/** Appends the session's Set-Cookie headers unless the response already sets that cookie. */
export function applySessionCookies(headers: Headers, state: SessionState): void {
  const already = new Set(headers.getSetCookie().map((cookie) => cookie.split("=")[0]));
  // A shared cache must not store a response that sets cookies, so publicly
  // cacheable (guest) pages carry none; the visitor id and language cookie
  // are set on the next private response instead. Session cookies never
  // appear here: a signed-in page is private.
  const cacheable = /\bpublic\b/.test(headers.get(CACHE_HEADER) ?? "");
  for (const cookie of state.setCookies) {
    const name = cookie.split("=")[0];
    if (already.has(name)) continue;
    if (cacheable && (name === COOKIE.visitor || name === COOKIE.language)) continue;
    headers.append("Set-Cookie", cookie);
  }
}
