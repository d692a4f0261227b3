// Measures the JavaScript a page downloads: opens each page in headless Chromium with JavaScript on and a
// fresh cache, records every script response and sums raw and gzipped bytes (gzip computed here at level 9,
// as scripts/precompress.mjs serves them). Needs a running server:
//   node scripts/bench-js.mjs --base http://127.0.0.1:3313 [--path /de/escorts ...] [--user demo_client]
// With --user the pages are opened signed in as that demo member (password DEMO_PASSWORD or the demo default);
// the login itself is not counted.
//
// The budget (issue 33 item 5, ADR 144), from the build alone (after `npm run build`, no server):
//   node scripts/bench-js.mjs --budget [--json] [--allowance] [--write-allowance]
// For every hydrated page route it sums the files the browser loads (the build manifest's entry, the route and
// its parents with their imports), splits off the framework's floor and exits 1 when our own code is over
// OWN_CODE_BUDGET_GZIP on any route. With --allowance a route listed in scripts/js-budget-allowance.json (those still
// over the budget, ADR 149) fails only past its own figure: that is the stage of `npm test`. --write-allowance
// rewrites the file from this build (figures only go down).
import { gzipSync } from "node:zlib";

const args = process.argv.slice(2);
if (args.includes("--budget")) {
  const { ALLOWANCE_FILE, checkBudget, readAllowance } = await import("./js-budget.mjs");
  // --write-allowance reads the file too, so that it never raises a figure (it takes the smaller of the two).
  const allowance = args.includes("--allowance") || args.includes("--write-allowance") ? readAllowance(ALLOWANCE_FILE) : {};
  const writeAllowance = args.includes("--write-allowance") ? ALLOWANCE_FILE : null;
  process.exit(await checkBudget({ json: args.includes("--json"), allowance, writeAllowance }));
}
const { chromium } = await import("@playwright/test");

const option = (name) => args.flatMap((arg, i) => (arg === name ? [args[i + 1]] : []));
const base = option("--base")[0] ?? "http://127.0.0.1:3300";
const paths = option("--path");
const user = option("--user")[0];
const pages = paths.length > 0 ? paths : ["/de/escorts", "/de/login", "/de", "/de/p/demo_escort", "/de/join/user"];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
});
const rows = [];
for (const path of pages) {
  const context = await browser.newContext({ javaScriptEnabled: true, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  if (user) {
    await page.goto(`${base}/de/login`);
    await page.getByLabel("Benutzername oder E-Mail").fill(user);
    await page.getByLabel("Passwort", { exact: true }).fill(process.env.DEMO_PASSWORD ?? "demo-pass-2026");
    await page.getByRole("button", { name: "Anmelden" }).last().click();
    await page.waitForURL((url) => !url.pathname.endsWith("/login"), { timeout: 15_000 });
    await page.goto("about:blank");
    // A fresh cache for the measured page, as for a guest: the login's scripts must not count as cached.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
  }
  const files = [];
  page.on("response", async (response) => {
    if (response.request().resourceType() !== "script") return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    files.push({ file: new URL(response.url()).pathname, raw: body.length, gzip: gzipSync(body, { level: 9 }).length });
  });
  await page.goto(base + path, { waitUntil: "networkidle" });
  await page.waitForLoadState("networkidle");
  await context.close();
  const raw = files.reduce((sum, f) => sum + f.raw, 0);
  const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
  rows.push({ path, requests: files.length, raw, gzip });
}
await browser.close();

console.info("| page | scripts | raw bytes | gzip bytes |");
console.info("|---|---:|---:|---:|");
for (const row of rows) console.info(`| ${row.path} | ${row.requests} | ${row.raw} | ${row.gzip} |`);
