/**
 * Issue 9 item 12: negotiated brotli/gzip for pages, API JSON and locale files (with Vary), and the
 * build's precompressed twins served from disk.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeWhole } from "#server/ops/compression";
import { createTestHost, webBuild } from "../helpers/host";
import { ROOT_DIR } from "../helpers/web-build";
import { createTestRuntime, type TestRuntime } from "../helpers/runtime";

let rt: TestRuntime;
beforeAll(async () => {
  rt = await createTestRuntime();
  // The web build is compiled once per file, here rather than inside the first test's time-out (a loaded machine).
  await webBuild();
}, 300_000);
afterAll(async () => {
  await rt.close();
});

/** A fresh host (its own micro-cache) on `rootDir`; its requests accept the given encodings. */
function hostAt(rootDir = ROOT_DIR) {
  const testHost = createTestHost(rt, { rootDir });
  return async (path: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
    await (await testHost).get(path, acceptEncoding === undefined ? headers : { ...headers, "accept-encoding": acceptEncoding });
}

const bodyOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("compression", () => {
  it("a page in brotli when the browser accepts it, decoding to the same HTML", async () => {
    const get = hostAt();
    const plain = await get("/de/login");
    const br = await get("/de/login", "gzip, deflate, br");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toMatch(/accept-encoding/i);
    // A page is rendered whole (ADR 153) and encoded in one call: its encoded length is known and announced.
    const encoded = await bodyOf(br);
    expect(br.headers.get("content-length")).toBe(String(encoded.byteLength));
    const html = brotliDecompressSync(encoded).toString("utf8");
    expect(html).toMatch(/^<!DOCTYPE html>/i);
    expect(html.length).toBeGreaterThan(2000);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toMatch(/accept-encoding/i);
    // The same page either way (each render has its own nonce).
    const withoutNonce = (page: string) => page.replace(/ nonce="[^"]*"/g, "");
    expect(withoutNonce((await bodyOf(plain)).toString("utf8"))).toBe(withoutNonce(html));
  });

  it("a body encoded whole: brotli quality 4 when it is stored, 2 when it serves one request (ADR 153)", () => {
    const page = Buffer.from(`<!DOCTYPE html><html><body>${"<p>Velora</p>".repeat(400)}</body></html>`);
    const quality = (q: number) =>
      brotliCompressSync(page, {
        params: { [constants.BROTLI_PARAM_QUALITY]: q, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
      });
    const stored = Buffer.from(encodeWhole(page, "br"));
    const perRequest = Buffer.from(encodeWhole(page, "br", "per-request"));
    expect(stored.equals(quality(4))).toBe(true);
    expect(perRequest.equals(quality(2))).toBe(true);
    expect(brotliDecompressSync(perRequest).equals(page)).toBe(true);
    expect(gunzipSync(encodeWhole(page, "gzip", "per-request")).equals(page)).toBe(true);
  });

  it("gzip when brotli is not accepted, or ranked lower", async () => {
    const get = hostAt();
    for (const accept of ["gzip", "br;q=0.5, gzip;q=1"]) {
      const response = await get("/de/login", accept);
      expect(response.headers.get("content-encoding"), accept).toBe("gzip");
      expect(gunzipSync(await bodyOf(response)).toString("utf8")).toMatch(/<html/);
    }
    expect((await get("/de/login", "identity")).headers.get("content-encoding")).toBeNull();
  });

  it("a small API error answer (401, 404) leaves as it is, with its length: no compressor per refusal", async () => {
    const get = hostAt();
    for (const path of ["/api/v2/user/data", "/api/v2/no-such-endpoint"]) {
      const response = await get(path, "gzip, deflate, br");
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.headers.get("content-encoding"), path).toBeNull();
      const body = await bodyOf(response);
      expect(Number(response.headers.get("content-length")), path).toBe(body.length);
      expect(JSON.parse(body.toString("utf8")).errors[0].key, path).toMatch(/^exception\.common\./);
    }
  });

  it("API JSON and the locale files too", async () => {
    const get = hostAt();
    const api = await get("/api/v2/openapi.json", "br");
    expect(api.headers.get("content-encoding")).toBe("br");
    expect(JSON.parse(brotliDecompressSync(await bodyOf(api)).toString("utf8"))).toHaveProperty("openapi");
    const locale = await get("/public/locales/de/common.json", "br");
    expect(locale.headers.get("content-encoding")).toBe("br");
    expect(JSON.parse(brotliDecompressSync(await bodyOf(locale)).toString("utf8"))).toHaveProperty("error_page");
  });

  it("a compressed page's validator is weak, and still answers If-None-Match with 304", async () => {
    const get = hostAt();
    const first = await get("/de/escorts", "br");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^W\//);
    const again = await hostAt()("/de/escorts", "br", { "if-none-match": etag! });
    // A fresh render (another process, or after the micro-cache window): the same bytes, the same validator.
    expect(again.status).toBe(304);
    expect(again.headers.get("content-security-policy"), "a 304 keeps the stored policy").toBeNull();
  });

  it("public files keep their hour of caching", async () => {
    const response = await hostAt()("/favicon.svg", "br");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
  });

  it("compresses a public file without keeping its identity length (a client would wait for the missing bytes)", async () => {
    const root = mkdtempSync(join(tmpdir(), "velora-public-"));
    mkdirSync(join(root, "public/scripts"), { recursive: true });
    const source = "window.answer = 42;\n".repeat(200);
    writeFileSync(join(root, "public/scripts/list.js"), source);
    const response = await hostAt(root)("/scripts/list.js", "br");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    const body = await bodyOf(response);
    const length = response.headers.get("content-length");
    expect(length === null || Number(length) === body.length, `content-length ${length} for ${body.length} bytes`).toBe(true);
    expect(brotliDecompressSync(body).toString()).toBe(source);
  });

  it("leaves tiny answers alone", async () => {
    const response = await hostAt()("/healthz", "br");
    expect(response.headers.get("content-encoding")).toBeNull();
  });

  it("serves the build's precompressed twin from disk, never compressing it again", async () => {
    const root = mkdtempSync(join(tmpdir(), "velora-precompressed-"));
    mkdirSync(join(root, "public/build"), { recursive: true });
    const source = "export const answer = 42;\n".repeat(200);
    writeFileSync(join(root, "public/build/app-ABC.js"), source);
    const twin = brotliCompressSync(source);
    writeFileSync(join(root, "public/build/app-ABC.js.br"), twin);
    const response = await hostAt(root)("/build/app-ABC.js", "br, gzip");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-encoding")).toBe("br");
    expect(response.headers.get("cache-control")).toMatch(/immutable/);
    expect((await bodyOf(response)).equals(twin)).toBe(true);
    const identity = await hostAt(root)("/build/app-ABC.js");
    expect((await bodyOf(identity)).toString("utf8")).toBe(source);
  });
});
