// Renders the committed list of pages (scripts/page-snapshot-urls.json: every role and area) from two builds
// side by side and compares their HTML, so a structural change can show that page output stayed the same.
//
//   node scripts/build-snapshot.mjs before            # on the old commit: a build copy under .snapshots/before
//   npm run build                                     # on the new commit
//   node scripts/page-snapshot.mjs --before .snapshots/before --after . [--out test-results/page-snapshot]
//
// Both servers start on copies of ONE seeded database (seeded once by the "before" build), and each page is
// fetched from both within the same second, so seed randomness and the clock cannot differ. What changes on every
// render by design is normalized away: CSP nonces, hashed asset file names, the build's manifest version.
// Exit code 1 when any page differs; the differing pages are written to --out as before/after files.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";

const { values: args } = parseArgs({
  options: {
    before: { type: "string" },
    after: { type: "string", default: "." },
    out: { type: "string", default: "test-results/page-snapshot" },
    port: { type: "string", default: "3900" },
  },
});
if (!args.before) {
  console.error("usage: node scripts/page-snapshot.mjs --before <app dir> [--after <app dir>] [--out <dir>] [--port <n>]");
  process.exit(2);
}

const PASSWORD = "demo-pass-2026";
const list = JSON.parse(readFileSync(new URL("./page-snapshot-urls.json", import.meta.url), "utf8"));
const work = resolve("data/page-snapshot");
const out = resolve(args.out);
rmSync(work, { recursive: true, force: true });
rmSync(out, { recursive: true, force: true });
mkdirSync(work, { recursive: true });

function start(appDir, name, port, dataDir) {
  const child = spawn(process.execPath, ["build/server.js"], {
    cwd: resolve(appDir),
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATABASE_URL: `sqlite:${join(dataDir, "db.sqlite")}`,
      MEDIA_DIR: join(dataDir, "media"),
      DEMO_MODE: "1",
      MAX_EVENT_LOOP_LAG_MS: "0",
      METRICS_PORT: "0",
      APP_SECRET: "page-snapshot-secret",
      PUBLIC_URL: "http://127.0.0.1:3000",
      LOG_LEVEL: "warn",
    },
  });
  child.name = name;
  return child;
}

async function ready(port) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`server on ${port} did not get ready`);
}

async function stop(child) {
  if (child.exitCode !== null) return;
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

// One seeded database for both: the "before" build seeds an empty one, then both run on copies.
const seedDir = join(work, "seed");
mkdirSync(seedDir, { recursive: true });
const port = Number(args.port);
const seeding = start(args.before, "seed", port, seedDir);
await ready(port);
await stop(seeding);
for (const side of ["before", "after"]) cpSync(seedDir, join(work, side), { recursive: true });

const servers = {
  before: start(args.before, "before", port + 1, join(work, "before")),
  after: start(args.after, "after", port + 2, join(work, "after")),
};
const ports = { before: port + 1, after: port + 2 };
let differing = 0;
try {
  await Promise.all(Object.values(ports).map(ready));

  async function token(side, username) {
    const response = await fetch(`http://127.0.0.1:${ports[side]}/oauth/v2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "203.0.113.9" },
      body: new URLSearchParams({ grant_type: "password", username, password: PASSWORD }),
    });
    if (!response.ok) throw new Error(`${side}: login as ${username} answered ${response.status}`);
    return (await response.json()).access_token;
  }

  // Everything that differs between two renders of the same page by design: nonces, hashed asset names (route chunks
  // may start with "$"), the manifest version, signed upload tokens, times written by each server's own jobs after it
  // started (epoch milliseconds of this run), and vanilla-extract's class names, which hash the style file's path (a
  // moved file renames its classes): each class token becomes its order of first appearance on the page, so the
  // same classes on the same elements still compare equal and a different class still differs.
  const runStarted = Date.now() - 60_000;
  const normalizeClasses = (html) => {
    const seen = new Map();
    return html.replace(/ class="([^"]*)"/g, (_, list) => {
      const names = list.split(/\s+/).map((name) => {
        if (!/^_[a-z0-9]{5,}$/.test(name)) return name;
        if (!seen.has(name)) seen.set(name, `_c${seen.size}`);
        return seen.get(name);
      });
      return ` class="${names.join(" ")}"`;
    });
  };
  const normalize = (html) =>
    normalizeClasses(
      html
        .replace(/\b1[78]\d{11}\b/g, (ms) => (Number(ms) >= runStarted && Number(ms) <= Date.now() + 60_000 ? "NOW" : ms))
        .replace(/mu1\.\d+\.\d+\.[\w-]+/g, "UPLOAD_TOKEN")
        .replace(/ nonce="[^"]*"/g, ' nonce=""')
        .replace(/(\/build\/[\w/.$()-]*?)-[A-Z0-9]{8}(\.(?:js|css))/g, "$1-HASH$2")
        .replace(/"version": *"[0-9a-f]{8}"/g, '"version":"V"')
        .replace(/manifest-[0-9a-f]{8}\.js/g, "manifest-V.js"),
    );

  const tokens = { before: new Map(), after: new Map() };
  for (const { role, urls } of list.roles) {
    for (const side of ["before", "after"]) if (role !== "guest") tokens[side].set(role, await token(side, role));
    for (const path of urls) {
      const [before, after] = await Promise.all(
        ["before", "after"].map(async (side) => {
          const cookie = role === "guest" ? "" : `tk=${tokens[side].get(role)}; keep_logged_in=1`;
          const response = await fetch(`http://127.0.0.1:${ports[side]}${path}`, {
            headers: { cookie, "x-forwarded-for": "203.0.113.9", "accept-language": "de" },
            redirect: "manual",
          });
          return `${response.status} ${response.headers.get("location") ?? ""}\n${normalize(await response.text())}`;
        }),
      );
      const same = before === after;
      console.info(`${same ? "same     " : "DIFFERENT"} ${role.padEnd(12)} ${path} (${before.split("\n")[0].trim()})`);
      if (!same) {
        differing += 1;
        const file = `${role}${path.replace(/[^\w-]+/g, "_")}`;
        mkdirSync(out, { recursive: true });
        writeFileSync(join(out, `${file}.before.html`), before);
        writeFileSync(join(out, `${file}.after.html`), after);
      }
    }
  }
  const total = list.roles.reduce((sum, { urls }) => sum + urls.length, 0);
  console.info(`\n${total} pages compared, ${differing} differ${differing ? ` (written to ${out})` : ""}`);
} finally {
  await Promise.all(Object.values(servers).map(stop));
  if (existsSync(work)) rmSync(work, { recursive: true, force: true });
}
process.exit(differing ? 1 : 0);
