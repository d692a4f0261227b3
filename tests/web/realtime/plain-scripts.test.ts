/**
 * The plain scripts of pages without hydration (ADR 065): built from app/scripts/*.ts with the build's own esbuild
 * options (scripts/build-plain-scripts.mjs), in memory. Every script a page names exists as a source; the site-wide
 * connector is the messenger's socket client, not a copy; none carries valibot, React or zustand; each stays within
 * its budget (gzip -9, the hand-written files were 1.5, 1.9, 1.3 and 1.1 KB).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build, type Metafile, type OutputFile } from "esbuild";
import { beforeAll, describe, expect, it } from "vitest";
import { OUT_DIR, plainScriptOptions, SOURCE_DIR } from "../../../scripts/build-plain-scripts.mjs";

/** Gzipped bytes each script may ship (a little above what it ships now: growth is a decision, not a drift). */
const BUDGET_GZIP: Record<string, number> = {
  realtime: 1_650,
  notifications: 1_350,
  "push-subscribe": 1_000,
  "lazy-list": 800,
  // The home page's city autocomplete (issue 25 item 11): 1,042 bytes.
  "city-autocomplete": 1_150,
  // The tip forms' undo window, poll and countdown (issue 27 item 6): 1,122 bytes.
  tips: 1_250,
  // The header's live dollar balance (issue 27, ADR 081).
  "wallet-balance": 900,
  // The checkout's steps on one page (issue 26 item 2, ADR 089): 1,380 bytes.
  checkout: 1_450,
  // The back-office queues' keyboard shortcuts (issue 30 item 5, ADR 119).
  "queue-keys": 900,
  // The activity tracker (issue 32 item 2, ADR 132).
  activity: 1_400,
};

let outputs: OutputFile[] = [];
let metafile: Metafile;

beforeAll(async () => {
  const result = await build({ ...plainScriptOptions(), write: false });
  outputs = result.outputFiles;
  metafile = result.metafile;
}, 60_000);

const nameOf = (path: string) => path.replace(/^.*\//, "").replace(/\.(js|ts)$/, "");
/** Every module a script's entry reaches through its imports (also those that leave no bytes, such as constants). */
const inputsOf = (name: string) => {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const imported of metafile.inputs[path]?.imports ?? []) visit(imported.path);
  };
  visit(`${SOURCE_DIR}/${name}.ts`);
  return [...seen];
};

/** Every `/scripts/<name>.js` the web tier puts into a page. */
function referencedScripts(dir = "app"): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return referencedScripts(path);
    if (!/\.tsx?$/.test(entry)) return [];
    return [...readFileSync(path, "utf8").matchAll(/["'`]\/scripts\/([\w-]+)\.js["'`]/g)].map((m) => m[1]!);
  });
}

describe("plain scripts", () => {
  it("builds one script into public/scripts/ per source in app/scripts/, and every script a page names has one", () => {
    const built = outputs.map((file) => file.path.slice(file.path.indexOf(OUT_DIR)));
    const sources = readdirSync(SOURCE_DIR).filter((name) => name.endsWith(".ts"));
    expect(built.sort()).toEqual(sources.map((name) => `${OUT_DIR}/${nameOf(name)}.js`).sort());
    const referenced = [...new Set(referencedScripts())].sort();
    expect(referenced).toEqual([
      "activity",
      "checkout",
      "city-autocomplete",
      "lazy-list",
      "notifications",
      "push-subscribe",
      "queue-keys",
      "realtime",
      "tips",
      "wallet-balance",
    ]);
    for (const name of referenced) expect(sources).toContain(`${name}.ts`);
  });

  it("speaks the socket protocol through the messenger's client and the contract, not a copy of them", () => {
    expect(inputsOf("realtime")).toEqual(
      expect.arrayContaining([
        "app/features/realtime/client.ts",
        "app/features/realtime/connector.ts",
        "server/contract/realtime-socket.ts",
      ]),
    );
    expect(inputsOf("notifications")).toEqual(
      expect.arrayContaining(["server/contract/notification-bell.ts", "app/features/realtime/window.ts"]),
    );
  });

  it("carries no valibot, React or zustand, and stays within its budget", () => {
    for (const file of outputs) {
      const name = nameOf(file.path);
      expect(inputsOf(name).filter((input) => /node_modules|server\/contract\/(realtime|notifications)\.ts$/.test(input))).toEqual([]);
      expect({ name, gzip: gzipSync(file.contents, { level: 9 }).length <= BUDGET_GZIP[name]! }).toEqual({ name, gzip: true });
    }
  });
});
