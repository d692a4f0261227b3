/**
 * Error reporting (issue 32 item 3, ADR 133) against a local fake DSN endpoint: a tiny HTTP server that receives the
 * Sentry envelopes. An API 5xx arrives with the request id the logs carry and the environment; nothing personal
 * arrives (e-mail addresses, tokens, cookies, authorization headers, bodies); the trace sample rate is the
 * environment's; without a DSN nothing is sent at all.
 */
import { createServer, type Server } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorEvent } from "@sentry/node";
import {
  createErrorReporter,
  DEPLOY_ENVIRONMENTS,
  errorReportingConfigFrom,
  noErrorReporting,
  scrubEvent,
  TRACE_SAMPLE_RATES,
} from "#server/observability/error-reporting";
import { createLogger } from "#server/ops/logger";
import { createTestRuntime, type TestRuntime } from "../../helpers/runtime";

/** Within this worktree's port range (3440-3449). */
const PORT = 3443;
const DSN = `http://publickey@127.0.0.1:${PORT}/42`;

interface Envelope {
  header: Record<string, unknown>;
  items: Array<{ type: string; payload: Record<string, unknown> }>;
  raw: string;
}

let server: Server;
const envelopes: Envelope[] = [];
const waiters: Array<() => void> = [];

function parseEnvelope(raw: string): Envelope {
  const lines = raw.split("\n").filter((line) => line !== "");
  const header = JSON.parse(lines[0]!) as Record<string, unknown>;
  const items: Envelope["items"] = [];
  for (let i = 1; i + 1 < lines.length; i += 2) {
    const itemHeader = JSON.parse(lines[i]!) as { type: string };
    items.push({ type: itemHeader.type, payload: JSON.parse(lines[i + 1]!) as Record<string, unknown> });
  }
  return { header, items, raw };
}

async function nextEnvelope(count: number): Promise<Envelope> {
  const deadline = Date.now() + 10_000;
  while (envelopes.length < count) {
    if (Date.now() > deadline) throw new Error(`no envelope #${count} within 10 s`);
    await new Promise<void>((resolve) => {
      waiters.push(resolve);
      setTimeout(resolve, 200);
    });
  }
  return envelopes[count - 1]!;
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      const raw = (req.headers["content-encoding"] === "gzip" ? gunzipSync(body) : body).toString("utf8");
      if (req.url?.startsWith("/api/42/envelope/")) envelopes.push(parseEnvelope(raw));
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(PORT, "127.0.0.1", resolve));
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("error reporting", () => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await createTestRuntime();
  });

  it("reports an API 5xx with the request id the logs carry, in its environment, without the caller's token or query", async () => {
    const reporter = createErrorReporter({ dsn: DSN, environment: "staging" });
    rt.deps.errorReporter = reporter;
    // The API's log lines, kept here: the report must carry the same request id.
    const logLines: Array<{ reqId?: string; msg?: string }> = [];
    rt.deps.log = createLogger(
      { level: "error" },
      { write: (line: string) => logLines.push(JSON.parse(line) as { reqId?: string; msg?: string }) },
    );
    const before = envelopes.length;
    // A database that is gone: every request fails inside the API, the unhandled 5xx path.
    await rt.database.close();
    const response = await rt.api.fetch(
      new Request("http://velora.test/api/v2/dashboard/charts?token=s3cr3t-query-token&email=anna@example.com", {
        headers: { authorization: "Bearer abcdefghijklmnopqrstuvwxyz0123456789", cookie: "tk=session-cookie-value" },
      }),
      { remoteAddress: "203.0.113.10", requestId: "req-7f3a2c" },
    );
    expect(response.status).toBe(500);
    await reporter.flush();
    const envelope = await nextEnvelope(before + 1);
    const event = envelope.items.find((item) => item.type === "event")!.payload;
    expect(event.environment).toBe("staging");
    expect(event.tags).toMatchObject({ request_id: "req-7f3a2c", tier: "api" });
    expect(logLines).toEqual([expect.objectContaining({ reqId: "req-7f3a2c", msg: "unhandled API error" })]);
    expect(event.contexts).toMatchObject({ request: { method: "GET", path: "/api/v2/dashboard/charts" } });
    expect(envelope.raw).not.toContain("anna@example.com");
    expect(envelope.raw).not.toContain("s3cr3t-query-token");
    expect(envelope.raw).not.toContain("abcdefghijklmnopqrstuvwxyz0123456789");
    expect(envelope.raw).not.toContain("session-cookie-value");
  });

  it("scrubs e-mail addresses, credentials and token-like strings from what a failure carries", async () => {
    const reporter = createErrorReporter({ dsn: DSN, environment: "production" });
    const before = envelopes.length;
    const error = new Error(
      "mail to anna.schmidt@example.org failed: Bearer eyJhbGciOiJIUzI1NiJ9.payload.sig, reset https://velora.test/de/reset?token=0123456789abcdef0123456789abcdef",
    );
    reporter.capture(error, { tier: "web", requestId: "req-web-1", method: "POST", path: "/de/login" });
    await reporter.flush();
    const envelope = await nextEnvelope(before + 1);
    const event = envelope.items.find((item) => item.type === "event")!.payload as { exception: { values: Array<{ value: string }> } };
    const message = event.exception.values[0]!.value;
    expect(message).toContain("[email]");
    expect(message).toContain("token=[Filtered]");
    expect(message).toContain("Bearer [Filtered]");
    expect(envelope.raw).not.toMatch(/anna\.schmidt@example\.org|eyJhbGciOiJIUzI1NiJ9|0123456789abcdef0123456789abcdef/);
    expect((event as unknown as { tags: Record<string, string> }).tags).toMatchObject({ request_id: "req-web-1", tier: "web" });
  });

  it("drops cookies, authorization headers, bodies (message texts) and the user from an event", () => {
    const event = {
      type: undefined,
      message: "write to max@example.com",
      user: { id: "1", email: "max@example.com", ip_address: "203.0.113.9" },
      request: {
        url: "https://velora.test/api/v2/messenger/send",
        query_string: "token=abc&lang=de",
        cookies: { tk: "secret" },
        headers: { authorization: "Bearer abc", cookie: "tk=secret", "user-agent": "Mozilla/5.0" },
        data: { text: "Hallo, ich bin Anna, meine Nummer ist 0151 1234567" },
      },
      extra: { text: "a private message", nested: { email: "x@y.de", note: "call z@example.net" } },
    } as unknown as ErrorEvent;
    const scrubbed = JSON.stringify(scrubEvent(event));
    expect(scrubbed).not.toMatch(/max@example\.com|x@y\.de|z@example\.net|0151 1234567|a private message|tk=secret|Bearer abc/);
    expect(scrubbed).toContain("lang=de");
    expect(scrubbed).toContain("Mozilla/5.0");
  });

  it("samples traces per environment: lab and itg 1, dev 0, staging 0.5, production 0.01", () => {
    expect(TRACE_SAMPLE_RATES).toEqual({ lab: 1, itg: 1, dev: 0, staging: 0.5, production: 0.01 });
    for (const environment of DEPLOY_ENVIRONMENTS) {
      expect(createErrorReporter({ dsn: DSN, environment }).tracesSampleRate).toBe(TRACE_SAMPLE_RATES[environment]);
    }
    expect(errorReportingConfigFrom({ SENTRY_DSN: DSN }, true).environment).toBe("production");
    expect(errorReportingConfigFrom({ SENTRY_DSN: DSN }, false).environment).toBe("dev");
    expect(errorReportingConfigFrom({ SENTRY_ENVIRONMENT: "itg" }, true).environment).toBe("itg");
    expect(() => errorReportingConfigFrom({ SENTRY_ENVIRONMENT: "prod" }, true)).toThrow(/SENTRY_ENVIRONMENT/);
  });

  it("is off without a DSN: nothing leaves the process", async () => {
    const reporter = createErrorReporter(errorReportingConfigFrom({}, true));
    expect(reporter).toBe(noErrorReporting);
    const before = envelopes.length;
    reporter.capture(new Error("nobody hears this"), { tier: "api" });
    await reporter.flush();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(envelopes.length).toBe(before);
  });
});
