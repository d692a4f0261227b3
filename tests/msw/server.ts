/**
 * msw for the web tier's unit tests: the v2 API (http://api.test) and the
 * front end's own origin are "outside" the code under test. Tests register
 * their answers with server.use(); anything unregistered fails the test.
 */
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll } from "vitest";

export const API = "http://api.test";
/** The origin of the page the web tier is rendering. */
export const SITE = "http://site.test";

export const server = setupServer();

/** Starts msw for the calling test file, resetting per-test handlers after each test. */
export function listenWithMsw(): void {
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}
