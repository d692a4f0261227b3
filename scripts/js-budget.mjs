// The JavaScript budget of hydrated pages (issue 33 item 5, ADR 144), computed from the build alone: run after
// `npm run build` (through `node scripts/bench-js.mjs --budget`).
//
// A page loads the entry (with the chunks it imports) and, for each route from root to the page's route, the
// route's module and the chunks it imports (the manifest lists them). Of that, the framework's floor is the shared
// chunk that holds React DOM and Remix's browser runtime (with the chunk of esbuild's module helpers it imports):
// the client asked for React, so that part is fixed. The rest is ours (the entry with i18next, the layouts, the
// route and its libraries) and may be at most OWN_CODE_BUDGET_GZIP per route. Bytes are gzip level 9 per file,
// as scripts/precompress.mjs serves them. Routes whose chain sets `handle.hydrate = false` ship none of this.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

/** Our own code per hydrated route, gzipped (issue 33: "at most 25 KB of our own code per hydrated route"). */
export const OWN_CODE_BUDGET_GZIP = 25_000;

/** Where the browser build and the server build are; a test points them at a fixture. */
let PUBLIC_DIR = "public";
let SERVER_BUILD = "build/index.js";
/** React DOM's production build and Remix's browser runtime both leave these in the chunk that holds them. */
const FRAMEWORK_MARKERS = ["Minified React error", "__remixContext"];

export function readManifest(dir = `${PUBLIC_DIR}/build`) {
  const file = readdirSync(dir).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error(`no manifest in ${dir}: run npm run build first`);
  return JSON.parse(
    readFileSync(`${dir}/${file}`, "utf8")
      .replace(/^window\.__remixManifest=/, "")
      .replace(/;\s*$/, ""),
  );
}

const sizes = new Map();
function sizeOf(path) {
  let size = sizes.get(path);
  if (!size) {
    const body = readFileSync(`${PUBLIC_DIR}${path}`);
    size = { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
    sizes.set(path, size);
  }
  return size;
}

/** The chunks a chunk imports statically (esbuild writes them as absolute /build/ paths). */
function importsOf(path) {
  const text = readFileSync(`${PUBLIC_DIR}${path}`, "utf8");
  return [...text.matchAll(/from\s*"(\/build\/[^"]+\.js)"/g)].map((m) => m[1]);
}

/** The framework's floor: the entry's chunk that holds React DOM and Remix, and what it imports. */
export function frameworkFiles(manifest) {
  const holder = manifest.entry.imports.find((path) => {
    const text = readFileSync(`${PUBLIC_DIR}${path}`, "utf8");
    return FRAMEWORK_MARKERS.every((marker) => text.includes(marker));
  });
  if (!holder) throw new Error("no chunk of the entry holds both React DOM and Remix's runtime");
  const files = new Set([holder]);
  for (const path of files) for (const imported of importsOf(path)) files.add(imported);
  return files;
}

/** The route ids from root to `id`. */
function chainOf(manifest, id) {
  const chain = [];
  for (let at = id; at; at = manifest.routes[at]?.parentId) chain.unshift(at);
  return chain;
}

/** Every page route (a leaf with a component) whose chain never sets `handle.hydrate = false`. */
async function hydratedRoutes(manifest) {
  const build = await import(pathToFileURL(resolve(SERVER_BUILD)).href);
  const parents = new Set(Object.values(manifest.routes).map((route) => route.parentId));
  const hydrates = (id) => build.routes[id]?.module?.handle?.hydrate !== false;
  return Object.keys(manifest.routes).filter(
    (id) => !parents.has(id) && build.routes[id]?.module?.default && chainOf(manifest, id).every(hydrates),
  );
}

export function routeCost(manifest, id, framework) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const at of chainOf(manifest, id)) {
    const route = manifest.routes[at];
    files.add(route.module);
    for (const imported of route.imports ?? []) files.add(imported);
  }
  const sum = (list) => list.reduce((acc, f) => ({ raw: acc.raw + sizeOf(f).raw, gzip: acc.gzip + sizeOf(f).gzip }), { raw: 0, gzip: 0 });
  const all = [...files];
  return { id, files: all.length, framework: sum(all.filter((f) => framework.has(f))), own: sum(all.filter((f) => !framework.has(f))) };
}

/**
 * The allowance (ADR 149): the routes still over the budget, each with the own code it had when the budget became a
 * stage of `npm test`. Such a route fails only when it grows past its figure; every other route fails past the budget.
 * So the stage catches a regression now, and each figure may only go down (`--write-allowance` rewrites the file
 * from the build, keeping no figure higher than it was).
 */
export const ALLOWANCE_FILE = "scripts/js-budget-allowance.json";

export function readAllowance(file) {
  return file ? JSON.parse(readFileSync(file, "utf8")) : {};
}

export async function checkBudget({
  json = false,
  publicDir = "public",
  serverBuild = "build/index.js",
  budget = OWN_CODE_BUDGET_GZIP,
  allowance = {},
  writeAllowance = null,
} = {}) {
  PUBLIC_DIR = publicDir;
  SERVER_BUILD = serverBuild;
  sizes.clear();
  const manifest = readManifest();
  const framework = frameworkFiles(manifest);
  const rows = (await hydratedRoutes(manifest)).map((id) => routeCost(manifest, id, framework));
  rows.sort((a, b) => b.own.gzip - a.own.gzip);
  const limitOf = (id) => Math.max(budget, allowance[id] ?? 0);
  const over = rows.filter((row) => row.own.gzip > limitOf(row.id));
  if (writeAllowance) {
    const next = Object.fromEntries(
      rows
        .filter((row) => row.own.gzip > budget)
        .map((row) => [row.id, Math.min(Math.ceil(row.own.gzip / 100) * 100, allowance[row.id] ?? Infinity)]),
    );
    writeFileSync(writeAllowance, `${JSON.stringify(next, null, 2)}\n`);
  }
  if (json) {
    console.info(JSON.stringify({ budget, rows, over: over.map((row) => row.id) }));
  } else {
    const floor = rows[0]?.framework.gzip ?? 0;
    console.info(`framework floor (React DOM + Remix runtime): ${floor} bytes gzipped; our own code may add ${budget}`);
    console.info("| hydrated route | files | own code raw | own code gzip | total gzip |");
    console.info("|---|---:|---:|---:|---:|");
    for (const row of rows) {
      const flag = row.own.gzip > limitOf(row.id) ? " **over**" : row.own.gzip > budget ? ` (allowance ${allowance[row.id]})` : "";
      console.info(`| ${row.id}${flag} | ${row.files} | ${row.own.raw} | ${row.own.gzip} | ${row.own.gzip + row.framework.gzip} |`);
    }
    console.info(
      over.length === 0
        ? `all ${rows.length} hydrated routes within the budget (${rows.filter((row) => row.own.gzip > budget).length} within their allowance only)`
        : `${over.length} of ${rows.length} hydrated routes over the budget${Object.keys(allowance).length ? " or their allowance" : ""}: ${over.map((row) => row.id).join(", ")}`,
    );
  }
  return over.length === 0 ? 0 : 1;
}
