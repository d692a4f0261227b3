import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { encodedAtOnce, encodeOnFirstRead, installRenderMemo, loaderUrlOf, shareLoaderRequest } from "#server/render-memo";

const require = createRequire(import.meta.url);
const runtimeDir = dirname(require.resolve("@remix-run/server-runtime"));
type Loader = (args: { request: Request; context: unknown; params: unknown }) => unknown;
type CallRouteLoader = ((call: Record<string, unknown>) => Promise<unknown>) & { original?: CallRouteLoader };
type Encode = ((data: unknown, signal: AbortSignal, timeout: unknown, mode: unknown) => ReadableStream<Uint8Array>) & { original?: Encode };
const data = require(join(runtimeDir, "data.js")) as { callRouteLoader: CallRouteLoader };
const singleFetch = require(join(runtimeDir, "single-fetch.js")) as { encodeViaTurboStream: Encode };
const responses = require(join(runtimeDir, "responses.js")) as Parameters<typeof shareLoaderRequest>[1];
// The runtime's own functions, whether or not another test file installed the memo in this process.
const originalLoaderCall = data.callRouteLoader.original ?? data.callRouteLoader;
const originalEncode = singleFetch.encodeViaTurboStream.original ?? singleFetch.encodeViaTurboStream;
// The turbo-stream the runtime loads, and its flatten (ADR 172).
const runtimeRequire = createRequire(join(runtimeDir, "single-fetch.js"));
const turboStreamFile = runtimeRequire.resolve("turbo-stream");
type TurboEncode = ((input: unknown, options?: object) => ReadableStream<Uint8Array>) & { original?: TurboEncode };
const turboStream = runtimeRequire(turboStreamFile) as { encode: TurboEncode };
const { flatten } = runtimeRequire(join(dirname(turboStreamFile), "flatten.js")) as { flatten: Parameters<typeof encodedAtOnce>[0] };
const originalTurboEncode = turboStream.encode.original ?? turboStream.encode;

const URLS = [
  "http://127.0.0.1/de/my_notification",
  "http://127.0.0.1/de/my_notification?page=2&filter=unread",
  "http://127.0.0.1/de/escorts?q=a%20b&city=K%C3%B6ln",
  "http://127.0.0.1/de/escorts?flag",
  "http://127.0.0.1/de/escorts?",
  "http://127.0.0.1/de/messenger?index",
  "http://127.0.0.1/de/messenger?index=&index=x&index=&a=1",
  "http://127.0.0.1/de/messenger.data?_routes=root,routes%2F%24lang&x=1",
  "http://127.0.0.1/de/p/demo?a=1&_routes=root&b=%2B+c",
];

/** What a loader receives from a loader call: its request's method, URL and headers. */
async function seen(call: CallRouteLoader, request: Request, singleFetch = true) {
  let got: Request | undefined;
  const loader: Loader = ({ request: r }) => ((got = r), { ok: true });
  const result = await call({ loadContext: {}, loader, params: {}, request, routeId: "routes/x", singleFetch });
  return { result, request: got as Request };
}

describe("a page's loaders share one Request (ADR 166)", () => {
  const shared = shareLoaderRequest(originalLoaderCall as never, responses) as unknown as CallRouteLoader;

  it("strips a URL exactly as the server runtime does", async () => {
    for (const url of URLS) {
      const theirs = await seen(originalLoaderCall, new Request(url));
      expect(loaderUrlOf(url), url).toBe(theirs.request.url);
      const ours = await seen(shared, new Request(url, { headers: { cookie: "tk=1", "x-a": "b" } }));
      expect(ours.request.url, url).toBe(theirs.request.url);
      expect(ours.request.method).toBe("GET");
      expect(ours.request.headers.get("cookie")).toBe("tk=1");
      expect(ours.result).toEqual(theirs.result);
    }
  });

  it("hands every loader of a GET the same Request: the page's own where stripping changes nothing", async () => {
    const plain = new Request("http://127.0.0.1/de/my_dashboard");
    const first = await seen(shared, plain);
    const second = await seen(shared, plain);
    expect(first.request).toBe(plain);
    expect(second.request).toBe(plain);
    const withRoutes = new Request("http://127.0.0.1/de/messenger.data?_routes=root&x=1");
    const a = await seen(shared, withRoutes);
    const b = await seen(shared, withRoutes);
    expect(a.request).not.toBe(withRoutes);
    expect(b.request).toBe(a.request);
    expect(a.request.url).toBe("http://127.0.0.1/de/messenger.data?x=1");
    // The shared copy follows the page's signal, as the runtime's copies do.
    const controller = new AbortController();
    const page = new Request("http://127.0.0.1/de/x?_routes=root", { signal: controller.signal });
    const copy = (await seen(shared, page)).request;
    controller.abort();
    expect(copy.signal.aborted).toBe(true);
  });

  it("leaves other methods and the older data mode to the runtime's own copies", async () => {
    const post = new Request("http://127.0.0.1/de/login", {
      method: "POST",
      body: "a=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    const got = await seen(shared, post);
    expect(got.request).not.toBe(post);
    expect(await got.request.text()).toBe("a=1");
    const older = new Request("http://127.0.0.1/de/login");
    const legacy = await seen(shared, older, false);
    expect(legacy.request).not.toBe(older);
    expect(legacy.result).toBeInstanceOf(Response);
  });

  it("answers as the runtime does for a loader that returns nothing, and for deferred data that redirects", async () => {
    const call = (c: CallRouteLoader, loader: Loader) =>
      c({ loadContext: {}, loader, params: {}, request: new Request("http://127.0.0.1/de/x"), routeId: "routes/x", singleFetch: true });
    const theirs = await call(originalLoaderCall, () => undefined).catch((e: Error) => e.message);
    const ours = await call(shared, () => undefined).catch((e: Error) => e.message);
    expect(ours).toBe(theirs);
    expect(ours).toContain('route "routes/x"');
    const defer = require(join(runtimeDir, "responses.js")).defer as (d: object, init?: ResponseInit) => unknown;
    const redirecting = () => defer({ a: 1 }, { status: 302, headers: { Location: "/de/login" } });
    const [r1, r2] = [(await call(originalLoaderCall, redirecting)) as Response, (await call(shared, redirecting)) as Response];
    expect(r2.status).toBe(r1.status);
    expect(r2.headers.get("location")).toBe(r1.headers.get("location"));
    const plainDefer = () => defer({ a: 1 });
    const [d1, d2] = [
      (await call(originalLoaderCall, plainDefer)) as { data: unknown },
      (await call(shared, plainDefer)) as { data: unknown },
    ];
    expect(d2.constructor).toBe(d1.constructor);
    expect(d2.data).toEqual(d1.data);
  });
});

async function readAll(stream: { getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }> } }) {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    text += decoder.decode(value, { stream: true });
    if (done) return text;
  }
}

describe("a document's loader data, encoded on its first read (ADR 166)", () => {
  const state = () => ({
    loaderData: { root: { lang: "de" }, "routes/$lang": { viewer: { id: 7, name: "Ä <b>" }, at: new Date(0) } },
    actionData: null,
    errors: null,
  });

  it("encodes nothing until it is read, then the same bytes as the runtime", async () => {
    let calls = 0;
    const counting: Encode = (...args) => ((calls += 1), originalEncode(...args));
    const lazy = encodeOnFirstRead(counting);
    const handoff = lazy(state(), new AbortController().signal, 10_000, "production");
    expect(calls).toBe(0);
    const ours = await readAll(handoff);
    expect(calls).toBe(1);
    expect(ours).toBe(await readAll(originalEncode(state(), new AbortController().signal, 10_000, "production")));
    expect(ours).toContain("viewer");
  });

  it("hands the runtime's timer a signal that ends when the data is read to its end", async () => {
    let given: AbortSignal | undefined;
    const watching: Encode = (d, signal, ...rest) => ((given = signal), originalEncode(d, signal, ...rest));
    const handoff = encodeOnFirstRead(watching)(state(), new AbortController().signal, 10_000, "production");
    const reader = handoff.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(given?.aborted).toBe(false);
    expect((await reader.read()).done).toBe(true);
    expect(given?.aborted).toBe(true);
  });

  it("answers a data request's encoding (not a document's state) with the runtime's own stream", async () => {
    const answer = { "routes/$lang": { data: { a: 1 } } };
    const stream = encodeOnFirstRead(originalEncode)(answer, new AbortController().signal, 10_000, "production");
    expect(stream).toBeInstanceOf(ReadableStream);
    expect(await new Response(stream).text()).toBe(
      await new Response(originalEncode(answer, new AbortController().signal, 10_000, "production")).text(),
    );
  });

  it("is installed where the server runtime looks them up", () => {
    expect(installRenderMemo()).toBe(true);
    expect(data.callRouteLoader.original).toBe(originalLoaderCall);
    expect(singleFetch.encodeViaTurboStream.original).toBe(originalEncode);
    expect(turboStream.encode.original).toBe(originalTurboEncode);
  });
});

describe("a document's loader data with nothing deferred, encoded at once (ADR 172)", () => {
  const text = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : new TextDecoder().decode(bytes));
  const plugins = { plugins: [(value: unknown) => (value instanceof Error ? ["SanitizedError", value.message] : undefined)] };
  const values: unknown[] = [
    { loaderData: { root: { lang: "de", origin: "http://x.test" } }, actionData: null, errors: null },
    { a: "Ä <b> \u2028 \" ' ü", when: new Date(0), n: -0, big: 10n, nan: Number.NaN, inf: -Infinity, nothing: undefined },
    {
      shared: [1, 2],
      again: null,
      list: [{ x: 1 }, { x: 1 }],
      set: new Set(["a"]),
      map: new Map([["k", 1]]),
      url: new URL("http://x.test/a"),
    },
    { error: new Error("kaputt"), symbol: Symbol.for("s"), regexp: /a+/g },
    null,
    undefined,
    -1,
    "",
  ];

  it.each(values.map((value) => [value]))("the bytes turbo-stream's stream sends: %o", async (value) => {
    const atOnce = text(encodedAtOnce(flatten, value, plugins));
    expect(atOnce).toBe(await readAll(originalTurboEncode(value, plugins)));
  });

  it("leaves data with a promise in it to turbo-stream's own stream", () => {
    expect(encodedAtOnce(flatten, { later: Promise.resolve(1) })).toBeUndefined();
    expect(encodedAtOnce(flatten, Promise.resolve(1))).toBeUndefined();
  });

  it("through the runtime: a document's handoff is the same bytes, and a data request still gets a stream", async () => {
    expect(installRenderMemo()).toBe(true);
    const lazy = encodeOnFirstRead(originalEncode);
    const state = {
      loaderData: { root: { lang: "pl" }, "routes/$lang": { viewer: { id: 1, at: new Date(5) } } },
      actionData: null,
      errors: null,
    };
    const expected = await readAll(originalEncode(state, new AbortController().signal, 10_000, "production"));
    expect(await readAll(lazy(state, new AbortController().signal, 10_000, "production"))).toBe(expected);
    const deferred = { ...state, loaderData: { root: { later: Promise.resolve("spät") } } };
    const deferredExpected = await readAll(originalEncode({ ...deferred }, new AbortController().signal, 10_000, "production"));
    expect(await readAll(lazy(deferred, new AbortController().signal, 10_000, "production"))).toBe(deferredExpected);
    expect(originalEncode(state, new AbortController().signal, 10_000, "production")).toBeInstanceOf(ReadableStream);
  });
});
