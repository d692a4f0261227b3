// Measures the translation JSON a hydrated page downloads: opens each page in
// headless Chromium with JavaScript on, records every /public/locales/ response
// and sums raw and gzipped bytes (gzip computed here at zlib's default level 6;
// the server itself does not compress). Needs a running server:
//   node scripts/bench-locales.mjs --base http://127.0.0.1:3313 [--path /de/escorts ...]
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

const args = process.argv.slice(2);
const option = (name) => args.flatMap((arg, i) => (arg === name ? [args[i + 1]] : []));
const base = option("--base")[0] ?? "http://127.0.0.1:3300";
const paths = option("--path");
const pages = paths.length > 0 ? paths : ["/de/escorts", "/de/login", "/en/escorts", "/en/login"];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
});
const rows = [];
for (const path of pages) {
  // A fresh context per page: nothing cached from the page before.
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  const files = [];
  page.on("response", async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith("/public/locales/")) return;
    const body = await response.body();
    files.push({ file: url.pathname.slice("/public/locales/".length), raw: body.length, gzip: gzipSync(body).length });
  });
  await page.goto(base + path, { waitUntil: "networkidle" });
  // Hydration finished: every namespace the page asked for has arrived.
  await page.waitForFunction(() => Boolean(window.__remixRouter?.state?.initialized));
  await page.waitForLoadState("networkidle");
  await context.close();
  files.sort((a, b) => a.file.localeCompare(b.file));
  const raw = files.reduce((sum, f) => sum + f.raw, 0);
  const gzip = files.reduce((sum, f) => sum + f.gzip, 0);
  rows.push({ path, requests: files.length, raw, gzip, files: files.map((f) => `${f.file} ${f.raw}/${f.gzip}`).join(", ") });
}
await browser.close();

console.info("| page | requests | raw bytes | gzip bytes | files (raw/gzip) |");
console.info("|---|---|---|---|---|");
for (const row of rows) console.info(`| ${row.path} | ${row.requests} | ${row.raw} | ${row.gzip} | ${row.files} |`);
