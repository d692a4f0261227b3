// The JavaScript a route adds, from the build's manifest (public/build/manifest-*.js): the route's module and the
// shared chunks it imports that neither the entry (React, Remix, the client translator) nor the layouts (root, $lang) load
// already; gzip at level 9 as scripts/precompress.mjs serves them. Run after `npm run build`:
//   node scripts/js-route-cost.mjs [routeId ...]     (default: the two messenger routes)
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { readManifest } from "./js-budget.mjs";

const dir = "public/build";
const manifest = readManifest(dir);
const ids = process.argv.slice(2);
const routes = ids.length > 0 ? ids : ["routes/$lang.messenger.$username", "routes/$lang.messenger._index"];
const bytes = (path) => {
  const body = readFileSync(`public${path}`);
  return { raw: body.length, gzip: gzipSync(body, { level: 9 }).length };
};
const filesOf = (id) => {
  const route = manifest.routes[id];
  return [route.module, ...(route.imports ?? [])];
};
const base = new Set([manifest.entry.module, ...manifest.entry.imports, ...filesOf("root"), ...filesOf("routes/$lang")]);
const sum = (files) => files.reduce((acc, f) => ({ raw: acc.raw + bytes(f).raw, gzip: acc.gzip + bytes(f).gzip }), { raw: 0, gzip: 0 });
console.info("| route | files | raw bytes | gzip bytes |");
console.info("|---|---:|---:|---:|");
const show = (name, files) => {
  const total = sum(files);
  console.info(`| ${name} | ${files.length} | ${total.raw} | ${total.gzip} |`);
};
show("entry + root + $lang (every hydrated page)", [...base]);
for (const id of routes)
  show(
    id,
    filesOf(id).filter((f) => !base.has(f)),
  );
