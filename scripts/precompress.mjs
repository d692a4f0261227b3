// Build step (issue 9 item 12): writes .br (quality 11) and .gz (level 9) beside every JS, CSS and JSON
// file of the client build, once, so the server sends them without spending CPU per request
// (serveStatic's `precompressed`). Files that do not shrink by at least 5 % keep no compressed copy.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ROOT = process.argv[2] ?? "public/build";
const COMPRESSIBLE = /\.(?:js|mjs|css|json|svg|map)$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(entry.name)) yield path;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const path of files(ROOT)) {
  const source = readFileSync(path);
  const br = brotliCompressSync(source, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length },
  });
  const gz = gzipSync(source, { level: 9 });
  if (br.length < source.length * 0.95) writeFileSync(`${path}.br`, br);
  if (gz.length < source.length * 0.95) writeFileSync(`${path}.gz`, gz);
  count += 1;
  before += statSync(path).size;
  after += br.length;
}
console.info(`precompressed ${count} files in ${ROOT}: ${Math.round(before / 1024)} KB → ${Math.round(after / 1024)} KB brotli`);
