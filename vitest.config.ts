import { fileURLToPath } from "node:url";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { configDefaults, defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

/** Integration suites that mock a module of the server (the checkout's payment provider registry). */
const MOCKING_SUITES = ["tests/api/checkout/**/*.test.ts"];

export default defineConfig({
  plugins: [vanillaExtractPlugin()],
  resolve: {
    alias: [
      { find: /^~\//, replacement: `${root}app/` },
      { find: /^#server\//, replacement: `${root}server/` },
    ],
  },
  test: {
    // Tests mirror the tree (README "Tests"): api/<group>, web/<feature>, host, server/<area>, fuzz, lint.
    projects: [
      {
        extends: true,
        // The integration suites build everything they use per file (a runtime on a database of its own), so a
        // worker may keep the server's modules loaded between files instead of importing them again for each:
        // importing was more than half of the run's time.
        test: {
          name: "integration",
          include: ["tests/{api,host,server}/**/*.test.{ts,tsx}"],
          exclude: [...configDefaults.exclude, ...MOCKING_SUITES],
          isolate: false,
        },
      },
      {
        extends: true,
        // The few integration suites that replace a module (vi.mock) need their own module registry per file: in
        // the shared one above the real module may already be loaded by another file, and the mock never applies.
        test: { name: "integration-mocking", include: MOCKING_SUITES, isolate: true },
      },
      {
        extends: true,
        // The web tier's tests patch fetch (msw) and module state, the fuzz test mocks modules: fresh per file.
        // The lint tests run ESLint on in-memory sources; they share nothing with the integration runtime.
        test: { name: "web", include: ["tests/{web,fuzz,lint}/**/*.test.{ts,tsx}"] },
      },
    ],
    setupFiles: ["tests/setup/vitest.setup.ts"],
    globalSetup: ["tests/setup/postgres-schemas.ts"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one worker on CI's two. Most files wait on PostgreSQL,
    // Redis, ffmpeg or timers part of the time, so two workers keep both cores busy (CI time, issue 9's bar).
    maxWorkers: 2,
    // Integration suites run once per database: TEST_DB=sqlite|postgres.
    reporters: ["default"],
  },
});
