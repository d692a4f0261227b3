/**
 * The web tier's one way to reach the v2 API (spec section 7 "Shared
 * behaviour"). Loaders and actions create a client per request; it adds the
 * headers, handles time-outs, retries, auto-cancel and error normalization,
 * and turns an unhandled 401 into a redirect to login.
 */
import { redirect, type AppLoadContext } from "@remix-run/node";
import { pathOf, type BodyInput, type Operation, type PathParams, type QueryInput, type ResponseOf } from "#server/contract/operation";
import { batchOps } from "#server/contract/operations/batch";
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
import { COOKIE, clearCookie, readSession, type SessionState } from "~/session/session.server";
import type { Camelize } from "./camelize";
import { camelize, isUnauthorized, normalizeErrors } from "./normalize";
import { markRenderTimeout } from "./render-timeout.server";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
export type Params = Record<string, string | number | boolean | null | undefined | Array<string | number>>;

/** What a call may say besides the operation's own method, path and body format. */
export interface CallSettings {
  /** Send the tk bearer token (default true; /node/ calls never do). */
  auth?: boolean;
  /** The caller shows errors itself: no redirect to login on 401. */
  handleErrors?: boolean;
  timeoutMs?: number;
  /** Network-failure retries, each after 2 s. */
  retries?: number;
  /** Abort an earlier, still running call with the same method and endpoint. */
  autoCancel?: boolean;
}

/** One JSON round trip as the transport sends it: the operation's parts, resolved. */
interface CallOptions extends CallSettings {
  method: HttpMethod;
  /** Query string (arrays as repeated keys); any method. */
  query?: Params;
  /** The JSON (or form-encoded) body of a non-GET call; ignored for GET. */
  body?: unknown;
  /** Form-encoded (OAuth, RFC 6749) instead of JSON. */
  form?: boolean;
  /** Camelize response keys (the descriptor's `camelize: false` keeps them). */
  camelize: boolean;
}

/**
 * What the web tier reads from an operation's success: its declared body (contract/responses.ts), camelized like
 * the client camelizes it, or as sent for a descriptor with `camelize: false` (keys that are data).
 */
export type DataOf<O extends Operation> = O extends { readonly camelize: false } ? ResponseOf<O> : Camelize<ResponseOf<O>>;

type ParamsPart<O extends Operation> = keyof PathParams<O> extends never ? { params?: undefined } : { params: PathParams<O> };
type QueryPart<O extends Operation> = [QueryInput<O>] extends [never] ? { query?: undefined } : { query?: QueryInput<O> };
type BodyPart<O extends Operation> = [BodyInput<O>] extends [never]
  ? { body?: undefined }
  : // A body whose every field is optional may be left out; otherwise it must be sent.
    object extends BodyInput<O>
    ? { body?: BodyInput<O> }
    : { body: BodyInput<O> };

/** An operation's input: its path parameters, its query (the schema's keys) and its body (the schema's input type). */
export type OperationInput<O extends Operation> = ParamsPart<O> & QueryPart<O> & BodyPart<O>;

/** The input argument of `op` and `batchCall`: required when the operation needs something, else optional. */
type InputArgs<O extends Operation> =
  object extends OperationInput<O> ? [input?: OperationInput<O> & CallSettings] : [input: OperationInput<O> & CallSettings];

export interface RawCallOptions {
  /** The operation's path parameters. */
  params?: Record<string, string | number>;
  query?: Params;
  /** A byte range asked for by the browser (video seeking), passed on as it came. */
  range?: string | null;
  /** A FormData, or a request body streamed through as it arrives (with its content type and length). */
  body?: FormData | { stream: ReadableStream<Uint8Array>; contentType: string; contentLength: string | null };
}

export type ApiSuccess<T> = { ok: true; status: number; data: T; meta?: unknown };
export type ApiFailure = { ok: false; status: number; errors: ErrorItem[] };
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

/** One named call of a batch: its operation (which types the answer) and the request resolved from its input. */
export interface BatchCall<O extends Operation = Operation> {
  readonly operation: O;
  readonly path: string;
  readonly query?: Params;
  readonly body?: unknown;
}

/** A batch entry for `api.batch`, typed like `api.op` would take the same operation and input. */
export function batchCall<O extends Operation>(operation: O, ...[input]: InputArgs<O>): BatchCall<O> {
  const { params, query, body } = (input ?? {}) as { params?: Record<string, string | number>; query?: Params; body?: unknown };
  return { operation, path: pathOf(operation, params ?? {}), query, body };
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

/** Status reported for failures that never got an HTTP answer. */
const NO_RESPONSE_STATUS = 0;
const TIMEOUT_STATUS = 408;
/** nginx's "client closed request": the call was superseded, nobody waits for it. */
const CANCELLED_STATUS = 499;

// Auto-cancel scope: per visitor, method and endpoint (server-side there is no
// single browser tab, the visitor id stands in for it).
const inflight = new Map<string, AbortController>();

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function failure(status: number, code: number | string, title: string, key: string): ApiFailure {
  return { ok: false, status, errors: [{ code, title, message: title, key }] };
}

const cancelledFailure = (): ApiFailure => failure(CANCELLED_STATUS, CANCEL_REQUEST_CODE, DEFAULT_ERROR_KEY, CANCEL_REQUEST_CODE);

function methodOf(operation: Operation): HttpMethod {
  return operation.method.toUpperCase() as HttpMethod;
}

function appendParams(url: URL, params: Params | undefined) {
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }
}

/** OAuth endpoints take application/x-www-form-urlencoded (RFC 6749); arrays repeat the key. */
function formBody(body: unknown): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries((body ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      form.append(key, typeof item === "object" && item !== null ? JSON.stringify(item) : String(item));
    }
  }
  return form.toString();
}

/** Params for a batch entry: the batch schema takes no null/undefined values (call() skips them too). */
function batchParams(params: Params | undefined): Params | undefined {
  if (!params) return undefined;
  const kept = Object.entries(params).filter(([, value]) => value !== undefined && value !== null);
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}

/** API_TIMEOUT_MS, else the spec's 25000 ms. */
export function configuredTimeout(): number {
  const fromEnv = Number(process.env.API_TIMEOUT_MS);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : REQUEST_TIMEOUT_MS;
}

type Outcome = { kind: "response"; status: number; text: string } | { kind: "timeout" } | { kind: "cancelled" } | { kind: "network" };

export function createApiClient(init: ApiClientInit) {
  const { request } = init;
  const now = init.now ?? Date.now;
  const session = init.session ?? readSession(request, now());
  const requestUrl = new URL(request.url);
  // The page renders in the path's language and readSession rewrites the
  // language cookie to it on this very response, so the path wins over a
  // stale cookie; without a language segment the cookie decides, else de.
  const language: Language = languageFromPath(requestUrl.pathname) ?? session.languageCookie ?? DEFAULT_LANGUAGE;
  const apiUrl = init.apiUrl ?? process.env.API_URL;
  const inProcess = !apiUrl && !init.fetchImpl ? init.context?.apiFetch : undefined;
  // The host's cheaper in-process path for JSON calls (same API, no Request or body streams: ADR 053).
  const inProcessCall = inProcess ? init.context?.apiCall : undefined;
  const networkFetch = init.fetchImpl ?? fetch;
  const sleep = init.sleep ?? defaultSleep;
  const clientAddress = init.context?.clientAddress ?? request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() ?? "";

  function target(endpoint: string): { url: URL; isNode: boolean; send: (req: Request) => Promise<Response> } {
    // /node/ endpoints belong to the front end itself, never to the API host.
    if (endpoint.startsWith("/node/")) {
      return { url: new URL(endpoint, requestUrl.origin), isNode: true, send: (req) => networkFetch(req) };
    }
    if (inProcess) return { url: new URL(endpoint, requestUrl.origin), isNode: false, send: inProcess };
    const base = apiUrl ?? requestUrl.origin;
    return { url: new URL(endpoint, base.endsWith("/") ? base : `${base}/`), isNode: false, send: (req) => networkFetch(req) };
  }

  function baseHeaders(withToken: boolean): Headers {
    const headers = new Headers({ accept: "application/json", "accept-language": language, "x-km-ff": session.visitorId });
    if (clientAddress) headers.set("x-forwarded-for", clientAddress);
    // The browser's name: the API tells crawlers from people (profile views, ADR 033).
    const userAgent = request.headers.get("user-agent");
    if (userAgent) headers.set("user-agent", userAgent);
    // The page's request id follows its API calls, so both tiers' log lines join up.
    if (init.context?.requestId) headers.set("x-request-id", init.context.requestId);
    if (withToken && session.token) headers.set("authorization", `Bearer ${session.token}`);
    return headers;
  }

  // The in-process API only reads a call's headers, so this client's bodyless in-process calls share one set
  // instead of building it per call (a page makes 3–9 of them; ADR 144).
  let sharedHeaders: Headers | undefined;
  const bodylessHeaders = () => (sharedHeaders ??= baseHeaders(true));

  /** One call's request: where it goes, and a way to send it that answers its status and body text. */
  function buildRequest(
    endpoint: string,
    options: CallOptions,
    signal: AbortSignal | undefined,
  ): () => Promise<{ status: number; text: string }> {
    const method = options.method;
    const { url, isNode, send } = target(endpoint);
    const withToken = !isNode && options.auth !== false;
    const hasBody = method !== "GET" && options.body !== undefined;
    appendParams(url, options.query);
    if (!isNode && inProcessCall && !hasBody && withToken) {
      const headers = bodylessHeaders();
      return () => inProcessCall({ url: url.href, method, headers });
    }
    const headers = baseHeaders(withToken);
    let body: string | undefined;
    if (hasBody) {
      if (options.form) {
        headers.set("content-type", "application/x-www-form-urlencoded");
        body = formBody(options.body);
      } else {
        headers.set("content-type", "application/json");
        body = JSON.stringify(options.body);
      }
    }
    if (!isNode && inProcessCall) return () => inProcessCall({ url: url.href, method, headers, body });
    // redirect "manual": the API never redirects, and following one would turn a POST into a GET
    // and carry the token elsewhere; a 3xx is simply not a success status.
    const request = new Request(url, { method, headers, body, signal, credentials: "include", redirect: "manual" });
    return async () => {
      const response = await send(request);
      return { status: response.status, text: await response.text() };
    };
  }

  /** Whether a call to `endpoint` takes the host's in-process JSON path (no Request, no signal to follow). */
  const takesInProcessCall = (endpoint: string) => inProcessCall !== undefined && !endpoint.startsWith("/node/");

  /**
   * One HTTP round trip, bounded by the timeout and by the call's cancel signal (present with autoCancel only).
   * A network call gets an abort signal fetch follows; an in-process call never watches one, so there the time-out
   * and the cancel are only raced against it, without an AbortController per call (ADR 144).
   */
  async function attempt(endpoint: string, options: CallOptions, cancelSignal: AbortSignal | undefined): Promise<Outcome> {
    const timeoutMs = options.timeoutMs !== undefined && options.timeoutMs > 0 ? options.timeoutMs : configuredTimeout();
    if (takesInProcessCall(endpoint)) return await attemptInProcess(buildRequest(endpoint, options, undefined), timeoutMs, cancelSignal);
    const controller = new AbortController();
    // Outside the try: a malformed endpoint is a programming error, not "no internet".
    const send = buildRequest(endpoint, options, controller.signal);
    const onCancel = () => controller.abort(new DOMException("cancelled", "AbortError"));
    cancelSignal?.addEventListener("abort", onCancel, { once: true });
    const timer = setTimeout(() => controller.abort(new DOMException("timeout", "TimeoutError")), timeoutMs);
    // The in-process API (context.apiFetch) does not watch the signal the way fetch
    // does, so the time-out and cancel are raced against the call explicitly.
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener("abort", () => reject(controller.signal.reason), { once: true });
    });
    try {
      const { status, text } = await Promise.race([send(), aborted]);
      return { kind: "response", status, text };
    } catch {
      if (cancelSignal?.aborted) return { kind: "cancelled" };
      if (controller.signal.aborted) return { kind: "timeout" };
      // fetch rejects (TypeError) only when no HTTP answer arrived: DNS, refused, reset.
      return { kind: "network" };
    } finally {
      clearTimeout(timer);
      cancelSignal?.removeEventListener("abort", onCancel);
    }
  }

  async function attemptInProcess(
    send: () => Promise<{ status: number; text: string }>,
    timeoutMs: number,
    cancelSignal: AbortSignal | undefined,
  ): Promise<Outcome> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let onCancel: (() => void) | undefined;
    const cutShort = new Promise<Outcome>((resolve) => {
      timer = setTimeout(() => resolve({ kind: "timeout" }), timeoutMs);
      if (cancelSignal) {
        onCancel = () => resolve({ kind: "cancelled" });
        cancelSignal.addEventListener("abort", onCancel, { once: true });
      }
    });
    const answered = send().then(
      ({ status, text }): Outcome => ({ kind: "response", status, text }),
      (): Outcome => ({ kind: "network" }),
    );
    try {
      return await Promise.race([answered, cutShort]);
    } finally {
      clearTimeout(timer);
      if (onCancel) cancelSignal?.removeEventListener("abort", onCancel);
    }
  }

  async function run<T>(endpoint: string, options: CallOptions): Promise<ApiResult<T>> {
    const method = options.method;
    const cancelKey = `${session.visitorId}:${method} ${endpoint}`;
    // Only a later call with autoCancel can cancel this one; without it there is nothing to listen to.
    const cancel = options.autoCancel ? new AbortController() : undefined;
    if (cancel) {
      inflight.get(cancelKey)?.abort();
      inflight.set(cancelKey, cancel);
    }
    try {
      // A bad value (NaN, Infinity) must not mean "retry for ever".
      let retriesLeft = Number.isFinite(options.retries) ? Math.max(0, Math.floor(options.retries!)) : 0;
      for (;;) {
        const outcome = await attempt(endpoint, options, cancel?.signal);
        if (outcome.kind === "response") return interpret<T>(outcome.status, parseBody(outcome.text), options);
        if (outcome.kind === "cancelled") return cancelledFailure();
        if (outcome.kind === "timeout") {
          // The page rendered from this request is degraded: entry.server.tsx must not let it be cached.
          markRenderTimeout(init.context);
          return failure(TIMEOUT_STATUS, TIMEOUT_STATUS, TIMEOUT_ERROR_KEY, TIMEOUT_ERROR_KEY);
        }
        if (retriesLeft <= 0) return failure(NO_RESPONSE_STATUS, NO_INTERNET_CODE, NO_INTERNET_ERROR_KEY, NO_INTERNET_CODE);
        retriesLeft -= 1;
        await sleep(NETWORK_RETRY_DELAY_MS);
        // A newer call took over while we waited: do not retry (it would cancel the newer one).
        if (cancel?.signal.aborted) return cancelledFailure();
      }
    } finally {
      if (cancel && inflight.get(cancelKey) === cancel) inflight.delete(cancelKey);
    }
  }

  function parseBody(text: string): unknown {
    if (text.trim() === "") return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }

  /** `body` undefined = empty response. */
  function interpret<T>(status: number, body: unknown, options: Pick<CallOptions, "camelize" | "handleErrors">): ApiResult<T> {
    const httpOk = (SUCCESS_STATUSES as readonly number[]).includes(status);
    if (body === undefined || body === null) {
      // An empty answer is never a success, even with 200/201/202.
      return failure(httpOk ? 500 : status, httpOk ? 500 : status, DEFAULT_ERROR_KEY, DEFAULT_ERROR_KEY);
    }
    const record = typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
    const errorsField = record?.errors;
    const hasErrors =
      !!record &&
      ((Array.isArray(errorsField) && errorsField.length > 0) ||
        (!!errorsField && typeof errorsField === "object" && !Array.isArray(errorsField) && Object.keys(errorsField).length > 0) ||
        typeof record.error === "string");
    const codeOk = !record || record.code === undefined || record.code === 200;
    // A string (or number) body on a success status is a "type error": HTML from a proxy, not our JSON.
    const typeOk = record !== null || Array.isArray(body);
    if (httpOk && !hasErrors && codeOk && typeOk) {
      const payload = record && "data" in record ? record.data : body;
      const shape = <V>(value: unknown) => (options.camelize ? camelize<V>(value) : (value as V));
      return { ok: true, status, data: shape<T>(payload), ...(record?.meta !== undefined ? { meta: shape(record.meta) } : {}) };
    }
    // HTTP said yes but the body said no: the body's code is the real status.
    // A failure never reports a success status, so callers cannot mistake it.
    let effective = status;
    if (httpOk) effective = typeof record?.code === "number" && record.code !== 200 ? record.code : typeOk ? status : 500;
    const errors = normalizeErrors(effective, body);
    if (isUnauthorized(effective, body, errors)) {
      for (const e of errors) e.code = 401;
      if (!options.handleErrors && !onLoginPage()) throw loginRedirect();
      return { ok: false, status: 401, errors };
    }
    return { ok: false, status: effective, errors };
  }

  function loginPath(): string {
    return `/${language}/login`;
  }

  // Case-insensitive like the router's matching, so /de/LOGIN counts too.
  function onLoginPage(): boolean {
    const path = requestUrl.pathname.toLowerCase().replace(/\/+$/, "");
    return path === loginPath();
  }

  /**
   * To login, remembering where the visitor was. The API has just rejected the
   * token, so its cookies go too: the login page then shows the form instead
   * of sending the dead token again.
   */
  function loginRedirect(): Response {
    const headers = new Headers();
    if (session.token) {
      for (const name of [COOKIE.token, COOKIE.tokenExpiresAt, COOKIE.keepLoggedIn, COOKIE.userFilters])
        headers.append("Set-Cookie", clearCookie(name));
    }
    const search = new URLSearchParams(requestUrl.search);
    search.delete("_data"); // Remix's data-request marker is not part of the page address.
    const query = search.toString();
    const returnTo = `${requestUrl.pathname}${query ? `?${query}` : ""}`;
    return redirect(`${loginPath()}?r=${encodeURIComponent(returnTo)}`, { headers });
  }

  return {
    session,
    language,
    /**
     * Calls one API operation (a descriptor of contract/operations): its method and path from the descriptor, the
     * path parameters encoded, the body typed by its schema's input; answers its declared body, camelized as the
     * descriptor says (ADR 062). The only way a loader or action reaches the JSON API.
     */
    op<O extends Operation>(operation: O, ...[input]: InputArgs<O>): Promise<ApiResult<DataOf<O>>> {
      const { params, query, body, ...settings } = (input ?? {}) as CallSettings & {
        params?: Record<string, string | number>;
        query?: Params;
        body?: unknown;
      };
      return run<DataOf<O>>(pathOf(operation, params ?? {}), {
        ...settings,
        method: methodOf(operation),
        query,
        body,
        form: operation.bodyFormat === "form",
        camelize: operation.camelize !== false,
      });
    },
    /**
     * A call whose bodies are not JSON (multipart going in, image bytes coming out): same target,
     * headers and token as op(), the API's Response as it is, no envelope, no timeout (uploads
     * stream for as long as the member's connection needs).
     */
    async raw(operation: Operation, options: RawCallOptions = {}): Promise<Response> {
      const { url, send } = target(pathOf(operation, options.params ?? {}));
      appendParams(url, options.query);
      const headers = baseHeaders(true);
      let body: BodyInit | undefined;
      if (options.body instanceof FormData) {
        // fetch sets the multipart boundary itself from the FormData body.
        body = options.body;
      } else if (options.body) {
        body = options.body.stream;
        headers.set("content-type", options.body.contentType);
        if (options.body.contentLength) headers.set("content-length", options.body.contentLength);
      }
      if (options.range) headers.set("range", options.range);
      const apiRequest = new Request(url, {
        method: methodOf(operation),
        headers,
        body,
        redirect: "manual",
        // A streamed body goes out as it comes in (Node's fetch requires saying so).
        ...(body && !(body instanceof FormData) ? { duplex: "half" } : {}),
      } as RequestInit);
      return send(apiRequest);
    },
    /**
     * Named calls (each made by `batchCall`) in one /api/v2/batch round trip (the API runs them in parallel); each
     * result by name, shaped exactly like op()'s for the same operation.
     */
    async batch<C extends Record<string, BatchCall>>(
      calls: C,
      settings: CallSettings = {},
    ): Promise<{ [K in keyof C]: ApiResult<DataOf<C[K]["operation"]>> }> {
      const requests = Object.fromEntries(
        Object.entries(calls).map(([name, call]) => [
          name,
          { method: methodOf(call.operation), path: call.path, params: batchParams(call.query), body: call.body },
        ]),
      );
      const result = await run<DataOf<typeof batchOps.batch>>(batchOps.batch.path, {
        ...settings,
        method: methodOf(batchOps.batch),
        body: { requests },
        camelize: batchOps.batch.camelize !== false,
      });
      const answerOf = (name: string, call: BatchCall) => {
        if (!result.ok) return result;
        const entry = result.data?.[name];
        return entry
          ? interpret(entry.status, entry.body, { ...settings, camelize: call.operation.camelize !== false })
          : failure(500, 500, DEFAULT_ERROR_KEY, DEFAULT_ERROR_KEY);
      };
      const out = Object.fromEntries(Object.entries(calls).map(([name, call]) => [name, answerOf(name, call)]));
      return out as { [K in keyof C]: ApiResult<DataOf<C[K]["operation"]>> };
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
