// Where a server's CPU went, from a `node --cpu-prof` profile (issue 33 item 4, ADR 148):
//   node scripts/cpu-profile-summary.mjs PROFILE.cpuprofile [--skip-seconds 20 | --last-seconds 12] [--requests N]
// Prints (1) self time by package or file (node_modules/<pkg>, build/index.js = web tier, build/server.js = API and
// host, node:internal, GC, idle left out), and (2) inclusive time of a few parts a signed-in page pays for, found by
// the function names on the stack (a sample counts once per part however deep it nests). --skip-seconds leaves out
// the start (seed, JIT); --requests divides busy time by the pages served (ms per page).
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { "skip-seconds": { type: "string", default: "0" }, "last-seconds": { type: "string" }, requests: { type: "string" } },
});
const profile = JSON.parse(readFileSync(positionals[0], "utf8"));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

function packageOf(url) {
  if (!url) return null;
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.endsWith("build/index.js")) return "web tier (build/index.js)";
  if (url.endsWith("build/server.js")) return "API and host (build/server.js)";
  if (url.startsWith("node:")) return "node:internal";
  return url.replace(/^file:\/\/.*\//, "");
}

/** Inclusive parts: a sample belongs to a part when a frame on its stack matches. */
const PARTS = [
  [
    "React server render (renderToPipeableStream's work)",
    (f) => f.url.includes("react-dom") && /render|performWork|retryTask/i.test(f.functionName),
  ],
  [
    "Remix/React Router Link (LinkWithRef, useHref, useResolvedPath)",
    (f) => /^(LinkWithRef|useHref|useResolvedPath|NavLinkWithRef|useLinkClickHandler|usePrefetchBehavior)$/.test(f.functionName),
  ],
  [
    "Kysely building and compiling statements",
    (f) => f.url.includes("/kysely/") && /compile|toOperationNode|visit|createQueryId|select|where/i.test(f.functionName),
  ],
  ["SQLite statements run (better-sqlite3)", (f) => f.url.includes("better-sqlite3")],
  ["in-process API calls (Hono app fetch)", (f) => f.url.includes("/hono/") && /dispatch|fetch/.test(f.functionName)],
  ["turbo-stream / single fetch encode", (f) => f.url.includes("turbo-stream")],
  ["logging (pino)", (f) => f.url.includes("/pino")],
  ["JSON.parse / stringify", (f) => /^(parse|stringify)$/.test(f.functionName) && !f.url],
];

// --last-seconds N: only the profile's last N seconds (the measured run of scripts/bench-signedin.mjs --prof).
const startUs = values["last-seconds"]
  ? profile.endTime - Number(values["last-seconds"]) * 1e6
  : profile.startTime + Number(values["skip-seconds"]) * 1e6;
const self = new Map();
const parts = new Map(PARTS.map(([name]) => [name, 0]));
let busy = 0;
let t = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i] ?? 0;
  t += dt;
  if (t < startUs) continue;
  const node = byId.get(profile.samples[i]);
  const name = node.callFrame.functionName;
  if (name === "(idle)" || name === "(program)") continue;
  busy += dt;
  const key = name === "(garbage collector)" ? "GC" : (packageOf(node.callFrame.url) ?? `(${name || "native"})`);
  self.set(key, (self.get(key) ?? 0) + dt);
  const seen = new Set();
  for (let id = node.id; id !== undefined; id = parent.get(id)) {
    const frame = byId.get(id).callFrame;
    for (const [part, test] of PARTS) if (!seen.has(part) && test(frame)) seen.add(part);
  }
  for (const part of seen) parts.set(part, parts.get(part) + dt);
}

const ms = (us) => (us / 1000).toFixed(0);
const share = (us) => ((100 * us) / busy).toFixed(1);
const perPage = values.requests ? (us) => ` | ${(us / 1000 / Number(values.requests)).toFixed(3)}` : () => "";
console.info(`busy ${ms(busy)} ms${values.requests ? `, ${(busy / 1000 / Number(values.requests)).toFixed(3)} ms per page` : ""}\n`);
console.info(
  `| self time by package or file | ms | share${values.requests ? " | ms/page" : ""} |\n|---|---:|---:|${values.requests ? "---:|" : ""}`,
);
for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 18))
  console.info(`| ${key} | ${ms(us)} | ${share(us)} %${perPage(us)} |`);
console.info(`\n| part (inclusive) | ms | share${values.requests ? " | ms/page" : ""} |\n|---|---:|---:|${values.requests ? "---:|" : ""}`);
for (const [part, us] of parts) console.info(`| ${part} | ${ms(us)} | ${share(us)} %${perPage(us)} |`);
