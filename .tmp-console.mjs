import { chromium } from "@playwright/test";
const [base, ...paths] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
for (const path of paths) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "de-DE" });
  const page = await context.newPage();
  const messages = [];
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") messages.push(`${m.type()}: ${m.text().slice(0, 300)}`); });
  page.on("pageerror", (e) => messages.push(`pageerror: ${e.message.slice(0, 300)}`));
  await page.goto(base + path, { waitUntil: "networkidle" });
  await page.waitForTimeout(500);
  console.log(path, messages.length ? messages : "clean");
  await context.close();
}
await browser.close();
