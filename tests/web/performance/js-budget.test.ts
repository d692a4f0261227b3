/**
 * The JavaScript budget check (scripts/js-budget.mjs, issue 33 item 5, ADRs 144 and 149) on a made-up build: it
 * passes when every hydrated route's own code is within the budget, and fails (exit code 1) on a route over it; the
 * framework's chunk (React DOM + Remix) is not counted, and a route with `handle.hydrate = false` ships nothing.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkBudget, OWN_CODE_BUDGET_GZIP } from "../../../scripts/js-budget.mjs";

/** Text gzip cannot shrink much (base64 of random bytes: about 3/4 of its length gzipped). */
const incompressible = (bytes: number) => `/*${randomBytes(bytes).toString("base64").slice(0, bytes)}*/`;

function fixture(routeBytes: Record<string, number>, hydrateFalse: string[] = []) {
  const root = mkdtempSync(join(tmpdir(), "velora-js-budget-"));
  const build = join(root, "public", "build");
  for (const dir of ["_shared", "routes"]) mkdirSync(join(build, dir), { recursive: true });
  const write = (path: string, text: string) => writeFileSync(join(root, "public", path), text);
  // The framework: big, and marked as React DOM and Remix's runtime mark their production builds.
  write("/build/_shared/chunk-FRAMEWORK.js", `"Minified React error";window.__remixContext;${incompressible(60_000)}`);
  write("/build/entry.client-E.js", `import "/build/_shared/chunk-FRAMEWORK.js";${incompressible(2_000)}`);
  write("/build/root-R.js", incompressible(1_000));
  const routes: Record<string, unknown> = {
    root: { id: "root", module: "/build/root-R.js", imports: [] },
  };
  const server: Record<string, unknown> = { root: { module: { default: () => null } } };
  for (const [id, bytes] of Object.entries(routeBytes)) {
    write(`/build/${id}-X.js`, incompressible(bytes));
    routes[id] = { id, parentId: "root", module: `/build/${id}-X.js`, imports: [] };
    server[id] = { module: { default: () => null, handle: hydrateFalse.includes(id) ? { hydrate: false } : {} } };
  }
  const manifest = { entry: { module: "/build/entry.client-E.js", imports: ["/build/_shared/chunk-FRAMEWORK.js"] }, routes };
  write("/build/manifest-TEST.js", `window.__remixManifest=${JSON.stringify(manifest)};`);
  const serverBuild = join(root, "index.mjs");
  writeFileSync(
    serverBuild,
    `export const routes = {${Object.entries(server)
      .map(([id, route]) => {
        const handle = (route as { module: { handle?: unknown } }).module.handle;
        return `${JSON.stringify(id)}: { module: { default: () => null, handle: ${JSON.stringify(handle ?? {})} } }`;
      })
      .join(",")}};`,
  );
  return { root, publicDir: join(root, "public"), serverBuild };
}

describe("the JavaScript budget check", () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
    vi.restoreAllMocks();
  });

  async function run(routeBytes: Record<string, number>, hydrateFalse: string[] = [], allowance: Record<string, number> = {}) {
    const { root, publicDir, serverBuild } = fixture(routeBytes, hydrateFalse);
    made.push(root);
    const lines: string[] = [];
    vi.spyOn(console, "info").mockImplementation((line: string) => void lines.push(line));
    const code = await checkBudget({ json: true, publicDir, serverBuild, allowance });
    return { code, report: JSON.parse(lines.at(-1)!) as { over: string[]; rows: Array<{ id: string; own: { gzip: number } }> } };
  }

  it("passes a build whose routes stay within the budget (the framework's 60 KB not counted)", async () => {
    const { code, report } = await run({ "routes/small": 5_000 });
    expect(code).toBe(0);
    expect(report.over).toEqual([]);
    expect(report.rows[0]!.own.gzip).toBeLessThan(OWN_CODE_BUDGET_GZIP);
  });

  it("fails on a route over the budget and names it", async () => {
    const { code, report } = await run({ "routes/small": 5_000, "routes/heavy": 2 * OWN_CODE_BUDGET_GZIP });
    expect(code).toBe(1);
    expect(report.over).toEqual(["routes/heavy"]);
  });

  it("does not count a route that sets handle.hydrate = false", async () => {
    const { code, report } = await run({ "routes/heavy": 2 * OWN_CODE_BUDGET_GZIP }, ["routes/heavy"]);
    expect(code).toBe(0);
    expect(report.rows.map((row) => row.id)).toEqual([]);
  });

  it("lets a route of the allowance keep its figure, and fails it when it grows past it", async () => {
    const first = await run({ "routes/heavy": 2 * OWN_CODE_BUDGET_GZIP });
    const figure = first.report.rows[0]!.own.gzip;
    expect((await run({ "routes/heavy": 2 * OWN_CODE_BUDGET_GZIP }, [], { "routes/heavy": figure + 100 })).code).toBe(0);
    const grown = await run({ "routes/heavy": 2 * OWN_CODE_BUDGET_GZIP + 2_000 }, [], { "routes/heavy": figure + 100 });
    expect(grown.code).toBe(1);
    expect(grown.report.over).toEqual(["routes/heavy"]);
    // Another route over the budget is not covered by someone else's allowance.
    expect((await run({ "routes/other": 2 * OWN_CODE_BUDGET_GZIP }, [], { "routes/heavy": figure + 100 })).code).toBe(1);
  });
});
