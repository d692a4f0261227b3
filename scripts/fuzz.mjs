// The bigger run of the no-5xx fuzz test (tests/fuzz/no-5xx.test.ts): many more hostile requests
// against the app in-process on SQLite. Loopback only (no sockets at all), bounded by the run count.
//   node scripts/fuzz.mjs [runs] [seed]      default 3000 runs (6,000 API and 3,000 web-tier requests), random seed
import { spawnSync } from "node:child_process";

const runs = Number(process.argv[2] ?? 3000);
const seed = process.argv[3] ?? String(Math.floor(Math.random() * 2 ** 31));
console.info(`fuzz: ${runs} runs per property, seed ${seed} (repeat a failure with: node scripts/fuzz.mjs ${runs} ${seed})`);
const result = spawnSync("npx", ["vitest", "run", "tests/fuzz"], {
  stdio: "inherit",
  env: { ...process.env, TEST_DB: "sqlite", FUZZ_RUNS: String(runs), FUZZ_SEED: seed },
});
process.exit(result.status ?? 1);
