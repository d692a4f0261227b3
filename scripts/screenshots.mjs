// Screenshots of pages as a member on a phone sees them (390 px wide, JavaScript off), for a person to
// look at. Starts the built server on a fresh demo database unless BASE_URL is given.
// Usage: node scripts/screenshots.mjs <out-dir> <user|-> <path> [path...]   (writes <name>.png and <name>.first.png)
//   SCREENSHOT_WIDTH=1280 looks at a wide screen instead of a phone.
//   user: a demo account (demo_escort, demo_client, demo_agency, ...) or - for a guest.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";

const [outDir, user, ...paths] = process.argv.slice(2);
if (!outDir || !user || paths.length === 0) {
  console.error("usage: node scripts/screenshots.mjs <out-dir> <user|-> <path> [path...]");
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const port = Number(process.env.SCREENSHOT_PORT ?? 3390);
let server = null;
let base = process.env.BASE_URL;
if (!base) {
  base = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["scripts/e2e-server.mjs"], { env: { ...process.env, PORT: String(port) }, stdio: "ignore" });
  for (let i = 0; i < 120; i++) {
    const up = await fetch(`${base}/de`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
const page = await browser.newPage({
  javaScriptEnabled: false,
  viewport: { width: Number(process.env.SCREENSHOT_WIDTH ?? 390), height: 844 },
  locale: "de-DE",
});
try {
  if (user !== "-") {
    await page.goto(`${base}/de/login`);
    await page.getByLabel("Benutzername oder E-Mail").fill(user);
    await page.getByLabel("Passwort", { exact: true }).fill(process.env.DEMO_PASSWORD ?? "demo-pass-2026");
    await page.getByRole("button", { name: "Anmelden" }).last().click();
    // Wait for the login's redirect: a page opened before it lands would be seen as a guest.
    await page.waitForURL((url) => !url.pathname.endsWith("/login"), { timeout: 15_000 }).catch(() => undefined);
    await page.waitForLoadState();
  }
  for (const path of paths) {
    const response = await page.goto(`${base}${path}`);
    const name = path.replace(/^\//, "").replace(/[^\w-]+/g, "_") || "root";
    await page.screenshot({ path: `${outDir}/${name}.png`, fullPage: true });
    // The first screen, at full resolution: what a member sees before scrolling.
    await page.screenshot({ path: `${outDir}/${name}.first.png` });
    console.info(`${response?.status()} ${path} → ${outDir}/${name}.png`);
  }
} finally {
  await browser.close();
  server?.kill("SIGTERM");
}
