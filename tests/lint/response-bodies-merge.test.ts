/**
 * A feature's response bodies join ResponseBodies by declaration merging from its own contract file (ADR 067); the
 * JSON schema generator reads one declaration of an interface only, so scripts/contract-schemas.mjs finds every
 * merged interface itself. This holds that it finds them, comments and several names included, and nothing else.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { mergedBodyInterfaces } from "../../scripts/contract-schemas.mjs";

describe("response bodies merged from a feature's contract file", () => {
  const dir = mkdtempSync(join(tmpdir(), "velora-bodies-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("are found with a comment in the block and with several names; a file without a merge, or one that shows it in a comment, gives none", () => {
    writeFileSync(
      join(dir, "gifts.ts"),
      [
        "export interface GiftBodies { Gift: { id: number } }",
        "export interface WrapBodies { Wrap: { id: number } }",
        'declare module "./responses" {',
        "  // a comment the merge may carry",
        "  interface ResponseBodies extends GiftBodies, WrapBodies {}",
        "}",
        "",
      ].join("\n"),
    );
    writeFileSync(join(dir, "plain.ts"), "export interface ResponseBodiesLookAlike { A: string }\n");
    // A doc comment showing the pattern (as responses.ts does) merges nothing.
    writeFileSync(
      join(dir, "documented.ts"),
      [
        "/**",
        " * Join a body so:",
        ' *   declare module "./responses" { interface ResponseBodies extends ShownBodies {} }',
        " */",
        "export interface ResponseBodies {",
        "  A: string;",
        "}",
        '// declare module "./responses" { interface ResponseBodies extends LineBodies {} }',
        "",
      ].join("\n"),
    );
    expect(mergedBodyInterfaces(dir)).toEqual([
      { path: join(dir, "gifts.ts"), type: "GiftBodies" },
      { path: join(dir, "gifts.ts"), type: "WrapBodies" },
    ]);
  });
});
