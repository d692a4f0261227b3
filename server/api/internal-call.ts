/**
 * The in-process way into the API (ADR 053): the host's page loaders and /batch call the same Hono app, the
 * same middleware and handlers that a network client reaches, without paying for what only a network needs.
 *
 * - The request: a bodyless call (a page's GETs) gets a Request whose method, url and headers are plain
 *   fields. Hono and the handlers read only those; anything else (a body, a signal) builds the full Request
 *   on first use. It is not a drop-in for undici: `new Request(light)` and `fetch(light)` throw (they read
 *   undici's private state), so code that re-wraps or forwards `c.req.raw` must not meet a bodyless call.
 *   A call with a body is a full Request, without an abort signal: the in-process API never watches one (the
 *   web tier's client races its own time-out).
 * - The answer: `ok()` keeps the JSON text it sent on the Response (RESPONSE_TEXT), and an in-process caller
 *   reads it there instead of through the body stream (which encodes the text to bytes and decodes it back).
 *   Any other answer (errors, files) is read from its body as before.
 */
import type { ApiBindings } from "./types";

/** The JSON text an answer's body holds, kept on the Response by the code that made it. */
export const RESPONSE_TEXT = Symbol.for("velora.api.responseText");

type TextTagged = Response & { [RESPONSE_TEXT]?: string };

/** Marks `response` as carrying exactly `text` as its body (call it only with the body's own text). */
export function withResponseText<R extends Response>(response: R, text: string): R {
  (response as TextTagged)[RESPONSE_TEXT] = text;
  return response;
}

/** The answer's body as text: the kept text when there is one, else read from the body. */
export async function responseText(response: Response): Promise<string> {
  const kept = (response as TextTagged)[RESPONSE_TEXT];
  return typeof kept === "string" ? kept : await response.text();
}

export interface InternalCall {
  /** Absolute URL, query string included. */
  url: string;
  method: string;
  headers: Headers;
  /** A JSON or form-encoded body (not for GET/HEAD). */
  body?: string;
}

const FULL = Symbol("velora.api.fullRequest");
const CALL = Symbol("velora.api.call");

interface LightRequest {
  [CALL]: InternalCall;
  [FULL]?: Request;
}

function fullRequest(light: LightRequest): Request {
  const call = light[CALL];
  return (light[FULL] ??= new Request(call.url, { method: call.method, headers: call.headers }));
}

/** The prototype of light requests for one Request class (the host's HTTP adapter may replace the global). */
const prototypes = new WeakMap<typeof Request, object>();

function lightPrototype(RequestClass: typeof Request): object {
  const known = prototypes.get(RequestClass);
  if (known) return known;
  const proto: Record<string | symbol, unknown> = {};
  const own: PropertyDescriptorMap = {
    method: {
      get: function (this: LightRequest) {
        return this[CALL].method;
      },
    },
    url: {
      get: function (this: LightRequest) {
        return this[CALL].url;
      },
    },
    headers: {
      get: function (this: LightRequest) {
        return this[CALL].headers;
      },
    },
    // Bodyless: Hono's body-limit and readers see "no body" without a stream being made.
    body: { get: () => null },
    bodyUsed: { get: () => false },
  };
  // Everything else a Request has (signal, cache, text(), clone(), …) is answered by the full Request.
  for (let p: object | null = RequestClass.prototype; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
    for (const name of Object.getOwnPropertyNames(p)) {
      if (name === "constructor" || name in own) continue;
      const descriptor = Object.getOwnPropertyDescriptor(p, name);
      if (!descriptor) continue;
      own[name] =
        typeof descriptor.value === "function"
          ? {
              value: function (this: LightRequest, ...args: unknown[]) {
                return (fullRequest(this) as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!(...args);
              },
            }
          : {
              get: function (this: LightRequest) {
                return (fullRequest(this) as unknown as Record<string, unknown>)[name];
              },
            };
    }
  }
  Object.defineProperties(proto, own);
  Object.setPrototypeOf(proto, RequestClass.prototype);
  prototypes.set(RequestClass, proto);
  return proto;
}

/** The Request the API gets for an in-process call (see above). */
export function internalRequest(call: InternalCall): Request {
  if (call.body !== undefined || call.method === "POST" || call.method === "PUT" || call.method === "PATCH") {
    return new Request(call.url, { method: call.method, headers: call.headers, body: call.body });
  }
  const light = Object.create(lightPrototype(globalThis.Request)) as LightRequest;
  light[CALL] = { ...call, method: call.method.toUpperCase() }; // as a Request normalises it
  return light as unknown as Request;
}

/** What the host's in-process JSON calls answer (HostLoadContext.apiCall). */
export interface InternalAnswer {
  status: number;
  text: string;
}

/** The in-process JSON caller the host hands a page's loaders: the API's answer as status and body text. */
export function inProcessCaller(
  api: { fetch(request: Request, bindings?: ApiBindings): Promise<Response> },
  bindings: ApiBindings,
): (call: InternalCall) => Promise<InternalAnswer> {
  return async (call) => {
    const response = await api.fetch(internalRequest(call), bindings);
    return { status: response.status, text: await responseText(response) };
  };
}
