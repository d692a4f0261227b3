/**
 * A micro-cache for guest pages in the one process: a page the web tier marks
 * `Cache-Control: public` and tags with an ETag (entry.server.tsx) is kept in
 * memory for a few seconds and served to the next guests without running the
 * loaders or React again. Directory and profile pages are read far more often
 * than they change, so a 5-second window turns bursts of crawler and guest
 * traffic into one render per page (docs/performance.md). Requests with a view
 * cookie (signed in, or a guest's own announcement bar: server/contract/shared-cache.ts)
 * and anything not public never touch it. Set-Cookie is not stored: a cached
 * answer never hands one visitor's cookies to another.
 *
 * A stored page is byte-identical for every visitor (ADR 143): it carries no CSP nonce (its policy names
 * its inline scripts' hashes), and a page whose policy still names a nonce is never stored. Its brotli and
 * gzip bodies are made once, at the first hit that asks for each, so a hit only picks bytes.
 *
 * One render per page at a time (ADR 150): guests arriving while a page is rendered for the first time wait
 * for that render instead of rendering it again; once a stored page is older than the window, the next guest
 * renders it anew while the others keep getting the stored copy (stale-while-revalidate, at most
 * MICRO_CACHE_STALE_MS past the window, and only while a render runs). And a hit can be served straight on the socket (`serveStored`),
 * before Hono, with a header block made once per stored page.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { carriesViewCookie } from "./contract/shared-cache";
import { encodeWhole, isCompressible, preferredEncoding, type Encoding } from "./ops/compression";
import { PER_ANSWER, prebuiltHead, sendWithHead, type PrebuiltHead } from "./ops/prebuilt-head";

export const MICRO_CACHE_TTL_MS = 5_000;
/**
 * How long past the window a stored page may still be served while its next render runs: only then, and
 * only to guests other than the one who renders it. A render that takes longer makes the page a miss again.
 */
export const MICRO_CACHE_STALE_MS = 30_000;
const MAX_ENTRIES = 2_000;
/** Larger pages are not worth the memory. */
const MAX_BODY_BYTES = 256 * 1024;

/** One stored answer in one encoding: its bytes and the headers a hit goes out with. */
interface Variant {
  body: Uint8Array<ArrayBuffer>;
  headers: Array<[string, string]>;
  /**
   * The response head a hit on the socket goes out with, made and checked once (ADR 165): the status line, the
   * headers above and X-Micro-Cache; sendWithHead adds the request id, Date and the connection lines per answer.
   */
  head: PrebuiltHead;
  /** The 304's (no body, no policy: the browser keeps its copy's), likewise. */
  headNotModified: PrebuiltHead;
}

interface Entry {
  /** Always 200: only such answers are stored. */
  status: number;
  /** The page's path (the key's), for the hit's count in the metrics. */
  path: string;
  etag: string;
  /** The rendered headers (no Set-Cookie, no Content-Length). */
  headers: Array<[string, string]>;
  compressible: boolean;
  /** The rendered bytes; the variants are made from them on first use. */
  identity: Uint8Array<ArrayBuffer>;
  variants: Partial<Record<Encoding | "identity", Variant>>;
  storedAt: number;
}

function isGuestGet(request: Request): boolean {
  return request.method === "GET" && !carriesViewCookie(request.headers.get("cookie")) && !request.headers.has("authorization");
}

/**
 * An answer to a request with a view cookie is that visitor's alone, whatever the page said: a shared cache
 * that missed the CDN rule (ADR 143) must still never keep it.
 */
function keptPrivate(response: Response): Response {
  if (/^\s*public\b/i.test(response.headers.get("cache-control") ?? "")) response.headers.set("Cache-Control", "private, no-cache");
  return response;
}

function weakEqual(a: string, b: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return bare(a) === bare(b);
}

function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  return Boolean(ifNoneMatch) && ifNoneMatch!.split(",").some((tag) => tag.trim() === "*" || weakEqual(tag, etag));
}

const weak = (etag: string) => (etag.startsWith("W/") ? etag : `W/${etag}`);

/** A 304 keeps the browser's copy: no body headers, and no policy (server/host.ts finishResponse). */
const NOT_MODIFIED_DROPS = /^(?:content-type|content-length|content-encoding|content-security-policy)$/i;

function variantOf(entry: Entry, encoding: Encoding | "identity"): Variant {
  const known = entry.variants[encoding];
  if (known) return known;
  const body = encoding === "identity" ? entry.identity : encodeWhole(entry.identity, encoding);
  const headers = entry.headers.filter(([name]) => !/^(?:etag|vary)$/i.test(name));
  const vary = entry.headers.filter(([name]) => /^vary$/i.test(name)).map(([, value]) => value);
  // A cache must keep one copy per Accept-Encoding (and server/ops/compression.ts leaves the answer alone).
  if (entry.compressible) vary.push("Accept-Encoding");
  if (vary.length > 0) headers.push(["Vary", vary.join(", ")]);
  if (encoding !== "identity") headers.push(["Content-Encoding", encoding]);
  // The encoded bytes differ from the identity body's: only a weak validator may stay the same.
  headers.push(["ETag", encoding === "identity" ? entry.etag : weak(entry.etag)], ["Content-Length", String(body.byteLength)]);
  const hit: [string, string] = ["X-Micro-Cache", "hit"];
  const variant: Variant = {
    body,
    headers,
    head: prebuiltHead(entry.status, [...headers, hit]),
    headNotModified: prebuiltHead(304, [...headers.filter(([name]) => !NOT_MODIFIED_DROPS.test(name)), hit]),
  };
  entry.variants[encoding] = variant;
  return variant;
}

function encodingFor(entry: Entry, acceptEncoding: string | null | undefined): Encoding | "identity" {
  return entry.compressible ? (preferredEncoding(acceptEncoding ?? "") ?? "identity") : "identity";
}

/** A request target and host that `new URL` keeps as they are (else the fast path leaves the request to Hono). */
const PLAIN_TARGET = /^\/[\w\-.~/%+,=&?:@!$;*']*$/;
const DOT_SEGMENT = /\/\.\.?(?:\/|\?|$)/;
const PLAIN_HOST = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*(?::(?!80$)[1-9]\d{0,4})?$/;

/** The key the Hono path's `request.url` gives for this node request, when it is certain to be the same. */
function nodeKey(req: IncomingMessage): string | undefined {
  const target = req.url ?? "";
  const host = req.headers.host ?? "";
  if (!PLAIN_TARGET.test(target) || DOT_SEGMENT.test(target) || !PLAIN_HOST.test(host)) return undefined;
  // Any key this builds that differs from new URL(…).href is no stored key: stored keys are such hrefs, and an
  // href parses to itself. So a wrong guess is a miss (the request goes on to Hono), never another page.
  return `http://${host}${target}`;
}

/** Hit ids, UUID-shaped: this process's random first 24 characters and a counter (a fresh UUID cost ~3 µs per hit in the profile; hits log no line). */
const HIT_ID_PREFIX = crypto.randomUUID().slice(0, 24);
let hitSequence = 0;

/** The request id a hit echoes: a sane incoming X-Request-Id (as hono/request-id keeps it), else a new one. */
function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers["x-request-id"];
  if (typeof incoming === "string" && incoming.length > 0 && incoming.length <= 255 && !/[^\w\-=]/.test(incoming)) return incoming;
  hitSequence = (hitSequence + 1) % Number.MAX_SAFE_INTEGER;
  return `${HIT_ID_PREFIX}${hitSequence.toString(16).padStart(12, "0")}`;
}

export function createMicroCache(now: () => number = Date.now) {
  const entries = new Map<string, Entry>();
  /** Renders in flight, per key: what they stored (or nothing, when the answer was not for sharing). */
  const rendering = new Map<string, Promise<Entry | undefined>>();

  /** The stored page for a key if a guest may get it now: fresh, or stale while someone renders it anew. */
  function servable(key: string, at: number): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    const age = at - entry.storedAt;
    if (age < MICRO_CACHE_TTL_MS) return entry;
    if (age < MICRO_CACHE_TTL_MS + MICRO_CACHE_STALE_MS && rendering.has(key)) return entry;
    return undefined;
  }

  function store(key: string, entry: Entry) {
    // Map keeps insertion order: the oldest entry goes first.
    entries.delete(key);
    if (entries.size >= MAX_ENTRIES) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(key, entry);
  }

  function answer(entry: Entry, request: Request, hit: boolean): Response {
    const variant = variantOf(entry, encodingFor(entry, request.headers.get("accept-encoding")));
    const headers = new Headers(variant.headers);
    if (hit) headers.set("X-Micro-Cache", "hit");
    if (matchesEtag(request.headers.get("if-none-match"), entry.etag)) {
      headers.delete("content-type");
      headers.delete("content-length");
      headers.delete("content-encoding");
      return new Response(null, { status: 304, headers });
    }
    // The stored bytes go out as they are: nothing writes into a response body.
    return new Response(variant.body, { status: entry.status, headers });
  }

  /** Renders the page and stores it if it is for sharing; the answer for this request either way. */
  async function renderAndStore(
    key: string,
    request: Request,
    render: () => Promise<Response>,
    settle: (entry: Entry | undefined) => void,
  ) {
    let stored: Entry | undefined;
    // A failed render (an exception, a 5xx) says nothing about the page: the stored copy stays for the guests
    // who wait on the next render. Any other answer that is not for sharing (private now, a 404) replaces it.
    let failed = true;
    try {
      const response = await render();
      failed = response.status >= 500;
      const etag = response.headers.get("etag");
      const cacheControl = response.headers.get("cache-control") ?? "";
      if (response.status !== 200 || !etag || !/^\s*public\b/i.test(cacheControl) || response.headers.has("set-cookie")) return response;
      // A nonce must never reach a second visitor (ADR 143): such a page is answered once, as rendered.
      if (/'nonce-/.test(response.headers.get("content-security-policy") ?? "")) return response;
      // Headers first: reading the body may rebuild the response from its first headers (server/ops/compression.ts).
      // What a hit writes per answer (the request id, Date, the connection) is not kept either.
      const headers: Array<[string, string]> = [...response.headers].filter(
        ([name]) => !/^(?:set-cookie|content-length)$/i.test(name) && !PER_ANSWER.test(name),
      );
      const contentHeaders = new Headers(headers);
      const body = new Uint8Array(await response.arrayBuffer());
      const compressible = isCompressible(contentHeaders, body.byteLength);
      if (body.byteLength > MAX_BODY_BYTES) return new Response(body, { status: response.status, headers });
      const path = new URL(key).pathname;
      stored = { status: response.status, path, etag, headers, compressible, identity: body, variants: {}, storedAt: now() };
      store(key, stored);
      return answer(stored, request, false);
    } finally {
      if (!stored && !failed) entries.delete(key);
      settle(stored);
    }
  }

  return {
    async handle(request: Request, render: () => Promise<Response>): Promise<Response> {
      if (!isGuestGet(request)) {
        const response = await render();
        return carriesViewCookie(request.headers.get("cookie")) ? keptPrivate(response) : response;
      }
      const key = request.url;
      const hit = servable(key, now());
      if (hit) return answer(hit, request, true);
      const inFlight = rendering.get(key);
      if (inFlight) {
        // A first render is under way: its page, when it is one for sharing, serves this guest too.
        const shared = await inFlight;
        if (shared) return answer(shared, request, true);
        return await render();
      }
      let settle!: (entry: Entry | undefined) => void;
      rendering.set(
        key,
        new Promise<Entry | undefined>((resolve) => {
          settle = resolve;
        }),
      );
      return await renderAndStore(key, request, render, (entry) => {
        rendering.delete(key);
        settle(entry);
      });
    },

    /**
     * Answers a guest's GET straight on the socket when its page is stored and servable, before any other
     * work (server/ops/http-server.ts): no Request, no Hono, the variant's head made once (ADR 165); `counted`
     * learns the page's path and whether the answer was a 304. Returns false for anything else, which then
     * takes the whole way through the host (where a stale page is renewed).
     */
    serveStored(req: IncomingMessage, res: ServerResponse, counted?: (path: string, notModified: boolean) => void): boolean {
      if (req.method !== "GET" || req.headers.authorization !== undefined || carriesViewCookie(req.headers.cookie ?? null)) return false;
      if (req.headers["transfer-encoding"] !== undefined || (req.headers["content-length"] ?? "0") !== "0") return false;
      const key = nodeKey(req);
      const entry = key === undefined ? undefined : servable(key, now());
      if (!entry) return false;
      const variant = variantOf(entry, encodingFor(entry, req.headers["accept-encoding"]));
      const notModified = matchesEtag(req.headers["if-none-match"], entry.etag);
      if (notModified) sendWithHead(res, variant.headNotModified, requestIdOf(req));
      else sendWithHead(res, variant.head, requestIdOf(req), variant.body);
      counted?.(entry.path, notModified);
      return true;
    },
  };
}

export type MicroCache = ReturnType<typeof createMicroCache>;
