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
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts", "tests/fuzz/**/*.test.ts"],
    setupFiles: ["tests/setup/vitest.setup.ts"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
    // Integration suites run once per database: TEST_DB=sqlite|postgres.
    reporters: ["default"],
  },
});
