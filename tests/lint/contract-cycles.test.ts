/**
 * The contract's files import each other without a loop (issue 24): every import counts, type-only ones and
 * re-exports too, since a loop of types still ties the files into one knot (a change to one retypes all, and the
 * schema generator and the bundler walk them together). Shared constants live in leaf files (users, online-status).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const CONTRACT_DIR = join(process.cwd(), "server/contract");

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesOf(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** file → the contract files it imports (relative specifiers; packages and JSON are not part of the loop). */
function importGraph(): Map<string, Set<string>> {
  const files = filesOf(CONTRACT_DIR);
  const known = new Set(files);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const uses = new Set<string>();
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith(".")) continue;
      const base = resolve(dirname(file), fileName);
      const target = [`${base}.ts`, join(base, "index.ts")].find((candidate) => known.has(candidate));
      if (target) uses.add(target);
    }
    graph.set(file, uses);
  }
  return graph;
}

/** Every strongly connected group of two or more files (or a file importing itself): each is at least one loop. */
function loops(graph: Map<string, Set<string>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(relative(CONTRACT_DIR, member));
    } while (member !== node);
    if (group.length > 1 || graph.get(node)?.has(node)) found.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return found;
}

describe("the contract's import graph (issue 24)", () => {
  const graph = importGraph();

  it("has no loop, counting type-only imports and re-exports", () => {
    expect(loops(graph)).toEqual([]);
  });

  it("finds a loop when there is one (the check can fail)", () => {
    const users = join(CONTRACT_DIR, "users.ts");
    const withLoop = new Map(graph);
    // The loop issue 24 found: the user types imported the messenger's, which import the user types back.
    withLoop.set(users, new Set([...(graph.get(users) ?? []), join(CONTRACT_DIR, "messenger.ts")]));
    expect(loops(withLoop)).toContainEqual(expect.arrayContaining(["users.ts", "messenger.ts"]));
  });

  it("sees type-only imports and re-exports", () => {
    // contract/realtime.ts re-exports the online status codes and imports messenger's Message type only as a type.
    const realtime = graph.get(join(CONTRACT_DIR, "realtime.ts"));
    expect(realtime?.has(join(CONTRACT_DIR, "online-status.ts"))).toBe(true);
    expect(realtime?.has(join(CONTRACT_DIR, "messenger.ts"))).toBe(true);
  });
});
