// Build step (ADR 065): bundles each TypeScript entry in app/scripts/ into public/scripts/<name>.js, the plain
// scripts that pages without hydration load by that fixed path (ADR 050; the host serves public/ with an hour's
// cache and compresses on the fly). One classic script each (no module loader on those pages), minified, no source
// map. The output is generated, never committed (.gitignore). Run from the repository's root:
//   node scripts/build-plain-scripts.mjs
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

export const SOURCE_DIR = "app/scripts";
export const OUT_DIR = "public/scripts";

/** The entries: every .ts file directly in app/scripts/ (their imports come from app/ and the contract). */
export function plainScriptEntries() {
  return readdirSync(SOURCE_DIR)
    .filter((name) => name.endsWith(".ts"))
    .sort()
    .map((name) => join(SOURCE_DIR, name));
}

/**
 * The esbuild options; the test of the scripts builds with the same ones (write: false).
 * @returns {import("esbuild").BuildOptions & { metafile: true }}
 */
export function plainScriptOptions() {
  return {
    entryPoints: plainScriptEntries(),
    outdir: OUT_DIR,
    bundle: true,
    // A classic script in its own scope: its top-level names must not become the page's globals.
    format: "iife",
    platform: "browser",
    // Browsers from 2020 on (?. and ?? as written). An older one fails to parse the script and keeps the page as it
    // is without JavaScript, which works (every form is a plain post).
    target: "es2020",
    minify: true,
    // `~/` and `#server/` as the rest of the code resolves them.
    tsconfig: "tsconfig.json",
    legalComments: "none",
    logLevel: "warning",
    metafile: true,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  rmSync(OUT_DIR, { recursive: true, force: true });
  mkdirSync(OUT_DIR, { recursive: true });
  const result = await build(plainScriptOptions());
  const outputs = Object.entries(result.metafile.outputs);
  const bytes = outputs.reduce((sum, [, output]) => sum + output.bytes, 0);
  console.info(`built ${outputs.length} plain scripts into ${OUT_DIR}: ${bytes} bytes`);
}
