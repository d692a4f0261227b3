/**
 * Issue 9 item 10: beyond a number of requests in flight, or while the event loop lags, new requests are
 * shed at once with 503 + Retry-After (a translated page for documents, the error item for the API),
 * while health checks and build assets still answer.
 */
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { admissionControl } from "#server/ops/admission";

function appWith(options: Parameters<typeof admissionControl>[0]) {
  const gates: Array<() => void> = [];
  const app = new Hono();
  app.use("*", admissionControl(options));
  const slow = () => new Promise<void>((resolve) => gates.push(resolve));
  app.get("/healthz", (c) => c.text("ok"));
  app.get("/api/v2/slow", async (c) => (await slow(), c.json({ ok: true })));
  app.get("/:lang/slow", async (c) => (await slow(), c.text("page")));
  const get = (path: string) => app.fetch(new Request(`http://velora.test${path}`));
  return { get, release: () => gates.splice(0).forEach((open) => open()) };
}

describe("admission control", () => {
  it("sheds what exceeds the requests in flight, with Retry-After, until they finish", async () => {
    const { get, release } = appWith({ maxInFlight: 2, maxEventLoopLagMs: 0 });
    const admitted = [get("/de/slow"), get("/api/v2/slow")];
    await new Promise((resolve) => setTimeout(resolve, 10));
    const page = await get("/de/slow");
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("5");
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(await page.text()).toContain("Gerade sehr viel los");
    const english = await get("/en/slow");
    expect(await english.text()).toContain("Very busy right now");
    const api = await get("/api/v2/slow");
    expect(api.status).toBe(503);
    expect(await api.json()).toMatchObject({ code: 503, errors: [{ key: "exception.common.service_unavailable" }] });
    expect((await get("/healthz")).status, "health checks always answer").toBe(200);
    release();
    expect((await Promise.all(admitted)).map((response) => response.status)).toEqual([200, 200]);
    const after = get("/de/slow");
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    expect((await after).status).toBe(200);
  });

  it("sheds while the event loop lags behind its bound", async () => {
    const { get, release } = appWith({ maxInFlight: 100, maxEventLoopLagMs: 250 });
    // Block the loop for 800 ms (once the delay monitor runs), then let the sampler (every half second) see it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const until = Date.now() + 800;
    while (Date.now() < until) {
      /* busy: a stand-in for a render storm */
    }
    // The sampler's tick that was due during the block runs right after it and sees the lag.
    await new Promise((resolve) => setTimeout(resolve, 50));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const shed = await Promise.race([
      get("/de/slow"),
      new Promise<"waited">((resolve) => (timer = setTimeout(() => resolve("waited"), 2_000))),
    ]);
    clearTimeout(timer);
    expect(shed === "waited" ? "admitted and queued" : shed.status).toBe(503);
    // The next second is calm again: requests are admitted.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const admitted = get("/de/slow");
    await new Promise((resolve) => setTimeout(resolve, 10));
    release();
    expect((await admitted).status).toBe(200);
  });
});
