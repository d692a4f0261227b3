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
    // Tests mirror the tree (README "Tests"): api/<group>, web/<feature>, host, server/<area>, fuzz.
    include: ["tests/{api,web,host,server,fuzz}/**/*.test.{ts,tsx}"],
    setupFiles: ["tests/setup/vitest.setup.ts"],
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
