// `npm run staff:create` / `npm run demo:remove`: the built command (build/accounts-cli.js, from `npm run build`) on a
// production install, which has no dev dependencies; the TypeScript source through tsx before the first build.
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

const args = process.argv.slice(2);
const command = existsSync("build/accounts-cli.js")
  ? [process.execPath, ["build/accounts-cli.js", ...args]]
  : [process.execPath, ["--import", "tsx", "server/ops/accounts-cli.ts", ...args]];
const result = spawnSync(command[0], command[1], { stdio: "inherit" });
process.exit(result.status ?? 1);
