import { fileURLToPath } from "node:url";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));

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
        test: { name: "integration", include: ["tests/{api,host,server}/**/*.test.{ts,tsx}"], isolate: false },
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
