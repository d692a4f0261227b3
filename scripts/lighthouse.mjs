// Lighthouse mobile on every hydrated page, through the HTTP/2 + TLS proxy of `npm run cluster` (issue 33 item 5,
// ADR 149). Lighthouse is not a dependency of the project: install it outside (the npm registry is reachable)
//   mkdir -p /tmp/lh && cd /tmp/lh && npm i -E lighthouse@12.2.3
// then, with a cluster running on ports of your own (e.g. `npm run cluster -- --port 3669 --app-port 3661
// --s3-port 3660 --database-url postgres://postgres@127.0.0.1:5432/velora_cluster_jsb --redis-url redis://127.0.0.1:6379/11`):
//   LIGHTHOUSE_DIR=/tmp/lh CHROME_PATH=/usr/bin/chromium node scripts/lighthouse.mjs --base https://localhost:3669 [--runs 3]
//     [--only /de/login] [--json out.json] [--dev-key KEY]
// Each page runs `--runs` times (default 3) in a fresh headless Chromium with Lighthouse's default mobile emulation
// (Moto G Power, simulated slow 4G, 4× CPU slowdown); the table gives the median performance score and its metrics,
// and Lighthouse's benchmark index (the machine's speed: lower means a loaded machine) of every run. Signed-in pages
// log in once per demo account (Playwright, as scripts/screenshots.mjs) and send the session cookie with every request.
// The local certificate is accepted with --ignore-certificate-errors. Exit 1 when a page's median is below --bar (95).
// Pages that answer 404 by design (the not-found pages) are scored with Lighthouse's ignoreStatusCode. Two pages need
// an object of their own: buy/status an order of the demo client (made through the API, an open order of dollars), and
// an invitation a claimable profile (made through the dev routes: pass the key the cluster prints at start as
// --dev-key, or DEV_ROUTES_KEY); without the key the invitation page is opened with an unknown code (its 404).
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import https from "node:https";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { DEMO_PASSWORD, demoSessionCookie } from "./demo-login.mjs";

const { values: args } = parseArgs({
  options: {
    base: { type: "string", default: "https://localhost:8443" },
    runs: { type: "string", default: "3" },
    bar: { type: "string", default: "95" },
    only: { type: "string", multiple: true },
    json: { type: "string" },
    "dev-key": { type: "string", default: process.env.DEV_ROUTES_KEY },
  },
});
const lighthouseDir = process.env.LIGHTHOUSE_DIR ?? "/tmp/lh";
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/**
 * One URL per hydrated page route (scripts/js-budget.mjs lists them from the build), as a guest or as the demo member
 * who can open it. Routes that need a sign-up in progress (the join steps, one route each) are opened at their first step.
 */
export const PAGES = [
  { route: "routes/$lang.escorts.($popFilters)", path: "/de/escorts" },
  { route: "routes/$lang.clients.($popFilters)", path: "/de/clients" },
  { route: "routes/$lang.agenturen-clubs.($activeCategory)", path: "/de/agenturen-clubs" },
  { route: "routes/$lang.login", path: "/de/login" },
  { route: "routes/$lang.forgot_password", path: "/de/forgot_password" },
  { route: "routes/$lang.reset_password", path: "/de/reset_password?token=lighthouse" },
  { route: "routes/$lang.join.user._index", path: "/de/join/user" },
  { route: "routes/$lang.join.business._index", path: "/de/join/business" },
  { route: "routes/$lang.join.benefits", path: "/de/join/benefits" },
  { route: "routes/$lang.join.business-benefits", path: "/de/join/business-benefits" },
  { route: "routes/$lang.join.user.email", path: "/de/join/user/email" },
  { route: "routes/$lang.join.business.email", path: "/de/join/business/email" },
  { route: "routes/$lang.join.user.sign-up", path: "/de/join/user/sign-up" },
  { route: "routes/$lang.join.user.$userType.lp.($landingPageId)", path: "/de/join/user/client/lp" },
  { route: "routes/$lang.join.business.basic", path: "/de/join/business/basic" },
  { route: "routes/$lang.invites.$code", path: "/de/invites/lighthouse", made: "invitation" },
  { route: "routes/$lang.error.$code", path: "/de/error/404", status: 404 },
  { route: "routes/$lang.$", path: "/de/nothing-here", status: 404 },
  { route: "routes/$lang.homepage.($popFilters)", path: "/de/homepage", user: "demo_client" },
  { route: "routes/$lang.homepage-pop.($popFilters)", path: "/de/homepage-pop", user: "demo_client" },
  // Not hydrated since ADR 178 (no JavaScript at all); kept: the member's most visited page.
  { route: "routes/$lang.my_dashboard", path: "/de/my_dashboard", user: "demo_client" },
  { route: "routes/$lang.messenger._index", path: "/de/messenger", user: "demo_client" },
  { route: "routes/$lang.messenger.$username", path: "/de/messenger/demo_escort", user: "demo_client" },
  { route: "routes/$lang.buy.status", path: "/de/buy/status", user: "demo_client", made: "order" },
  { route: "routes/$lang.user.phone", path: "/de/user/phone", user: "demo_client" },
  { route: "routes/$lang.user.name_characteristics", path: "/de/user/name_characteristics", user: "demo_escort" },
  { route: "routes/$lang.user.status_description", path: "/de/user/status_description", user: "demo_escort" },
  { route: "routes/$lang.user.service_prices", path: "/de/user/service_prices", user: "demo_escort" },
  { route: "routes/$lang.user.contact", path: "/de/user/contact", user: "demo_escort" },
  { route: "routes/$lang.user.tours", path: "/de/user/tours", user: "demo_escort" },
  { route: "routes/$lang.user.media_gallery", path: "/de/user/media_gallery", user: "demo_escort" },
  { route: "routes/$lang.join.user.photo", path: "/de/join/user/email", note: "a step needs a sign-up in progress: its first step" },
];

async function sessionCookies(users) {
  const cookies = new Map();
  if (users.length === 0) return cookies;
  const { chromium } = await import("@playwright/test");
  const browser = await chromium.launch({ executablePath: chromePath, args: ["--no-sandbox", "--ignore-certificate-errors"] });
  for (const user of users) cookies.set(user, await demoSessionCookie(browser, args.base, user));
  await browser.close();
  return cookies;
}

/** The API's JSON answer, through the proxy (its local certificate accepted for these requests only). */
function api(path, { method, headers = {}, body }) {
  return new Promise((resolve, reject) => {
    const sent = https.request(args.base + path, { method, headers, rejectUnauthorized: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => {
        const json = JSON.parse(text);
        if (response.statusCode >= 300) reject(new Error(`${path}: ${response.statusCode} ${text}`));
        else resolve(json);
      });
    });
    sent.on("error", reject);
    sent.end(body);
  });
}

/** The path of a page that needs an object of its own (see the header), else the page's own path. */
async function pathOf(page) {
  if (page.made === "order") {
    const login = await api("/oauth/v2/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "password", username: page.user, password: DEMO_PASSWORD }).toString(),
    });
    const order = await api("/api/v2/payment/orders", {
      method: "POST",
      headers: { authorization: `Bearer ${login.access_token}`, "content-type": "application/json", origin: args.base },
      body: JSON.stringify({ goods: "dollar", sku: "dollars-100" }),
    });
    return `${page.path}?order=${order.data.ref}`;
  }
  if (page.made === "invitation" && args["dev-key"]) {
    const username = `lighthouse_${Date.now().toString(36)}`;
    const claim = await api("/api/v2/dev/claimable-profiles", {
      method: "POST",
      headers: { "x-dev-key": args["dev-key"], "content-type": "application/json", origin: args.base },
      body: JSON.stringify({ username, email: `${username}@claims.velora.local`, display_name: "Mia Sommer", city_name: "Hamburg" }),
    });
    return `/de/invites/${claim.data.invite_code}`;
  }
  return page.path;
}

const median = (values) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

async function main() {
  const { default: lighthouse } = await import(pathToFileURL(join(lighthouseDir, "node_modules/lighthouse/core/index.js")).href);
  const { launch } = await import(pathToFileURL(join(lighthouseDir, "node_modules/chrome-launcher/dist/index.js")).href);
  const pages = args.only ? PAGES.filter((page) => args.only.includes(page.path)) : PAGES;
  const cookies = await sessionCookies([...new Set(pages.flatMap((page) => (page.user ? [page.user] : [])))]);
  const runs = Number(args.runs);
  const rows = [];
  for (const page of pages) {
    const path = await pathOf(page);
    const results = [];
    for (let run = 0; run < runs; run++) {
      const chrome = await launch({
        chromePath,
        chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--ignore-certificate-errors", "--no-first-run"],
      });
      try {
        const headers = page.user ? { Cookie: cookies.get(page.user) } : undefined;
        const result = await lighthouse(
          args.base + path,
          {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: ["performance"],
            extraHeaders: headers,
            ignoreStatusCode: page.status === 404,
          },
          undefined,
        );
        const lhr = result.lhr;
        const metric = (id) => lhr.audits[id]?.numericValue ?? NaN;
        results.push({
          // A run Lighthouse could not score (NO_NAVSTART now and then): null, shown by its code.
          error: lhr.runtimeError?.code ?? null,
          score: lhr.categories.performance.score === null ? null : Math.round(lhr.categories.performance.score * 100),
          fcp: metric("first-contentful-paint"),
          lcp: metric("largest-contentful-paint"),
          tbt: metric("total-blocking-time"),
          cls: metric("cumulative-layout-shift"),
          si: metric("speed-index"),
          benchmarkIndex: lhr.environment?.benchmarkIndex,
          finalUrl: lhr.finalDisplayedUrl,
          opportunities: Object.values(lhr.audits)
            .filter((audit) => audit.details?.type === "opportunity" && (audit.numericValue ?? 0) > 100)
            .map((audit) => `${audit.id} ${Math.round(audit.numericValue)} ms`),
        });
      } finally {
        await chrome.kill();
      }
    }
    const scored = results.filter((r) => r.score !== null);
    const row = {
      ...page,
      score: scored.length > 0 ? median(scored.map((r) => r.score)) : null,
      scores: results.map((r) => r.score ?? r.error),
      fcp: median(scored.map((r) => r.fcp)),
      lcp: median(scored.map((r) => r.lcp)),
      tbt: median(scored.map((r) => r.tbt)),
      cls: median(scored.map((r) => r.cls)),
      benchmarkIndex: results.map((r) => r.benchmarkIndex),
      finalUrl: results[0]?.finalUrl,
      opportunities: results.at(-1)?.opportunities ?? [],
    };
    rows.push(row);
    console.error(`${path}${row.user ? ` (${row.user})` : ""}: ${row.score} [${row.scores.join(", ")}] → ${row.finalUrl}`);
  }
  const load = spawnSync("cat", ["/proc/loadavg"], { encoding: "utf8" }).stdout.trim();
  console.info(`Lighthouse 12.2.3 mobile, ${runs} runs per page, median; ${args.base}; load average at the end: ${load}`);
  console.info("| page | as | score (median) | runs | FCP ms | LCP ms | TBT ms | CLS | benchmark index |");
  console.info("|---|---|---:|---|---:|---:|---:|---:|---|");
  for (const row of rows)
    console.info(
      `| ${row.path}${row.made ? ` (${row.made})` : ""} | ${row.user ?? "guest"} | ${row.score ?? "n/a"} | ${row.scores.join(" ")} | ${Math.round(row.fcp)} | ${Math.round(row.lcp)} | ${Math.round(row.tbt)} | ${row.cls.toFixed(3)} | ${row.benchmarkIndex.map((b) => Math.round(b)).join(" ")} |`,
    );
  const below = rows.filter((row) => row.score !== null && row.score < Number(args.bar));
  for (const row of below) console.info(`below ${args.bar}: ${row.path} — ${row.opportunities.join("; ") || "no opportunity over 100 ms"}`);
  if (args.json) writeFileSync(args.json, JSON.stringify({ load, rows }, null, 2));
  process.exit(below.length === 0 ? 0 : 1);
}

await main();
