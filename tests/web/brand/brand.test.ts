import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, cpSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { brandFor } from "~/brand/brand";

describe("brand variants", () => {
  it("the default brand shows the magazine", () => {
    expect(brandFor("default", "Nightlist")).toEqual({ id: "default", name: "Velora", showMagazine: true });
  });

  it("the white-label brand swaps the name and drops the magazine", () => {
    expect(brandFor("white-label", "Nightlist")).toEqual({ id: "white-label", name: "Nightlist", showMagazine: false });
  });

  it("the build step writes the variant chosen by BRAND and BRAND_NAME", () => {
    // Run the generator in a scratch copy so the checkout's generated file is untouched.
    const dir = mkdtempSync(join(tmpdir(), "brand-"));
    mkdirSync(join(dir, "scripts"));
    cpSync("scripts/write-brand.mjs", join(dir, "scripts/write-brand.mjs"));
    execFileSync(process.execPath, [join(dir, "scripts/write-brand.mjs")], {
      env: { ...process.env, BRAND: "white-label", BRAND_NAME: "Rotlicht Guide" },
    });
    const generated = readFileSync(join(dir, "app/brand/current.generated.ts"), "utf8");
    expect(generated).toContain('BUILD_BRAND = "white-label"');
    expect(generated).toContain('WHITE_LABEL_NAME = "Rotlicht Guide"');
  });
});
