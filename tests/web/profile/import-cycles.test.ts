/**
 * Issue 24 item 4: the profile page has an owner and no import cycle runs through it (ProfileView ↔ the member
 * actions' form parts, the p/{username} route ↔ its tab page). Every import between app/ files counts, `import
 * type` too: a type import in a loop still ties the files together.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const APP = resolve("app");

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesOf(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The app/ file an import names, or null (a package, #server, a file outside app/). */
function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith("~/") ? join(APP, spec.slice(2)) : spec.startsWith(".") ? resolve(dirname(from), spec) : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of filesOf(APP)) {
    const source = readFileSync(file, "utf8");
    const specs = [...source.matchAll(/(?:import|export)\s[^;]*?from\s+"([^"]+)"/g)].map((m) => m[1]!);
    graph.set(
      file,
      specs.map((spec) => resolveImport(file, spec)).filter((target): target is string => target !== null),
    );
  }
  return graph;
}

function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, "visiting" | "done">();
  const path: string[] = [];
  const visit = (node: string) => {
    if (state.get(node) === "done") return;
    if (state.get(node) === "visiting") {
      found.push([...path.slice(path.indexOf(node)), node].map((file) => relative(process.cwd(), file)));
      return;
    }
    state.set(node, "visiting");
    path.push(node);
    for (const next of graph.get(node) ?? []) visit(next);
    path.pop();
    state.set(node, "done");
  };
  for (const node of graph.keys()) visit(node);
  return found;
}

describe("the web tier's import graph", () => {
  it("has no cycle (the profile page's parts, registries and routes among them)", () => {
    expect(cycles(importGraph())).toEqual([]);
  });
});
