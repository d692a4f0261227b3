// For parallel work in one checkout: builds under a lock, then copies the
// build into .snapshots/<name>/ so a server (and Playwright) can run from it
// while others rebuild. Usage: node scripts/build-snapshot.mjs <name>
// then: E2E_APP_DIR=.snapshots/<name> E2E_PORT=<port> npx playwright test <files>
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, rmdirSync, symlinkSync } from "node:fs";
import { resolve } from "node:path";

const name = process.argv[2];
if (!name || !/^[\w-]+$/.test(name)) {
  console.error("usage: node scripts/build-snapshot.mjs <name>");
  process.exit(2);
}
const lock = resolve(".build.lock");
for (let i = 0; ; i++) {
  try {
    mkdirSync(lock);
    break;
  } catch {
    if (i === 0) console.info("waiting for another build to finish…");
    if (i > 1200) throw new Error(`${lock} held for 10 minutes; remove it if stale`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
const target = resolve(".snapshots", name);
try {
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(resolve(target, "server"), { recursive: true });
  cpSync("build", resolve(target, "build"), { recursive: true });
  cpSync("public", resolve(target, "public"), { recursive: true });
  cpSync("server/content", resolve(target, "server/content"), { recursive: true });
  symlinkSync(resolve("node_modules"), resolve(target, "node_modules"));
  console.info(`snapshot ready: ${target}`);
} finally {
  rmdirSync(lock);
}
