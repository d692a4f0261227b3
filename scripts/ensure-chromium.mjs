// Playwright's own browser download cannot work here; the tests drive
// Debian's Chromium. Installs it with apt when missing (root or sudo needed).
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (existsSync(CHROMIUM)) process.exit(0);

console.info(`${CHROMIUM} not found: installing Debian's chromium with apt-get`);
const asRoot = process.getuid?.() === 0 ? [] : ["sudo"];
const run = (args) => {
  const result = spawnSync(asRoot.length ? asRoot[0] : args[0], asRoot.length ? args : args.slice(1), {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (result.status !== 0) {
    console.error(`failed: ${args.join(" ")}`);
    process.exit(result.status ?? 1);
  }
};
run(["apt-get", "update", "-qq"]);
run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", "chromium", "fonts-dejavu-core"]);
if (!existsSync(CHROMIUM)) {
  console.error(`${CHROMIUM} still missing after install`);
  process.exit(1);
}
