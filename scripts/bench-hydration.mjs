// The browser's main-thread CPU per page load, two or more running builds side by side (issue 33 item 5, ADR 175).
//
//   node scripts/bench-hydration.mjs --base https://localhost:3950 --base https://localhost:3970 \
//     --page /de/join/business --page /de/homepage@demo_client [--rounds 8]
//
// Lighthouse scores one load per run, and its simulated throttling multiplies the wall time of every task it saw by
// four: on a shared machine a page's Total Blocking Time swings by seconds between runs of the same build, because
// the renderer waited for a core, not because it worked more. This script asks what a build changed, with CPU time:
// each round loads every page once from every --base (a site such as `npm run cluster` serves; the order of the bases
// swapped every round) in a fresh Chromium context, records a trace until Remix has hydrated and the network is
// idle, and sums the renderer main thread's tasks by their thread time (the trace's `tdur`: time on a core, which a
// busy machine does not stretch). "blocking" is Lighthouse's rule applied to that CPU time: each task after the first
// contentful paint counts with 4 × its CPU time (Lighthouse's mobile CPU slowdown) less 50 ms. Figures are medians
// over the rounds; the ratio to the first --base is taken round by round. `path@user` opens the page signed in as
// that demo account (scripts/demo-login.mjs).
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { demoSessionCookie } from "./demo-login.mjs";

const { values: args } = parseArgs({
  options: {
    base: { type: "string", multiple: true, default: [] },
    page: { type: "string", multiple: true, default: [] },
    rounds: { type: "string", default: "8" },
  },
});
if (args.base.length < 1 || args.page.length < 1) {
  console.error("usage: node scripts/bench-hydration.mjs --base URL [--base URL …] --page PATH[@user] […]");
  process.exit(2);
}
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const rounds = Number(args.rounds);
/** Lighthouse's mobile CPU slowdown, and the length over which a task blocks input (the Long Tasks API's). */
const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const TRACE_CATEGORIES = [
  "toplevel",
  "devtools.timeline",
  "disabled-by-default-devtools.timeline",
  "loading",
  "blink.user_timing",
  "__metadata",
];
const loadAverage = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The page's main thread (the renderer thread that painted the first contentful paint) and its top-level tasks. */
function mainThreadTasks(events) {
  const fcp = events.find((e) => e.name === "firstContentfulPaint");
  if (!fcp) throw new Error("no first contentful paint in the trace");
  const thread = events.filter((e) => e.pid === fcp.pid && e.tid === fcp.tid);
  const tasks = thread.filter((e) => e.ph === "X" && e.name === "RunTask" && e.tdur !== undefined).sort((a, b) => a.ts - b.ts);
  const topLevel = [];
  for (const task of tasks) if (!topLevel.length || task.ts >= topLevel.at(-1).ts + topLevel.at(-1).dur) topLevel.push(task);
  return { tasks: topLevel, fcpTs: fcp.ts };
}

async function measure(browser, base, path, cookie) {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 412, height: 823 } });
  try {
    if (cookie) await context.setExtraHTTPHeaders({ Cookie: cookie });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events = [];
    cdp.on("Tracing.dataCollected", ({ value }) => events.push(...value));
    const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.start", { traceConfig: { includedCategories: TRACE_CATEGORIES } });
    await page.goto(base + path, { waitUntil: "load" });
    await page.waitForFunction(() => window.__remixRouter?.state.initialized === true, null, { timeout: 60_000 });
    await page.waitForLoadState("networkidle");
    await cdp.send("Tracing.end");
    await complete;
    const { tasks, fcpTs } = mainThreadTasks(events);
    const cpuMs = (task) => task.tdur / 1000;
    return {
      cpu: tasks.reduce((sum, task) => sum + cpuMs(task), 0),
      blocking: tasks
        .filter((task) => task.ts + task.dur > fcpTs)
        .reduce((sum, task) => sum + Math.max(0, CPU_SLOWDOWN * cpuMs(task) - LONG_TASK_MS), 0),
      longest: Math.max(0, ...tasks.map(cpuMs)),
    };
  } finally {
    await context.close();
  }
}

const { chromium } = await import("@playwright/test");
const browser = await chromium.launch({ executablePath: chromePath, args: ["--no-sandbox", "--ignore-certificate-errors"] });
const pages = args.page.map((spec) => {
  const [path, user] = spec.split("@");
  return { path, user };
});
const cookies = new Map();
for (const base of args.base)
  for (const user of new Set(pages.flatMap((page) => (page.user ? [page.user] : []))))
    cookies.set(`${base} ${user}`, await demoSessionCookie(browser, base, user));

console.info(`bench-hydration: ${rounds} rounds; load average at the start ${loadAverage()}`);
console.info("| page | build | main thread CPU ms | longest task CPU ms | blocking ms (4 × CPU − 50 per task) | × first build (CPU) |");
console.info("|---|---|---:|---:|---:|---:|");
for (const page of pages) {
  const samples = args.base.map(() => []);
  for (let round = 0; round < rounds; round++) {
    const order = args.base.map((_, index) => index);
    if (round % 2 === 1) order.reverse();
    for (const index of order) {
      const base = args.base[index];
      samples[index][round] = await measure(browser, base, page.path, page.user ? cookies.get(`${base} ${page.user}`) : undefined);
    }
  }
  args.base.forEach((base, index) => {
    const of = (key) => Math.round(median(samples[index].map((sample) => sample[key])));
    const ratio = median(samples[index].map((sample, round) => sample.cpu / samples[0][round].cpu));
    console.info(
      `| ${page.path}${page.user ? ` (${page.user})` : ""} | ${base} | ${of("cpu")} | ${of("longest")} | ${of("blocking")} | ${ratio.toFixed(3)} |`,
    );
  });
}
console.info(`load average at the end ${loadAverage()}`);
await browser.close();
