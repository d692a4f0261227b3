/** Business constants of spec section 9, one place for both tiers. */
export const REQUEST_TIMEOUT_MS = 25_000;
export const NETWORK_RETRY_DELAY_MS = 2_000;
/** Sliding session window without keep_logged_in. */
export const SESSION_WINDOW_MS = 24 * 60 * 60 * 1000;
export const LANGUAGE_COOKIE_MAX_AGE_S = 360 * 24 * 60 * 60;
export const VISITOR_COOKIE_MAX_AGE_S = 2 * 365 * 24 * 60 * 60;
/** Success HTTP statuses of the v2 API. */
export const SUCCESS_STATUSES = [200, 201, 202] as const;
export const DEFAULT_PAGE_SIZE = 10;
