/**
 * The one process's host over the web tier built from the sources (tests/helpers/web-build.ts) and a test
 * runtime's API: the real request pipeline, in-process. `get`/`send` present every request as a browser on
 * `PEER` would: with a Host header, from a TCP peer.
 */
import type { HttpBindings } from "@hono/node-server";
import type { ServerBuild } from "@remix-run/node";
import { createHost, type HostOptions } from "#server/host";
import type { TestRuntime } from "./runtime";
import { loadWebBuild, ROOT_DIR } from "./web-build";

export const PEER = "203.0.113.9";

let built: Promise<ServerBuild> | undefined;
/** The web build, made once per test file. */
export function webBuild(): Promise<ServerBuild> {
  built ??= loadWebBuild().then(({ build }) => build);
  return built;
}

export interface TestHost {
  host: ReturnType<typeof createHost>;
  /** Sends a request to the host as it would arrive from a browser at `PEER`. */
  send(request: Request): Promise<Response>;
  get(path: string, headers?: Record<string, string>): Promise<Response>;
}

export async function createTestHost(
  rt: TestRuntime,
  options: Partial<Omit<HostOptions, "build" | "api">> & { api?: HostOptions["api"]; origin?: string } = {},
): Promise<TestHost> {
  const { origin = options.publicUrl ?? "http://velora.test", api = rt.api, ...rest } = options;
  const host = createHost({ api, build: await webBuild(), mode: "production", rootDir: ROOT_DIR, trustProxy: false, ...rest });
  const bindings = { incoming: { socket: { remoteAddress: PEER } } } as unknown as HttpBindings;
  const send = async (request: Request) => {
    if (!request.headers.has("host")) request.headers.set("host", new URL(request.url).host);
    return await host.fetch(request, bindings);
  };
  return { host, send, get: (path, headers = {}) => send(new Request(`${origin}${path}`, { headers })) };
}
