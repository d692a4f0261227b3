/**
 * Issue 23 item 6 (ADR 060): an answer sent before a large request body was read (a 302, 403, 404, 405 or 413
 * from Remix, the API or the host) either leaves the connection able to carry the next request, or says
 * `Connection: close` and ends the connection cleanly after the whole answer: never a connection that is kept
 * alive and then dropped under the next request, never a reset. On a real HTTP server, with a raw socket
 * sending what a browser sends: a 480 KB form post, then (if the connection stays open) the next request.
 */
import type { Server } from "node:http";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHost } from "#server/host";
import { createLogger } from "#server/ops/logger";
import { createHttpServer } from "#server/ops/http-server";
import { webBuild } from "../helpers/host";
import { ROOT_DIR } from "../helpers/web-build";
import { createTestRuntime, TEST_DB, type TestRuntime } from "../helpers/runtime";

const BODY_BYTES = 480_000;

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

interface Exchange {
  first?: Answer;
  second?: Answer;
  /** The socket ended (FIN from the server) with nothing else after the answers. */
  ended: boolean;
  error?: string;
}

/** One HTTP/1.1 answer at the start of `data` (Content-Length or chunked), or undefined while incomplete. */
function parseAnswer(data: Buffer): { answer: Answer; rest: Buffer } | undefined {
  const headEnd = data.indexOf("\r\n\r\n");
  if (headEnd < 0) return undefined;
  const [statusLine, ...lines] = data.subarray(0, headEnd).toString("latin1").split("\r\n");
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(statusLine!.split(" ")[1]);
  let at = headEnd + 4;
  let body: Buffer = Buffer.alloc(0);
  if (headers["transfer-encoding"] === "chunked") {
    for (;;) {
      const lineEnd = data.indexOf("\r\n", at);
      if (lineEnd < 0) return undefined;
      const size = parseInt(data.subarray(at, lineEnd).toString("latin1"), 16);
      if (data.length < lineEnd + 2 + size + 2) return undefined;
      body = Buffer.concat([body, data.subarray(lineEnd + 2, lineEnd + 2 + size)]);
      at = lineEnd + 2 + size + 2;
      if (size === 0) break;
    }
  } else {
    const length = Number(headers["content-length"] ?? 0);
    if (data.length < at + length) return undefined;
    body = data.subarray(at, at + length);
    at += length;
  }
  return { answer: { status, headers, body: body.toString("utf8") }, rest: data.subarray(at) };
}

/**
 * Sends a POST with a 480 KB form body (written as fast as the socket takes it, as a browser does), reads the
 * answer, and, unless it said Connection: close, sends `GET /healthz` on the same socket and reads that answer.
 */
function postThenNext(port: number, path: string, headers: Record<string, string> = {}): Promise<Exchange> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    const outcome: Exchange = { ended: false };
    let data: Buffer = Buffer.alloc(0);
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(outcome);
    };
    // Long enough for a connection that is kept and then dropped (the bug: after ~0.5 s) to show as such.
    const timer = setTimeout(finish, 3_000);
    socket.on("data", (chunk: Buffer) => {
      data = Buffer.concat([data, chunk]);
      const parsed = parseAnswer(data);
      if (!parsed) return;
      data = parsed.rest;
      if (!outcome.first) {
        outcome.first = parsed.answer;
        if (parsed.answer.headers.connection?.toLowerCase() !== "close") {
          // A browser sends its next request on a kept connection a moment later.
          setTimeout(() => socket.write("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"), 100);
        }
      } else {
        outcome.second = parsed.answer;
        finish();
      }
    });
    socket.on("end", () => {
      outcome.ended = true;
      // Anything after the answers, or a half answer, would be a failure too.
      if (data.length > 0) outcome.error = `ended with ${data.length} unparsed bytes`;
      finish();
    });
    socket.on("error", (error: NodeJS.ErrnoException) => {
      outcome.error ??= error.code ?? error.message;
      finish();
    });
    const head = { host: `127.0.0.1:${port}`, "content-type": "application/x-www-form-urlencoded", ...headers };
    socket.write(
      `POST ${path} HTTP/1.1\r\n${Object.entries(head)
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join("")}content-length: ${BODY_BYTES}\r\n\r\n`,
    );
    socket.write(`text=${"x".repeat(BODY_BYTES - 5)}`);
  });
}

/** The exchange a client can rely on: the whole first answer, then either a served next request or a clean end. */
function expectCleanExchange(exchange: Exchange, status: number) {
  expect(exchange.error, "no reset, no half answer").toBeUndefined();
  expect(exchange.first?.status).toBe(status);
  if (exchange.first?.headers.connection?.toLowerCase() === "close") {
    expect(exchange.ended, "Connection: close, then the server ends the connection").toBe(true);
  } else {
    expect(exchange.second?.status, "the kept connection serves the next request").toBe(200);
  }
}

describe(`answers sent before a large request body was read (${TEST_DB})`, () => {
  let rt: TestRuntime;
  let server: Server;
  let port: number;

  beforeAll(async () => {
    rt = await createTestRuntime();
    const host = createHost({
      api: rt.api,
      build: await webBuild(),
      mode: "production",
      rootDir: ROOT_DIR,
      trustProxy: false,
      // The web tier logs its 404/405 answers to the host's logger (here silent) instead of the console.
      observe: { log: createLogger({ level: "silent" }) },
    });
    server = createHttpServer(host.fetch);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await rt.close();
  });

  it.each([
    ["a page without an action (Remix 405)", "/de", {}, 405],
    ["logout's redirect, which reads no body (Remix 302)", "/de/logout", {}, 302],
    ["a cross-site post (the host's 403)", "/de/login", { origin: "https://elsewhere.example" }, 403],
    ["an unknown API route (404)", "/api/v2/no-such-route", {}, 404],
  ])("%s", async (_name, path, headers, status) => {
    expectCleanExchange(await postThenNext(port, path, headers), status);
  });

  it("a body over the API's limit (413, refused from its Content-Length)", async () => {
    const big = await new Promise<Exchange>((resolve) => {
      // 2 MB announced (the limit is 1 MiB), 480 KB of it sent: the client is still sending when refused.
      const socket = connect(port, "127.0.0.1");
      const outcome: Exchange = { ended: false };
      let data: Buffer = Buffer.alloc(0);
      const timer = setTimeout(() => (socket.destroy(), resolve(outcome)), 3_000);
      socket.on("data", (chunk: Buffer) => {
        data = Buffer.concat([data, chunk]);
        const parsed = parseAnswer(data);
        if (parsed) outcome.first = parsed.answer;
      });
      socket.on("end", () => ((outcome.ended = true), clearTimeout(timer), resolve(outcome)));
      socket.on("error", (error: NodeJS.ErrnoException) => ((outcome.error = error.code), clearTimeout(timer), resolve(outcome)));
      socket.write(
        `POST /oauth/v2/token HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/x-www-form-urlencoded\r\ncontent-length: 2000000\r\n\r\n`,
      );
      socket.write("x".repeat(BODY_BYTES));
    });
    expect(big.error).toBeUndefined();
    expect(big.first?.status).toBe(413);
    expect(big.first?.headers.connection).toBe("close");
    expect(big.ended).toBe(true);
  });

  it("a post whose body is read keeps its connection for the next request", async () => {
    // The login form reads the whole body before it answers (400: no such fields).
    const exchange = await postThenNext(port, "/de/login");
    expect(exchange.error).toBeUndefined();
    expect(exchange.first?.headers.connection).not.toBe("close");
    expect(exchange.second?.status).toBe(200);
  });
});
