/**
 * Bad input is a 4xx, never a 5xx (issue 9 item 8). Hostile requests against
 * the real app in-process: the host (server/host.ts) with the Remix web tier
 * built from the sources and the v2 API on SQLite.
 * - API: every operation of /api/v2/openapi.json, with bodies drawn from its
 *   schema and then broken (wrong types, missing and extra fields, huge and
 *   unicode strings), broken JSON, wrong content types and odd headers.
 * - Web tier: every route, POSTed to with hostile forms, broken multipart,
 *   JSON and no content type, and read with hostile paths and queries.
 * `npm test` runs a bounded sample; `node scripts/fuzz.mjs` runs a bigger one
 * (FUZZ_RUNS, FUZZ_SEED).
 */
import { once } from "node:events";
import type { Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import fc from "fast-check";
import { serve } from "@hono/node-server";
import type { HttpBindings } from "@hono/node-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_MAX_BODY_BYTES } from "#server/api/router";
import { createHost } from "#server/host";
import { createTestRuntime, createUser, type TestRuntime } from "../helpers/runtime";
import { loadWebBuild, ROOT_DIR, type WebRoute } from "../helpers/web-build";

/** Requests per property: 400 to the API and 200 to the web tier in `npm test` (about 15 s). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
/** Time for one property: generous for the bigger run of scripts/fuzz.mjs. */
const PROPERTY_TIMEOUT_MS = Math.max(120_000, RUNS * 300);
/** Fixed in `npm test` so a run is repeatable; scripts/fuzz.mjs draws a new one each time. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const ORIGIN = "http://velora.test";

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  format?: string;
};
interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  contentType?: string;
  schema?: Schema;
}

// ---- values ---------------------------------------------------------------

const hugeString = fc.constantFrom("x".repeat(100_000), "ä".repeat(5_000), "🙂".repeat(3_000), "a".repeat(4_000));
const oddString = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "\uFFFF",
  "\uD800",
  "%",
  "%zz",
  "../..",
  "<script>",
  "null",
  "0",
  "-1",
  "1e309",
  "NaN",
  "€€€",
  "\u202E",
  "a\r\nb",
);
const hostileString = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  oddString,
  hugeString,
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom([], {}, [null], { a: { b: { c: [] } } }, -0, Number.MAX_SAFE_INTEGER + 2),
);

/** A value shaped by the schema (usually), or a hostile one of any type. */
function fromSchema(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return hostileValue;
  const variants = schema.anyOf ?? schema.oneOf;
  let shaped: fc.Arbitrary<unknown>;
  if (variants?.length) shaped = fc.oneof(...variants.map((s) => fromSchema(s, depth + 1)));
  else if (schema.const !== undefined) shaped = fc.constant(schema.const);
  else if (schema.enum?.length) shaped = fc.constantFrom(...schema.enum);
  else {
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case "object": {
        const props = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, fromSchema(s, depth + 1)]));
        // Any field may be missing; extra fields ride along.
        shaped = fc
          .tuple(fc.record(props, { requiredKeys: [] }), fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 2 }))
          .map(([known, extra]) => ({ ...extra, ...known }));
        break;
      }
      case "array":
        shaped = fc.array(fromSchema(schema.items, depth + 1), { maxLength: 4 });
        break;
      case "integer":
      case "number":
        shaped = fc.oneof(
          fc.integer({ min: Math.max(schema.minimum ?? -1000, -1e9), max: Math.min(schema.maximum ?? 1000, 1e9) }),
          fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, 1.5),
        );
        break;
      case "boolean":
        shaped = fc.boolean();
        break;
      case "string":
        shaped = fc.oneof(
          fc.string({ maxLength: Math.min(schema.maxLength ?? 30, 30) }),
          schema.format === "email" ? fc.emailAddress() : fc.string({ unit: "grapheme", maxLength: 20 }),
        );
        break;
      default:
        shaped = hostileValue;
    }
  }
  return fc.oneof({ weight: 4, arbitrary: shaped }, { weight: 1, arbitrary: hostileValue });
}

const pathValue = fc.oneof(
  fc.constantFrom("demo", "1", "abc", "DE", "de", "berlin", "escort", "AB12CD34"),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.constantFrom("a".repeat(4_000), "%00", "%E0%A4%A", "..", "%2F", "€", "ß", "favicon.ico", " ", "-1", "9".repeat(30)),
);
/** Encoded as a browser would, or raw (broken escapes reach the server as they are). */
const encodedPathValue = fc
  .tuple(pathValue, fc.boolean())
  .map(([value, raw]) => (raw && /^[\x21-\x7e]*$/.test(value) ? value : encodeURIComponent(value)));

const contentTypes = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=xyz",
  "text/plain",
  "application/xml",
  "image/png",
  "; ;",
  "",
);

const oddHeaders = fc.record(
  {
    "accept-language": fc.constantFrom("de", "xx", "*", "de-DE,de;q=0.9", "\u00e4\u00ff", "a".repeat(500), ";q=x"),
    accept: fc.constantFrom("application/json", "text/html", "*/*", "image/*", "x/y;q=0"),
    authorization: fc.constantFrom("Bearer", "Bearer x", "Basic Zm9vOmJhcg==", "Bearer " + "a".repeat(2_000), "bearer %00"),
    cookie: fc.constantFrom(
      "tk=%%%",
      "tk=; tk_expired_at=NaN; keep_logged_in=maybe",
      "language=xx; user_filters=%7B%7D",
      "km_ff=" + "a".repeat(2_000),
      "a=b=c;;;",
    ),
    "x-forwarded-for": fc.constantFrom("not-an-ip", "1.2.3.4, 5.6.7.8", "::1", "999.999.999.999", ""),
    "if-none-match": fc.constantFrom('"x"', "*", "W/"),
    // Foreign and malformed origins too: the host's origin check (issue 9 item 3) answers 403 before Remix runs.
    origin: fc.constantFrom(ORIGIN, `${ORIGIN}/`, "https://evil.example", "null", "garbage"),
    "sec-fetch-site": fc.constantFrom("same-origin", "cross-site", "none", "weird"),
  },
  { requiredKeys: [] },
);

/** A raw body: JSON of the value, broken JSON, a form, broken multipart or nothing. */
function bodyFor(value: unknown, kind: number): string | FormData | undefined {
  switch (kind) {
    case 0:
      return JSON.stringify(value);
    case 1:
      return JSON.stringify(value).slice(0, -1) + "\u0000";
    case 2:
      return value && typeof value === "object"
        ? new URLSearchParams(Object.entries(value).map(([k, v]) => [k, String(v)])).toString()
        : "a=%zz&&=";
    case 3: {
      const form = new FormData();
      if (value && typeof value === "object")
        for (const [k, v] of Object.entries(value)) form.append(k, typeof v === "string" ? v : (JSON.stringify(v) ?? ""));
      form.append("files", new File([new Uint8Array([0xff, 0xd8, 0xff, 0x00])], "x.jpg", { type: "image/jpeg" }));
      return form;
    }
    case 4:
      return '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--xy';
    default:
      return undefined;
  }
}

// ---- the app ----------------------------------------------------------------

describe("no request gets a 5xx (fuzz, in-process, SQLite)", () => {
  let rt: TestRuntime;
  let send: (request: Request) => Promise<Response>;
  let hostFetch: ReturnType<typeof createHost>["fetch"];
  let operations: Operation[];
  let webRoutes: WebRoute[];
  let token: string;
  let ipCounter = 0;
  const freshIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

  beforeAll(async () => {
    rt = await createTestRuntime();
    const { build, routes } = await loadWebBuild();
    webRoutes = routes;
    const host = createHost({ api: rt.api, build, mode: "production", rootDir: ROOT_DIR, trustProxy: true });
    // Node's server always has a Host header (Remix's own CSRF check compares Origin with it).
    hostFetch = host.fetch;
    send = async (request) => {
      if (!request.headers.has("host")) request.headers.set("host", new URL(request.url).host);
      return host.fetch(request, {} as HttpBindings);
    };
    const user = await createUser(rt);
    const login = await send(
      new Request(`${ORIGIN}/oauth/v2/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "password", username: user.username, password: user.password }),
      }),
    );
    token = ((await login.json()) as { access_token: string }).access_token;
    const openapi = (await (await send(new Request(`${ORIGIN}/api/v2/openapi.json`))).json()) as {
      paths: Record<
        string,
        Record<string, { parameters?: Array<{ name: string; in: string }>; requestBody?: { content: Record<string, { schema: Schema }> } }>
      >;
    };
    operations = Object.entries(openapi.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => {
        const [contentType, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
        return {
          method: method.toUpperCase(),
          path,
          pathParams: (op.parameters ?? []).filter((p) => p.in === "path").map((p) => p.name),
          queryParams: (op.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name),
          contentType,
          schema: media?.schema,
        };
      }),
    );
  }, 120_000);
  afterAll(async () => {
    await rt?.close();
  });

  /** Sends, reads the whole answer, and says what was sent when the answer is a 5xx. */
  async function attempt(request: Request, describeIt: string): Promise<boolean> {
    const headers = JSON.stringify(Object.fromEntries(request.headers));
    const response = await send(request);
    await response.arrayBuffer();
    if (response.status >= 500) throw new Error(`${response.status} for ${describeIt} ${headers.slice(0, 600)}`);
    return true;
  }

  beforeEach(() => {
    // Remix logs some 4xx answers (405 for a POST without an action, an undecodable path) as errors.
    // Here the status is what counts, and every 5xx fails the property above.
    vi.mocked(console.error).mockImplementation(() => {});
    vi.spyOn(console, "warn").mockImplementation(() => {});
    vi.spyOn(console, "info").mockImplementation(() => {});
  });

  it("covers every API operation and every web route", () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(webRoutes.filter((r) => r.hasAction).length).toBeGreaterThanOrEqual(14);
  });

  it(
    "API: every operation of openapi.json with hostile input",
    async () => {
      const requests = fc.constantFrom(...operations).chain((op) =>
        fc.record({
          op: fc.constant(op),
          method: fc.oneof(
            { weight: 6, arbitrary: fc.constant(op.method) },
            { weight: 1, arbitrary: fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH") },
          ),
          params: fc.array(encodedPathValue, { minLength: op.pathParams.length, maxLength: op.pathParams.length }),
          query: fc.dictionary(fc.constantFrom(...op.queryParams, "x", "lang", "page", "limit[]"), hostileString, { maxKeys: 3 }),
          value: fromSchema(op.schema),
          bodyKind: fc.oneof(
            { weight: 5, arbitrary: fc.constant(op.contentType === "application/x-www-form-urlencoded" ? 2 : 0) },
            { weight: 3, arbitrary: fc.integer({ min: 0, max: 5 }) },
          ),
          contentType: fc.oneof({ weight: 3, arbitrary: fc.constant(op.contentType ?? "") }, { weight: 1, arbitrary: contentTypes }),
          headers: oddHeaders,
          signedIn: fc.boolean(),
        }),
      );
      await fc.assert(
        fc.asyncProperty(requests, async ({ op, method, params, query, value, bodyKind, contentType, headers, signedIn }) => {
          let path = op.path;
          op.pathParams.forEach((name, i) => (path = path.replace(`{${name}}`, params[i]!)));
          const search = new URLSearchParams(Object.entries(query)).toString();
          const init: RequestInit & { headers: Record<string, string> } = { method, headers: { ...headers, "x-forwarded-for": freshIp() } };
          if (signedIn) init.headers.authorization = `Bearer ${token}`;
          const body = method === "GET" || method === "HEAD" ? undefined : bodyFor(value, bodyKind);
          if (body !== undefined) {
            init.body = body;
            if (!(body instanceof FormData)) init.headers["content-type"] = contentType;
          }
          return attempt(new Request(`${ORIGIN}${path}${search ? `?${search}` : ""}`, init), `${method} ${path}?${search} ${contentType}`);
        }),
        { numRuns: RUNS * 2, seed: SEED },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "web tier: every route, posted to with hostile forms and content types, and read with hostile paths",
    async () => {
      const fieldNames = fc.constantFrom(
        "username",
        "password",
        "r",
        "intent",
        "email",
        "captcha_id",
        "captcha_answer",
        "captcha_pow",
        "website_url",
        "code",
        "phone",
        "files",
        "gender",
        "_data",
        "x",
      );
      const requests = fc.constantFrom(...webRoutes.filter((r) => r.pattern !== "/")).chain((route) => {
        const names = [...route.pattern.matchAll(/:(\w+)\??|\*/g)].map((m) => m[0]);
        return fc.record({
          route: fc.constant(route),
          values: fc.array(
            fc.oneof(
              { weight: 3, arbitrary: fc.constant("de") },
              { weight: 4, arbitrary: encodedPathValue },
              { weight: 1, arbitrary: fc.constant("") },
            ),
            {
              minLength: names.length,
              maxLength: names.length,
            },
          ),
          method: fc.oneof(
            { weight: 4, arbitrary: fc.constant("POST") },
            { weight: 2, arbitrary: fc.constant("GET") },
            { weight: 1, arbitrary: fc.constantFrom("PUT", "DELETE", "PATCH") },
          ),
          suffix: fc.constantFrom("", "", "", ".data", "?_data=root", "?index"),
          query: fc.dictionary(fc.constantFrom("r", "reason", "page", "q", "token", "city", "intent"), hostileString, { maxKeys: 2 }),
          form: fc.dictionary(fieldNames, hostileString, { maxKeys: 5 }),
          bodyKind: fc.integer({ min: 0, max: 5 }),
          contentType: fc.oneof(
            { weight: 2, arbitrary: fc.constant("application/x-www-form-urlencoded") },
            { weight: 2, arbitrary: contentTypes },
          ),
          headers: oddHeaders,
          signedIn: fc.boolean(),
        });
      });
      await fc.assert(
        fc.asyncProperty(requests, async ({ route, values, method, suffix, query, form, bodyKind, contentType, headers, signedIn }) => {
          let i = 0;
          const path = route.pattern.replace(/:(\w+)\??|\*/g, () => values[i++]!).replace(/\/+/g, "/");
          const search = new URLSearchParams(Object.entries(query)).toString();
          const url = `${ORIGIN}${path}${suffix}${search ? `${suffix.includes("?") ? "&" : "?"}${search}` : ""}`;
          const init: RequestInit & { headers: Record<string, string> } = { method, headers: { ...headers, "x-forwarded-for": freshIp() } };
          if (signedIn) init.headers.cookie = `tk=${token}; ${init.headers.cookie ?? ""}`;
          const body = method === "GET" ? undefined : bodyFor(form, bodyKind === 0 ? 2 : bodyKind);
          if (body !== undefined) {
            init.body = body;
            if (!(body instanceof FormData)) init.headers["content-type"] = contentType;
          }
          return attempt(new Request(url, init), `${method} ${url} ${contentType} ${typeof body === "string" ? body.slice(0, 80) : ""}`);
        }),
        { numRuns: RUNS, seed: SEED },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it("the named cases of issue 9: JSON, broken multipart and no content type to every form action; a unicode r; a huge username", async () => {
    const statuses: string[] = [];
    for (const route of webRoutes.filter((r) => r.hasAction)) {
      const path = route.pattern.replace(/:lang/, "de").replace(/:(\w+)\??|\*/g, "abc");
      for (const [type, body] of [
        ["application/json", '{"username":"a"}'],
        ["multipart/form-data; boundary=xyz", "--xyz\r\nbroken"],
        ["", "username=a"],
      ] as const) {
        const headers: Record<string, string> = { origin: ORIGIN, "x-forwarded-for": freshIp() };
        if (type) headers["content-type"] = type;
        const response = await send(new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: type ? body : new Blob([body]) }));
        await response.arrayBuffer();
        statuses.push(`${route.id} ${type || "(none)"} ${response.status}`);
      }
    }
    expect(statuses.filter((s) => / 5\d\d$/.test(s))).toEqual([]);
    // Login reads its form: JSON and no content type are 415, broken multipart 400.
    expect(statuses.filter((s) => s.startsWith("routes/$lang.login "))).toEqual([
      "routes/$lang.login application/json 415",
      "routes/$lang.login multipart/form-data; boundary=xyz 400",
      "routes/$lang.login (none) 415",
    ]);

    const user = await createUser(rt);
    const login = await send(
      new Request(`${ORIGIN}/de/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, "x-forwarded-for": freshIp() },
        body: new URLSearchParams({ username: user.username, password: user.password, r: "/de/€-ł-🙂" }),
      }),
    );
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/de/%E2%82%AC-%C5%82-%F0%9F%99%82");

    const longName = await send(new Request(`${ORIGIN}/de/p/${"a".repeat(4_000)}`));
    expect(longName.status).toBeLessThan(500);
    expect(longName.headers.get("location")).toBe("/de/error/404?reason=username_invalid");

    for (const status of [201, 409]) {
      const response = await send(
        new Request(`${ORIGIN}/api/v2/dev/invitation-codes`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: '{"code":"FUZZDUPE1"}',
        }),
      );
      expect(response.status).toBe(status);
    }
  });

  it("answers a body over the limit with 413 and Connection: close, and ends the connection", async () => {
    const server = serve({ fetch: hostFetch, port: 0, hostname: "127.0.0.1" }) as Server;
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    try {
      const socket = connect(port, "127.0.0.1");
      await once(socket, "connect");
      const declared = DEFAULT_MAX_BODY_BYTES * 2;
      socket.write(
        `POST /api/v2/registration/password/forgot HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`,
      );
      socket.write("x".repeat(64 * 1024));
      let received = "";
      socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
      // The server half-closes after the answer (FIN), without waiting for the rest of the body.
      await Promise.race([
        once(socket, "end"),
        new Promise((_, reject) => setTimeout(() => reject(new Error(`no FIN; got ${received}`)), 5_000)),
      ]);
      socket.destroy();
      expect(received).toMatch(/^HTTP\/1\.1 413 /);
      expect(received.toLowerCase()).toContain("\r\nconnection: close\r\n");
      expect(received.toLowerCase()).not.toContain("keep-alive");
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
