/**
 * Brute-force limits on login (ADR 005). When one is reached, further attempts
 * need a solved captcha; the limit's key tells the form to show one.
 */
import { CAPTCHA_MAX_LEVEL } from "../../contract/auth";
import type { Window } from "../../lib/rate-limit";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const LOGIN_LIMITS = {
  /** Failed logins for one account. */
  account: { key: "exception.account_login.exceeded_limit", windowMs: 15 * MINUTE, limit: 5 },
  /** Failed logins from one IP address. */
  ip: { key: "exception.ip_login.exceeded_limit", windowMs: HOUR, limit: 10 },
  /** All login attempts from one IP address in a day. */
  ipDaily: { key: "exception.one_ip_daily_login.exceeded_limit", windowMs: DAY, limit: 100 },
  /** Failed logins across the platform: a credential-stuffing wave. */
  global: { key: "exception.login_global.exceeded_limit", windowMs: 5 * MINUTE, limit: 1000 },
} as const;

export function loginWindows(account: string, ip: string) {
  return {
    account: { bucket: `login:account:${account}`, ...LOGIN_LIMITS.account } satisfies Window & { key: string },
    ip: { bucket: `login:ip:${ip}`, ...LOGIN_LIMITS.ip } satisfies Window & { key: string },
    ipDaily: { bucket: `login:ip-daily:${ip}`, ...LOGIN_LIMITS.ipDaily } satisfies Window & { key: string },
    global: { bucket: "login:global", ...LOGIN_LIMITS.global } satisfies Window & { key: string },
  };
}

/**
 * The captcha's price rises with failures (issue 23 item 7d, ADR 056): past a limit, each further failed login from
 * the address or for the account doubles the expected proof of work of the next captcha (level n: 2^n times the base
 * work, CAPTCHA_POW in captcha.ts), up to CAPTCHA_MAX_LEVEL.
 *
 * The level a login needs, from the failed logins counted in the ip and account windows before it. The first captcha
 * a person meets (at the limit) is level 0; a level falls as its window slides past the failures (an hour for the
 * address, 15 minutes for the account). A success does not lower it: one account of its own would otherwise let a
 * script wash its address clean between guesses.
 */
export function captchaLevelFor(failures: { ip: number; account: number }): number {
  const over = Math.max(failures.ip - LOGIN_LIMITS.ip.limit, failures.account - LOGIN_LIMITS.account.limit, 0);
  return Math.min(over, CAPTCHA_MAX_LEVEL);
}
