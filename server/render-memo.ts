/**
 * Two per-page costs of Remix's server runtime that buy a page nothing (issue 33 item 4, ADR 166), put in place the
 * way ADRs 051 and 153 put their memos (replacing an export the library looks up at each call, once per process):
 *
 * - **One Request for a page's loaders.** The runtime hands every loader its own copy of the page's Request, made
 *   twice over (it strips `index` and `_routes` from the URL in two steps): each copy parses the URL, copies the
 *   headers and makes an AbortSignal that follows the page's, which undici registers for finalization — six to
 *   eight Requests for a page of three or four loaders. For a GET or HEAD (no body to hand on) the copies are all
 *   alike, so the loaders of one request share one, and where the stripping changes nothing (no such parameter in
 *   the URL), that one is the page's own Request.
 * - **The loader data encoded when it is read.** A document's loader data is encoded for the browser (turbo-stream,
 *   with an AbortController and a timer of the stream time-out per page) before the page renders, also for pages
 *   that ship no JavaScript (`handle.hydrate = false`), where Remix's `StreamTransfer` never reads it. The encoding
 *   now starts at the first read; once it is read to its end, its timer is cleared (it bounded promises in the
 *   data, and none are left).
 * - **…and, when nothing in it is deferred, at once** (ADR 172). turbo-stream flattens the data synchronously, then
 *   hands the one line it made to a web ReadableStream and waits for promises that a page's data never holds (no
 *   route defers). For a document's state the line is made the same way and handed out as the one chunk it is,
 *   without the stream; data with a promise in it takes turbo-stream's own way.
 */
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const MEMOIZED = Symbol.for("velora.renderMemo");

interface LoaderCall {
  loadContext: unknown;
  loader: (args: { request: Request; context: unknown; params: unknown }) => unknown;
  params: unknown;
  request: Request;
  routeId: string;
  singleFetch?: boolean;
}
type CallRouteLoader = (call: LoaderCall) => Promise<unknown>;

interface ResponsesModule {
  isDeferredData(value: unknown): value is { init?: ResponseInit };
  isRedirectStatusCode(status: number): boolean;
  redirect(url: string, init?: ResponseInit): Response;
}

/**
 * The URL a loader sees: the runtime's stripping (non-empty `index` values kept in their order, `_routes` dropped),
 * done the same way, so a URL that has neither comes out serialised exactly as the runtime's copies have it.
 */
export function loaderUrlOf(url: string): string {
  const parsed = new URL(url);
  const params = parsed.searchParams;
  const index = params.getAll("index");
  params.delete("index");
  for (const value of index) if (value) params.append("index", value);
  params.delete("_routes");
  return parsed.href;
}

/** The Request every loader of `request` gets: the request itself when stripping changes nothing. */
function sharedLoaderRequest(request: Request, known: WeakMap<Request, Request>): Request {
  let shared = known.get(request);
  if (!shared) {
    // A URL without a query string strips to itself; anything else is stripped and compared.
    const href = request.url.includes("?") ? loaderUrlOf(request.url) : request.url;
    shared =
      href === request.url ? request : new Request(href, { method: request.method, headers: request.headers, signal: request.signal });
    known.set(request, shared);
  }
  return shared;
}

/**
 * The runtime's `callRouteLoader` for single-fetch GET and HEAD requests, with one shared Request (above); its checks
 * and answers otherwise as the runtime's own (a loader answering `undefined` is an error; deferred data that
 * redirects becomes the redirect). Anything else — actions are another function; other methods, the pre-single-fetch
 * mode — goes to the original.
 */
export function shareLoaderRequest(original: CallRouteLoader, responses: ResponsesModule): CallRouteLoader {
  const known = new WeakMap<Request, Request>();
  const memoized: CallRouteLoader = async (call) => {
    const { request } = call;
    if (!call.singleFetch || (request.method !== "GET" && request.method !== "HEAD")) return await original(call);
    const result = await call.loader({ request: sharedLoaderRequest(request, known), context: call.loadContext, params: call.params });
    if (result === undefined) {
      throw new Error(
        `You defined a loader for route "${call.routeId}" but didn't return anything from your \`loader\` function. Please return a value or \`null\`.`,
      );
    }
    if (responses.isDeferredData(result) && result.init && responses.isRedirectStatusCode(result.init.status || 200)) {
      return responses.redirect(new Headers(result.init.headers).get("Location") as string, result.init);
    }
    return result;
  };
  return Object.assign(memoized, { [MEMOIZED]: true, original });
}

type Encode = (data: unknown, requestSignal: AbortSignal, streamTimeout: unknown, serverMode: unknown) => ReadableStream<Uint8Array>;

/** A document's state as the runtime hands it to the encoding (single-fetch answers to data requests look otherwise). */
function isDocumentState(data: unknown): boolean {
  if (typeof data !== "object" || data === null) return false;
  const keys = Object.keys(data);
  return keys.length === 3 && "loaderData" in data && "actionData" in data && "errors" in data;
}

/** turbo-stream's `encode(input, options)`, which the runtime's `encodeViaTurboStream` calls with its plugins. */
type TurboEncode = (input: unknown, options?: TurboOptions) => ReadableStream<Uint8Array>;
interface TurboOptions {
  plugins?: unknown[];
  postPlugins?: unknown[];
  signal?: AbortSignal;
}
/** turbo-stream's `flatten`, called with its encoder's state as `this`: the index of the input, its values in `stringified`. */
type Flatten = (this: FlattenState, input: unknown) => number | number[];
interface FlattenState extends TurboOptions {
  deferred: Record<number, unknown>;
  index: number;
  indices: Map<unknown, number>;
  stringified: string[];
}

/** Set only while the lazy reader below starts a document's encoding: turbo-stream's encode may then answer at once. */
let encodingAtOnce = false;
const utf8 = new TextEncoder();

/**
 * The bytes turbo-stream's encode would send as its first and only chunk — the flattened values as one line, or a
 * negative index for a value it writes as a constant — when nothing in the data waits (no promise); else undefined,
 * and the caller takes turbo-stream's own way (which also reports what it cannot encode, as before).
 */
export function encodedAtOnce(flatten: Flatten, input: unknown, options: TurboOptions = {}): Uint8Array | undefined {
  const state: FlattenState = { deferred: {}, index: 0, indices: new Map(), stringified: [], ...options };
  let id: number | number[];
  try {
    id = flatten.call(state, input);
  } catch {
    return undefined;
  }
  if (Array.isArray(id) || Object.keys(state.deferred).length > 0) return undefined;
  return utf8.encode(id < 0 ? `${id}\n` : `[${state.stringified.join(",")}]\n`);
}

/** A finished encoding as what the lazy reader uses of a stream: a reader of its one chunk, then the end. */
function oneChunk(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let sent = false;
  const reader = {
    read: () => Promise.resolve(sent ? { done: true as const, value: undefined } : ((sent = true), { done: false as const, value: bytes })),
    cancel: () => Promise.resolve(),
    releaseLock: () => undefined,
  };
  return { getReader: () => reader } as unknown as ReadableStream<Uint8Array>;
}

/** turbo-stream's `encode`, answering at once for the lazy reader (below) when the data has nothing deferred. */
export function encodeAtOnceWhenAsked(original: TurboEncode, flatten: Flatten): TurboEncode {
  const memoized: TurboEncode = (input, options) => {
    const bytes = encodingAtOnce ? encodedAtOnce(flatten, input, options) : undefined;
    return bytes ? oneChunk(bytes) : original(input, options);
  };
  return Object.assign(memoized, { [MEMOIZED]: true, original });
}

/** The reason the encoding's signal is aborted with once it is read to its end (a constant: no error object per page). */
const READ_TO_END = "the encoded data was read to its end";

/**
 * `encodeViaTurboStream` that, for a document's state, encodes on the first read. What it answers then is what
 * RemixServer uses of it — `getReader()`, whose `read()` the page's `StreamTransfer` calls — not a whole
 * ReadableStream. The runtime bounds promises in the data with a timer that it clears when the signal it is given
 * aborts (it is given the request's): here a signal of its own that aborts once the data is read to its end, so the
 * timer is cleared then instead of firing, seconds after the page left, into an encoding that had finished. (A
 * request that ends early leaves the timer to fire, which then ends an encoding nobody reads: what it did before
 * when a client stayed.)
 */
export function encodeOnFirstRead(original: Encode): Encode {
  const memoized: Encode = (data, requestSignal, streamTimeout, serverMode) => {
    if (!isDocumentState(data)) return original(data, requestSignal, streamTimeout, serverMode);
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    let ended: AbortController | undefined;
    const start = () => {
      if (!reader) {
        ended = new AbortController();
        // Only this reader's own encoding may come at once: its caller reads it, never a Response body.
        encodingAtOnce = true;
        try {
          reader = original(data, ended.signal, streamTimeout, serverMode).getReader();
        } finally {
          encodingAtOnce = false;
        }
      }
      return reader;
    };
    const lazyReader = {
      async read() {
        const chunk = await start().read();
        if (chunk.done) ended?.abort(READ_TO_END);
        return chunk;
      },
      cancel: (reason?: unknown) => start().cancel(reason),
      releaseLock: () => reader?.releaseLock(),
    };
    return { getReader: () => lazyReader } as unknown as ReadableStream<Uint8Array>;
  };
  return Object.assign(memoized, { [MEMOIZED]: true, original });
}

interface DataModule {
  callRouteLoader?: CallRouteLoader & { [MEMOIZED]?: boolean };
}
interface SingleFetchModule {
  encodeViaTurboStream?: Encode & { [MEMOIZED]?: boolean };
}
interface TurboStreamModule {
  encode?: TurboEncode & { [MEMOIZED]?: boolean };
}

/**
 * Puts these in place of the server runtime's `callRouteLoader` (its dist/data.js, which its routes call through),
 * `encodeViaTurboStream` (its dist/single-fetch.js, which its request handler calls through) and the `encode` of the
 * turbo-stream it requires (which `encodeViaTurboStream` calls through). Answers whether all are in place (false when a
 * file moved or an export is missing: pages then work as before, only slower).
 */
export function installRenderMemo(): boolean {
  let data: DataModule;
  let singleFetch: SingleFetchModule;
  let responses: ResponsesModule;
  let turboStream: TurboStreamModule;
  let flatten: Flatten | undefined;
  try {
    const here = createRequire(import.meta.url);
    const runtimeDir = dirname(here.resolve("@remix-run/server-runtime"));
    data = here(join(runtimeDir, "data.js")) as DataModule;
    singleFetch = here(join(runtimeDir, "single-fetch.js")) as SingleFetchModule;
    responses = here(join(runtimeDir, "responses.js")) as ResponsesModule;
    // The turbo-stream the runtime itself loads, and its flatten (a file its package does not export by name).
    const runtimeRequire = createRequire(join(runtimeDir, "single-fetch.js"));
    const turboStreamFile = runtimeRequire.resolve("turbo-stream");
    turboStream = runtimeRequire(turboStreamFile) as TurboStreamModule;
    flatten = (runtimeRequire(join(dirname(turboStreamFile), "flatten.js")) as { flatten?: Flatten }).flatten;
  } catch {
    return false;
  }
  try {
    const call = data.callRouteLoader;
    if (typeof call === "function" && !call[MEMOIZED] && typeof responses.isDeferredData === "function")
      data.callRouteLoader = shareLoaderRequest(call, responses);
    const encodeState = singleFetch.encodeViaTurboStream;
    if (typeof encodeState === "function" && !encodeState[MEMOIZED]) singleFetch.encodeViaTurboStream = encodeOnFirstRead(encodeState);
    const encode = turboStream.encode;
    if (typeof encode === "function" && !encode[MEMOIZED] && typeof flatten === "function")
      turboStream.encode = encodeAtOnceWhenAsked(encode, flatten);
  } catch {
    return false;
  }
  return (
    data.callRouteLoader?.[MEMOIZED] === true &&
    singleFetch.encodeViaTurboStream?.[MEMOIZED] === true &&
    turboStream.encode?.[MEMOIZED] === true
  );
}
