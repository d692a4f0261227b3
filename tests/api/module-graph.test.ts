/**
 * Issue 8 item 3: module dependencies run one way. A module uses another only through its index.ts (the
 * lint rule), and the graph those imports make has no cycle; seo uses search, never the reverse.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const MODULES_DIR = join(process.cwd(), "server/modules");

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesOf(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** module → the modules its files import. */
function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const module of readdirSync(MODULES_DIR).filter((name) => statSync(join(MODULES_DIR, name)).isDirectory())) {
    const uses = new Set<string>();
    for (const file of filesOf(join(MODULES_DIR, module))) {
      for (const match of readFileSync(file, "utf8").matchAll(/from "\.\.\/([a-z-]+)\/[^"]+"/g)) {
        if (match[1] !== module && match[1] !== "..") uses.add(match[1]!);
      }
    }
    graph.set(module, uses);
  }
  return graph;
}

function findCycle(graph: Map<string, Set<string>>): string[] | null {
  const state = new Map<string, "visiting" | "done">();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === "done") return null;
    if (state.get(node) === "visiting") return [...path.slice(path.indexOf(node)), node];
    state.set(node, "visiting");
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, "done");
    return null;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe("the module graph", () => {
  const graph = moduleGraph();

  it("has no cycle", () => {
    expect(findCycle(graph)).toBeNull();
  });

  it("finds a cycle when there is one (the check can fail)", () => {
    const withCycle = new Map(graph);
    withCycle.set("search", new Set([...(graph.get("search") ?? []), "seo"]));
    expect(findCycle(withCycle)).not.toBeNull();
  });

  it("seo uses search; search never uses seo", () => {
    expect(graph.get("seo")?.has("search")).toBe(true);
    expect(graph.get("search")?.has("seo")).toBe(false);
  });

  it("every module that others use has a public index.ts", () => {
    const used = new Set([...graph.values()].flatMap((uses) => [...uses]));
    for (const module of used) expect(statSync(join(MODULES_DIR, module, "index.ts")).isFile(), module).toBe(true);
  });
});
