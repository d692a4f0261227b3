// Solve time of the login captcha's proof of work per level (ADR 056), as the product issues it (PBKDF2-SHA-256,
// CAPTCHA_POW's cost, the hidden counter drawn from powCounterRange(level)):
//   node scripts/bench-captcha.mjs [--runs 5] [--levels 0-4] [--browser] [--throttle 4]
// Without --browser it solves with altcha-lib's Node solver, as a script would (one core, node:crypto). With
// --browser it runs the login page's solver (altcha-lib's WebCrypto one) in Debian's Chromium (CHROMIUM_PATH);
// --throttle N slows that page's CPU N times through DevTools (Lighthouse's mobile profile uses 4), the stand-in
// for a low-powered phone. Prints one Markdown row per level: mean and slowest solve, and the time per try, from
// which the worst case (the range's top counter) follows.
import { parseArgs } from "node:util";
import { register } from "tsx/esm/api";

register();
const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    levels: { type: "string" },
    browser: { type: "boolean", default: false },
    throttle: { type: "string", default: "1" },
  },
});
const { createChallenge, randomInt, solveChallenge } = await import("altcha-lib");
const { deriveKey } = await import("altcha-lib/algorithms/pbkdf2");
const { CAPTCHA_POW, powCounterRange } = await import("../server/modules/auth/captcha.ts");
const { CAPTCHA_MAX_LEVEL } = await import("../server/contract/auth.ts");

const runs = Number(values.runs);
const [from, to] = (values.levels ?? `0-${CAPTCHA_MAX_LEVEL}`).split("-").map(Number);
const levels = Array.from({ length: (to ?? from) - from + 1 }, (_, i) => from + i);
const throttle = Number(values.throttle);

/** The solver as it runs in the login page, in Chromium; returns solve(challenge) → { ms, counter }. */
async function browserSolver() {
  const { build } = await import("esbuild");
  const { chromium } = await import("playwright-core");
  const bundle = await build({
    stdin: {
      contents: `import { solveChallenge } from "altcha-lib"; import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
        window.benchSolve = async (challenge) => { const t = performance.now();
          const s = await solveChallenge({ challenge, deriveKey, timeout: 0 }); return { ms: performance.now() - t, counter: s.counter }; };`,
      resolveDir: process.cwd(),
    },
    bundle: true,
    format: "iife",
    write: false,
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu"],
  });
  const page = await browser.newPage();
  // localhost is a secure context: WebCrypto is there, as on the https site.
  await page.route("http://localhost/bench", (route) =>
    route.fulfill({ contentType: "text/html", body: `<script>${bundle.outputFiles[0].text}</script>` }),
  );
  await page.goto("http://localhost/bench");
  if (throttle > 1) await (await page.context().newCDPSession(page)).send("Emulation.setCPUThrottlingRate", { rate: throttle });
  // One solve to warm the JIT, as a page that has been open a moment.
  await page.evaluate((c) => window.benchSolve(c), await challengeAt(0));
  return { solve: (challenge) => page.evaluate((c) => window.benchSolve(c), challenge), close: () => browser.close() };
}

function nodeSolver() {
  return {
    async solve(challenge) {
      const started = performance.now();
      const solution = await solveChallenge({ challenge, deriveKey, timeout: 0 });
      return { ms: performance.now() - started, counter: solution.counter };
    },
    close: async () => {},
  };
}

async function challengeAt(level) {
  const range = powCounterRange(level);
  return createChallenge({
    algorithm: CAPTCHA_POW.algorithm,
    cost: CAPTCHA_POW.cost,
    counter: randomInt(range.min, range.max),
    deriveKey,
    hmacSignatureSecret: "bench",
  });
}

const solver = values.browser ? await browserSolver() : nodeSolver();
const where = values.browser ? `Chromium${throttle > 1 ? `, CPU throttled ${throttle}×` : ""}` : `Node ${process.version}`;
console.info(`login captcha proof of work, ${where}, ${runs} solves per level`);
console.info("| level | tries (range) | mean s | slowest s | ms per try | worst case s (top of range) |");
console.info("|---|---|---|---|---|---|");
try {
  for (const level of levels) {
    const times = [];
    let tries = 0;
    for (let i = 0; i < runs; i++) {
      const { ms, counter } = await solver.solve(await challengeAt(level));
      times.push(ms);
      tries += counter + 1;
    }
    const range = powCounterRange(level);
    const perTry = times.reduce((a, b) => a + b, 0) / tries;
    const mean = times.reduce((a, b) => a + b, 0) / times.length / 1000;
    console.info(
      `| ${level} | ${range.min}–${range.max} | ${mean.toFixed(2)} | ${(Math.max(...times) / 1000).toFixed(2)} | ${perTry.toFixed(3)} | ${((perTry * range.max) / 1000).toFixed(1)} |`,
    );
  }
} finally {
  await solver.close();
}
