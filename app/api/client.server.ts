/**
 * The web tier's one way to reach the v2 API (spec section 7 "Shared
 * behaviour"). Loaders and actions create a client per request; it adds the
 * headers, handles time-outs, retries, auto-cancel and error normalization,
 * and turns an unhandled 401 into a redirect to login.
 */
import { redirect, type AppLoadContext } from "@remix-run/node";
import { NETWORK_RETRY_DELAY_MS, REQUEST_TIMEOUT_MS, SUCCESS_STATUSES } from "#server/contract/constants";
import {
  CANCEL_REQUEST_CODE,
  DEFAULT_ERROR_KEY,
  NO_INTERNET_CODE,
  NO_INTERNET_ERROR_KEY,
  TIMEOUT_ERROR_KEY,
  type ErrorItem,
} from "#server/contract/errors";
import { DEFAULT_LANGUAGE, type Language } from "#server/contract/locales";
import { languageFromPath } from "~/i18n/lang";
import { readSession, type SessionState } from "~/session/session.server";
import { camelize, normalizeErrors, UNAUTHORIZED_ERRORS } from "./normalize";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type Params = Record<string, string | number | boolean | null | undefined | Array<string | number>>;

export interface CallOptions {
  method?: HttpMethod;
  /** Query string for GET; ignored otherwise. */
  params?: Params;
  /** JSON (or form-encoded for /oauth/v2) body for non-GET calls. */
  body?: unknown;
  /** Send the tk bearer token (default true; /node/ calls never do). */
  auth?: boolean;
  /** The caller shows errors itself: no redirect to login on 401. */
  handleErrors?: boolean;
  timeoutMs?: number;
  /** Network-failure retries, each after 2 s. */
  retries?: number;
  /** Abort an earlier, still running call with the same method and endpoint. */
  autoCancel?: boolean;
  /** Camelize response keys (default true; the filters call passes false). */
  camelize?: boolean;
}

export type ApiSuccess<T> = { ok: true; status: number; data: T; meta?: unknown };
export type ApiFailure = { ok: false; status: number; errors: ErrorItem[] };
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export interface BatchCall {
  endpoint: string;
  method?: HttpMethod;
  params?: Params;
  body?: unknown;
}

export interface ApiClientInit {
  request: Request;
  context?: AppLoadContext;
  /** Pass the state a loader already read; else it is read from the request. */
  session?: SessionState;
  now?: () => number;
  /** Overrides for tests. */
  fetchImpl?: typeof fetch;
  apiUrl?: string;
  sleep?: (ms: number) => Promise<void>;
}

// Auto-cancel scope: per visitor, method and endpoint (server-side there is no
// single browser tab, the visitor id stands in for it).
const inflight = new Map<string, AbortController>();

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function failure(status: number, code: number | string, title: string, key = title): ApiFailure {
  return { ok: false, status, errors: [{ code, title, message: title, key }] };
}

function appendParams(url: URL, params: Params | undefined) {
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }
}

export function configuredTimeout(): number {
  const fromEnv = Number(process.env.API_TIMEOUT_MS);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : REQUEST_TIMEOUT_MS;
}

export function createApiClient(init: ApiClientInit) {
  const { request } = init;
  const now = init.now ?? Date.now;
  const session = init.session ?? readSession(request, now());
  const requestUrl = new URL(request.url);
  const pathLanguage = languageFromPath(requestUrl.pathname);
  const language: Language = session.languageCookie ?? pathLanguage ?? DEFAULT_LANGUAGE;
  const apiUrl = init.apiUrl ?? process.env.API_URL;
  const inProcess = !apiUrl && !init.fetchImpl ? init.context?.apiFetch : undefined;
  const networkFetch = init.fetchImpl ?? fetch;
  const sleep = init.sleep ?? defaultSleep;
  const clientAddress =
    init.context?.clientAddress ?? request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() ?? "";

  function target(endpoint: string): { url: URL; isNode: boolean; send: (req: Request) => Promise<Response> } {
    if (endpoint.startsWith("/node/")) {
      return { url: new URL(endpoint, requestUrl.origin), isNode: true, send: (req) => networkFetch(req) };
    }
    if (inProcess) return { url: new URL(endpoint, requestUrl.origin), isNode: false, send: inProcess };
    const base = apiUrl ?? requestUrl.origin;
    return { url: new URL(endpoint, base.endsWith("/") ? base : `${base}/`), isNode: false, send: (req) => networkFetch(req) };
  }

  function buildRequest(endpoint: string, options: CallOptions, signal: AbortSignal): { request: Request; send: (req: Request) => Promise<Response> } {
    const method = options.method ?? "GET";
    const { url, isNode, send } = target(endpoint);
    const headers = new Headers({ accept: "application/json", "accept-language": language, "x-km-ff": session.visitorId });
    if (clientAddress) headers.set("x-forwarded-for", clientAddress);
    if (!isNode && options.auth !== false && session.token) headers.set("authorization", `Bearer ${session.token}`);
    let body: string | undefined;
    if (method === "GET") {
      appendParams(url, options.params);
    } else if (options.body !== undefined) {
      if (endpoint.startsWith("/oauth/v2")) {
        headers.set("content-type", "application/x-www-form-urlencoded");
        const form = new URLSearchParams();
        for (const [key, value] of Object.entries(options.body as Record<string, unknown>)) {
          if (value !== undefined && value !== null) form.append(key, String(value));
        }
        body = form.toString();
      } else {
        headers.set("content-type", "application/json");
        body = JSON.stringify(options.body);
      }
    }
    return { request: new Request(url, { method, headers, body, signal, credentials: "include" }), send };
  }

  async function attempt<T>(endpoint: string, options: CallOptions, retriesLeft: number): Promise<ApiResult<T>> {
    const method = options.method ?? "GET";
    const timeoutMs = options.timeoutMs ?? configuredTimeout();
    const cancelKey = `${session.visitorId}:${method} ${endpoint}`;
    const controller = new AbortController();
    if (options.autoCancel) {
      inflight.get(cancelKey)?.abort(new DOMException("cancelled", "AbortError"));
      inflight.set(cancelKey, controller);
    }
    const timeout = setTimeout(() => controller.abort(new DOMException("timeout", "TimeoutError")), timeoutMs);
    try {
      const { request: apiRequest, send } = buildRequest(endpoint, options, controller.signal);
      let response: Response;
      let text: string;
      try {
        response = await send(apiRequest);
        text = await response.text();
      } catch (error) {
        const reason = controller.signal.reason as DOMException | undefined;
        if (controller.signal.aborted && reason?.name === "TimeoutError") return failure(408, 408, TIMEOUT_ERROR_KEY, "timeout");
        if (controller.signal.aborted) return failure(499, CANCEL_REQUEST_CODE, CANCEL_REQUEST_CODE);
        void error;
        if (retriesLeft > 0) {
          await sleep(NETWORK_RETRY_DELAY_MS);
          return attempt<T>(endpoint, options, retriesLeft - 1);
        }
        return failure(0, NO_INTERNET_CODE, NO_INTERNET_ERROR_KEY, NO_INTERNET_CODE);
      }
      return interpret<T>(response.status, text, options);
    } finally {
      clearTimeout(timeout);
      if (options.autoCancel && inflight.get(cancelKey) === controller) inflight.delete(cancelKey);
    }
  }

  function interpret<T>(status: number, text: string, options: CallOptions): ApiResult<T> {
    if (text.trim() === "") return failure(status || 500, status || 500, DEFAULT_ERROR_KEY, "empty_response");
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
    const record = body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    const hasErrors = !!record && ((Array.isArray(record.errors) && record.errors.length > 0) || typeof record.error === "string");
    const codeOk = !record || record.code === undefined || record.code === 200;
    const success = (SUCCESS_STATUSES as readonly number[]).includes(status) && !hasErrors && codeOk && record !== null;
    if (success) {
      const payload = "data" in record ? record.data : record;
      return {
        ok: true,
        status,
        data: options.camelize === false ? (payload as T) : camelize<T>(payload),
        ...(record.meta !== undefined ? { meta: options.camelize === false ? record.meta : camelize(record.meta) } : {}),
      };
    }
    const errors = normalizeErrors(status, body);
    const unauthorized = status === 401 || errors.some((e) => e.code === 401 || UNAUTHORIZED_ERRORS.includes(e.key));
    if (unauthorized) {
      for (const e of errors) e.code = 401;
      if (!options.handleErrors) throw loginRedirect();
    }
    return { ok: false, status: unauthorized ? 401 : status, errors };
  }

  function loginRedirect(): Response {
    const lang = pathLanguage ?? language;
    const loginPath = `/${lang}/login`;
    if (requestUrl.pathname === loginPath) return redirect(loginPath);
    const returnTo = `${requestUrl.pathname}${requestUrl.search}`;
    return redirect(`${loginPath}?r=${encodeURIComponent(returnTo)}`);
  }

  return {
    session,
    language,
    call<T = unknown>(endpoint: string, options: CallOptions = {}): Promise<ApiResult<T>> {
      return attempt<T>(endpoint, options, options.retries ?? 0);
    },
    /** Named calls in one /api/v2/batch round trip; each result by name. */
    async batch<R extends Record<string, unknown>>(calls: { [K in keyof R]: BatchCall }, options: CallOptions = {}): Promise<{ [K in keyof R]: ApiResult<R[K]> }> {
      const requests = Object.fromEntries(
        Object.entries(calls).map(([name, call]) => {
          const c = call as BatchCall;
          return [name, { method: c.method ?? "GET", path: c.endpoint, params: c.params, body: c.body }];
        }),
      );
      const result = await attempt<Record<string, { status: number; body: unknown }>>("/api/v2/batch", { ...options, method: "POST", body: { requests }, camelize: false }, options.retries ?? 0);
      const out: Record<string, ApiResult<unknown>> = {};
      for (const name of Object.keys(calls)) {
        if (!result.ok) {
          out[name] = result;
          continue;
        }
        const entry = result.data[name];
        out[name] = entry ? interpret(entry.status, JSON.stringify(entry.body ?? ""), options) : failure(500, 500, DEFAULT_ERROR_KEY);
      }
      return out as { [K in keyof R]: ApiResult<R[K]> };
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** First error with this source, for form fields. */
export function fieldErrors(errors: ErrorItem[]): { fields: Record<string, ErrorItem[]>; general: ErrorItem[] } {
  const fields: Record<string, ErrorItem[]> = {};
  const general: ErrorItem[] = [];
  for (const error of errors) {
    if (error.source) (fields[error.source] ??= []).push(error);
    else general.push(error);
  }
  return { fields, general };
}
