// Who pulls a package (or any module) into a route's browser graph: a breadth-first walk of the static imports from
// the route file, skipping .server files (Remix drops them from the browser build) and type-only imports; prints the
// shortest chain to the target and every module of the graph importing it directly (ADR 149). Static only: a module
// the bundler tree-shakes away still counts. Usage:
//   node scripts/js-route-imports.mjs 'app/routes/$lang.escorts.($popFilters).tsx' valibot
//   node scripts/js-route-imports.mjs 'app/routes/$lang.user.media_gallery.tsx' server/contract/search-url.ts
import ts from "typescript";
import { readFileSync, existsSync } from "node:fs";
import { dirname, resolve, relative } from "node:path";
const [route, target] = process.argv.slice(2);
const root = process.cwd();
function res(from, spec) {
  let base;
  if (spec.startsWith("~/")) base = resolve(root, "app", spec.slice(2));
  else if (spec.startsWith("#server/")) base = resolve(root, "server", spec.slice(8));
  else if (spec.startsWith(".")) base = resolve(dirname(from), spec);
  else
    return (
      "pkg:" +
      spec
        .split("/")
        .slice(0, spec.startsWith("@") ? 2 : 1)
        .join("/")
    );
  for (const c of [base, base + ".ts", base + ".tsx", base + "/index.ts", base + "/index.tsx"])
    if (existsSync(c) && !c.endsWith("/") && /\.(tsx?|css\.ts)$/.test(c)) return c;
  return null;
}
function importsOf(file) {
  const src = readFileSync(file, "utf8");
  const sf = ts.createSourceFile(file, src, ts.ScriptTarget.Latest, false, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out = [];
  for (const st of sf.statements) {
    if ((ts.isImportDeclaration(st) || ts.isExportDeclaration(st)) && st.moduleSpecifier) {
      if (ts.isImportDeclaration(st) && st.importClause?.isTypeOnly) continue;
      if (ts.isExportDeclaration(st) && st.isTypeOnly) continue;
      if (
        ts.isImportDeclaration(st) &&
        st.importClause?.namedBindings &&
        ts.isNamedImports(st.importClause.namedBindings) &&
        !st.importClause.name &&
        st.importClause.namedBindings.elements.length > 0 &&
        st.importClause.namedBindings.elements.every((e) => e.isTypeOnly)
      )
        continue;
      out.push(st.moduleSpecifier.text);
    }
  }
  const dyn = [...src.matchAll(/import\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1]);
  return { stat: out, dyn };
}
const start = resolve(root, route);
const parent = new Map([[start, null]]);
const queue = [start];
while (queue.length) {
  const f = queue.shift();
  if (f.startsWith("pkg:")) continue;
  const { stat } = importsOf(f);
  for (const s of stat) {
    const r = res(f, s);
    if (!r) continue;
    if (/\.server\.tsx?$/.test(r) || r.includes("/.server/")) continue;
    if (!parent.has(r)) {
      parent.set(r, f);
      queue.push(r);
    }
  }
}
const t = /^(app|server)\//.test(target) ? resolve(root, target) : "pkg:" + target;
if (!parent.has(t)) {
  console.info("not reached:", target);
} else {
  let n = t;
  const chain = [];
  while (n) {
    chain.push(n.startsWith("pkg:") ? n : relative(root, n));
    n = parent.get(n);
  }
  console.info(chain.reverse().join("\n  -> "));
}
// list all importers of target in graph
const imps = [...parent.keys()].filter((f) => !f.startsWith("pkg:") && importsOf(f).stat.some((s) => res(f, s) === t));
console.info("direct importers:", imps.map((f) => relative(root, f)).join(", "));
