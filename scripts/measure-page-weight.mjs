// The gzipped HTML of signed-in pages without JavaScript (issue 12 "Measured when done": the messenger page
// stays under 30 KB gzipped; results in docs/performance.md).
//
//   npm run build   # once: the script starts build/server.js
//   node scripts/measure-page-weight.mjs [--port 3720] [--user demo_member] [--partner demo_escort]
//                                        [--messages 30] [--budget-kb 30] [--path /de/messenger ...]
//
// It starts the built server on a fresh SQLite demo database (as scripts/e2e-server.mjs does), fills the demo
// conversation of --user with --partner up to --messages messages through the real send API (both members take
// turns; the seed has 6), signs in through the login form in Chromium with JavaScript disabled, and loads each
// page as that browser does. For each it reports the HTML's bytes raw, gzipped at level 6 (what a reverse proxy's
// default compresses) and level 9 (scripts/precompress.mjs), and what the server itself sent on the wire. Exit 1
// when a page's gzipped HTML (level 6) is over the budget.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";

const { values: args } = parseArgs({
  options: {
    port: { type: "string", default: "3720" },
    user: { type: "string", default: "demo_member" },
    partner: { type: "string", default: "demo_escort" },
    messages: { type: "string", default: "30" },
    "budget-kb": { type: "string", default: "30" },
    path: { type: "string", multiple: true },
  },
});
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;
const password = process.env.DEMO_PASSWORD ?? "demo-pass-2026";
const budget = Number(args["budget-kb"]) * 1024;
const paths = args.path ?? ["/de/messenger", `/de/messenger/${args.partner}`];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

if (!existsSync("build/server.js")) {
  console.error("build/server.js is missing: run `npm run build` first");
  process.exit(2);
}

const dir = `data/page-weight-${port}`;
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const server = spawn(process.execPath, ["build/server.js"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATABASE_URL: `sqlite:${dir}/db.sqlite`,
    MEDIA_DIR: `${dir}/media`,
    DEMO_MODE: "1",
    MAX_EVENT_LOOP_LAG_MS: "0",
    METRICS_PORT: "0",
    LOG_LEVEL: "warn",
    APP_SECRET: "page-weight-secret",
    PUBLIC_URL: base,
  },
});
let exitCode = 1;
try {
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/healthz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) break;
    if (i > 600) throw new Error("the server did not come up");
    await sleep(200);
  }

  // ---- a full thread through the real API ----
  async function token(username) {
    const res = await fetch(`${base}/oauth/v2/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "password", username, password }).toString(),
    });
    if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
    return (await res.json()).access_token;
  }
  const api = async (tk, method, path, body) => {
    const res = await fetch(`${base}/api/v2${path}`, {
      method,
      headers: { authorization: `Bearer ${tk}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: await res.json() };
  };
  const me = { name: args.user, tk: await token(args.user) };
  const partner = { name: args.partner, tk: await token(args.partner) };
  const held = await api(me.tk, "GET", `/messenger/messages/${partner.name}`);
  let count = held.json.data?.messages?.length ?? 0;
  const lines = [
    "Wie war dein Tag? Ich bin gerade erst aus dem Büro gekommen und freue mich auf das Wochenende.",
    "Gut, danke! Viel zu tun, aber schön. Hast du schon einen Tisch reserviert?",
    "Ja, für 20 Uhr. Soll ich dich abholen oder treffen wir uns dort?",
    "Wir treffen uns lieber dort, das ist für mich einfacher.",
  ];
  for (let i = 0; count < Number(args.messages); i++, count++) {
    const [from, to] = i % 2 === 0 ? [me, partner] : [partner, me];
    const sent = await api(from.tk, "POST", `/messenger/send/${to.name}`, { body: lines[i % lines.length] });
    if (sent.status !== 201) throw new Error(`send ${from.name} → ${to.name}: ${sent.status} ${JSON.stringify(sent.json)}`);
  }
  console.info(`thread ${args.user} ↔ ${args.partner}: ${count} messages`);

  // ---- the pages, as a browser without JavaScript gets them ----
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking"],
  });
  const page = await browser.newPage({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, locale: "de-DE" });
  await page.goto(`${base}/de/login`);
  await page.getByLabel("Benutzername oder E-Mail").fill(args.user);
  await page.getByLabel("Passwort", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Anmelden" }).last().click();
  await page.waitForURL((url) => !url.pathname.endsWith("/login"), { timeout: 15_000 });
  const rows = [];
  for (const path of paths) {
    let wire = null;
    const onResponse = async (response) => {
      if (new URL(response.url()).pathname !== path) return;
      const sizes = await response
        .request()
        .sizes()
        .catch(() => null);
      wire = { encoding: (await response.allHeaders())["content-encoding"] ?? "identity", body: sizes?.responseBodySize ?? null };
    };
    page.on("response", onResponse);
    const response = await page.goto(`${base}${path}`);
    page.off("response", onResponse);
    const html = await response.body();
    rows.push({
      path,
      status: response.status(),
      raw: html.length,
      gzip6: gzipSync(html, { level: 6 }).length,
      gzip9: gzipSync(html, { level: 9 }).length,
      wire: wire ? `${wire.body} B ${wire.encoding}` : "?",
      // What the count of messages on the page is (a conversation page must show the whole newest page).
      messages: await page.locator("[data-message-id], [data-messenger-threads] > li").count(),
    });
  }
  await browser.close();
  for (const row of rows) {
    const line = `${row.status} ${row.path}: ${row.raw} B raw, ${row.gzip6} B gzip -6, ${row.gzip9} B gzip -9, wire ${row.wire}`;
    console.info(`${line}, ${row.messages} messages/threads shown`);
  }
  const over = rows.filter((row) => row.gzip6 > budget || row.status !== 200);
  for (const row of over)
    console.error(`over ${args["budget-kb"]} KB gzipped (or not 200): ${row.path} ${row.gzip6} B, status ${row.status}`);
  exitCode = over.length === 0 ? 0 : 1;
} catch (err) {
  console.error(err);
} finally {
  server.kill("SIGTERM");
  await sleep(300);
  rmSync(dir, { recursive: true, force: true });
}
process.exit(exitCode);
