/**
 * The error item of spec section 8. The API answers every failure with
 * `{ code, errors: ErrorItem[] }`; messages are translation keys.
 */
export interface ErrorItem {
  /** HTTP-like status or a symbolic code such as E_NO_INTERNET. */
  code: number | string;
  /** Translation key (or plain text) shown to the user. */
  title: string;
  message: string;
  /** Machine-readable key, e.g. the failing rule. */
  key: string;
  /** The input field this error belongs to, when there is one. */
  source?: string;
  /** Values for the message's placeholders, e.g. a range's bounds. */
  params?: Record<string, string | number>;
}

/** The error page (`/{lang}/error/{code}`) a refused cross-site post shows, with status 403. */
export const CROSS_SITE_ERROR_CODE = "cross-site";

export const DEFAULT_ERROR_KEY = "exception.common.something_wrong_happened";
export const TIMEOUT_ERROR_KEY = "exception.common.request_timeout_and_try_again";
export const NO_INTERNET_ERROR_KEY = "exception.common.no_internet_connection_and_please_check_your_internet";
export const NO_INTERNET_CODE = "E_NO_INTERNET";
export const CANCEL_REQUEST_CODE = "E_CANCEL_REQUEST";

/** Login abuse codes after which the login form shows a captcha. */
export const CAPTCHA_TRIGGER_KEYS = [
  "exception.ip_login.exceeded_limit",
  "exception.one_ip_daily_login.exceeded_limit",
  "exception.login_global.exceeded_limit",
  "exception.account_login.exceeded_limit",
  "exception.login.captcha_not_verified",
] as const;
