// What a person would spot first on a phone, checked on many pages at once: at 390 px with JavaScript off, does the
// page scroll sideways, and does any visible form control stick out of its form or the screen? (The sign-up's year
// field did, unnoticed by the tests, until session 29's screenshots.)
//
//   node scripts/audit-phone-layout.mjs --base http://127.0.0.1:3681 [--langs de,pl] [--urls scripts/page-snapshot-urls.json]
//
// The pages are page-snapshot's list (every role and area; a role is a demo login or guest) and the form pages below,
// each in every --langs language (its language segment swapped). Prints one line per finding and exits 1 when there is any.
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { demoSessionCookie } from "./demo-login.mjs";

const { values: args } = parseArgs({
  options: {
    base: { type: "string", default: "http://127.0.0.1:3390" },
    langs: { type: "string", default: "de,pl" },
    urls: { type: "string", default: "scripts/page-snapshot-urls.json" },
  },
});
const PHONE = { width: 390, height: 844 };
/** Form pages page-snapshot does not list: the join steps a guest opens and the profile settings. */
const FORM_PAGES = [
  {
    role: "guest",
    urls: ["/de/join/user/sign-up", "/de/join/user/email", "/de/join/business/email", "/de/join/business/basic", "/de/forgot_password"],
  },
  {
    role: "demo_escort",
    urls: ["/de/user/name_characteristics", "/de/user/status_description", "/de/user/service_prices", "/de/user/contact", "/de/user/phone"],
  },
];
const roles = [...JSON.parse(readFileSync(args.urls, "utf8")).roles, ...FORM_PAGES];
const langs = args.langs.split(",");
const inLanguage = (url, lang) => url.replace(/^\/(de|en|es|pl)(?=\/|$)/, `/${lang}`);

/** Runs in the page: what sticks out, as short descriptions. */
function findingsInPage(width) {
  const found = [];
  if (document.documentElement.scrollWidth > width) found.push(`scrolls sideways (${document.documentElement.scrollWidth} px)`);
  for (const control of document.querySelectorAll("input:not([type=hidden]), select, textarea, button")) {
    if (control.closest("[aria-hidden=true]") || !control.checkVisibility()) continue;
    const own = control.getBoundingClientRect();
    const form = control.closest("form")?.getBoundingClientRect();
    const name = control.getAttribute("name") ?? control.getAttribute("data-testid") ?? control.tagName.toLowerCase();
    if (own.right > width + 0.5 || own.left < -0.5)
      found.push(`${name} leaves the screen (${Math.round(own.left)}–${Math.round(own.right)})`);
    else if (form && (own.right > form.right + 0.5 || own.left < form.left - 0.5)) found.push(`${name} leaves its form`);
  }
  return found;
}

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
let findings = 0;
let pages = 0;
for (const { role, urls } of roles) {
  const cookie = role === "guest" ? null : await demoSessionCookie(browser, args.base, role);
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
  if (cookie)
    await context.addCookies(
      cookie.split("; ").map((pair) => ({ name: pair.split("=")[0], value: pair.slice(pair.indexOf("=") + 1), url: args.base })),
    );
  const page = await context.newPage();
  for (const url of urls.filter((u) => u.startsWith("/") && !u.endsWith(".xml"))) {
    for (const lang of new Set(langs.map((l) => inLanguage(url, l)))) {
      const response = await page.goto(args.base + lang);
      pages += 1;
      for (const finding of await page.evaluate(findingsInPage, PHONE.width)) {
        findings += 1;
        console.info(`${role} ${lang} (${response?.status()}): ${finding}`);
      }
    }
  }
  await context.close();
}
await browser.close();
console.info(`${pages} pages at ${PHONE.width} px, JavaScript off: ${findings} finding(s)`);
process.exit(findings === 0 ? 0 : 1);
