/**
 * Answers with a response head made once instead of per answer (ADR 165). A micro-cache hit (ADR 150) sends the
 * same ~20 headers every time; node:http's writeHead checks and joins them anew for each answer, which was a fifth
 * of a hit's CPU. `prebuiltHead` checks and joins them once; `sendWithHead` adds what differs per answer.
 */
import { STATUS_CODES, ServerResponse, validateHeaderName, validateHeaderValue, type IncomingMessage } from "node:http";

/**
 * A response head made once (ADR 165): the status line and every header line but the per-answer ones, checked
 * once as writeHead would check them. `sendWithHead` adds X-Request-Id, Date and the connection lines.
 */
export interface PrebuiltHead {
  status: number;
  /** `HTTP/1.1 200 OK\r\n` and one `Name: value\r\n` per header. */
  text: string;
  /** Whether it names the body's length (every head of an answer with a body must: no chunked bodies here). */
  contentLength: boolean;
  /** The same headers for writeHead, where a made head cannot be used (see sendWithHead). */
  flat: string[];
}

/** Headers sendWithHead writes per answer: a made head must not hold them. */
export const PER_ANSWER = /^(?:date|connection|keep-alive|transfer-encoding|x-request-id)$/i;

export function prebuiltHead(status: number, headers: ReadonlyArray<readonly [string, string]>): PrebuiltHead {
  let text = `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? "unknown"}\r\n`;
  let contentLength = false;
  for (const [name, value] of headers) {
    // What writeHead checks per answer, checked here once: a token for a name, no CR, LF or NUL in a value.
    validateHeaderName(name);
    validateHeaderValue(name, value);
    if (PER_ANSWER.test(name)) throw new Error(`${name} is written per answer`);
    if (/^content-length$/i.test(name)) contentLength = true;
    text += `${name}: ${value}\r\n`;
  }
  if (!contentLength && status !== 304 && status !== 204) throw new Error("a made head with a body needs its Content-Length");
  return { status, text, contentLength, flat: headers.flat() };
}

/**
 * Node keeps the head it will send in `_header`, and which answer ends the connection in `_last`: writeHead's
 * own outcome, which no public API accepts ready-made. Checked once on a real ServerResponse; if a Node version
 * changes them, sendWithHead falls back to writeHead (the bytes stay right, only slower). tests/host/prebuilt-head.test.ts
 * reads the bytes on the wire: keep-alive, Connection: close, HTTP/1.0, pipelining, 304.
 */
const HEAD_FIELDS_KNOWN = (() => {
  const probe = new ServerResponse({ method: "GET", httpVersionMajor: 1, httpVersionMinor: 1, headers: {} } as IncomingMessage);
  const fields = probe as unknown as Record<string, unknown>;
  return (
    fields._header === null &&
    fields._headerSent === false &&
    fields._last === false &&
    fields._hasBody === true &&
    fields.chunkedEncoding === false &&
    typeof fields.shouldKeepAlive === "boolean" &&
    typeof fields._keepAliveTimeout === "number" &&
    typeof fields.useChunkedEncodingByDefault === "boolean"
  );
})();

/** Node's Date line, the same string for a second (as Node caches it). */
let dateLine = "";
let dateUntil = 0;
function currentDateLine(): string {
  const now = Date.now();
  if (now >= dateUntil) {
    dateLine = `Date: ${new Date(now).toUTCString()}\r\n`;
    dateUntil = now - (now % 1000) + 1000;
  }
  return dateLine;
}

type ResponseInternals = ServerResponse & {
  _header: string | null;
  _last: boolean;
  _hasBody: boolean;
  _keepAliveTimeout: number;
  _maxRequestsPerSocket: number;
  _expect_continue: boolean;
  useChunkedEncodingByDefault: boolean;
  maxRequestsOnConnectionReached?: boolean;
};

/**
 * Ends a response with a head made beforehand and the body (none for a 304): the same bytes as
 * `writeHead(status, [...flat, "X-Request-Id", id])` and `end(body)`, without building and checking the header
 * block per answer — for a micro-cache hit that was a fifth of its CPU (ADR 165). What writeHead would decide per
 * answer is decided here the same way: `Connection: keep-alive` with Node's `Keep-Alive: timeout=…` when the
 * connection stays, else `Connection: close` and the socket ends after this answer. Node still does the rest:
 * the order of pipelined answers, the socket's timeouts, 'finish'.
 */
export function sendWithHead(res: ServerResponse, head: PrebuiltHead, requestId: string, body?: Uint8Array): void {
  const internals = res as ResponseInternals;
  if (!HEAD_FIELDS_KNOWN || internals._header !== null || internals._expect_continue || internals.maxRequestsOnConnectionReached) {
    res.writeHead(head.status, [...head.flat, "X-Request-Id", requestId]);
    res.end(body);
    return;
  }
  // As writeHead decides: a connection stays only if this answer's end is known without closing it — its length,
  // or (a 304 has none) a client that could read chunks (not an HTTP/1.0 one).
  const keepAlive = res.shouldKeepAlive && (head.contentLength || internals.useChunkedEncodingByDefault);
  let connection = "Connection: close\r\n";
  if (keepAlive) {
    const timeout = internals._keepAliveTimeout;
    const max = internals._maxRequestsPerSocket > 0 ? `, max=${internals._maxRequestsPerSocket}` : "";
    connection = timeout
      ? `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(timeout / 1000)}${max}\r\n`
      : "Connection: keep-alive\r\n";
  }
  res.statusCode = head.status;
  if (head.status === 304 || head.status === 204) internals._hasBody = false;
  if (!keepAlive) internals._last = true;
  internals._header = `${head.text}X-Request-Id: ${requestId}\r\n${currentDateLine()}${connection}\r\n`;
  res.end(body);
}
