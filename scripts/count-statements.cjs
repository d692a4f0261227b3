// Counts the SQLite statements a server runs (issue 33 item 4, ADR 148): load it into the built server with
//   node --require ./scripts/count-statements.cjs build/server.js
// (from the app's folder; NODE_PATH is not needed, better-sqlite3 is found from the working directory), then send
// SIGUSR2: the statements run since the last SIGUSR2 are printed to stderr, most frequent first, and the count starts
// again. scripts/bench-signedin.mjs --count-statements does this around one page request per page.
/* eslint-disable @typescript-eslint/no-require-imports -- a --require preload is CommonJS */
"use strict";
const { createRequire } = require("node:module");
const path = require("node:path");

const requireHere = createRequire(path.join(process.cwd(), "index.js"));
const Database = requireHere("better-sqlite3");
const counts = new Map();
const probe = new Database(":memory:");
const Statement = Object.getPrototypeOf(probe.prepare("select 1"));
probe.close();
for (const method of ["all", "get", "run", "iterate"]) {
  const original = Statement[method];
  Statement[method] = function (...args) {
    counts.set(this.source, (counts.get(this.source) ?? 0) + 1);
    return original.apply(this, args);
  };
}
process.on("SIGUSR2", () => {
  const rows = [...counts].sort((a, b) => b[1] - a[1]);
  const total = rows.reduce((sum, [, n]) => sum + n, 0);
  process.stderr.write(
    `\n== statements: ${total}\n${rows.map(([sql, n]) => `${n}\t${sql.replace(/\s+/g, " ").slice(0, 220)}`).join("\n")}\n== end\n`,
  );
  counts.clear();
});
