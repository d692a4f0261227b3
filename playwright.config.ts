import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3300);
/**
 * Specs that move the server's clock (POST /api/v2/dev/clock) run against a server of their own: a jump of half
 * an hour would expire another test's captcha or upload token on the shared one.
 */
const CLOCK_PORT = PORT + 1;
const CLOCK_SPECS = /(dates|payouts|event-attendance)\.spec\.ts$/;
/** The payouts spec moves the shared clock server two weeks on: it runs after the dates spec, never beside it. */
const LONG_CLOCK_SPECS = /payouts\.spec\.ts$/;
/**
 * The event attendance spec moves the clock past its event's end: beside the dates spec, whose jumps of days would
 * carry its event past its start, it fails. It runs after the dates spec and before the payouts spec, alone.
 */
const EVENT_CLOCK_SPECS = /event-attendance\.spec\.ts$/;
/** Specs whose every test is @js and opens its own JavaScript context: the js project runs them; once is enough. */
const JS_ONLY_SPECS = /(messenger-live|unlocks-live|checkout-js|live-media-js|live-flow)\.spec\.ts$/;
const PHONE = { width: 390, height: 844 };
/**
 * The e2e servers are demos (DEMO_MODE=1) whose dev routes (mailbox, dev clock, test routes) also ask for a key
 * (ADR 060): given to the servers here, and sent by every browser and request context of the run.
 */
const DEV_ROUTES_KEY = process.env.DEV_ROUTES_KEY ?? "e2e-dev-routes-key-0123456789abcdef";

/** Debian's Chromium (scripts/ensure-system-packages.mjs); Playwright's download cannot work here. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [["list"]],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromium,
    trace: "off",
    locale: "de-DE",
    extraHTTPHeaders: { "x-dev-key": DEV_ROUTES_KEY },
  },
  projects: [
    // The main flows, as a member on a phone with JavaScript off (and as QA runs them).
    { name: "no-js", testIgnore: [CLOCK_SPECS, JS_ONLY_SPECS], use: { javaScriptEnabled: false, viewport: PHONE } },
    { name: "js", testIgnore: CLOCK_SPECS, use: { javaScriptEnabled: true, viewport: { width: 1280, height: 800 } }, grep: /@js/ },
    {
      name: "clock",
      testMatch: CLOCK_SPECS,
      testIgnore: [LONG_CLOCK_SPECS, EVENT_CLOCK_SPECS],
      use: { baseURL: `http://127.0.0.1:${CLOCK_PORT}`, javaScriptEnabled: false, viewport: PHONE },
    },
    {
      name: "clock-events",
      testMatch: EVENT_CLOCK_SPECS,
      dependencies: ["clock"],
      use: { baseURL: `http://127.0.0.1:${CLOCK_PORT}`, javaScriptEnabled: false, viewport: PHONE },
    },
    {
      name: "clock-long",
      testMatch: LONG_CLOCK_SPECS,
      dependencies: ["clock-events"],
      use: { baseURL: `http://127.0.0.1:${CLOCK_PORT}`, javaScriptEnabled: false, viewport: PHONE },
    },
  ],
  webServer: [PORT, CLOCK_PORT].map((port) => ({
    command: "node scripts/e2e-server.mjs",
    url: `http://127.0.0.1:${port}/de`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(port), DEV_ROUTES_KEY },
  })),
});
