/**
 * ADR 165: a micro-cache hit goes out with a response head made once (server/ops/prebuilt-head.ts) instead of
 * node:http's writeHead per answer. The oracle is Node itself: for every case the bytes on the wire must be the ones
 * writeHead and end would have sent (the Date line aside, which changes by the second) — keep-alive, a client's
 * Connection: close, HTTP/1.0 with and without keep-alive, HEAD, a 304, pipelined requests behind a slow answer,
 * Expect: 100-continue, and the last request a socket may carry.
 */
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prebuiltHead, sendWithHead } from "#server/ops/prebuilt-head";
import { tuneServer } from "#server/ops/http-server";

const BODY = Buffer.from("<!DOCTYPE html><p>a stored guest page</p>");
const HEADERS: Array<[string, string]> = [
  ["Content-Type", "text/html; charset=utf-8"],
  ["Content-Security-Policy", "default-src 'self'; script-src 'self' 'sha256-abc='"],
  ["Cache-Control", "public, max-age=0, s-maxage=60, must-revalidate"],
  ["ETag", 'W/"v1"'],
  ["Content-Length", String(BODY.byteLength)],
  ["X-Micro-Cache", "hit"],
];
const HEAD = prebuiltHead(200, HEADERS);
const NOT_MODIFIED = prebuiltHead(
  304,
  HEADERS.filter(([name]) => !/^(?:content-type|content-length|content-security-policy)$/i.test(name)),
);

/**
 * One server, two ways to answer the same page: `/made…` through sendWithHead, `/node…` through writeHead and end;
 * `…/304` answers Not Modified; `/slow` answers after 50 ms (so the requests pipelined behind it wait their turn).
 */
function answer(req: IncomingMessage, res: ServerResponse) {
  const target = req.url ?? "";
  const notModified = target.endsWith("/304");
  const id = "req-1";
  if (target === "/slow") {
    setTimeout(() => res.writeHead(200, { "Content-Length": "4" }).end("slow"), 50);
  } else if (target.startsWith("/made")) {
    if (notModified) sendWithHead(res, NOT_MODIFIED, id);
    else sendWithHead(res, HEAD, id, BODY);
  } else {
    const head = notModified ? NOT_MODIFIED : HEAD;
    res.writeHead(head.status, [...head.flat, "X-Request-Id", id]);
    res.end(notModified ? undefined : BODY);
  }
}

let server: Server;
let limited: Server;
beforeAll(async () => {
  server = createServer(answer);
  tuneServer(server);
  limited = createServer(answer);
  tuneServer(limited);
  limited.maxRequestsPerSocket = 2;
  await Promise.all([server, limited].map((s) => new Promise<void>((resolve) => s.listen(0, "127.0.0.1", resolve))));
});
afterAll(async () => {
  for (const s of [server, limited]) {
    s.closeAllConnections();
    s.close();
  }
});

/** Sends raw request bytes on one connection; everything that comes back until the server closes it or 500 ms pass. */
async function exchange(target: Server, raw: string): Promise<{ text: string; closedByServer: boolean }> {
  const socket = connect((target.address() as AddressInfo).port, "127.0.0.1");
  await once(socket, "connect");
  const chunks: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => chunks.push(chunk));
  socket.write(raw);
  const closedByServer = await Promise.race([
    once(socket, "end").then(() => true),
    new Promise<boolean>((r) => setTimeout(() => r(false), 500)),
  ]);
  socket.destroy();
  return {
    text: Buffer.concat(chunks)
      .toString("latin1")
      .replace(/\r\nDate: [^\r]*/g, "\r\nDate: (now)"),
    closedByServer,
  };
}

const get = (path: string, lines: string[] = [], version = "1.1", method = "GET") =>
  [`${method} ${path} HTTP/${version}`, "Host: velora.test", ...lines, "", ""].join("\r\n");

/** The same requests answered both ways: the bytes (and whether the server closed) must be Node's own. */
async function sameAsNode(build: (way: "made" | "node") => string, target = server) {
  const made = await exchange(target, build("made"));
  const node = await exchange(target, build("node"));
  expect(made.text).toBe(node.text);
  expect(made.closedByServer).toBe(node.closedByServer);
  return made;
}

describe("a made head is the head writeHead would have sent", () => {
  it("keeps the connection for the next request, with Node's Keep-Alive line", async () => {
    const { text, closedByServer } = await sameAsNode((way) => get(`/${way}`) + get(`/${way}`));
    expect(text.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    expect(text).toContain("\r\nConnection: keep-alive\r\nKeep-Alive: timeout=65\r\n\r\n");
    expect(text).toContain("\r\nX-Micro-Cache: hit\r\nX-Request-Id: req-1\r\nDate: (now)\r\n");
    expect(closedByServer).toBe(false);
  });

  it("ends the connection after the answer to a request that says Connection: close", async () => {
    const { text, closedByServer } = await sameAsNode((way) => get(`/${way}`, ["Connection: close"]) + get(`/${way}`));
    expect(text.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(1);
    expect(text).toContain("\r\nConnection: close\r\n\r\n");
    expect(closedByServer).toBe(true);
  });

  it("HTTP/1.0: closes without keep-alive, keeps with it — and closes after a 304 there (no length, no chunks)", async () => {
    expect((await sameAsNode((way) => get(`/${way}`, [], "1.0"))).closedByServer).toBe(true);
    const kept = await sameAsNode((way) => get(`/${way}`, ["Connection: keep-alive"], "1.0"));
    expect(kept.closedByServer).toBe(false);
    expect(kept.text).toContain("Connection: keep-alive");
    const notModified = await sameAsNode((way) => get(`/${way}/304`, ["Connection: keep-alive"], "1.0"));
    expect(notModified.text).toContain("Connection: close");
    expect(notModified.closedByServer).toBe(true);
  });

  it("a 304 has no body, and the connection carries the next request", async () => {
    const { text } = await sameAsNode((way) => get(`/${way}/304`) + get(`/${way}`));
    expect(text.startsWith("HTTP/1.1 304 Not Modified\r\n")).toBe(true);
    expect(text.split("HTTP/1.1 304 Not Modified")[1]!.split("HTTP/1.1 200 OK")[0]).toMatch(/\r\n\r\n$/);
    expect(text).not.toMatch(/Content-Length[^]*HTTP\/1\.1 200 OK/);
    expect(text.endsWith(BODY.toString("latin1"))).toBe(true);
  });

  it("HEAD: the head with the length, no body", async () => {
    const { text } = await sameAsNode((way) => get(`/${way}`, [], "1.1", "HEAD") + get(`/${way}`));
    expect(text.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    expect(text.match(/<!DOCTYPE html>/g)).toHaveLength(1);
  });

  it("pipelined behind a slow answer: the answers leave in the order of the requests", async () => {
    const { text } = await sameAsNode((way) => get("/slow") + get(`/${way}/304`) + get(`/${way}`, ["Connection: close"]));
    const order = [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => m[1]);
    expect(order).toEqual(["200", "304", "200"]);
    expect(text.indexOf("slow")).toBeLessThan(text.indexOf("304"));
  });

  it("the last request a socket may carry (maxRequestsPerSocket) says Connection: close, and Keep-Alive names the limit", async () => {
    // (Node itself leaves that socket open and answers a third request 503: the same both ways.)
    const { text } = await sameAsNode((way) => get(`/${way}`) + get(`/${way}`), limited);
    expect(text.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    expect(text.split("HTTP/1.1 200 OK")[1]).toContain("Keep-Alive: timeout=65, max=2");
    expect(text.split("HTTP/1.1 200 OK")[2]).toContain("Connection: close");
  });

  it("a request that expects 100-continue: Node's interim answer, then the same head", async () => {
    const { text } = await sameAsNode((way) => get(`/${way}`, ["Expect: 100-continue", "Content-Length: 0"]));
    expect(text.startsWith("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\n")).toBe(true);
  });

  it("refuses what it cannot send right: a header written per answer, a value with a line break, a body without a length", () => {
    expect(() =>
      prebuiltHead(200, [
        ["Date", "Mon"],
        ["Content-Length", "1"],
      ]),
    ).toThrow(/per answer/);
    expect(() =>
      prebuiltHead(200, [
        ["X-A", "a\r\nSet-Cookie: x=1"],
        ["Content-Length", "1"],
      ]),
    ).toThrow();
    expect(() => prebuiltHead(200, [["Content-Type", "text/html"]])).toThrow(/Content-Length/);
  });
});
