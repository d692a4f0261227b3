// Debian packages the product and its tests run: Chromium (Playwright drives Debian's browser; its own
// download cannot work here) and ffmpeg/ffprobe (video encoding, ADR 034), Redis and haproxy (npm run cluster, ADR 141). Installs what is missing with
// apt (root or sudo needed). `--only=ffmpeg` checks just that one (npm start).
import { existsSync } from "node:fs";
import { spawnSync } from "node:child_process";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const PACKAGES = [
  { name: "chromium", present: () => existsSync(CHROMIUM), debs: ["chromium", "fonts-dejavu-core"] },
  // Invoice PDFs embed DejaVu Sans for Polish letters (server/modules/invoices/pdf.ts, ADR 077).
  { name: "dejavu", present: () => existsSync("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"), debs: ["fonts-dejavu-core"] },
  { name: "ffmpeg", present: () => existsSync("/usr/bin/ffmpeg") && existsSync("/usr/bin/ffprobe"), debs: ["ffmpeg"] },
  // The realtime bus's Redis Streams adapter is tested against a real Redis (test-all starts one if none runs).
  { name: "redis", present: () => existsSync("/usr/bin/redis-server"), debs: ["redis-server"] },
  // `npm run cluster` puts Debian's haproxy in front of the instances (HTTP/2 with TLS, ADR 141).
  { name: "haproxy", present: () => existsSync("/usr/sbin/haproxy"), debs: ["haproxy"] },
  // The guest-cache bench's HTTP client (scripts/bench-guest-cache.mjs --client wrk, ADR 150): a bench tool, so
  // installed only when asked for (`--only=wrk`), never for npm test.
  { name: "wrk", present: () => existsSync("/usr/bin/wrk"), debs: ["wrk"], onlyWhenAsked: true },
];

const only = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length);
const missing = PACKAGES.filter((pkg) => (only ? pkg.name === only : !pkg.onlyWhenAsked) && !pkg.present());
if (missing.length === 0) process.exit(0);

console.info(`installing Debian's ${missing.map((pkg) => pkg.name).join(" and ")} with apt-get`);
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
run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", ...missing.flatMap((pkg) => pkg.debs)]);
const still = missing.filter((pkg) => !pkg.present());
if (still.length > 0) {
  console.error(`${still.map((pkg) => pkg.name).join(", ")} still missing after install`);
  process.exit(1);
}
