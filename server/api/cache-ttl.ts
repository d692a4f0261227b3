/**
 * How long the API's caches of what every page's chrome shows may serve an answer that nothing forgot: the member's
 * shell (ADR 148), the caches that forget with it (ADR 154) and the guests' announcements (ADR 179).
 */

/** The time to live when nothing overrides it. */
export const CHROME_CACHE_TTL_MS = 20_000;

/**
 * The time to live in use: SHELL_CACHE_TTL_MS overrides it, 0 turns these caches off. The e2e server sets 0 because
 * its fixtures change the database directly, past the API that would forget the entries (ADR 148).
 */
export const chromeCacheTtlMs: number = (() => {
  const configured = Number(process.env.SHELL_CACHE_TTL_MS);
  return process.env.SHELL_CACHE_TTL_MS !== undefined && Number.isInteger(configured) && configured >= 0 ? configured : CHROME_CACHE_TTL_MS;
})();
