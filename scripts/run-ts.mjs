// Runs a TypeScript entry point with tsx (used by the db and seed scripts).
import { spawnSync } from "node:child_process";

const [entry, ...args] = process.argv.slice(2);
const result = spawnSync(process.execPath, ["--import", "tsx", entry, ...args], { stdio: "inherit" });
process.exit(result.status ?? 1);
